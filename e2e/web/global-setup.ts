import { rmSync } from 'node:fs';
import { startFacet } from './server-process';

/** One real server for the suite; each test makes its own users, so tests stay independent. */
export default async function globalSetup() {
  if (process.env.FACET_E2E_URL) return;
  const { url, proc, dataDir } = await startFacet();
  process.env.FACET_E2E_URL = url;
  return async () => {
    proc.kill('SIGTERM');
    await new Promise((r) => proc.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
