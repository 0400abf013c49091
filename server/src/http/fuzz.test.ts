import { type CallName, calls, importX1PublicKey, X1_CONTENT_TYPE, X1_HEADER, X1_VALUE } from '@facet/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../modules/accounts/tables.js';
import { scaledLimits } from '../modules/ratelimit/service.js';
import { ipWhitelists } from '../modules/security/tables.js';
import { createTestServer, dbUnavailable, TEST_DB, type TestServer } from '../test/harness.js';
import { baselineAccepted, jsonText, type Variant, variantsOf, x1EncryptText } from '../test/malformed.js';

/**
 * Every call's baseline on both databases; each other variant on one of them, a third on Postgres
 * and the rest on PGlite (a different third per call). The handlers are the same code, and the
 * whole set on both databases took two minutes of the suite.
 */
const sampled = (callIndex: number, variantIndex: number, label: string) =>
  label === 'baseline' || ((callIndex + variantIndex) % 3 === 0) === (TEST_DB !== 'pglite');

/**
 * Every call of the table, fed malformed input as a signed-in admin (so it gets past the guards
 * to validation and the database) and without a token: no answer may be a 5xx, and the server
 * must still answer /healthz afterwards (docs/contributing.md, The fuzz suite).
 */
describe.skipIf(dbUnavailable())('malformed input on every call', () => {
  let t: TestServer;
  let admin: { token: string; sid: string };
  let publicKey: CryptoKey;
  /** What the server logs: a malformed call may be logged, but never as an error or with its values. */
  const logLines: { level: number; msg: string; err?: unknown }[] = [];

  beforeAll(async () => {
    // Limits out of the way: a 429 would stop a variant before the code under test.
    t = await createTestServer({
      limits: scaledLimits(1_000_000),
      logger: { level: 'info', stream: { write: (line: string) => logLines.push(JSON.parse(line)) } },
    });
    admin = await t.login('admin', 'Admin#12345');
    publicKey = await importX1PublicKey(t.services.x1.publicKey);
  });
  afterAll(() => t?.close());

  async function send(name: CallName, v: Variant, signedIn: boolean) {
    const def = calls[name];
    const headers: Record<string, string> = {};
    if (signedIn) {
      headers.authorization = `Bearer ${admin.token}`;
      headers.sid = admin.sid;
    }
    let payload: string | Buffer | undefined;
    if (v.raw) {
      headers['content-type'] = v.raw.contentType;
      payload = v.raw.payload;
    } else if ('x1' in def && def.x1) {
      headers[X1_HEADER] = X1_VALUE;
      headers['content-type'] = X1_CONTENT_TYPE;
      payload = await x1EncryptText(publicKey, jsonText(v.json ?? {}));
    } else if (v.json !== undefined) {
      headers['content-type'] = 'application/json';
      payload = jsonText(v.json);
    }
    return t.app.inject({ method: v.method, url: v.url, headers, ...(payload !== undefined ? { payload } : {}) });
  }

  /**
   * A baseline may do what it says (sign out, set an IP whitelist): the admin gets a working
   * session back before the next call, so every call is fuzzed past its guards.
   */
  async function keepAdminSignedIn() {
    const probe = await t.call('currentUser', undefined, { token: admin.token, sid: admin.sid });
    if (probe.code === 0) return;
    await t.db.delete(ipWhitelists);
    const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
    if (!row) throw new Error('the admin account is gone');
    const s = await t.services.sessions.start(t.db, { userId: row.id, ip: '127.0.0.1', userAgent: 'fuzz' });
    admin = { token: s.access_token, sid: s.sid };
  }

  it('answers no call with a 5xx and stays up', { timeout: 600_000 }, async () => {
    const names = Object.keys(calls) as CallName[];
    const failures: string[] = [];
    /** Refusals by the last line of defence (app.ts): values the call's schema let through. */
    const lastLine = new Map<string, number>();
    const statuses = new Map<number, number>();
    let variants = 0;
    let requests = 0;
    const started = Date.now();
    for (const [callIndex, name] of names.entries()) {
      const def = calls[name];
      for (const [variantIndex, v] of variantsOf(name, def).entries()) {
        if (!sampled(callIndex, variantIndex, v.label)) continue;
        variants++;
        // Without a token a signed-in call stops at its guard before reading anything: the
        // baseline shows that; a public call is fuzzed whole both ways.
        const asAnonymous = def.auth !== 'user' || v.label === 'baseline';
        for (const signedIn of asAnonymous ? [true, false] : [true]) {
          requests++;
          const res = await send(name, v, signedIn);
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          if (res.statusCode >= 500)
            failures.push(
              `${name} [${signedIn ? 'admin' : 'anonymous'}] ${v.label} -> ${res.statusCode} ${res.body.slice(0, 160)}`,
            );
          else if (res.statusCode === 400 && res.body.includes('"invalidInput"')) {
            const key = `${name} ${v.label.replace(/=.*/, '')}: ${(res.json() as { message: string }).message.replace(/^.*?: /, '')}`;
            lastLine.set(key, (lastLine.get(key) ?? 0) + 1);
          }
        }
      }
      await keepAdminSignedIn();
    }
    const accepted = names.filter((n) => baselineAccepted(calls[n])).length;
    // Variants of a call whose baseline its schema refuses mostly stop at validation: if many
    // calls came to that, the fuzz would no longer reach the handlers and the database.
    expect(accepted).toBeGreaterThanOrEqual(Math.floor(names.length * 0.9));
    console.log(
      `fuzz: ${names.length} calls (${accepted} with a baseline their schemas accept), ${variants} variants, ${requests} requests in ${((Date.now() - started) / 1000).toFixed(1)} s; statuses ${[...statuses].map(([k, n]) => `${k}×${n}`).join(' ')}; ${failures.length} answered 5xx`,
    );
    console.log(
      `refused by the last line of defence (schemas to bound), ${lastLine.size} call fields:\n${[...lastLine].map(([k, n]) => `  ${k} (${n})`).join('\n')}`,
    );
    if (failures.length) console.log(failures.join('\n'));
    const withError = logLines.filter((l) => l.level >= 50 || l.err !== undefined);
    console.log(`log: ${logLines.length} lines, ${withError.length} at error level or with an error`);
    console.log(
      withError
        .slice(0, 5)
        .map((l) => JSON.stringify(l).slice(0, 300))
        .join('\n'),
    );
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect(failures).toEqual([]);
    expect(withError.map((l) => l.msg)).toEqual([]);
  });
});
