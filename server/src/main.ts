import type { Server as HttpsServer } from 'node:https';
import { join } from 'node:path';
import { buildApp } from './app.js';
import { loadConfig, loadTls } from './config.js';
import { openDatabase, pgliteTemplate } from './db/connection.js';
import { seed } from './db/seed.js';
import { Secrets } from './lib/secrets.js';
import {
  HttpSmsSender,
  type MessageSender,
  OutboxSender,
  RoutingSender,
  SmtpSender,
} from './modules/outbox/senders.js';
import { scaledLimits } from './modules/ratelimit/service.js';

async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const secrets = Secrets.fromEnvOrFile(config.secretKey, join(config.dataDir, 'secret.key'));
  const admin = await seed(database.db, config.adminUser, config.adminPassword);

  const outboxSender = new OutboxSender(database.db);
  let sender: MessageSender | undefined;
  if (config.smtpUrl || config.smsUrl) {
    sender = new RoutingSender(
      config.smtpUrl ? new SmtpSender(config.smtpUrl, config.smtpFrom) : outboxSender,
      config.smsUrl ? new HttpSmsSender(config.smsUrl, config.smsToken) : outboxSender,
    );
  }
  const app = await buildApp({
    database,
    secrets,
    sender,
    consoleDir: config.consoleDir,
    releasesDir: config.releasesDir,
    dataDir: config.dataDir,
    localClientUrl: config.localClientUrl,
    stripe: config.stripe,
    adbRelay: config.adbRelay,
    trustProxy: config.trustProxy,
    https: config.tls,
    limits: scaledLimits(config.rateLimitScale),
    logger: { level: process.env.LOG_LEVEL ?? 'info' },
  });
  if (!sender) (outboxSender as unknown as { log: unknown }).log = app.log;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  if (config.tls) {
    // A renewed certificate (certbot, acme.sh) is taken on SIGHUP, for new connections, without a
    // restart; a bad new pair is refused and the one in use stays (docs/deploy.md).
    process.on('SIGHUP', () => {
      try {
        const tls = loadTls(process.env);
        if (!tls) throw new Error('FACET_TLS_CERT and FACET_TLS_KEY are no longer set');
        (app.server as unknown as HttpsServer).setSecureContext(tls);
        app.log.info('SIGHUP: TLS certificate reloaded');
      } catch (e) {
        app.log.error(`SIGHUP: TLS certificate not reloaded, the current one stays: ${(e as Error).message}`);
      }
    });
  }

  await app.listen({ port: config.port, host: config.host });
  app.services.billing.startJobs();
  app.services.phones.startJobs();
  app.services.rpa.startJobs();
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const port = (app.server.address() as { port: number }).port;
  const scheme = config.tls ? 'https' : 'http';
  console.log(`\nFacet is running at ${scheme}://${shownHost}:${port}/  (database: ${database.kind})`);
  if (admin.created) {
    console.log(`First run: created the admin account "${admin.username}"`);
    if (admin.generatedPassword)
      console.log(`  password: ${admin.generatedPassword}  (shown once; change it after logging in)`);
  }
}

if (process.argv.includes('--prepare-db')) {
  // Build step: make the PGlite template now, so the first `npm start` does not wait for initdb.
  await pgliteTemplate();
  process.exit(0);
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
