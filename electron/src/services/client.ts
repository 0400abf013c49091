import { createHash } from 'node:crypto';
import { homedir, hostname } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { findChrome } from './chrome-path.js';
import { ConfigStore, type SecretSeal } from './config-store.js';
import { engineVersion, hostPlatform } from './engine.js';
import { ExtraLog } from './extra-log.js';
import { ClientIdentity } from './identity.js';
import { createLocalApi } from './local-api/server.js';
import { McpCallLog } from './mcp/call-log.js';
import { McpKey } from './mcp/key.js';
import { PairingCodes } from './pairing.js';
import type { Load } from './performance.js';
import { ClientAdbKey } from './phones/adb-key.js';
import { type PhoneConnector, PhoneSessions } from './phones/sessions.js';
import { OverloadError, ProfileSessions, ProxyRelayError } from './profile-sessions.js';
import { foldersFromEnv, ReadableFolders } from './readable-folders.js';
import { RpaWorker, type RpaWorkerOptions } from './rpa/worker.js';
import { ServerClient } from './server-client.js';
import { SystemProxyRoute } from './system-proxy.js';
import { CLIENT_VERSION } from './version.js';

/** The client's settings from the environment (ARCHITECTURE.md's operational contract). */
export interface ClientSettings {
  dataDir: string;
  port: number;
  host: string;
  chromePath: string | null;
  headless: boolean;
  serverUrl: string;
  token: string | null;
  sid: string | null;
  apiKey: string | null;
  consoleOrigins: string[];
  /** Folders utils/readexcel may read besides the defaults (`FACET_READEXCEL_DIRS`). */
  readExcelDirs: string[];
}

function defaultDataDir(): string {
  if (process.platform === 'win32') return join(process.env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'Facet');
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Facet');
  return join(process.env.XDG_DATA_HOME ?? join(homedir(), '.local', 'share'), 'facet');
}

export function settingsFromEnv(env: NodeJS.ProcessEnv = process.env): ClientSettings {
  const serverUrl = env.FACET_SERVER_URL || `http://127.0.0.1:${env.PORT || 7700}`;
  return {
    dataDir: env.FACET_DATA_DIR || defaultDataDir(),
    port: env.FACET_CLIENT_PORT ? Number(env.FACET_CLIENT_PORT) : 7701,
    host: '127.0.0.1',
    chromePath: findChrome(env),
    headless: env.FACET_HEADLESS === '1',
    serverUrl,
    token: env.FACET_TOKEN || null,
    sid: env.FACET_SID || null,
    apiKey: env.FACET_CLIENT_API_KEY || null,
    consoleOrigins: [serverUrl, ...(env.FACET_CONSOLE_ORIGIN ?? '').split(',')].map((s) => s.trim()).filter(Boolean),
    readExcelDirs: foldersFromEnv(env.FACET_READEXCEL_DIRS),
  };
}

export interface FacetClient {
  settings: ClientSettings;
  server: ServerClient;
  sessions: ProfileSessions;
  /** The cloud phones open in this client (docs/phones.md, In the client). */
  phones: PhoneSessions;
  /** The phoneDeviceScale global value (1 when unset or unreadable): phone windows are tiled at this scale. */
  phoneScale(): Promise<number>;
  config: ConfigStore;
  /** The client's own event log (extralog); other parts (updates) record their errors here too. */
  extraLog: ExtraLog;
  /** The MCP server's key and call log (docs/ai.md). */
  mcp: { key: McpKey; log: McpCallLog };
  /** The route of the client's own traffic to the server (the system proxy). */
  systemProxy: SystemProxyRoute;
  clientVersion: string;
  /** The one-time codes a console in a browser pairs with. */
  pairing: PairingCodes;
  /** The Chromium version profiles run on (asked at start, in the background); null until known. */
  engineVersion(): string | null;
  /** Runs the server's RPA queue gives this client while it is signed in (docs/rpa.md, The client's worker). */
  rpa: RpaWorker;
  /** Signs the client in as the console's user (pairing, the desktop bridge) and registers its identity for that user. */
  setSession(s: { token: string; sid?: string | undefined }): Promise<void>;
  api: FastifyInstance;
  /** Listening address of the local API. */
  url: string;
  stop(): Promise<void>;
}

const POLICY_TTL_MS = 30_000;

/**
 * Starts the client's services: config, profile sessions, the local API; then reconciles what
 * the server shows open on this device. The same function runs in Electron's main process and
 * in the headless client.
 */
export async function startClient(
  settings: ClientSettings,
  opts: {
    load?: () => Promise<Load>;
    device?: string;
    extraFlags?: string[];
    listen?: boolean;
    /** How long the user's key settings are trusted before asking the server again. */
    policyTtlMs?: number;
    /** Electron passes app.getVersion(); the package's version otherwise. */
    clientVersion?: string;
    /** More folders utils/readexcel may read: Electron passes the OS's own Downloads, Documents and Desktop. */
    readExcelDirs?: string[];
    /**
     * Pairing codes (docs/client.md, Pairing): the headless client keeps one ready and prints it
     * (`renew`); the desktop app makes one when the user asks for it on its Local API screen.
     */
    pairing?: ConstructorParameters<typeof PairingCodes>[0];
    /** The OS keystore for the client's secrets at rest: the desktop app passes safeStorage. */
    seal?: SecretSeal | null;
    /** Ask the browser its version at start (default on; tests that do not look at it skip the extra launch). */
    probeEngine?: boolean;
    /** Links to a phone without the server's grant (tests and the bench link straight to a test phone). */
    phoneConnect?: PhoneConnector;
    /** Where phone screenshots are saved (phone/saveimgs): the user's Downloads by default. */
    downloadDir?: string;
    /** The scrcpy-server file phones run (scrcpy mode), null for screencap mode; found on the machine by default. */
    scrcpyServer?: string | null;
    /** The RPA worker's pace and limit (tests make it quick); it starts once the client is signed in. */
    rpa?: Pick<RpaWorkerOptions, 'maxRuns' | 'pollMs' | 'heartbeatMs' | 'logFlushMs'>;
  } = {},
): Promise<FacetClient> {
  const config = new ConfigStore(join(settings.dataDir, 'client', 'config.json'), opts.seal ?? null);
  await config.load();
  if (settings.apiKey && config.get().apiKey !== settings.apiKey) await config.saveApiKey(settings.apiKey);
  const clientVersion = opts.clientVersion ?? CLIENT_VERSION;
  const server = new ServerClient(
    settings.serverUrl,
    settings.token ? { token: settings.token, ...(settings.sid ? { sid: settings.sid } : {}) } : null,
    undefined,
    clientVersion,
  );
  const systemProxy = new SystemProxyRoute(server);
  config.onSystemProxy((c) => systemProxy.apply(c));
  // A stored proxy that cannot be used now must not keep the client from starting: it talks
  // to the server directly until the proxy is saved again.
  const proxyFailure = await systemProxy.apply(config.get().systemProxy).then(
    () => null,
    (e: Error) => e.message,
  );
  const sessions = new ProfileSessions({
    server,
    chromePath: settings.chromePath,
    dataDir: settings.dataDir,
    headless: settings.headless,
    performance: () => config.get().performance,
    ...(opts.load ? { load: opts.load } : {}),
    ...(opts.device ? { device: opts.device } : {}),
    ...(opts.extraFlags ? { extraFlags: opts.extraFlags } : {}),
  });
  const extraLog = new ExtraLog(join(settings.dataDir, 'client', 'extralog.jsonl'));
  logSessionEvents(sessions, extraLog);
  // The client's ADB key is made on the first phone open, not at every start (RSA takes a moment).
  let adbKey: Promise<ClientAdbKey> | null = null;
  const phones = new PhoneSessions({
    server,
    key: () => {
      adbKey ??= ClientAdbKey.load(join(settings.dataDir, 'client', 'adbkey'));
      adbKey.catch(() => {
        adbKey = null;
      });
      return adbKey;
    },
    ...(opts.phoneConnect ? { connect: opts.phoneConnect } : {}),
    ...(opts.downloadDir ? { downloadDir: () => opts.downloadDir as string } : {}),
    ...(opts.scrcpyServer !== undefined ? { scrcpyServer: () => opts.scrcpyServer ?? null } : {}),
  });
  phones.on('warning', (w: { id: number; message: string }) => {
    console.warn(`[facet-client] phone ${w.id}: ${w.message}`);
    void extraLog.add('warn', 'phone.warning', `phone ${w.id}: ${w.message}`).catch(() => {});
  });
  const phoneScale = async () => {
    try {
      const v = (await server.globalValues(['phoneDeviceScale'])).phoneDeviceScale;
      const n = v ? Number(JSON.parse(v)) : Number.NaN;
      return Number.isFinite(n) ? Math.min(4, Math.max(0.25, n)) : 1;
    } catch {
      return 1;
    }
  };

  // What the signed-in user says about the key, kept for a while; the last known answer
  // stays in force when the server cannot be reached (never fail open).
  let policy: { isLocalToken: number | null; serverHint: string | null; at: number } = {
    isLocalToken: null,
    serverHint: null,
    at: 0,
  };
  const keyPolicy = async () => {
    if (server.hasSession && Date.now() - policy.at >= (opts.policyTtlMs ?? POLICY_TTL_MS)) {
      try {
        const me = await server.currentUser();
        policy = { isLocalToken: me.isLocalToken, serverHint: me.localToken, at: Date.now() };
      } catch {
        policy = { ...policy, at: Date.now() };
      }
    }
    return { isLocalToken: policy.isLocalToken, serverHint: policy.serverHint };
  };

  if (proxyFailure) {
    console.warn(`[facet-client] system proxy not applied: ${proxyFailure}`);
    void extraLog.add('error', 'proxy.failed', `system proxy not applied: ${proxyFailure}`).catch(() => {});
  }

  const identity = await ClientIdentity.load(join(settings.dataDir, 'client', 'identity.pem'));
  // New profiles claim this engine's version (docs/client.md, Claims the engine can back): the
  // server learns it with the identity, again once the probe has answered.
  let engine: string | null = null;
  // The server learns this client's public key for whoever signed in, so that user's console can
  // check it later; a failure only means the console will ask to pair again.
  const registerIdentity = () =>
    server
      .call('clientIdentityRegister', {
        body: {
          publicKey: identity.publicKey,
          name: hostname().slice(0, 64),
          platform: hostPlatform(),
          ...(engine ? { engineVersion: engine } : {}),
        },
      })
      .catch((e: Error) => console.warn(`[facet-client] identity not registered: ${e.message}`));

  // The queue knows this installation by its identity key, so a restart keeps its id.
  const rpa = new RpaWorker({
    server,
    sessions,
    clientId: `${hostname().slice(0, 40)}-${createHash('sha256').update(identity.publicKey).digest('hex').slice(0, 16)}`,
    filesDir: join(settings.dataDir, 'rpa'),
    ...opts.rpa,
  });

  const readableFolders = await ReadableFolders.create({
    dataDir: settings.dataDir,
    extra: [...settings.readExcelDirs, ...(opts.readExcelDirs ?? [])],
  });
  const setSession = async (s: { token: string; sid?: string | undefined }) => {
    server.setSession({ token: s.token, ...(s.sid ? { sid: s.sid } : {}) });
    policy = { isLocalToken: null, serverHint: null, at: 0 };
    await registerIdentity();
    await sessions.reconcile().catch(() => []);
    rpa.start();
  };
  const pairing = new PairingCodes(opts.pairing ?? { renew: false });
  const mcp = {
    key: new McpKey(join(settings.dataDir, 'client', 'mcp-key.json')),
    log: new McpCallLog(join(settings.dataDir, 'client', 'mcp-calls.jsonl')),
    version: clientVersion,
    listProfiles: (q: { page: number; pageSize: number; name?: string | undefined }) =>
      server.call('profileList', { body: { page: q.page, pageSize: q.pageSize, ...(q.name ? { name: q.name } : {}) } }),
  };
  const api = await createLocalApi({
    mcp,
    pairing,
    readableFolders,
    rpaFilesDir: join(settings.dataDir, 'rpa'),
    updateProfile: async (id, data) => {
      await server.call('profileBatchUpdatePart', { body: { ids: [id], data } });
    },
    rpaTaskErrors: (after) => rpa.taskErrors(after),
    sessions,
    phones,
    phoneScale,
    config,
    extraLog,
    consoleOrigins: settings.consoleOrigins,
    keyPolicy,
    clientVersion,
    engineVersion: () => engine,
    identity,
    setSession,
  });
  let url = '';
  if (opts.listen !== false) url = await api.listen({ port: settings.port, host: settings.host });
  if (server.hasSession) await registerIdentity();
  const probing =
    opts.probeEngine === false || !settings.chromePath
      ? Promise.resolve()
      : engineVersion(settings.chromePath, join(settings.dataDir, 'client', 'engine.json')).then(async (v) => {
          engine = v;
          if (v && server.hasSession) await registerIdentity();
        });
  if (server.hasSession)
    await sessions.reconcile().catch((e: Error) => console.warn(`[facet-client] reconcile: ${e.message}`));
  if (server.hasSession) rpa.start();

  return {
    settings,
    server,
    sessions,
    phones,
    phoneScale,
    config,
    extraLog,
    mcp,
    systemProxy,
    clientVersion,
    pairing,
    setSession,
    engineVersion: () => engine,
    rpa,
    api,
    url,
    async stop() {
      await probing;
      // Before the browsers close, so the runs end as "the client stopped", not as crashed browsers.
      await rpa.stop();
      await phones.closeAll();
      await sessions.shutdown();
      await api.close();
      await systemProxy.stop();
    },
  };
}

/** What the sessions do that a user may want to look back at, in the extra log (and warnings on the console). */
function logSessionEvents(sessions: ProfileSessions, log: ExtraLog) {
  const add = (...a: Parameters<ExtraLog['add']>) => void log.add(...a).catch(() => {});
  sessions.on('opened', (p: { id: number; name: string; headless: boolean }) =>
    add('info', 'profile.opened', `${p.name} opened${p.headless ? ' (headless)' : ''}`, p.id),
  );
  sessions.on('closed', (c: { id: number; crashed: boolean }) =>
    c.crashed
      ? add(
          'error',
          'profile.crashed',
          'the browser ended without being closed by the client (crash, kill or closed window)',
          c.id,
        )
      : add('info', 'profile.closed', 'closed', c.id),
  );
  sessions.on('open-failed', (f: { id: number; error: Error }) => {
    if (f.error instanceof OverloadError) add('warn', 'open.refused', f.error.message, f.id);
    else if (f.error instanceof ProxyRelayError) add('error', 'proxy.failed', f.error.message, f.id);
    else add('error', 'open.failed', f.error.message, f.id);
  });
  sessions.on('restarted', (r: { id: number; ok: boolean; message: string }) =>
    add(r.ok ? 'warn' : 'error', 'profile.protect', `process protect: ${r.message}`, r.id),
  );
  sessions.on('warning', (w: { id: number; message: string }) => {
    console.warn(`[facet-client] profile ${w.id}: ${w.message}`);
    add('warn', 'profile.warning', w.message, w.id);
  });
}
