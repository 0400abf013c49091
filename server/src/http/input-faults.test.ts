import {
  API_PREFIX,
  type CallName,
  Code,
  calls,
  importX1PublicKey,
  X1_CONTENT_TYPE,
  X1_HEADER,
  X1_VALUE,
} from '@facet/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inputFaultOf } from '../lib/errors.js';
import { createTestServer, dbUnavailable, type Response, type TestServer } from '../test/harness.js';
import { DEEP, DEEP_DEPTH, deepJsonText, jsonText, x1EncryptText } from '../test/malformed.js';

/**
 * Values past what the database or the stack takes, on the calls an attacker found them on: ids
 * past int32, NUL in text, lone surrogates in JSON-stored text, JSON nested 10,000 deep. Each
 * must be a 400, never a 500 with the values in the log.
 *
 * Which answer a case expects follows from the call's own schema: where the shared schema refuses
 * the value (the bounded building blocks of shared), the answer names the field; where it lets the
 * value through, the server's last line of defence (inputFaultOf, app.ts) answers with no field, key
 * `invalidInput` and the call in the message. The lines marked "depends on the shared schemas" are
 * the ones the bounded schemas switch from the second answer to the first.
 */

const INT32_PAST = 2 ** 31;

/** Every line the server logs, parsed. */
const logLines: { level: number; msg: string; [k: string]: unknown }[] = [];
const logger = {
  level: 'info',
  stream: { write: (line: string) => logLines.push(JSON.parse(line)) },
};

describe.skipIf(dbUnavailable())('input the database or the stack refuses', () => {
  let t: TestServer;
  let token: string;
  let publicKey: CryptoKey;
  let profileId: number;
  let fingerprint: Record<string, unknown>;

  beforeAll(async () => {
    t = await createTestServer({ logger });
    token = (await t.login('admin', 'Admin#12345')).token;
    publicKey = await importX1PublicKey(t.services.x1.publicKey);
    const gen = await t.call('profileGetUaAndWebGL', { os: 'windows' }, { token });
    fingerprint = gen.result as unknown as Record<string, unknown>;
    const p = await t.call('profileCreate', { name: 'fuzzed' }, { token });
    if (p.code !== 0) throw new Error(p.message);
    profileId = p.result.id;
  });
  afterAll(() => t?.close());
  beforeEach(() => {
    logLines.length = 0;
  });

  /** Sends a body as JSON text (X1-encrypted for an X1 call), so it may hold the deep marker. */
  async function send(
    name: CallName,
    body: unknown,
    o: { token?: string; url?: string } = {},
  ): Promise<Response<unknown>> {
    const def = calls[name];
    const x1 = 'x1' in def && def.x1;
    const res = await t.app.inject({
      method: def.method,
      url: o.url ?? API_PREFIX + def.path,
      headers: {
        ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
        ...(x1 ? { [X1_HEADER]: X1_VALUE, 'content-type': X1_CONTENT_TYPE } : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: x1 ? await x1EncryptText(publicKey, jsonText(body)) : jsonText(body) }),
    });
    const json = res.json() as { code: number; message: string; result: unknown; errors?: Response<unknown>['errors'] };
    return {
      status: res.statusCode,
      code: json.code,
      message: json.message,
      result: json.result,
      errors: json.errors ?? [],
    };
  }

  /** The value as the schema sees it: the deep marker as the nested value it stands for. */
  const expand = (v: unknown): unknown => JSON.parse(jsonText(v));

  /**
   * A 400 either way; which 400 depends on whether the call's schema refuses `input` (the part
   * named by `field`'s first segment), see the file's comment.
   */
  function expectRefused(name: CallName, res: Response<unknown>, input: unknown, field: string) {
    expect(res.status, `${name}: ${res.message}`).toBe(400);
    expect(res.code).toBe(Code.BAD_REQUEST);
    const def = calls[name];
    const part = field.split('.')[0] as 'body' | 'params' | 'query';
    const schema = (def as { body?: unknown; params?: unknown; query?: unknown })[part] as
      | { safeParse(v: unknown): { success: boolean } }
      | undefined;
    if (schema && !schema.safeParse(expand(input)).success) {
      // Depends on the shared schemas: they refuse the value and name where it is.
      expect(res.errors.map((e) => e.field)).toContain(field);
    } else {
      // The last line of defence: no field to name, the call and the reason in the message.
      expect(res.errors).toEqual([{ field: '', key: 'invalidInput', detail: expect.any(String) }]);
      expect(res.message.startsWith(`${def.method} ${API_PREFIX}${def.path}: `), res.message).toBe(true);
    }
    // The server's log never holds an error or the request's values.
    expect(logLines.filter((l) => l.level >= 50)).toEqual([]);
  }

  describe('ids past int32', () => {
    it('GET /browserInfos/2147483648', async () => {
      const res = await send('profileGet', undefined, { token, url: `${API_PREFIX}/v1/browserInfos/${INT32_PAST}` });
      expectRefused('profileGet', res, { id: String(INT32_PAST) }, 'params.id');
      expect(JSON.stringify(logLines)).not.toContain(String(INT32_PAST));
      if (res.errors[0]?.key === 'invalidInput') {
        // Logged once, at warn, by call and reason only.
        expect(logLines).toHaveLength(1);
        expect(logLines[0]).toMatchObject({
          level: 40,
          call: `GET ${API_PREFIX}/v1/browserInfos/:id`,
          sqlstate: '22003',
          reason: 'value out of range',
        });
        expect(logLines[0]).not.toHaveProperty('err');
      }
    });

    it.each([
      ['profileDelete', { ids: [INT32_PAST] }, 'body.ids.0'],
      ['groupMoveProfiles', { ids: [1], groupId: INT32_PAST }, 'body.groupId'],
      ['profileCreate', { name: 'bigGroup', groupId: INT32_PAST }, 'body.groupId'],
      ['profileGetByAgentIpId', { agentIpId: INT32_PAST }, 'body.agentIpId'],
      ['profileSetCookieBak', { backupId: INT32_PAST }, 'body.backupId'],
      ['userShares', { userId: INT32_PAST }, 'body.userId'],
    ] as const)('%s %j', async (name, body, field) => {
      const res = await send(name, body, { token });
      expectRefused(name, res, body, field);
      expect(JSON.stringify(logLines)).not.toContain(String(INT32_PAST));
    });
  });

  describe('NUL in text', () => {
    it.each([
      ['profileList', { name: 'a\u0000b' }, 'body.name'],
      ['profileList', { remark: 'a\u0000b' }, 'body.remark'],
      ['profileList', { tags: ['a\u0000b'] }, 'body.tags.0'],
      ['profileCreate', { name: 'nulTags', tags: ['a\u0000b'] }, 'body.tags.0'],
      ['profileCreate', { name: 'nulRemark', remark: 'a\u0000b' }, 'body.remark'],
    ] as const)('%s %j', async (name, body, field) => {
      expectRefused(name, await send(name, body, { token }), body, field);
    });

    it('in a remark set on many profiles', async () => {
      const body = { ids: [profileId], remark: 'a\u0000b' };
      expectRefused(
        'profileBatchUpdateRemark',
        await send('profileBatchUpdateRemark', body, { token }),
        body,
        'body.remark',
      );
      // The profile keeps its remark.
      expect(
        (await t.call('profileGet', undefined, { token, url: `${API_PREFIX}/v1/browserInfos/${profileId}` })).result,
      ).toMatchObject({ remark: '' });
    });

    it('getRestrictionStatusV2, X1 and unauthenticated', async () => {
      const body = { username: 'adm\u0000in' };
      const res = await send('getRestrictionStatusV2', body);
      expectRefused('getRestrictionStatusV2', res, body, 'body.username');
      expect(JSON.stringify(logLines)).not.toContain('adm');
    });
  });

  describe('lone surrogates in JSON-stored text', () => {
    it('in a fingerprint client hint and user agent', async () => {
      for (const [fp, field] of [
        [{ ...fingerprint, clientHints: { platform: '\ud800' } }, 'body.browserFingerPrint.clientHints.platform'],
        [{ ...fingerprint, userAgent: 'Mozilla/5.0 \udfff' }, 'body.browserFingerPrint.userAgent'],
      ] as const) {
        const body = { name: 'surrogate', browserFingerPrint: fp };
        expectRefused('profileCreate', await send('profileCreate', body, { token }), body, field);
      }
    });

    it('in a device fingerprint (X1, no token)', async () => {
      const body = { fingerPrintId: 'fp-surrogate', ua: 'x\ud800y', webglParameters: { v: '\udc00' } };
      expectRefused('setFingerPrintData', await send('setFingerPrintData', body), body, 'body.ua');
    });
  });

  describe(`JSON nested ${DEEP_DEPTH} deep`, () => {
    it('in fingerprint client hints', async () => {
      const body = { name: 'deepHints', browserFingerPrint: { ...fingerprint, clientHints: { brands: DEEP } } };
      const res = await send('profileCreate', body, { token });
      expectRefused('profileCreate', res, body, 'body.browserFingerPrint.clientHints');
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    });

    it('in a device fingerprint (X1, no token)', async () => {
      const body = { fingerPrintId: 'fp-deep', webglParameters: DEEP };
      expectRefused('setFingerPrintData', await send('setFingerPrintData', body), body, 'body.webglParameters');
    });
  });

  it('a locale the fingerprint generator cannot use is the caller’s 400 (found by the fuzz)', async () => {
    for (const locale of ['e', 'a\u0000b', '\ud800']) {
      const res = await send('profileGetUaAndWebGL', { locale }, { token });
      expect(res.status).toBe(400);
      expect(res.errors).toContainEqual({ field: 'body.locale', key: 'languageInvalid' });
    }
    expect((await send('profileGetUaAndWebGL', { locale: 'fr-FR' }, { token })).status).toBe(200);
  });

  it('70,000 ids to export: more than one query can carry as parameters', async () => {
    const body = { ids: Array.from({ length: 70_000 }, (_, i) => i + 1) };
    expectRefused('profileExport', await send('profileExport', body, { token }), body, 'body.ids');
  });

  /**
   * The last line itself, on errors the real database raises through drizzle (pg on Postgres,
   * PGlite here), whichever schemas guard the calls.
   */
  describe('what counts as the caller’s fault', () => {
    const refusal = async (query: ReturnType<typeof sql>) => {
      try {
        await t.db.execute(query);
      } catch (e) {
        return e;
      }
      throw new Error('the database took it');
    };

    it.each([
      ['a number past int4', () => sql`select ${String(INT32_PAST)}::int4`, '22003'],
      ['NUL in text', () => sql`select ${'a\u0000b'}::text`, '22021'],
      ['a lone surrogate in jsonb', () => sql`select ${'{"a":"\\ud800"}'}::jsonb`, '22P02'],
      ['NUL in jsonb', () => sql`select ${'{"a":"\\u0000"}'}::jsonb`, '22P05'],
      ['text for an int', () => sql`select ${'abc'}::int4`, '22P02'],
    ])('%s', async (_what, query, state) => {
      const e = await refusal(query());
      // Drizzle wraps the driver's error, and its message carries the query's parameters.
      expect(e).toMatchObject({ message: expect.stringContaining('params:'), cause: expect.anything() });
      const fault = inputFaultOf(e);
      expect(fault?.sqlstate).toBe(state);
      // Plain words only: none of the values the query carried.
      expect(fault?.reason).toMatch(/^[A-Za-z ,()]+$/);
    });

    it('a stack overflow', () => {
      let e: unknown;
      try {
        JSON.stringify(JSON.parse(deepJsonText(DEEP_DEPTH)));
      } catch (err) {
        e = err;
      }
      expect(inputFaultOf(e)).toEqual({ reason: 'value nested too deeply' });
    });

    it('not a fault of the caller: a broken query, a unique key, a plain error', async () => {
      expect(inputFaultOf(await refusal(sql`select * from no_such_table`))).toBeUndefined();
      expect(inputFaultOf(await refusal(sql`insert into users (id) values (null)`))).toBeUndefined();
      expect(inputFaultOf(new Error('boom'))).toBeUndefined();
      expect(inputFaultOf(new RangeError('Invalid array length'))).toBeUndefined();
    });
  });
});
