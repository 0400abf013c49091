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

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 7700);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT is not a port: ${env.PORT}`);
  const dataDir = env.FACET_DATA_DIR || defaultDataDir();
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
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
  };
}
