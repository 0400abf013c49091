import { homedir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { findChrome } from './chrome-path.js';
import { ConfigStore } from './config-store.js';
import { createLocalApi } from './local-api/server.js';
import type { Load } from './performance.js';
import { ProfileSessions } from './profile-sessions.js';
import { ServerClient } from './server-client.js';

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
  };
}

export interface FacetClient {
  settings: ClientSettings;
  server: ServerClient;
  sessions: ProfileSessions;
  config: ConfigStore;
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
  } = {},
): Promise<FacetClient> {
  const config = new ConfigStore(join(settings.dataDir, 'client', 'config.json'));
  await config.load();
  if (settings.apiKey && config.get().apiKey !== settings.apiKey) await config.saveApiKey(settings.apiKey);
  const server = new ServerClient(
    settings.serverUrl,
    settings.token ? { token: settings.token, ...(settings.sid ? { sid: settings.sid } : {}) } : null,
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
  sessions.on('warning', (w: { id: number; message: string }) =>
    console.warn(`[facet-client] profile ${w.id}: ${w.message}`),
  );

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

  const api = await createLocalApi({
    sessions,
    config,
    consoleOrigins: settings.consoleOrigins,
    keyPolicy,
    setSession: async (s) => {
      server.setSession({ token: s.token, ...(s.sid ? { sid: s.sid } : {}) });
      policy = { isLocalToken: null, serverHint: null, at: 0 };
      await sessions.reconcile().catch(() => []);
    },
  });
  let url = '';
  if (opts.listen !== false) url = await api.listen({ port: settings.port, host: settings.host });
  if (server.hasSession)
    await sessions.reconcile().catch((e: Error) => console.warn(`[facet-client] reconcile: ${e.message}`));

  return {
    settings,
    server,
    sessions,
    config,
    api,
    url,
    async stop() {
      await sessions.closeAll();
      await api.close();
    },
  };
}
