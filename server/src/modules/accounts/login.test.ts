import { Code } from '@facet/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbUnavailable, type TestServer } from '../../test/harness.js';
import { svgCaptchaRenderer } from '../captcha/service.js';
import { loginLogs, users } from './tables.js';

/**
 * Windows are fixed (aligned to the clock): a one-minute one could turn over between a test's
 * logins and count them in two windows; a day-long one (the longest the server keeps) next to never.
 */
const ONE_WINDOW = 24 * 60 * 60_000;

// Plays the human who reads the captcha: the answer of each image is known to the test.
let nextAnswer = 'AB3D';
const knownCaptcha = (kind: 'text' | 'math') => ({ text: nextAnswer, data: `<svg>${kind}</svg>` });

describe.skipIf(dbUnavailable())('login', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await createTestServer({ captchaRenderer: knownCaptcha });
  });
  afterAll(() => t?.close());

  it('logs in by username (any case) and by phone, writing a login-log row each time', async () => {
    const u = await t.register({ username: 'login_user', phone: '13911110001' });
    const byName = await t.call(
      'loginV2',
      { username: 'LOGIN_USER', password: u.password },
      { headers: { 'user-agent': 'UA-test' } },
    );
    expect(byName.code).toBe(0);
    expect(byName.result.access_token).toMatch(/^[\w-]{40,}$/);
    const byPhone = await t.call('loginV2', { username: '13911110001', password: u.password });
    expect(byPhone.code).toBe(0);
    const rows = await t.db.select().from(loginLogs).where(eq(loginLogs.loginName, 'login_user'));
    expect(rows.some((r) => r.result === 'success' && r.userAgent === 'UA-test' && r.ip === '127.0.0.1')).toBe(true);
  });

  it('refuses a wrong password and an unknown user alike, and logs both', async () => {
    await t.register({ username: 'wrong_pw' });
    const wrong = await t.call('loginV2', { username: 'wrong_pw', password: 'Nope12345!' });
    const unknown = await t.call('loginV2', { username: 'nobody_here', password: 'Nope12345!' });
    expect(wrong.code).toBe(Code.WRONG_CREDENTIALS);
    expect(unknown.code).toBe(Code.WRONG_CREDENTIALS);
    expect(wrong.message).toBe(unknown.message);
    const logged = await t.db.select().from(loginLogs).where(sql`${loginLogs.loginName} in ('wrong_pw','nobody_here')`);
    expect(logged.filter((r) => r.result === 'WRONG_CREDENTIALS')).toHaveLength(2);
  });

  it('asks for an image captcha after three failures, and lets a solved one through once', async () => {
    const u = await t.register({ username: 'captcha_me' });
    for (let i = 0; i < 3; i++) await t.call('loginV2', { username: 'captcha_me', password: 'Wrong1234!' });
    expect((await t.call('getRestrictionStatusV2', { username: 'captcha_me' })).result).toEqual({ needCaptcha: true });
    const blocked = await t.call('loginV2', { username: 'captcha_me', password: u.password });
    expect(blocked.code).toBe(Code.CAPTCHA_REQUIRED);

    nextAnswer = 'XY7K';
    const img = await t.call('getValidationImg', {});
    expect(img.result.image).toMatch(/^data:image\/svg\+xml;base64,/);
    const wrong = await t.call('checkVerificationImageV2', { captchaId: img.result.captchaId, answer: 'AAAA' });
    expect(wrong.code).toBe(Code.CAPTCHA_WRONG);
    // One answer per captcha: the right answer after a wrong one is refused too.
    expect((await t.call('checkVerificationImageV2', { captchaId: img.result.captchaId, answer: 'xy7k' })).code).toBe(
      Code.CAPTCHA_WRONG,
    );

    const img2 = await t.call('getValidationImg', {});
    const pass = await t.call('checkVerificationImageV2', { captchaId: img2.result.captchaId, answer: 'xy7k' });
    expect(pass.code).toBe(0);
    const ok = await t.call('loginV2', {
      username: 'captcha_me',
      password: u.password,
      captchaToken: pass.result.captchaToken,
    });
    expect(ok.code).toBe(0);
    expect((await t.call('getRestrictionStatusV2', { username: 'captcha_me' })).result).toEqual({ needCaptcha: false });
    // The pass token was single-use.
    for (let i = 0; i < 3; i++) await t.call('loginV2', { username: 'captcha_me', password: 'Wrong1234!' });
    const replay = await t.call('loginV2', {
      username: 'captcha_me',
      password: u.password,
      captchaToken: pass.result.captchaToken,
    });
    expect(replay.code).toBe(Code.CAPTCHA_REQUIRED);
  });

  it('counts failures per account, whichever of its username, phone and email was typed', async () => {
    const u = await t.register({ username: 'alias_user', phone: '13911110077' });
    await t.db.update(users).set({ email: 'alias.user@example.org' }).where(eq(users.username, 'alias_user'));
    const restricted = async (name: string) =>
      (await t.call('getRestrictionStatusV2', { username: name })).result.needCaptcha;

    await t.call('loginV2', { username: 'alias_user', password: 'Wrong1234!' });
    await t.call('loginV2', { username: '13911110077', password: 'Wrong1234!' });
    // Two failures, as on one alias: no captcha yet on any of them.
    for (const name of ['alias_user', '13911110077', 'alias.user@example.org'])
      expect(await restricted(name)).toBe(false);
    expect((await t.call('mailLoginV2', { email: 'alias.user@example.org', password: 'Wrong1234!' })).code).toBe(
      Code.WRONG_CREDENTIALS,
    );
    // The third, on a third alias, does what three on one alias do: every alias needs the captcha.
    for (const name of ['alias_user', '13911110077', 'alias.user@example.org'])
      expect(await restricted(name)).toBe(true);
    expect((await t.call('loginV2', { username: 'ALIAS_USER', password: u.password })).code).toBe(
      Code.CAPTCHA_REQUIRED,
    );
    expect((await t.call('loginV2', { username: '13911110077', password: u.password })).code).toBe(
      Code.CAPTCHA_REQUIRED,
    );
    expect((await t.call('mailLoginV2', { email: 'alias.user@example.org', password: u.password })).code).toBe(
      Code.CAPTCHA_REQUIRED,
    );
  });

  it('still counts names of no account each by itself', async () => {
    for (let i = 0; i < 3; i++) await t.call('loginV2', { username: 'ghost_one', password: 'Wrong1234!' });
    expect((await t.call('getRestrictionStatusV2', { username: 'ghost_one' })).result.needCaptcha).toBe(true);
    expect((await t.call('getRestrictionStatusV2', { username: 'ghost_two' })).result.needCaptcha).toBe(false);
  });

  it('has an arithmetic captcha with the same single-use pass', async () => {
    nextAnswer = '7';
    const img = await t.call('getVerificationV2', {});
    const pass = await t.call('checkVerificationImgV2', { captchaId: img.result.captchaId, answer: '7' });
    expect(pass.code).toBe(0);
    // A text captcha id is not accepted by the arithmetic check, and vice versa.
    const text = await t.call('getValidationImg', {});
    expect((await t.call('checkVerificationImgV2', { captchaId: text.result.captchaId, answer: '7' })).code).toBe(
      Code.CAPTCHA_WRONG,
    );
  });

  it('draws real SVG captchas by default', () => {
    const c = svgCaptchaRenderer('text');
    expect(c.data).toMatch(/^<svg/);
    expect(c.text).toHaveLength(4);
    const m = svgCaptchaRenderer('math');
    expect(Number.isInteger(Number(m.text))).toBe(true);
  });

  it('rate-limits logins per account', async () => {
    const limited = await createTestServer({ limits: { loginPerAccount: { max: 2, windowMs: ONE_WINDOW } } });
    try {
      const u = await limited.register({ username: 'limited_one' });
      expect((await limited.call('loginV2', { username: 'limited_one', password: u.password })).code).toBe(0);
      expect((await limited.call('loginV2', { username: 'limited_one', password: u.password })).code).toBe(0);
      const third = await limited.call('loginV2', { username: 'limited_one', password: u.password });
      expect(third.code).toBe(Code.TOO_MANY_REQUESTS);
      expect(third.status).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('rate-limits logins per account across its aliases', async () => {
    const limited = await createTestServer({ limits: { loginPerAccount: { max: 2, windowMs: ONE_WINDOW } } });
    try {
      const u = await limited.register({ username: 'limited_two', phone: '13911110078' });
      expect((await limited.call('loginV2', { username: 'limited_two', password: u.password })).code).toBe(0);
      expect((await limited.call('loginV2', { username: '13911110078', password: u.password })).code).toBe(0);
      expect((await limited.call('loginV2', { username: 'LIMITED_TWO', password: u.password })).code).toBe(
        Code.TOO_MANY_REQUESTS,
      );
    } finally {
      await limited.close();
    }
  });

  it('rate-limits logins per IP', async () => {
    const limited = await createTestServer({ limits: { loginPerIp: { max: 3, windowMs: ONE_WINDOW } } });
    try {
      for (let i = 0; i < 3; i++)
        await limited.call('loginV2', { username: `x${i}`, password: 'whatever1' }, { ip: '10.9.9.9' });
      expect((await limited.call('loginV2', { username: 'x9', password: 'whatever1' }, { ip: '10.9.9.9' })).code).toBe(
        429,
      );
      // Another address is not affected.
      expect((await limited.call('loginV2', { username: 'x9', password: 'whatever1' }, { ip: '10.9.9.8' })).code).toBe(
        Code.WRONG_CREDENTIALS,
      );
    } finally {
      await limited.close();
    }
  });

  it('logs in by email with a password or an emailed code', async () => {
    const u = await t.register({ username: 'mail_user', email: 'mail.user@example.org' });
    expect((await t.call('mailLoginV2', { email: 'Mail.User@example.org', password: u.password })).code).toBe(0);
    await t.call('getCodeFromEMailV2', { email: 'mail.user@example.org', type: 'login' });
    const code = await t.lastCode('mail.user@example.org');
    expect((await t.call('mailLoginV2', { email: 'mail.user@example.org', code })).code).toBe(0);
    expect((await t.call('mailLoginV2', { email: 'mail.user@example.org', code })).code).toBe(Code.VERIFY_CODE_INVALID);
    expect((await t.call('mailLoginV2', { email: 'mail.user@example.org', password: 'Bad12345!' })).code).toBe(
      Code.WRONG_CREDENTIALS,
    );
    const both = await t.call('mailLoginV2', { email: 'mail.user@example.org', password: 'x', code: '123456' });
    expect(both.code).toBe(400);
    expect((await t.call('getCodeFromEMailV2', { email: 'nobody@example.org', type: 'login' })).code).toBe(
      Code.ACCOUNT_NOT_FOUND,
    );
  });

  it('refuses a stopped account with 50401 and a closed one with 50406', async () => {
    const stopped = await t.register({ username: 'stopped_one' });
    const closed = await t.register({ username: 'closed_one' });
    await t.db.update(users).set({ status: 'stopped' }).where(eq(users.username, 'stopped_one'));
    await t.db.update(users).set({ status: 'closed' }).where(eq(users.username, 'closed_one'));
    expect((await t.call('loginV2', { username: 'stopped_one', password: stopped.password })).code).toBe(
      Code.ACCOUNT_STOPPED,
    );
    expect((await t.call('loginV2', { username: 'closed_one', password: closed.password })).code).toBe(
      Code.ACCOUNT_CLOSED,
    );
    // Their existing sessions end on the next call.
    expect((await t.call('currentUser', undefined, { token: stopped.token })).code).toBe(Code.ACCOUNT_STOPPED);
    expect((await t.call('currentUser', undefined, { token: closed.token })).code).toBe(Code.ACCOUNT_CLOSED);
  });
});
