// The Postgres half's global setup declares what it provides (`pgUrl`); a workspace that imports
// this harness through `@facet/server/test` typechecks `inject('pgUrl')` with it too.
/// <reference path="./postgres-global-setup.ts" />
import { randomBytes } from 'node:crypto';
import {
  API_PREFIX,
  type CallBody,
  type CallName,
  type CallResult,
  calls,
  type FieldError,
  importX1PublicKey,
  X1_CONTENT_TYPE,
  X1_HEADER,
  X1_VALUE,
  x1Encrypt,
} from '@facet/shared';
import { desc, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { type AppOptions, buildApp } from '../app.js';
import { type Database, openDatabase } from '../db/connection.js';
import { seed } from '../db/seed.js';
import { Secrets } from '../lib/secrets.js';
import type { CaptchaRenderer } from '../modules/captcha/service.js';
import type { MessageSender } from '../modules/outbox/senders.js';
import { outbox } from '../modules/outbox/tables.js';
import type { Limits } from '../modules/ratelimit/service.js';
import { PG_TEMPLATE_DB } from './postgres-global-setup.js';

export const TEST_DB = (process.env.FACET_TEST_DB ?? 'pglite') as 'pglite' | 'postgres';

/** The Postgres half runs only where the global setup could start a cluster. */
export const dbUnavailable = (): string | false =>
  TEST_DB === 'postgres' && !inject('pgUrl') ? 'PostgreSQL is not installed' : false;

/** A new, empty database on the test cluster (the Postgres half only). */
export async function freshPostgresDb(opts: { empty?: boolean } = {}): Promise<string> {
  const adminUrl = inject('pgUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // A copy of the migrated template takes a tenth of the time the migrations take (postgres-global-setup.ts).
  await admin.query(`create database ${name}${opts.empty ? '' : ` template ${PG_TEMPLATE_DB}`}`);
  await admin.end();
  return adminUrl.replace(/\/[^/]*$/, `/${name}`);
}

export interface CallOptions {
  token?: string | undefined;
  sid?: string | undefined;
  /** Send the body as plain JSON even to an X1 call. */
  plain?: boolean;
  headers?: Record<string, string>;
  query?: Record<string, string | number>;
  /** Path parameters / override of the URL. */
  url?: string;
  ip?: string;
}

export interface Response<T> {
  status: number;
  code: number;
  message: string;
  result: T;
  /** A refusal's field errors (empty on success). */
  errors: FieldError[];
}

/** One call's request as the console sends it: the body X1-encrypted where the call says so. */
export async function callRequest(
  publicKey: CryptoKey,
  name: CallName,
  body: unknown,
  o: CallOptions,
): Promise<{ method: string; url: string; headers: Record<string, string>; payload?: string | Buffer }> {
  const def = calls[name];
  const headers: Record<string, string> = { ...(o.headers ?? {}) };
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  if (o.sid) headers.sid = o.sid;
  let payload: string | Buffer | undefined;
  if (body !== undefined || ('x1' in def && def.x1 && !o.plain)) {
    if ('x1' in def && def.x1 && !o.plain) {
      headers[X1_HEADER] = X1_VALUE;
      headers['content-type'] = X1_CONTENT_TYPE;
      payload = Buffer.from(await x1Encrypt(publicKey, body ?? {}));
    } else {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
  }
  let url = o.url ?? API_PREFIX + def.path;
  if (o.query)
    url += `?${new URLSearchParams(Object.entries(o.query).map(([k, v]) => [k, String(v)] as [string, string]))}`;
  return { method: def.method, url, headers, ...(payload !== undefined ? { payload } : {}) };
}

/** A call's answer; a success result is checked against the shared schema the console relies on. */
export function callResponse<N extends CallName>(name: N, status: number, body: unknown): Response<CallResult<N>> {
  const json = body as { code: number; message: string; result: unknown; errors?: FieldError[] };
  if (json.code === 0) {
    const parsed = calls[name].result.safeParse(json.result);
    if (!parsed.success) throw new Error(`${name} result breaks its schema: ${parsed.error.message}`);
  }
  return {
    status,
    code: json.code,
    message: json.message,
    result: json.result as CallResult<N>,
    errors: json.errors ?? [],
  };
}

export type TestServer = Awaited<ReturnType<typeof createTestServer>>;

/** What a second server process on a test server's database needs. */
export interface SharedDatabase {
  database: Database;
  databaseUrl: string | undefined;
  secretKey: Buffer;
}

/** A fresh server on a fresh database (PGlite in memory, or a new Postgres database). */
export async function createTestServer(
  opts: {
    sender?: MessageSender;
    limits?: Partial<Limits>;
    captchaRenderer?: CaptchaRenderer;
    adminPassword?: string;
    /** The self-update feed folder (FACET_RELEASES_DIR). */
    releasesDir?: string;
    /** The local API of a client started beside the server (FACET_CLIENT_URL). */
    localClientUrl?: string;
    /**
     * A second server process on another server's database, with its secret: its own
     * connections on Postgres; on PGlite (one process only) the same database handle.
     */
    sameDatabaseAs?: { shared: SharedDatabase };
    /** The server's log (Fastify's logger option); off unless a test reads what is logged. */
    logger?: AppOptions['logger'];
    /**
     * 'seeded': the free plan's quotas as a fresh server has them. By default the free plan holds
     * a million profiles and ten thousand seats, so tests about something else never meet a quota.
     */
    quotas?: 'seeded' | 'wide';
    /** Card payments (the SDK pointed at a local server). */
    stripe?: AppOptions['stripe'];
    /** The billing clock. */
    now?: () => Date;
    /** How long a cloud phone's device may take to answer. */
    adbTimeoutMs?: number;
    /** The ADB relay (FACET_ADB_RELAY_*); by default any free port on 127.0.0.1. */
    adbRelay?: AppOptions['adbRelay'];
  } = {},
) {
  const shared = opts.sameDatabaseAs?.shared;
  const databaseUrl = shared ? shared.databaseUrl : TEST_DB === 'postgres' ? await freshPostgresDb() : undefined;
  const database =
    shared && !databaseUrl
      ? { ...shared.database, close: async () => {} }
      : await openDatabase(databaseUrl ? { databaseUrl } : {});
  const secretKey = shared?.secretKey ?? randomBytes(32);
  const admin = await seed(database.db, 'admin', opts.adminPassword ?? 'Admin#12345');
  if ((opts.quotas ?? 'wide') === 'wide' && !shared)
    await database.db.execute(sql`update billing_plans set profile_quota = 1000000, seats = 10000 where id = 'p1'`);
  const app = await buildApp({
    stripe: opts.stripe,
    now: opts.now,
    adbTimeoutMs: opts.adbTimeoutMs,
    adbRelay: opts.adbRelay,
    database,
    secrets: new Secrets(secretKey),
    sender: opts.sender,
    limits: opts.limits,
    captchaRenderer: opts.captchaRenderer,
    releasesDir: opts.releasesDir,
    localClientUrl: opts.localClientUrl,
    logger: opts.logger,
  });
  const publicKey = await importX1PublicKey(app.services.x1.publicKey);

  async function call<N extends CallName>(
    name: N,
    body?: CallBody<N> | Record<string, unknown>,
    o: CallOptions = {},
  ): Promise<Response<CallResult<N>>> {
    const req = await callRequest(publicKey, name, body, o);
    const res = await app.inject({
      method: req.method,
      url: req.url,
      headers: req.headers,
      ...(req.payload !== undefined ? { payload: req.payload } : {}),
      ...(o.ip ? { remoteAddress: o.ip } : {}),
    });
    return callResponse(name, res.statusCode, res.json());
  }

  /** The latest code sent to a recipient, as a user reads it from the SMS or email. */
  async function lastCode(recipient: string): Promise<string> {
    const [row] = await database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, recipient))
      .orderBy(desc(outbox.id))
      .limit(1);
    const m = row && /\b(\d{6})\b/.exec(row.body);
    if (!m?.[1]) throw new Error(`no code sent to ${recipient}`);
    return m[1];
  }

  let counter = 0;
  /** Registers a main account by phone (or email) and returns its session. */
  async function register(over: { username?: string; phone?: string; email?: string; password?: string } = {}) {
    counter++;
    const unique = `${Date.now() % 100000}${counter}`.padStart(6, '0');
    const username = over.username ?? `user_${unique}`;
    const password = over.password ?? 'Passw0rd!';
    let target: { phone: string; countryCode: string } | { email: string };
    if (over.email) {
      target = { email: over.email };
      const sent = await call('getCodeFromEMailV2', { email: over.email, type: 'register' });
      if (sent.code !== 0) throw new Error(`code not sent: ${sent.message}`);
    } else {
      const phone = over.phone ?? `139${unique.slice(-8).padStart(8, '0')}`;
      target = { phone, countryCode: '86' };
      const sent = await call('sendSmsForRegister', target);
      if (sent.code !== 0) throw new Error(`code not sent: ${sent.message}`);
    }
    const recipient = 'email' in target ? target.email : `+86${target.phone}`;
    const code = await lastCode(recipient);
    const res = await call('registerV2', { username, password, ...target, code });
    if (res.code !== 0) throw new Error(`register failed: ${res.message}`);
    return { username, password, ...target, token: res.result.access_token, sid: res.result.sid };
  }

  async function login(username: string, password: string) {
    const res = await call('loginV2', { username, password });
    if (res.code !== 0) throw new Error(`login failed: ${res.message}`);
    return { token: res.result.access_token, sid: res.result.sid };
  }

  /** The admin's session (the operator's calls). */
  async function adminToken(): Promise<string> {
    return (await login('admin', opts.adminPassword ?? 'Admin#12345')).token;
  }

  /** Moves a code's expiry into the past, as five minutes passing would. */
  async function expireCodes() {
    await database.db.execute(sql`update verify_codes set expires_at = now() - interval '1 second'`);
  }

  return {
    app,
    db: database.db,
    /** What a second server process on this database needs (see sameDatabaseAs). */
    shared: { database, databaseUrl, secretKey } as SharedDatabase,
    services: app.services,
    admin,
    call,
    lastCode,
    register,
    login,
    adminToken,
    expireCodes,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
