import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AdbRelayConfig } from './config.js';
import type { Database, Db } from './db/connection.js';
import type { Secrets } from './lib/secrets.js';
import { AccountsAdmin } from './modules/accounts/admin.js';
import { Accounts } from './modules/accounts/service.js';
import { Billing } from './modules/billing/service.js';
import type { StripeConfig } from './modules/billing/stripe.js';
import { type CaptchaRenderer, Captchas, svgCaptchaRenderer } from './modules/captcha/service.js';
import { ClientIdentities } from './modules/clients/service.js';
import { Dashboard } from './modules/dashboard/service.js';
import { Extensions } from './modules/extensions/service.js';
import { Groups } from './modules/groups/service.js';
import { operatorReview } from './modules/identity/provider.js';
import { Identity } from './modules/identity/service.js';
import { X1Keys } from './modules/keys/service.js';
import { Logs } from './modules/logs/service.js';
import { Messages, RecordingSender } from './modules/messages/service.js';
import { Notices } from './modules/notices/service.js';
import { type MessageSender, OutboxSender } from './modules/outbox/senders.js';
import { Phones } from './modules/phones/service.js';
import { Profiles } from './modules/profiles/service.js';
import { Shares } from './modules/profiles/shares.js';
import { ProfileWindows } from './modules/profiles/window-status.js';
import { Proxies } from './modules/proxies/service.js';
import { DEFAULT_LIMITS, type Limits, RateLimiter } from './modules/ratelimit/service.js';
import { Releases } from './modules/releases/service.js';
import { Rpa } from './modules/rpa/service.js';
import { ApiTokens } from './modules/security/api-tokens.js';
import { IpWhitelists } from './modules/security/ip-whitelist.js';
import { SecondFactors } from './modules/security/service.js';
import { Sessions } from './modules/sessions/service.js';
import { Preferences } from './modules/settings/preferences.js';
import { Team } from './modules/team/service.js';
import { Third } from './modules/third/service.js';
import { VerifyCodes } from './modules/verify/service.js';

/** Everything a route handler may use, built once per server. */
export interface Services {
  db: Db;
  dbKind: Database['kind'];
  secrets: Secrets;
  sender: MessageSender;
  messages: Messages;
  limiter: RateLimiter;
  x1: X1Keys;
  sessions: Sessions;
  codes: VerifyCodes;
  captchas: Captchas;
  accounts: Accounts;
  secondFactors: SecondFactors;
  ipWhitelists: IpWhitelists;
  preferences: Preferences;
  apiTokens: ApiTokens;
  logs: Logs;
  accountsAdmin: AccountsAdmin;
  profileWindows: ProfileWindows;
  team: Team;
  releases: Releases;
  groups: Groups;
  proxies: Proxies;
  extensions: Extensions;
  profiles: Profiles;
  shares: Shares;
  clients: ClientIdentities;
  dashboard: Dashboard;
  billing: Billing;
  phones: Phones;
  rpa: Rpa;
  notices: Notices;
  third: Third;
  identity: Identity;
  /** The server's data folder: uploads go under it (docs/contributing.md, Adding a call). */
  dataDir: string;
}

export interface ServiceOptions {
  database: Database;
  secrets: Secrets;
  /** Defaults to the outbox. */
  sender?: MessageSender | undefined;
  limits?: Partial<Limits> | undefined;
  captchaRenderer?: CaptchaRenderer | undefined;
  log?: FastifyBaseLogger | undefined;
  /** The self-update feed folder (FACET_RELEASES_DIR); none = no releases. */
  releasesDir?: string | undefined;
  /** The local API of the client started beside the server (FACET_CLIENT_URL); none = not known. */
  localClientUrl?: string | undefined;
  /** Card payments (FACET_STRIPE_*); off without. */
  stripe?: StripeConfig | undefined;
  /** The billing clock; tests move it. */
  now?: (() => Date) | undefined;
  /** How long a cloud phone's device may take to answer over ADB (default 5 s). */
  adbTimeoutMs?: number | undefined;
  /** ADB access for users (FACET_ADB_RELAY_*); tests: any free port on 127.0.0.1. */
  adbRelay?: AdbRelayConfig | undefined;
  /** Where uploaded files are kept (FACET_DATA_DIR); a fresh temporary folder when not given (tests). */
  dataDir?: string | undefined;
}

export async function createServices(o: ServiceOptions): Promise<Services> {
  const { db } = o.database;
  // Every message is recorded with how it went (docs/messages.md).
  const sender = new RecordingSender(db, o.sender ?? new OutboxSender(db, o.log), o.log);
  const limiter = new RateLimiter(db, { ...DEFAULT_LIMITS, ...o.limits });
  const sessions = new Sessions(db);
  const codes = new VerifyCodes(db, o.secrets, sender, limiter);
  const captchas = new Captchas(db, o.secrets, limiter, o.captchaRenderer ?? svgCaptchaRenderer);
  const logs = new Logs(db);
  const secondFactors = new SecondFactors(db, o.secrets, codes, limiter, logs);
  const ipWhitelists = new IpWhitelists(db, logs);
  const apiTokens = new ApiTokens(db, logs);
  const billing = new Billing(db, sender, logs, {
    stripe: o.stripe,
    log: o.log,
    ...(o.now ? { now: o.now } : {}),
  });
  const accounts = new Accounts(db, sessions, codes, captchas, limiter, {
    gate: secondFactors,
    ipPolicy: ipWhitelists,
    apiTokenHint: (id) => apiTokens.hint(id),
    money: async (u) => {
      const { balance, packageId } = await billing.userMoney(u);
      return { balance, packageId };
    },
  });
  const groups = new Groups(db);
  const proxies = new Proxies(db, o.secrets);
  const extensions = new Extensions(db);
  const shares = new Shares(db);
  const clients = new ClientIdentities(db, o.localClientUrl ?? null);
  const dataDir = o.dataDir ?? join(tmpdir(), `facet-data-${randomUUID()}`);
  return {
    dataDir,
    db,
    dbKind: o.database.kind,
    secrets: o.secrets,
    sender,
    messages: new Messages(db),
    limiter,
    x1: await X1Keys.load(db, o.secrets),
    sessions,
    codes,
    captchas,
    accounts,
    secondFactors,
    ipWhitelists,
    preferences: new Preferences(db),
    apiTokens,
    logs,
    accountsAdmin: new AccountsAdmin(db, logs, (u) => billing.userMoney(u)),
    profileWindows: new ProfileWindows(db),
    team: new Team(db, accounts, sessions, limiter, logs, shares, billing.subscriptions),
    releases: new Releases(o.releasesDir, o.log),
    groups,
    proxies,
    extensions,
    profiles: new Profiles(db, o.secrets, groups, proxies, extensions, clients, billing.subscriptions),
    shares,
    clients,
    dashboard: new Dashboard(db, billing),
    billing,
    notices: new Notices(db),
    third: new Third(db, o.secrets, accounts, codes),
    identity: new Identity(db, codes, operatorReview, dataDir, logs),
    rpa: new Rpa(db, { log: o.log, ...(o.now ? { now: o.now } : {}) }),
    phones: new Phones(db, o.secrets, billing, {
      log: o.log,
      sender,
      ...(o.now ? { now: o.now } : {}),
      ...(o.adbTimeoutMs ? { adbTimeoutMs: o.adbTimeoutMs } : {}),
      ...(o.adbRelay ? { adbRelay: o.adbRelay } : {}),
      dataDir,
    }),
  };
}
