import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import lockfile from 'proper-lockfile';

export class DataFolderInUseError extends Error {
  constructor(dir: string, holder: string) {
    super(
      `The data folder ${dir} is in use by another Facet process${holder}. Stop that process, or set FACET_DATA_DIR to another folder.`,
    );
    this.name = 'DataFolderInUseError';
  }
}

/**
 * Takes an exclusive lock on the data folder for the embedded database. proper-lockfile keeps
 * the lock fresh and treats a lock left by a killed process as stale after 10 s.
 */
export async function lockDataFolder(dir: string): Promise<() => Promise<void>> {
  const lockPath = join(dir, 'db.lock');
  const pidFile = join(dir, 'db.pid');
  try {
    const release = await lockfile.lock(dir, {
      lockfilePath: lockPath,
      stale: 10_000,
      update: 2_000,
      retries: { retries: 3, minTimeout: 200, maxTimeout: 1_000 },
      realpath: false,
      onCompromised: (err) => {
        // The lock was taken over: stop writing rather than corrupt the database.
        console.error(`Lost the data folder lock: ${err.message}`);
        process.exit(1);
      },
    });
    writeFileSync(pidFile, String(process.pid));
    return release;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ELOCKED') {
      let holder = '';
      try {
        holder = ` (pid ${readFileSync(pidFile, 'utf8').trim()})`;
      } catch {}
      throw new DataFolderInUseError(dir, holder);
    }
    throw e;
  }
}
