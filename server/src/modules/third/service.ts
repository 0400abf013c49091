import type * as T from '@facet/shared';
import { Code, formatCst, type LoginResult } from '@facet/shared';
import { and, count, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import * as oidc from 'openid-client';
import type { z } from 'zod';
import type { Db } from '../../db/connection.js';
import { AppError } from '../../lib/errors.js';
import { randomToken, type Secrets, sha256 } from '../../lib/secrets.js';
import type { Accounts, RequestInfo } from '../accounts/service.js';
import { type UserRow, users } from '../accounts/tables.js';
import type { VerifyCodes } from '../verify/service.js';
import { type ThirdProviderRow, thirdFlows, thirdIdentities, thirdProviders } from './tables.js';

type Body<S extends z.ZodType> = z.infer<S>;
type Purpose = T.ThirdPurpose;

/** How long a sign-in may stay at the provider, and its vCode afterwards. */
export const THIRD_FLOW_TTL_MS = 10 * 60_000;

const refuse = (key: string, message: string, code: number = Code.BAD_REQUEST, field = '') =>
  new AppError(code, message, undefined, [{ field, key }]);
const stateInvalid = () => refuse('thirdStateInvalid', 'sign-in state unknown, used or expired');
const vCodeInvalid = () =>
  refuse('thirdVCodeInvalid', 'vCode unknown, used or expired', Code.BAD_REQUEST, 'query.vCode');

/** Plain http is allowed only to an issuer on this machine (a test or a local provider). */
const isLoopback = (url: URL) => ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);

/**
 * Third-party sign-in over OpenID Connect (docs/accounts.md, Third-party sign-in): authorization
 * code with PKCE, state and nonce through openid-client; the ID token validated by it.
 */
export class Third {
  private readonly configs = new Map<number, { stamp: number; config: Promise<oidc.Configuration> }>();

  constructor(
    private readonly db: Db,
    private readonly secrets: Secrets,
    private readonly accounts: Accounts,
    private readonly codes: VerifyCodes,
  ) {}

  // ---- providers --------------------------------------------------------------------------------

  private discover(p: Pick<ThirdProviderRow, 'issuer' | 'clientId' | 'clientSecretEnc'>): Promise<oidc.Configuration> {
    const issuer = new URL(p.issuer);
    const secret = p.clientSecretEnc ? this.secrets.decrypt(p.clientSecretEnc) : '';
    return oidc.discovery(
      issuer,
      p.clientId,
      undefined,
      secret ? oidc.ClientSecretBasic(secret) : oidc.None(),
      issuer.protocol === 'http:' && isLoopback(issuer)
        ? { execute: [oidc.allowInsecureRequests], timeout: 10 }
        : { timeout: 10 },
    );
  }

  /** The provider's discovered configuration, kept until the operator changes the provider. */
  private config(p: ThirdProviderRow): Promise<oidc.Configuration> {
    const stamp = p.updatedAt.getTime();
    const cached = this.configs.get(p.id);
    if (cached?.stamp === stamp) return cached.config;
    const config = this.discover(p);
    // A failed discovery is tried again next time.
    config.catch(() => this.configs.delete(p.id));
    this.configs.set(p.id, { stamp, config });
    return config;
  }

  private async enabledProvider(id: number): Promise<ThirdProviderRow> {
    const [p] = await this.db
      .select()
      .from(thirdProviders)
      .where(and(eq(thirdProviders.id, id), eq(thirdProviders.enabled, true)));
    if (!p) throw refuse('thirdProviderUnknown', 'no enabled provider with that id', Code.NOT_FOUND, 'body.providerId');
    return p;
  }

  async enabledList() {
    const rows = await this.db
      .select({ id: thirdProviders.id, name: thirdProviders.name })
      .from(thirdProviders)
      .where(eq(thirdProviders.enabled, true))
      .orderBy(thirdProviders.id);
    return rows;
  }

  // ---- the flow ---------------------------------------------------------------------------------

  /** The provider's authorization URL; the flow's state, verifier and nonce stay here. */
  async authUrl(purpose: Purpose, b: Body<typeof T.thirdAuthUrlBody>, user: UserRow | null) {
    const provider = await this.enabledProvider(b.providerId);
    const config = await this.config(provider).catch((e: unknown) => {
      throw refuse('thirdProviderUnreachable', `provider discovery failed: ${(e as Error).message}`);
    });
    const redirectUri = new URL('/authorized-login', b.origin).href;
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    await this.db.insert(thirdFlows).values({
      stateHash: sha256(state),
      providerId: provider.id,
      purpose,
      userId: user?.id ?? null,
      codeVerifier: this.secrets.encrypt(codeVerifier),
      nonce,
      redirectUri,
      expiresAt: new Date(Date.now() + THIRD_FLOW_TTL_MS),
    });
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      response_type: 'code',
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { url: url.href };
  }

  /** Exchanges the provider's code once; what follows depends on the flow's purpose. */
  async confirm(
    q: Body<typeof T.thirdConfirmQuery>,
    user: UserRow | null,
  ): Promise<z.infer<typeof T.thirdConfirmResult>> {
    // The state is spent before the exchange: a second try with it finds nothing.
    const [flow] = await this.db
      .update(thirdFlows)
      .set({ confirmedAt: new Date() })
      .where(
        and(
          eq(thirdFlows.stateHash, sha256(q.state)),
          isNull(thirdFlows.confirmedAt),
          gt(thirdFlows.expiresAt, new Date()),
        ),
      )
      .returning();
    if (!flow) throw stateInvalid();
    if (flow.purpose === 'bind' && flow.userId !== user?.id)
      throw refuse('thirdBindOtherUser', 'this binding was started by another session', Code.FORBIDDEN);
    const provider = await this.enabledProvider(flow.providerId);
    const callback = new URL(flow.redirectUri);
    callback.searchParams.set('code', q.code);
    callback.searchParams.set('state', q.state);
    if (q.iss) callback.searchParams.set('iss', q.iss);
    let claims: oidc.IDToken | undefined;
    try {
      const tokens = await oidc.authorizationCodeGrant(await this.config(provider), callback, {
        pkceCodeVerifier: this.secrets.decrypt(flow.codeVerifier),
        expectedState: q.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      claims = tokens.claims();
    } catch (e) {
      // openid-client's message is generic; its cause names the check (e.g. the nonce claim).
      const cause = (e as { cause?: unknown }).cause;
      const what = cause instanceof Error ? ` (${cause.message})` : '';
      throw refuse('thirdRefused', `the provider's answer was refused: ${(e as Error).message}${what}`);
    }
    if (!claims?.sub) throw refuse('thirdRefused', 'the ID token names no subject');
    const subject = claims.sub;
    const email = typeof claims.email === 'string' ? claims.email.slice(0, 200) : '';
    const [identity] = await this.db
      .select()
      .from(thirdIdentities)
      .where(and(eq(thirdIdentities.providerId, provider.id), eq(thirdIdentities.subject, subject)));
    const answer = (status: 'login' | 'new' | 'bound' | 'resetPassword', vCode: string) => ({
      status,
      vCode,
      providerName: provider.name,
      email,
    });
    if (flow.purpose === 'bind') {
      const userId = flow.userId as number;
      if (identity && identity.userId !== userId)
        throw refuse('thirdIdentityTaken', 'that identity is bound to another account', Code.ACCOUNT_EXISTS);
      if (!identity) {
        const inserted = await this.db
          .insert(thirdIdentities)
          .values({ providerId: provider.id, userId, subject, email })
          .onConflictDoNothing()
          .returning({ id: thirdIdentities.id });
        if (inserted.length === 0)
          throw refuse('thirdAlreadyBound', 'the account is already bound at this provider', Code.ACCOUNT_EXISTS);
      }
      return answer('bound', '');
    }
    if (flow.purpose === 'resetPassword' && !identity)
      throw refuse('thirdNotBound', 'no account is bound to that identity', Code.ACCOUNT_NOT_FOUND);
    const vCode = randomToken(24);
    await this.db
      .update(thirdFlows)
      .set({ vCodeHash: sha256(vCode), subject, email, expiresAt: new Date(Date.now() + THIRD_FLOW_TTL_MS) })
      .where(eq(thirdFlows.id, flow.id));
    if (flow.purpose === 'resetPassword') return answer('resetPassword', vCode);
    return answer(identity ? 'login' : 'new', vCode);
  }

  /** Spends a confirmed flow's vCode (once, unexpired, of the purpose). */
  private async spend(vCode: string, purpose: Purpose) {
    const [flow] = await this.db
      .update(thirdFlows)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(thirdFlows.vCodeHash, sha256(vCode)),
          eq(thirdFlows.purpose, purpose),
          isNull(thirdFlows.usedAt),
          gt(thirdFlows.expiresAt, new Date()),
        ),
      )
      .returning();
    if (!flow?.subject) throw vCodeInvalid();
    return { ...flow, subject: flow.subject };
  }

  private async identityUser(providerId: number, subject: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select({ user: users })
      .from(thirdIdentities)
      .innerJoin(users, eq(users.id, thirdIdentities.userId))
      .where(and(eq(thirdIdentities.providerId, providerId), eq(thirdIdentities.subject, subject)));
    return row?.user;
  }

  /** The session of a confirmed sign-in, through the same IP and second-factor checks as a password login. */
  async loginSearch(q: Body<typeof T.thirdLoginSearchQuery>, info: RequestInfo): Promise<LoginResult> {
    const flow = await this.spend(q.vCode, 'login');
    const user = await this.identityUser(flow.providerId, flow.subject);
    if (!user) throw vCodeInvalid();
    return this.accounts.finishLogin(user, user.username, info, q.deviceId);
  }

  /**
   * A new identity goes to the account of an email whose code the user read (type 'login'), or
   * to a new account with that email (type 'register' and a username).
   */
  async bindEmail(b: Body<typeof T.thirdBindEmailBody>, info: RequestInfo): Promise<LoginResult> {
    const [owner] = await this.db.select().from(users).where(sql`lower(${users.email}) = lower(${b.email})`);
    if (!owner && !b.username)
      throw refuse('usernameRequired', 'a new account needs a username', Code.BAD_REQUEST, 'body.username');
    const target = { channel: 'email' as const, email: b.email };
    const codeId = await this.codes.check(owner ? 'login' : 'register', target, b.code, info.ip);
    const flow = await this.spend(b.vCode, 'login');
    const user = await this.db.transaction(async (tx) => {
      await this.codes.consume(tx, codeId);
      const u = owner ?? (await this.accounts.createVerified(tx, { username: b.username as string, email: b.email }));
      const bound = await tx
        .insert(thirdIdentities)
        .values({ providerId: flow.providerId, userId: u.id, subject: flow.subject, email: flow.email ?? '' })
        .onConflictDoNothing()
        .returning({ id: thirdIdentities.id });
      if (bound.length === 0)
        throw refuse('thirdAlreadyBound', 'that account is already bound at this provider', Code.ACCOUNT_EXISTS);
      return u;
    });
    return this.accounts.finishLogin(user, b.email, info, b.deviceId);
  }

  async updatePassword(b: Body<typeof T.thirdUpdatePasswordBody>): Promise<true> {
    const flow = await this.spend(b.vCode, 'resetPassword');
    const user = await this.identityUser(flow.providerId, flow.subject);
    if (!user) throw vCodeInvalid();
    await this.accounts.setPassword(user.id, b.password);
    return true;
  }

  // ---- the account's bindings -------------------------------------------------------------------

  async userMessage(user: UserRow) {
    const rows = await this.db
      .select({ provider: thirdProviders, identity: thirdIdentities })
      .from(thirdProviders)
      .leftJoin(
        thirdIdentities,
        and(eq(thirdIdentities.providerId, thirdProviders.id), eq(thirdIdentities.userId, user.id)),
      )
      .where(eq(thirdProviders.enabled, true))
      .orderBy(thirdProviders.id);
    return {
      hasPassword: user.passwordHash !== '',
      bindings: rows.map(({ provider, identity }) => ({
        providerId: provider.id,
        providerName: provider.name,
        bound: !!identity,
        account: identity ? identity.email || identity.subject : '',
        boundTime: identity ? (formatCst(identity.createdAt) ?? '') : '',
      })),
    };
  }

  /** An account keeps at least one way to sign in: its password or another binding. */
  async unbind(user: UserRow, providerId: number): Promise<true> {
    return this.db.transaction(async (tx) => {
      const [others] = await tx
        .select({ n: count() })
        .from(thirdIdentities)
        .where(and(eq(thirdIdentities.userId, user.id), ne(thirdIdentities.providerId, providerId)));
      if (user.passwordHash === '' && (others?.n ?? 0) === 0)
        throw refuse('thirdLastSignIn', 'set a password or bind another provider first');
      const gone = await tx
        .delete(thirdIdentities)
        .where(and(eq(thirdIdentities.userId, user.id), eq(thirdIdentities.providerId, providerId)))
        .returning({ id: thirdIdentities.id });
      if (gone.length === 0)
        throw refuse('thirdNotBound', 'not bound at that provider', Code.NOT_FOUND, 'body.providerId');
      return true as const;
    });
  }

  // ---- the operator's side ----------------------------------------------------------------------

  async adminList() {
    const rows = await this.db
      .select({ p: thirdProviders, n: count(thirdIdentities.id) })
      .from(thirdProviders)
      .leftJoin(thirdIdentities, eq(thirdIdentities.providerId, thirdProviders.id))
      .groupBy(thirdProviders.id)
      .orderBy(thirdProviders.id);
    return rows.map(({ p, n }) => this.adminView(p, n));
  }

  private adminView(p: ThirdProviderRow, boundCount: number) {
    return {
      id: p.id,
      name: p.name,
      issuer: p.issuer,
      clientId: p.clientId,
      hasSecret: p.clientSecretEnc !== '',
      enabled: p.enabled,
      boundCount,
      createdTime: formatCst(p.createdAt) ?? '',
    };
  }

  /** Saves a provider once its issuer answers discovery with these values. */
  async adminSave(b: Body<typeof T.adminThirdProviderBody>) {
    let current: ThirdProviderRow | undefined;
    if (b.id !== undefined) {
      [current] = await this.db.select().from(thirdProviders).where(eq(thirdProviders.id, b.id));
      if (!current) throw refuse('thirdProviderUnknown', 'provider not found', Code.NOT_FOUND, 'body.id');
    }
    const issuer = b.issuer.replace(/\/+$/, '');
    const clientSecretEnc = b.clientSecret ? this.secrets.encrypt(b.clientSecret) : (current?.clientSecretEnc ?? '');
    try {
      await this.discover({ issuer, clientId: b.clientId, clientSecretEnc });
    } catch (e) {
      throw new AppError(Code.BAD_REQUEST, `issuer discovery failed: ${(e as Error).message}`, 400, [
        { field: 'body.issuer', key: 'thirdIssuerUnreachable' },
      ]);
    }
    const values = {
      name: b.name,
      issuer,
      clientId: b.clientId,
      clientSecretEnc,
      enabled: b.enabled,
      updatedAt: new Date(),
    };
    const [row] = current
      ? await this.db.update(thirdProviders).set(values).where(eq(thirdProviders.id, current.id)).returning()
      : await this.db.insert(thirdProviders).values(values).returning();
    if (!row) throw new Error('save returned nothing');
    const [bound] = await this.db
      .select({ n: count() })
      .from(thirdIdentities)
      .where(eq(thirdIdentities.providerId, row.id));
    return this.adminView(row, bound?.n ?? 0);
  }

  async adminDelete(id: number): Promise<true> {
    const gone = await this.db
      .delete(thirdProviders)
      .where(eq(thirdProviders.id, id))
      .returning({ id: thirdProviders.id });
    if (gone.length === 0) throw refuse('thirdProviderUnknown', 'provider not found', Code.NOT_FOUND, 'body.id');
    this.configs.delete(id);
    return true;
  }
}
