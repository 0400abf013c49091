import { createPrivateKey, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export interface ServerConfig {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  adminUser: string;
  adminPassword: string | undefined;
  secretKey: string | undefined;
  smtpUrl: string | undefined;
  smtpFrom: string;
  smsUrl: string | undefined;
  smsToken: string | undefined;
  trustProxy: boolean;
  /** Built console to serve at `/`; missing folder = API only. */
  consoleDir: string | undefined;
  /** Multiplies every rate limit's maximum (FACET_RATE_LIMIT_SCALE); 1 by default. */
  rateLimitScale: number;
  /** The self-update feed folder served at /updates (FACET_RELEASES_DIR); <dataDir>/releases by default. */
  releasesDir: string;
  /** Certificate chain and key (PEM) from FACET_TLS_CERT / FACET_TLS_KEY: the server then speaks https only. */
  tls: TlsFiles | undefined;
  /**
   * The local API of the client started beside the server (FACET_CLIENT_URL, set by `npm start`):
   * the console in a browser looks for the client there (docs/client.md, Finding the client).
   */
  localClientUrl: string | undefined;
  /** Card payments through Stripe; undefined = off. */
  stripe: { secretKey: string; webhookSecret: string; apiUrl: string | undefined } | undefined;
  /** ADB access for users' own adb to their cloud phones (docs/phones.md, ADB access for users). */
  adbRelay: AdbRelayConfig;
}

export interface TlsFiles {
  cert: Buffer;
  key: Buffer;
}

/** The OS app-data folder, as ARCHITECTURE.md's FACET_DATA_DIR default. */
export function defaultDataDir(): string {
  if (process.platform === 'win32') return join(process.env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'Facet');
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Facet');
  return join(process.env.XDG_DATA_HOME ?? join(homedir(), '.local', 'share'), 'facet');
}

function rateLimitScale(value: string | undefined): number {
  if (!value) return 1;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`FACET_RATE_LIMIT_SCALE is not a positive number: ${value}`);
  return n;
}

function readPem(variable: string, path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (e) {
    throw new Error(`${variable}: cannot read ${path} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
}

/**
 * The certificate and key, checked here so that a wrong file stops the start with a message
 * naming it, not a TLS handshake failure on the first visitor.
 */
export function loadTls(env: NodeJS.ProcessEnv): TlsFiles | undefined {
  const certPath = env.FACET_TLS_CERT || undefined;
  const keyPath = env.FACET_TLS_KEY || undefined;
  if (!certPath && !keyPath) return undefined;
  if (!certPath) throw new Error('FACET_TLS_KEY is set but FACET_TLS_CERT is not: https needs both, or neither');
  if (!keyPath) throw new Error('FACET_TLS_CERT is set but FACET_TLS_KEY is not: https needs both, or neither');
  const cert = readPem('FACET_TLS_CERT', certPath);
  const key = readPem('FACET_TLS_KEY', keyPath);
  let x509: X509Certificate;
  try {
    x509 = new X509Certificate(cert);
  } catch {
    throw new Error(`FACET_TLS_CERT: ${certPath} is not a PEM certificate`);
  }
  let privateKey: ReturnType<typeof createPrivateKey>;
  try {
    privateKey = createPrivateKey(key);
  } catch {
    throw new Error(`FACET_TLS_KEY: ${keyPath} is not a PEM private key (an encrypted key is not supported)`);
  }
  if (!x509.checkPrivateKey(privateKey))
    throw new Error(`FACET_TLS_KEY: ${keyPath} is not the key of the certificate in ${certPath}`);
  return { cert, key };
}

export interface AdbRelayConfig {
  /** Where the relay listens (FACET_ADB_RELAY_HOST; the server's HOST by default). */
  host: string;
  /** What users are told to connect to (FACET_ADB_RELAY_PUBLIC_HOST; `host` by default). */
  publicHost: string;
  /** The ports environments get (FACET_ADB_RELAY_PORTS, `7710-7799`); `0-0`: any free port (tests); null: `off`. */
  ports: [number, number] | null;
}

/** The relay settings from the environment (docs/phones.md, ADB access for users). */
function adbRelayConfig(env: NodeJS.ProcessEnv, serverHost: string): AdbRelayConfig {
  const host = env.FACET_ADB_RELAY_HOST || serverHost;
  const publicHost = env.FACET_ADB_RELAY_PUBLIC_HOST || host;
  if (env.FACET_ADB_RELAY_PORTS === 'off') return { host, publicHost, ports: null };
  const m = /^(\d+)-(\d+)$/.exec(env.FACET_ADB_RELAY_PORTS ?? '7710-7799');
  const from = Number(m?.[1]);
  const to = Number(m?.[2]);
  if (!m || from > to || to > 65_535)
    throw new Error(`FACET_ADB_RELAY_PORTS is not a port range such as 7710-7799: ${env.FACET_ADB_RELAY_PORTS}`);
  return { host, publicHost, ports: [from, to] };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 7700);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT is not a port: ${env.PORT}`);
  const dataDir = env.FACET_DATA_DIR || defaultDataDir();
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    adbRelay: adbRelayConfig(env, env.HOST ?? '127.0.0.1'),
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    adminUser: env.FACET_ADMIN_USER || 'admin',
    adminPassword: env.FACET_ADMIN_PASSWORD || undefined,
    secretKey: env.FACET_SECRET_KEY || undefined,
    smtpUrl: env.FACET_SMTP_URL || undefined,
    smtpFrom: env.FACET_SMTP_FROM || 'Facet <no-reply@facet.local>',
    smsUrl: env.FACET_SMS_URL || undefined,
    smsToken: env.FACET_SMS_TOKEN || undefined,
    trustProxy: env.FACET_TRUST_PROXY === '1',
    consoleDir: env.FACET_CONSOLE_DIR || undefined,
    rateLimitScale: rateLimitScale(env.FACET_RATE_LIMIT_SCALE),
    releasesDir: env.FACET_RELEASES_DIR || join(dataDir, 'releases'),
    tls: loadTls(env),
    localClientUrl: localClientUrl(env.FACET_CLIENT_URL),
    stripe: stripeConfig(env),
  };
}

/** `http://127.0.0.1:<port>`: the console reaches the client on loopback only, so nothing else is taken. */
export function localClientUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const m = /^http:\/\/(?:127\.0\.0\.1|localhost):(\d{1,5})\/?$/.exec(value.trim());
  const port = Number(m?.[1]);
  if (!m || port < 1 || port > 65535)
    throw new Error(`FACET_CLIENT_URL is not the client's local API address (http://127.0.0.1:<port>): ${value}`);
  return `http://127.0.0.1:${port}`;
}

/** Card payments need both Stripe keys (docs/billing.md, Stripe); one without the other stops the start. */
export function stripeConfig(env: NodeJS.ProcessEnv): ServerConfig['stripe'] {
  const secretKey = env.FACET_STRIPE_SECRET_KEY || undefined;
  const webhookSecret = env.FACET_STRIPE_WEBHOOK_SECRET || undefined;
  if (!secretKey && !webhookSecret) return undefined;
  if (!secretKey || !webhookSecret)
    throw new Error('FACET_STRIPE_SECRET_KEY and FACET_STRIPE_WEBHOOK_SECRET go together: card payments need both');
  return { secretKey, webhookSecret, apiUrl: env.FACET_STRIPE_API_URL || undefined };
}
