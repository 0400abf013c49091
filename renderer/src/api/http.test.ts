import {
  ACCESS_HEADER,
  type CallDef,
  clientSignature,
  decodeTimeHeader,
  generateX1KeyPair,
  importX1PrivateKey,
  SIGN_HEADER,
  TIME_HEADER,
  x1Decrypt,
} from '@facet/shared';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { setNavigator } from '../app/navigation';
import { useClientStore } from '../stores/client';
import { useNoticeStore } from '../stores/notice';
import { handleSessionLoss } from '../stores/user';
import { clearBrowserState } from '../test/browser-state';
import { envelope, json, setupHttpDouble } from '../test/http-double';
import { ApiError } from './api-error';
import { setApiBase } from './base-url';
import { request } from './calls';
import { forgetCachedCalls, resetHttpState, send, timeoutFor } from './http';
import { syncServerClock } from './server-clock';
import { getToken, saveToken } from './token-storage';
import { configureTransport } from './transport-env';
import { transportEvents } from './transport-events';

const double = setupHttpDouble();
const navigate = vi.fn();
const reloadUserInfo = vi.fn(async () => {});

const def = (path: string, extra: Partial<CallDef> = {}): CallDef => ({
  method: 'POST',
  path,
  summary: '',
  auth: 'user',
  result: z.unknown(),
  ...extra,
});
const notices = () => useNoticeStore.getState().notices;

beforeAll(() => {
  setNavigator(navigate);
  // The screens' wiring (test/setup.ts) shows notices; the session part is the user store's.
  transportEvents.on('sessionLoss', handleSessionLoss);
  transportEvents.on('userInfoChanged', reloadUserInfo);
});
beforeEach(() => {
  double.seen.length = 0;
  localStorage.clear();
  clearBrowserState();
  useNoticeStore.setState({ notices: [], insufficientBalanceOpen: false });
  useClientStore.getState().setTimeDifference(0);
  resetHttpState();
  navigate.mockClear();
  reloadUserInfo.mockClear();
});
afterEach(() => vi.useRealTimers());

describe('success', () => {
  it.each([0, 200, '200', '0', '20000', 20000])('code %s returns the result', async (code) => {
    double.on((_q, res) => json(res, 200, envelope(code, { ok: code })));
    await expect(send(def('/x'), {})).resolves.toEqual({ ok: code });
  });

  it('returns strings and numbers that are not an envelope as they are', async () => {
    double.on((_q, res) => json(res, 200, '"plain"'));
    await expect(send(def('/s'), {})).resolves.toBe('plain');
    double.on((_q, res) => json(res, 200, '42'));
    await expect(send(def('/n'), {})).resolves.toBe(42);
    double.on((_q, res) => json(res, 200, envelope(0, false)));
    await expect(send(def('/b'), {})).resolves.toBe(false);
  });

  it('sends GET payloads as the query and path params in the path', async () => {
    double.on((_q, res) => json(res, 200, envelope(0, 1)));
    await send(def('/v1/things/:id', { method: 'GET' }), { page: 2, skip: undefined }, { params: { id: 7 } });
    expect(double.seen[0]?.path).toBe('/api/v1/things/7');
    expect(double.seen[0]?.query.get('page')).toBe('2');
    expect(double.seen[0]?.query.has('skip')).toBe(false);
  });
});

describe('the 24-hour reads', () => {
  it('answers from the kept copy until forgetCachedCalls drops every id of the call (a save changed it)', async () => {
    let n = 0;
    double.on((_q, res) => json(res, 200, envelope(0, { n: ++n })));
    const get = def('/v1/globalsetting/:id', { method: 'GET' });
    const proxy = def('/v1/globalproxysetting/findByUserIdAndProxyType');
    const read = (id: number) => send(get, undefined, { params: { id } });
    expect(await read(5)).toEqual({ n: 1 });
    expect(await read(6)).toEqual({ n: 2 });
    expect(await send(proxy, { proxyType: 'a' })).toEqual({ n: 3 });
    expect([await read(5), await read(6), await send(proxy, { proxyType: 'a' })]).toEqual([
      { n: 1 },
      { n: 2 },
      { n: 3 },
    ]);
    expect(double.seen).toHaveLength(3);
    forgetCachedCalls([get]);
    expect([await read(5), await read(6)]).toEqual([{ n: 4 }, { n: 5 }]);
    // The other call's copy stays until it is dropped itself.
    expect(await send(proxy, { proxyType: 'a' })).toEqual({ n: 3 });
    forgetCachedCalls([proxy]);
    expect(await send(proxy, { proxyType: 'a' })).toEqual({ n: 6 });
  });
});

describe('headers', () => {
  it('sends bearer token, sid, language, time and a signature over time, method, path and sid', async () => {
    saveToken('tok-1', 'sid-1');
    double.on((_q, res) => json(res, 200, envelope(0, null)));
    const before = Date.now();
    await send(def('/v1/h'), {});
    const h = double.seen[0]!.headers;
    expect(h.authorization).toBe('Bearer tok-1');
    expect(h.sid).toBe('sid-1');
    expect(h.language).toBeTruthy();
    const time = String(h[TIME_HEADER]);
    const ms = decodeTimeHeader(time)!;
    expect(ms).toBeGreaterThanOrEqual(before - 5);
    expect(ms).toBeLessThanOrEqual(Date.now() + 5);
    expect(h[SIGN_HEADER]).toBe(await clientSignature({ time, method: 'POST', path: '/api/v1/h', sid: 'sid-1' }));
  });

  it('compensates the time header for a server clock over 60 s away, and ignores a smaller drift', async () => {
    const ahead = 10 * 60_000;
    double.on((_q, res) => json(res, 200, envelope(0, Date.now() + ahead)));
    const diff = await syncServerClock(() => send(def('/v1/apis/getServiceTimes', { method: 'GET' }), undefined));
    expect(diff).toBeGreaterThan(ahead - 2000);
    double.on((_q, res) => json(res, 200, envelope(0, null)));
    await send(def('/v1/h'), {});
    const sent = decodeTimeHeader(String(double.seen.at(-1)!.headers[TIME_HEADER]))!;
    expect(Math.abs(sent - (Date.now() + ahead))).toBeLessThan(2000);

    double.on((_q, res) => json(res, 200, envelope(0, Date.now() + 30_000)));
    expect(await syncServerClock(() => send(def('/v1/apis/getServiceTimes', { method: 'GET' }), undefined))).toBe(0);
    expect(useClientStore.getState().timeDifference).toBe(0);
  });
});

describe('error catalogue', () => {
  it.each([401, 40104, 50401, 50406])('%s with a session resets the user and goes to Login', async (code) => {
    saveToken('tok', 'sid');
    double.on((_q, res) => json(res, 401, envelope(code, null, 'gone')));
    await expect(send(def('/me'), {})).rejects.toMatchObject({ code, handled: true });
    expect(getToken()).toBe('');
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
    expect(notices()).toHaveLength(0);
  });

  it('session-loss codes in local client mode do not log out', async () => {
    saveToken('tok', 'sid');
    double.on((_q, res) => json(res, 401, envelope(40104, null, 'gone')));
    await expect(send(def('/me'), {}, { localClient: true })).rejects.toBeInstanceOf(ApiError);
    expect(getToken()).toBe('tok');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('403 goes to /403', async () => {
    saveToken('tok', 'sid');
    double.on((_q, res) => json(res, 403, envelope(403, null, 'no')));
    await expect(send(def('/f'), {})).rejects.toMatchObject({ code: 403 });
    expect(navigate).toHaveBeenCalledWith('/403', undefined);
  });

  it('11019 reloads the user info', async () => {
    double.on((_q, res) => json(res, 200, envelope(11019, null, 'changed')));
    await expect(send(def('/u'), {})).rejects.toMatchObject({ code: 11019 });
    expect(reloadUserInfo).toHaveBeenCalledTimes(1);
  });

  it('11019 to a call with an old access stamp: the user info is read again and the call sent once more with the new one', async () => {
    saveToken('tok', 'sid');
    let stamp = 'before-role-change';
    configureTransport({ accessStamp: () => stamp });
    reloadUserInfo.mockImplementationOnce(async () => {
      stamp = 'after-role-change';
    });
    double.on((q, res) =>
      q.headers[ACCESS_HEADER] === 'after-role-change'
        ? json(res, 200, envelope(0, { done: true }))
        : json(res, 200, envelope(11019, null, 'changed')),
    );
    try {
      await expect(send(def('/r'), {})).resolves.toEqual({ done: true });
      expect(double.seen.map((q) => q.headers[ACCESS_HEADER])).toEqual(['before-role-change', 'after-role-change']);
      expect(reloadUserInfo).toHaveBeenCalledTimes(1);
      expect(notices()).toHaveLength(0);
    } finally {
      configureTransport({ accessStamp: () => undefined });
    }
  });

  it.each([11209, 16187])('%s is rejected silently', async (code) => {
    double.on((_q, res) => json(res, 200, envelope(code, null, 'quiet')));
    await expect(send(def('/q'), {})).rejects.toMatchObject({ code });
    expect(notices()).toHaveLength(0);
  });

  it('16024 rejects with the message for the caller to show', async () => {
    double.on((_q, res) => json(res, 200, envelope(16024, null, 'show me')));
    await expect(send(def('/m'), {})).rejects.toMatchObject({ code: 16024, message: 'show me', handled: false });
    expect(notices()).toHaveLength(0);
  });

  it('16011 opens the insufficient-balance dialog unless prompts are off', async () => {
    double.on((_q, res) => json(res, 402, envelope(16011, null, 'poor')));
    await expect(send(def('/pay'), {})).rejects.toMatchObject({ code: 16011 });
    expect(useNoticeStore.getState().insufficientBalanceOpen).toBe(true);
    useNoticeStore.setState({ insufficientBalanceOpen: false });
    await expect(send(def('/pay'), {}, { noPrompt: true })).rejects.toMatchObject({ code: 16011 });
    expect(useNoticeStore.getState().insufficientBalanceOpen).toBe(false);
  });

  it('16030 opens the plan-limit dialog with the translated refusal instead of a notice, unless prompts are off', async () => {
    const body = {
      ...envelope(16030, null, 'body: quotaProfiles'),
      errors: [{ field: '', key: 'quotaProfiles', detail: '5' }],
    };
    double.on((_q, res) => json(res, 400, body));
    await expect(send(def('/make'), {})).rejects.toMatchObject({ code: 16030, handled: true });
    expect(useNoticeStore.getState().planLimitText).toBe('Your plan allows 5 profiles. Change the plan to add more.');
    expect(notices()).toHaveLength(0);
    useNoticeStore.setState({ planLimitText: null });
    await expect(send(def('/make'), {}, { noPrompt: true })).rejects.toMatchObject({ code: 16030 });
    expect(useNoticeStore.getState().planLimitText).toBeNull();
  });

  it('16050 opens the verification dialog with the refused feature instead of a notice, unless prompts are off', async () => {
    const body = {
      ...envelope(16050, null, 'identity verification required (withdraw)'),
      errors: [{ field: '', key: 'identityRequired', detail: 'withdraw' }],
    };
    double.on((_q, res) => json(res, 400, body));
    await expect(send(def('/withdraw'), {})).rejects.toMatchObject({ code: 16050, handled: true });
    expect(useNoticeStore.getState().identityRequired).toBe('withdraw');
    expect(notices()).toHaveLength(0);
    useNoticeStore.setState({ identityRequired: null });
    await expect(send(def('/withdraw'), {}, { noPrompt: true })).rejects.toMatchObject({ code: 16050 });
    expect(useNoticeStore.getState().identityRequired).toBeNull();
  });

  it('shows the server message in a red notice for 2000 ms, 3500 ms when long', async () => {
    double.on((_q, res) => json(res, 400, envelope(12345, null, 'short text')));
    await expect(send(def('/e'), {})).rejects.toMatchObject({ code: 12345 });
    expect(notices()[0]).toMatchObject({ severity: 'error', text: 'short text', durationMs: 2000 });
    const long = 'one two three four five six seven eight nine ten eleven';
    double.on((_q, res) => json(res, 400, envelope(12345, null, long)));
    await expect(send(def('/e'), {})).rejects.toBeInstanceOf(ApiError);
    expect(notices()[1]).toMatchObject({ text: long, durationMs: 3500 });
    const han = '这'.repeat(31);
    double.on((_q, res) => json(res, 400, envelope(12345, null, han)));
    await expect(send(def('/e'), {})).rejects.toBeInstanceOf(ApiError);
    expect(notices()[2]).toMatchObject({ text: han, durationMs: 3500 });
  });

  it('uses the default text of the status when the server sends no message', async () => {
    double.on((_q, res) => json(res, 400, envelope(400, null, '')));
    await expect(send(def('/e'), {})).rejects.toBeInstanceOf(ApiError);
    expect(notices()[0]?.text).toBe('Error with 400');
    double.on((_q, res) => json(res, 502, ''));
    await expect(send(def('/e'), {})).rejects.toBeInstanceOf(ApiError);
    expect(notices()[1]?.text).toBe('Bad gateway. Please try again later.');
    double.on((_q, res) => json(res, 200, envelope(50000, null, '')));
    await expect(send(def('/e'), {})).rejects.toBeInstanceOf(ApiError);
    expect(notices()[2]?.text).toBe('The server is busy. Please try again later.');
    double.on((_q, res) => json(res, 503, envelope(12345, null, '')));
    await expect(send(def('/e'), {})).rejects.toBeInstanceOf(ApiError);
    expect(notices()[3]?.text).toBe('The service is unavailable. Please try again later.');
    // A proxy's error page in front of the server: its HTML is not shown.
    double.on((_q, res) => {
      res.writeHead(503, { 'content-type': 'text/html' });
      res.end('<html><head><title>503 Service Temporarily Unavailable</title></head><body>nginx</body></html>');
    });
    await expect(send(def('/e'), {})).rejects.toBeInstanceOf(ApiError);
    expect(notices()[4]?.text).toBe('The service is unavailable. Please try again later.');
  });

  it('translates known app codes and validation keys inside server messages', async () => {
    double.on((_q, res) => json(res, 400, envelope(10001, null, 'wrong account or password')));
    await expect(send(def('/l'), {})).rejects.toBeInstanceOf(ApiError);
    expect(notices()[0]?.text).toBe('Wrong account or password.');
    double.on((_q, res) => json(res, 400, envelope(400, null, 'body.phone: telInvalid')));
    await expect(send(def('/l'), {})).rejects.toBeInstanceOf(ApiError);
    expect(notices()[1]?.text).toBe('This phone number is not valid');
  });

  it('translates each field error of a structured refusal, and hands the errors to the caller', async () => {
    const errors = [
      { field: 'body.phone', key: 'telInvalid' },
      { field: 'body.name', key: 'noSuchRule', detail: 'too odd' },
    ];
    double.on((_q, res) => json(res, 400, { ...envelope(400, null, 'body.phone: telInvalid; body.name: x'), errors }));
    await expect(send(def('/l'), {})).rejects.toMatchObject({ code: 400, errors, serverMessage: expect.any(String) });
    expect(notices()[0]?.text).toBe('This phone number is not valid; body.name: too odd');
  });

  it('suppresses the notice for register code 17014, local client mode and calls with prompts off', async () => {
    double.on((_q, res) => json(res, 400, envelope(17014, null, 'inline')));
    await expect(send(def('/users/registerV2'), {})).rejects.toMatchObject({ code: 17014, handled: false });
    expect(notices()).toHaveLength(0);
    await expect(send(def('/other'), {})).rejects.toBeInstanceOf(ApiError);
    expect(notices()).toHaveLength(1);
    double.on((_q, res) => json(res, 400, envelope(12345, null, 'x')));
    await expect(send(def('/e'), {}, { localClient: true })).rejects.toBeInstanceOf(ApiError);
    await expect(send(def('/e'), {}, { noPrompt: true })).rejects.toBeInstanceOf(ApiError);
    expect(notices()).toHaveLength(1);
  });
});

describe('the transport on its own', () => {
  it('reports 403, balance, notices and transport failures as events, and waits for the session-loss handlers', async () => {
    const seen: string[] = [];
    const off = [
      transportEvents.on('forbidden', ({ code }) => void seen.push(`forbidden ${code}`)),
      transportEvents.on('insufficientBalance', ({ code }) => void seen.push(`balance ${code}`)),
      transportEvents.on('notice', ({ text, durationMs }) => void seen.push(`notice ${text} ${durationMs}`)),
      transportEvents.on('transportFailure', ({ kind, quiet }) => void seen.push(`failure ${kind} ${quiet}`)),
      transportEvents.on('sessionLoss', async ({ code }) => {
        await new Promise((r) => setTimeout(r, 20));
        seen.push(`session ${code}`);
      }),
    ];
    try {
      double.on((_q, res) => json(res, 403, envelope(403, null, 'no')));
      await expect(send(def('/f'), {})).rejects.toBeInstanceOf(ApiError);
      double.on((_q, res) => json(res, 402, envelope(16011, null, 'poor')));
      await expect(send(def('/pay'), {})).rejects.toBeInstanceOf(ApiError);
      double.on((_q, res) => json(res, 400, envelope(12345, null, 'short text')));
      await expect(send(def('/e'), {})).rejects.toBeInstanceOf(ApiError);
      saveToken('tok', 'sid');
      double.on((_q, res) => json(res, 401, envelope(40104, null, 'gone')));
      await expect(send(def('/me'), {})).rejects.toBeInstanceOf(ApiError);
      expect(seen).toEqual(['forbidden 403', 'balance 16011', 'notice short text 2000', 'session 40104']);
      setApiBase('http://127.0.0.1:9/api');
      await expect(send(def('/down'), {}, { noPrompt: true })).rejects.toMatchObject({ code: 'network' });
      expect(seen.at(-1)).toBe('failure network true');
    } finally {
      setApiBase(double.base);
      for (const f of off) f();
    }
  });
});

describe('blobs', () => {
  it('returns a Blob for octet-stream answers', async () => {
    double.on((_q, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      res.end('abc');
    });
    const blob = await send<Blob>(def('/export'), {}, { responseType: 'blob', kind: 'export' });
    expect(await blob.text()).toBe('abc');
  });

  it('returns a Blob for a spreadsheet answer (any successful answer that is not JSON)', async () => {
    double.on((_q, res) => {
      res.writeHead(200, { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
      res.end('xlsx');
    });
    const blob = await send<Blob>(def('/export'), {}, { responseType: 'blob', kind: 'export' });
    expect(await blob.text()).toBe('xlsx');
  });

  it('returns a Blob for a JSON file sent as an attachment (cookies exported as JSON)', async () => {
    double.on((_q, res) => {
      res.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'content-disposition': 'attachment; filename="cookies-1.json"',
      });
      res.end('[]');
    });
    const file = await send<File>(def('/export'), {}, { responseType: 'blob', kind: 'export' });
    expect(file.name).toBe('cookies-1.json');
    expect(notices()).toEqual([]);
  });

  it("shows a JSON answer's message as an error where a file was expected", async () => {
    double.on((_q, res) => json(res, 200, envelope(12345, null, 'export refused')));
    await expect(send(def('/export'), {}, { responseType: 'blob' })).rejects.toBeInstanceOf(ApiError);
    expect(notices()[0]?.text).toBe('export refused');
  });
});

describe('transport errors and timeouts', () => {
  it('has 30 s for calls, 60 s for uploads, none for exports', () => {
    expect(timeoutFor('json')).toBe(30_000);
    expect(timeoutFor(undefined)).toBe(30_000);
    expect(timeoutFor('upload')).toBe(60_000);
    expect(timeoutFor('export')).toBe(false);
  });

  it('reports a timeout', async () => {
    double.on((_q, res) => void setTimeout(() => json(res, 200, envelope(0, 1)), 500));
    await expect(send(def('/slow'), {}, { timeoutMs: 100 })).rejects.toMatchObject({ code: 'timeout' });
    expect(notices()[0]?.text).toBe('The request timed out.');
  });

  it('reports a network error', async () => {
    setApiBase('http://127.0.0.1:9/api');
    try {
      await expect(send(def('/down'), {})).rejects.toMatchObject({ code: 'network' });
      expect(notices()[0]?.text).toBe('Network error. Check your connection.');
    } finally {
      setApiBase(double.base);
    }
  });

  it('an answer cut off while its body is read is a network failure, which a guard does not take for a refusal', async () => {
    double.on((_q, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      res.write('{"code":0,"result":');
      setTimeout(() => res.destroy(), 20);
    });
    const failed = await send(def('/cut'), {}, { noPrompt: true }).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(ApiError);
    expect(failed).toMatchObject({ code: 'network', status: 0 });
  });

  it('an aborted request rejects without a notice', async () => {
    double.on((_q, res) => void setTimeout(() => json(res, 200, envelope(0, 1)), 500));
    const ctl = new AbortController();
    const p = send(def('/slow'), {}, { signal: ctl.signal });
    setTimeout(() => ctl.abort(), 50);
    await expect(p).rejects.toMatchObject({ code: 'aborted' });
    expect(notices()).toHaveLength(0);
  });
});

describe('dedupe and caches', () => {
  const valueList = def('/v1/globalvaluesetting/getValueList');

  it('identical getValueList requests share one answer; different ones do not', async () => {
    let n = 0;
    double.on((_q, res) => json(res, 200, envelope(0, ++n)));
    const [a, b] = await Promise.all([send(valueList, { t: ['badge'] }), send(valueList, { t: ['badge'] })]);
    expect(a).toBe(1);
    expect(b).toBe(1);
    expect(await send(valueList, { t: ['badge'] })).toBe(1);
    expect(await send(valueList, { t: ['bookmarks'] })).toBe(2);
    expect(double.seen).toHaveLength(2);
    expect(await send(def('/v1/other'), {})).toBe(3);
    expect(await send(def('/v1/other'), {})).toBe(4);
  });

  it('keeps 24 h reads: a second read does not reach the server', async () => {
    let n = 0;
    double.on((_q, res) => json(res, 200, envelope(0, ++n)));
    const pref = def('/v1/globalsetting/:id', { method: 'GET' });
    expect(await send(pref, undefined, { params: { id: 1 } })).toBe(1);
    expect(await send(pref, undefined, { params: { id: 1 } })).toBe(1);
    expect(await send(pref, undefined, { params: { id: 2 } })).toBe(2);
    expect(double.seen).toHaveLength(2);
  });
});

describe('X1 bodies', () => {
  it('encrypts x1 calls with the server key, fetched once, and refetches it after 10006', async () => {
    let pair = await generateX1KeyPair();
    let refusedOnce = false;
    const bodies: unknown[] = [];
    double.on(async (q, res) => {
      if (q.path === '/api/users/x1Key')
        return json(res, 200, envelope(0, { publicKey: pair.publicKey, algorithm: 'x' }));
      expect(q.headers['content-type']).toBe('application/octet-stream');
      expect(q.headers['x-auth-type']).toBe('X1');
      try {
        const open = await x1Decrypt(await importX1PrivateKey(pair.privateKey), new Uint8Array(q.body));
        bodies.push(open.body);
        json(res, 200, envelope(0, { needCaptcha: false }));
      } catch {
        refusedOnce = true;
        json(res, 415, envelope(10006, null, 'x1 required'));
      }
    });
    await request('getRestrictionStatusV2', { username: 'alice' });
    await request('getRestrictionStatusV2', { username: 'bob' });
    expect(bodies).toEqual([{ username: 'alice' }, { username: 'bob' }]);
    expect(double.seen.filter((s) => s.path === '/api/users/x1Key')).toHaveLength(1);
    pair = await generateX1KeyPair(); // the server rotated its key
    await request('getRestrictionStatusV2', { username: 'carol' });
    expect(refusedOnce).toBe(true);
    expect(bodies.at(-1)).toEqual({ username: 'carol' });
    expect(notices()).toHaveLength(0);
  });
});
