import { connect, isIP } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import type { Fingerprint } from '@facet/shared';
import { getCountry } from 'countries-and-timezones';
import { countries } from 'countries-list';
import { type ProxyAgents, sendRequest, tunnelAgents } from './http-transport.js';

/**
 * Where a profile's traffic leaves the internet, and what a person there would have set: the
 * time zone, languages and location a profile in "ip" mode takes (docs/client.md, Time zone,
 * language and location from the exit IP).
 */
export interface ExitLocation {
  /** The exit IP, empty when the lookup failed and the country came from elsewhere. */
  ip: string;
  /** ISO 3166-1 alpha-2, upper case. */
  country: string;
  timeZone: string | null;
  /** Most preferred first, as a browser set up in that country lists them. */
  languages: string[];
  coordinates: { latitude: number; longitude: number; accuracy: number } | null;
  /** 'lookup': the IP-info service answered; 'table': the offline country table only. */
  source: 'lookup' | 'table';
}

/** The IP-info service asked through the profile's proxy (ip-api.com's JSON shape, or ipinfo/ipapi's). */
export const ipInfoUrl = () => process.env.FACET_IP_INFO_URL ?? 'http://ip-api.com/json';

/**
 * Countries spanning several zones: the zone most of their people live in (the table lists a
 * country's zones alphabetically, so its first is often a remote one: America/Adak for the US).
 */
const MAIN_ZONE: Record<string, string> = {
  AQ: 'Antarctica/McMurdo',
  AR: 'America/Argentina/Buenos_Aires',
  AU: 'Australia/Sydney',
  BR: 'America/Sao_Paulo',
  CA: 'America/Toronto',
  CD: 'Africa/Kinshasa',
  CL: 'America/Santiago',
  CY: 'Asia/Nicosia',
  DE: 'Europe/Berlin',
  EC: 'America/Guayaquil',
  ES: 'Europe/Madrid',
  FM: 'Pacific/Pohnpei',
  GL: 'America/Nuuk',
  ID: 'Asia/Jakarta',
  KI: 'Pacific/Tarawa',
  KZ: 'Asia/Almaty',
  MH: 'Pacific/Majuro',
  MN: 'Asia/Ulaanbaatar',
  MX: 'America/Mexico_City',
  MY: 'Asia/Kuala_Lumpur',
  NZ: 'Pacific/Auckland',
  PF: 'Pacific/Tahiti',
  PG: 'Pacific/Port_Moresby',
  PS: 'Asia/Gaza',
  PT: 'Europe/Lisbon',
  RU: 'Europe/Moscow',
  UA: 'Europe/Kyiv',
  UM: 'Pacific/Wake',
  US: 'America/New_York',
  UZ: 'Asia/Tashkent',
  VN: 'Asia/Ho_Chi_Minh',
};

/** Where a country's first listed language is not what most of its browsers ask for. */
const MAIN_LANGUAGE: Record<string, string> = { IN: 'en', PK: 'en', NG: 'en', KZ: 'ru', BY: 'ru', PH: 'en' };

/** The time zone and languages of a country from the offline table; null for an unknown code. */
export function countryDefaults(code: string): { timeZone: string | null; languages: string[] } | null {
  const cc = code.trim().toUpperCase();
  const entry = (countries as Record<string, { languages: string[] } | undefined>)[cc];
  if (!/^[A-Z]{2}$/.test(cc) || !entry) return null;
  const zones = getCountry(cc)?.timezones ?? [];
  const timeZone = MAIN_ZONE[cc] ?? zones[0] ?? null;
  const lang = MAIN_LANGUAGE[cc] ?? entry.languages[0] ?? 'en';
  // As Chrome lists them for a user there: the regional tag, the bare language, then English.
  const languages = [`${lang}-${cc}`, lang, ...(lang === 'en' ? [] : ['en-US', 'en'])];
  return { timeZone, languages };
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const num = (v: unknown) =>
  typeof v === 'number' && Number.isFinite(v)
    ? v
    : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))
      ? Number(v)
      : null;
const isZone = (z: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: z });
    return true;
  } catch {
    return false;
  }
};

/** Reads the common IP-info answers: ip-api.com, ipinfo.io, ipapi.co, ipwho.is. */
export function parseIpInfo(body: unknown): Omit<ExitLocation, 'languages' | 'source'> | null {
  if (typeof body !== 'object' || body === null) return null;
  const o = body as Record<string, unknown>;
  const ip = text(o.query) || text(o.ip);
  const country = (text(o.countryCode) || text(o.country_code) || text(o.country)).toUpperCase();
  if (!ip || !/^[A-Z]{2}$/.test(country)) return null;
  const zone = text(o.timezone) || text((o.timezone as Record<string, unknown> | null)?.id);
  const [locLat, locLon] = text(o.loc).split(',');
  const latitude = num(o.lat) ?? num(o.latitude) ?? num(locLat);
  const longitude = num(o.lon) ?? num(o.longitude) ?? num(locLon);
  const inRange = latitude !== null && longitude !== null && Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180;
  return {
    ip,
    country,
    timeZone: zone && isZone(zone) ? zone : null,
    // An IP locates a city at best: a browser would report an accuracy of kilometres.
    coordinates: inRange ? { latitude, longitude, accuracy: 5_000 } : null,
  };
}

/** Asks the IP-info service through `proxyUrl` (the profile's relay), or directly. */
export async function lookupExitLocation(
  proxyUrl: string | null,
  o: { url?: string; timeoutMs?: number } = {},
): Promise<ExitLocation> {
  let agents: ProxyAgents | null = null;
  try {
    agents = proxyUrl ? tunnelAgents(proxyUrl) : null;
    const res = await sendRequest(o.url ?? ipInfoUrl(), {
      method: 'GET',
      headers: { accept: 'application/json' },
      timeoutMs: o.timeoutMs ?? 5_000,
      agents,
      maxBytes: 64 * 1024,
    });
    if (res.status !== 200) throw new Error(`the IP-info service answered ${res.status}`);
    let body: unknown;
    try {
      body = JSON.parse(res.text);
    } catch {
      throw new Error('the IP-info service answered something other than JSON');
    }
    const found = parseIpInfo(body);
    if (!found) throw new Error('the IP-info service gave no IP and country');
    const table = countryDefaults(found.country);
    return {
      ...found,
      timeZone: found.timeZone ?? table?.timeZone ?? null,
      languages: table?.languages ?? [],
      source: 'lookup',
    };
  } finally {
    agents?.destroy();
  }
}

/** The offline answer for a country known from elsewhere (the last open, the proxy's settings). */
export function tableLocation(country: string): ExitLocation | null {
  const table = countryDefaults(country);
  if (!table) return null;
  return { ip: '', country: country.toUpperCase(), ...table, coordinates: null, source: 'table' };
}

/** Whether anything in the fingerprint follows the exit IP. */
export function followsExitIp(fp: Fingerprint): boolean {
  return fp.timeZone.mode === 'ip' || fp.languages.mode === 'ip' || fp.geolocation.mode === 'ip';
}

/**
 * The fingerprint with its "ip" settings filled from the exit location. What the location does
 * not tell keeps the profile's stored value (a generated profile has languages and no zone).
 */
export function withExitLocation(fp: Fingerprint, loc: ExitLocation | null): Fingerprint {
  if (!loc) return fp;
  const next = { ...fp };
  if (fp.timeZone.mode === 'ip' && loc.timeZone) next.timeZone = { mode: 'ip', value: loc.timeZone };
  if (fp.languages.mode === 'ip' && loc.languages.length) next.languages = { mode: 'ip', value: loc.languages };
  if (fp.geolocation.mode === 'ip' && loc.coordinates) next.geolocation = { mode: 'ip', ...loc.coordinates };
  return next;
}

/**
 * Exit locations per proxy, kept a few minutes: a batch of profiles on one proxy asks once, and
 * a rotating proxy is asked again soon after.
 */
export class ExitLocations {
  private readonly cache = new Map<string, { at: number; value: Promise<ExitLocation> }>();
  constructor(private readonly o: { ttlMs?: number; lookup?: typeof lookupExitLocation; now?: () => number } = {}) {}

  /** `key` names the upstream (never the relay, which is new per open); `proxyUrl` reaches it now. */
  resolve(key: string, proxyUrl: string | null): Promise<ExitLocation> {
    const now = (this.o.now ?? Date.now)();
    const hit = this.cache.get(key);
    if (hit && now - hit.at < (this.o.ttlMs ?? 5 * 60_000)) return hit.value;
    const value = (this.o.lookup ?? lookupExitLocation)(proxyUrl);
    this.cache.set(key, { at: now, value });
    // A failure is not remembered: the next open asks again.
    value.catch(() => {
      if (this.cache.get(key)?.value === value) this.cache.delete(key);
    });
    return value;
  }
}

/**
 * Whether the profile's upstream proxy answers at all: its name resolves and it takes a
 * connection (a TLS handshake for https) within `timeoutMs`. Asked only when a lookup through it
 * failed, to tell a dead proxy (the open is refused) from an IP-info service that is down (the
 * open goes on). Null: reachable; else the reason. ssh upstreams are connected when their relay
 * starts, so they are reachable here.
 */
export async function upstreamUnreachable(
  p: { scheme: string; host: string; port: number | null },
  timeoutMs = 5_000,
): Promise<string | null> {
  if (p.scheme === 'ssh') return null;
  if (!p.host || !p.port) return 'no host and port';
  const port = p.port;
  return new Promise<string | null>((resolve) => {
    const socket =
      p.scheme === 'https'
        ? tlsConnect({ host: p.host, port, servername: isIP(p.host) ? undefined : p.host, rejectUnauthorized: false })
        : connect({ host: p.host, port });
    const done = (reason: string | null) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(reason);
    };
    const timer = setTimeout(() => done(`no connection within ${timeoutMs} ms`), timeoutMs);
    socket.once(p.scheme === 'https' ? 'secureConnect' : 'connect', () => done(null));
    socket.once('error', (e: NodeJS.ErrnoException) => done(e.code ?? e.message));
  });
}
