import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbUnavailable, type TestServer } from '../../test/harness.js';
import { signInAtProvider, startOidcProvider, type TestOidcProvider } from '../../test/oidc-provider.js';
import { thirdProviders } from './tables.js';

const ORIGIN = 'http://console.test';
const REDIRECT = `${ORIGIN}/authorized-login`;

describe.skipIf(dbUnavailable())('third-party sign-in against a real OpenID provider', () => {
  let t: TestServer;
  let idp: TestOidcProvider;
  let admin: string;
  let providerId: number;

  beforeAll(async () => {
    idp = await startOidcProvider({ redirectUris: [REDIRECT] });
    t = await createTestServer();
    admin = await t.adminToken();
    const saved = await t.call(
      'adminThirdProviderSave',
      { name: 'Test IdP', issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, enabled: true },
      { token: admin },
    );
    expect(saved.code, saved.message).toBe(0);
    providerId = saved.result.id;
  });
  afterAll(async () => {
    await t?.close();
    await idp?.close();
  });

  /** Starts a flow, signs in at the provider as `login`, and confirms the code it sent back. */
  async function through(
    name: 'thirdAuthUrl' | 'thirdBindAuthUrl' | 'thirdResetPasswordAuthUrl',
    login: string,
    token?: string,
  ) {
    const start = await t.call(name, { providerId, origin: ORIGIN }, { token });
    expect(start.code, start.message).toBe(0);
    const back = await signInAtProvider(start.result.url, REDIRECT, login);
    const query = Object.fromEntries(back.searchParams) as Record<string, string>;
    return { query, confirm: () => t.call('thirdConfirm', undefined, { query, token }) };
  }

  it('lists the enabled provider, never its secret, and refuses the admin calls to a user', async () => {
    const list = await t.call('thirdProviders');
    expect(list.result).toEqual([{ id: providerId, name: 'Test IdP' }]);
    const adminList = await t.call('adminThirdProviders', undefined, { token: admin });
    expect(adminList.result[0] as object).toMatchObject({ issuer: idp.issuer, hasSecret: true, enabled: true });
    expect(JSON.stringify(adminList.result)).not.toContain(idp.clientSecret);
    const [row] = await t.db.select().from(thirdProviders);
    expect(row?.clientSecretEnc.startsWith('v1:')).toBe(true);
    expect(t.services.secrets.decrypt(row?.clientSecretEnc ?? '')).toBe(idp.clientSecret);
    const user = await t.register();
    expect((await t.call('adminThirdProviders', undefined, { token: user.token })).code).toBe(403);
  });

  it('refuses an issuer that does not answer discovery', async () => {
    const res = await t.call(
      'adminThirdProviderSave',
      { name: 'Nowhere', issuer: 'http://127.0.0.1:9/', clientId: 'x', clientSecret: 'y', enabled: true },
      { token: admin },
    );
    expect(res.errors).toEqual([expect.objectContaining({ field: 'body.issuer', key: 'thirdIssuerUnreachable' })]);
  });

  it('a new identity registers by email with a code, then signs in straight away', async () => {
    const { query, confirm } = await through('thirdAuthUrl', 'newcomer');
    expect(query.code).toBeTruthy();
    const first = await confirm();
    expect(first.result).toMatchObject({ status: 'new', providerName: 'Test IdP', email: 'newcomer@idp.test' });
    // The same state never works twice.
    expect((await confirm()).errors[0]?.key).toBe('thirdStateInvalid');

    const email = 'newcomer@mail.test';
    await t.call('getCodeFromEMailV2', { email, type: 'register' });
    const noName = await t.call('thirdBindEmail', { vCode: first.result.vCode, email, code: await t.lastCode(email) });
    expect(noName.errors[0]).toMatchObject({ field: 'body.username', key: 'usernameRequired' });
    const made = await t.call('thirdBindEmail', {
      vCode: first.result.vCode,
      email,
      code: await t.lastCode(email),
      username: 'newcomer_1',
    });
    expect(made.code, made.message).toBe(0);
    const me = await t.call('currentUser', undefined, { token: made.result.access_token });
    expect(me.result.username).toBe('newcomer_1');
    const msg = await t.call('thirdUserMessage', undefined, { token: made.result.access_token });
    expect(msg.result).toMatchObject({
      hasPassword: false,
      bindings: [{ providerId, bound: true, account: 'newcomer@idp.test' }],
    });
    // The only way in cannot be removed.
    const unbind = await t.call('thirdUnbind', { providerId }, { token: made.result.access_token });
    expect(unbind.errors[0]?.key).toBe('thirdLastSignIn');

    // Next time the identity signs in at once: login/search answers the session.
    const again = await (await through('thirdAuthUrl', 'newcomer')).confirm();
    expect(again.result.status).toBe('login');
    const session = await t.call('thirdLoginSearch', undefined, { query: { vCode: again.result.vCode } });
    expect(session.code, session.message).toBe(0);
    const who = await t.call('currentUser', undefined, { token: session.result.access_token });
    expect(who.result.username).toBe('newcomer_1');
    // A vCode is spent once.
    const twice = await t.call('thirdLoginSearch', undefined, { query: { vCode: again.result.vCode } });
    expect(twice.errors[0]?.key).toBe('thirdVCodeInvalid');

    // resetPassword: the provider proves the identity, update/password (X1) sets one.
    const reset = await (await through('thirdResetPasswordAuthUrl', 'newcomer')).confirm();
    expect(reset.result.status).toBe('resetPassword');
    const set = await t.call('thirdUpdatePassword', { vCode: reset.result.vCode, password: 'N3w-Passw0rd!' });
    expect(set.code, set.message).toBe(0);
    expect((await t.call('loginV2', { username: 'newcomer_1', password: 'N3w-Passw0rd!' })).code).toBe(0);
    // With a password the binding may go.
    const token = (await t.login('newcomer_1', 'N3w-Passw0rd!')).token;
    expect((await t.call('thirdUnbind', { providerId }, { token })).code).toBe(0);
    expect((await t.call('thirdUserMessage', undefined, { token })).result.bindings[0]?.bound).toBe(false);
  });

  it('binds an identity to a signed-in account, and an existing account by its email code', async () => {
    const user = await t.register();
    const bound = await (await through('thirdBindAuthUrl', 'binder', user.token)).confirm();
    expect(bound.result.status).toBe('bound');
    expect((await t.call('thirdUserMessage', undefined, { token: user.token })).result.bindings[0]).toMatchObject({
      bound: true,
      account: 'binder@idp.test',
    });
    // The same identity cannot go to a second account.
    const other = await t.register();
    const taken = await (await through('thirdBindAuthUrl', 'binder', other.token)).confirm();
    expect(taken.errors[0]?.key).toBe('thirdIdentityTaken');
    // A bind flow confirmed by another session is refused.
    const stolen = await through('thirdBindAuthUrl', 'someone', user.token);
    const wrong = await t.call('thirdConfirm', undefined, { query: stolen.query, token: other.token });
    expect(wrong.errors[0]?.key).toBe('thirdBindOtherUser');

    // An unknown identity goes to an existing account whose email code the user reads.
    const ownerMail = 'owner@mail.test';
    const withMail = await t.register({ email: ownerMail });
    const fresh = await (await through('thirdAuthUrl', 'mailer')).confirm();
    expect(fresh.result.status).toBe('new');
    await t.call('getCodeFromEMailV2', { email: ownerMail, type: 'login' });
    const linked = await t.call('thirdBindEmail', {
      vCode: fresh.result.vCode,
      email: ownerMail,
      code: await t.lastCode(ownerMail),
    });
    expect(linked.code, linked.message).toBe(0);
    expect((await t.call('currentUser', undefined, { token: linked.result.access_token })).result.username).toBe(
      withMail.username,
    );
  });

  it('refuses an unknown state and a nonce the ID token does not carry', async () => {
    const { query } = await through('thirdAuthUrl', 'nonce-user');
    const badState = await t.call('thirdConfirm', undefined, { query: { ...query, state: 'forged-state' } });
    expect(badState.errors[0]?.key).toBe('thirdStateInvalid');
    // The flow expected another nonce than the provider signed: the ID token is refused.
    await t.db.execute(sql`update third_flows set nonce = 'another-nonce' where confirmed_at is null`);
    const badNonce = await t.call('thirdConfirm', undefined, { query });
    expect(badNonce.code).toBe(400);
    expect(badNonce.errors[0]?.key).toBe('thirdRefused');
    expect(badNonce.message).toMatch(/nonce/);
  });

  it('a disabled provider is neither listed nor started', async () => {
    const off = await t.call(
      'adminThirdProviderSave',
      { id: providerId, name: 'Test IdP', issuer: idp.issuer, clientId: idp.clientId, enabled: false },
      { token: admin },
    );
    expect(off.result).toMatchObject({ enabled: false, hasSecret: true });
    expect((await t.call('thirdProviders')).result).toEqual([]);
    const start = await t.call('thirdAuthUrl', { providerId, origin: ORIGIN });
    expect(start.errors[0]?.key).toBe('thirdProviderUnknown');
  });
});
