import { formatCst } from '@facet/shared';
import { AdbError } from '@facet/shared/node';
import { and, eq } from 'drizzle-orm';
import { type Scope, visiblePhones } from '../../access/index.js';
import type { Db } from '../../db/connection.js';
import { notFound } from '../../lib/errors.js';
import type { PhoneConfig } from './config.js';
import type { Devices } from './devices.js';
import { phoneEnvs, phonePower } from './tables.js';
import { effectiveState } from './views.js';

/** One shell word, single-quoted. */
const quote = (v: string) => `'${v.replace(/'/g, `'\\''`)}'`;

/** How long the device waits for the check server (nc -w), and the shell for the whole answer. */
const NC_WAIT_S = 10;

/**
 * The environment's exit IP as the internet sees it (docs/phones.md, IP check): the device itself
 * sends an HTTP request to the IP-check server with toybox `nc`, through the environment's HTTP
 * proxy when it has one (an absolute-form request to the proxy, as browsers send) or straight
 * from the device. Nothing leaves the server: the answer is what the device received.
 */
export class PhoneIpCheck {
  constructor(
    private readonly db: Db,
    private readonly devices: Devices,
    private readonly config: PhoneConfig,
    private readonly now: () => Date,
  ) {}

  async check(s: Scope, id: number) {
    const [row] = await this.db
      .select({ env: phoneEnvs, power: phonePower })
      .from(phoneEnvs)
      .innerJoin(phonePower, eq(phonePower.id, phoneEnvs.powerId))
      .where(and(visiblePhones(s), eq(phoneEnvs.id, id)));
    if (!row) throw notFound('cloud phone');
    const { env } = row;
    const via: 'proxy' | 'direct' = env.proxyType === 'http' && env.proxyHost && env.proxyPort ? 'proxy' : 'direct';
    const answer = (ok: boolean, reason: string, ip = '', country = '') => ({
      ok,
      ip,
      country,
      via,
      reason,
      checkedTime: formatCst(this.now()) ?? '',
    });
    const url = await this.config.ipCheckServer(s.mainId);
    if (!url) return answer(false, 'noCheckServer');
    const state = effectiveState(env, row.power, this.now());
    if (!env.deviceId || (state !== 'off' && state !== 'on')) return answer(false, 'phoneNotReady');
    const device = await this.devices.require(this.db, env.deviceId);
    let out: string;
    try {
      out = await this.devices.on(device, (link) =>
        link.shell(ipCheckCommand(url, via === 'proxy' ? { host: env.proxyHost, port: env.proxyPort ?? 0 } : null), {
          timeoutMs: (NC_WAIT_S + 5) * 1000,
        }),
      );
    } catch (e) {
      return answer(false, e instanceof AdbError ? `adb.${e.reason}` : 'noAnswer');
    }
    const got = readIpAnswer(out);
    return got ? answer(true, '', got.ip, got.country) : answer(false, out.trim() ? 'badAnswer' : 'noAnswer');
  }
}

/** The shell line: an HTTP/1.0 GET written with printf into toybox nc. */
export function ipCheckCommand(url: string, proxy: { host: string; port: number } | null): string {
  const u = new URL(url);
  const port = Number(u.port || 80);
  const target = proxy ? u.href : `${u.pathname}${u.search}`;
  const to = proxy ?? { host: u.hostname.replace(/^\[|\]$/g, ''), port };
  const request = [`GET ${target} HTTP/1.0`, `Host: ${u.host}`, 'Accept: application/json', 'Connection: close'];
  return `printf '%s\\r\\n%s\\r\\n%s\\r\\n%s\\r\\n\\r\\n' ${request.map(quote).join(' ')} | toybox nc -w ${NC_WAIT_S} ${quote(to.host)} ${to.port}`;
}

/**
 * The IP (and country when said) from the check server's answer: a 2xx whose JSON body names it
 * as `ip`, `query` (ip-api.com) or `origin` (httpbin); the country as `country_code`,
 * `countryCode` or `country`.
 */
export function readIpAnswer(raw: string): { ip: string; country: string } | null {
  const split = raw.indexOf('\r\n\r\n');
  if (!/^HTTP\/1\.[01] 2\d\d/.test(raw) || split < 0) return null;
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(raw.slice(split + 4)) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (!body || typeof body !== 'object') return null;
  const pick = (...keys: string[]) => {
    for (const k of keys) if (typeof body[k] === 'string' && body[k]) return body[k] as string;
    return '';
  };
  const ip = pick('ip', 'query', 'origin');
  return ip && /^[0-9a-fA-F.:, ]{2,100}$/.test(ip)
    ? { ip, country: pick('country_code', 'countryCode', 'country') }
    : null;
}
