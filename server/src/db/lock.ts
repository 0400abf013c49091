import { mkdirSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
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
 * The owner refreshes the lock every second. A lock that names no pid and has not been refreshed
 * for STALE_MS was left by an owner killed before it named itself, and is taken over. A lock whose
 * pid still runs is left alone until LIVE_STALE_MS: a busy machine can hold a live owner's refresh
 * back for seconds (opening the embedded database blocks the event loop), and breaking its lock
 * then would make it exit; only a lock that old means the pid now belongs to another program or
 * the owner hangs. proper-lockfile breaks locks older than its `stale` itself.
 */
const STALE_MS = 5_000;
const LIVE_STALE_MS = 30_000;
const REFRESH_MS = 1_000;
/** A takeover takes milliseconds; a guard older than this was left by a process killed mid-way. */
const GUARD_STALE_MS = 3_000;
/** Folders this process holds: a second opener in the same process is refused like another process. */
const held = new Set<string>();

/** Whether a process with this pid runs on this machine (EPERM: it runs, as another user). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(pidFile: string): number | null {
  try {
    const pid = Number(readFileSync(pidFile, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function lockAgeMs(lockPath: string): number {
  try {
    return Date.now() - statSync(lockPath).mtimeMs;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/**
 * Every acquire (and so every takeover) runs under a short guard, so the pid file always
 * describes the lock beside it: two processes restarting at once cannot both judge the same dead
 * owner and each remove the other's fresh lock.
 */
async function withGuard<T>(guard: string, fn: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + GUARD_STALE_MS * 2;
  for (;;) {
    try {
      mkdirSync(guard);
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      try {
        if (Date.now() - statSync(guard).mtimeMs > GUARD_STALE_MS) rmSync(guard, { recursive: true, force: true });
      } catch {}
      if (Date.now() > deadline) throw new Error(`Could not take the data folder guard ${guard}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(guard, { recursive: true, force: true });
  }
}

/**
 * Takes an exclusive lock on the data folder for the embedded database. A lock whose owner is
 * gone (its pid no longer runs, or it named no pid and has not refreshed the lock within
 * STALE_MS) is taken over at once, so a supervisor may restart the server right after a crash; a live owner is refused.
 */
export async function lockDataFolder(dir: string): Promise<() => Promise<void>> {
  const lockPath = join(dir, 'db.lock');
  const pidFile = join(dir, 'db.pid');
  let releasing = false;
  const options: lockfile.LockOptions = {
    lockfilePath: lockPath,
    stale: LIVE_STALE_MS,
    update: REFRESH_MS,
    retries: 0,
    realpath: false,
    onCompromised: (err) => {
      // proper-lockfile's refresh may be mid-way when we release, and then finds the lock gone.
      if (releasing) return;
      // The lock was taken over: stop writing rather than corrupt the database.
      console.error(`Lost the data folder lock: ${err.message}`);
      process.exit(1);
    },
  };
  const release = await withGuard(`${lockPath}.guard`, async () => {
    try {
      const r = await lockfile.lock(dir, options);
      writeFileSync(pidFile, String(process.pid));
      return r;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ELOCKED') throw e;
      const pid = readPid(pidFile);
      // Our own pid in the file, for a folder this process does not hold, is a previous life of
      // this pid (a container restarts with the same pid): nobody else can be holding it.
      const live = pid === process.pid ? held.has(lockPath) : pid !== null && isAlive(pid);
      if (live) throw new DataFolderInUseError(dir, ` (pid ${pid})`);
      // No pid file: the owner was killed between taking the lock and naming itself, or the
      // folder was copied with a lock in it; the lock alone tells nothing more, so it is taken
      // over only once it goes stale rather than broken while it might be live.
      if (pid === null && lockAgeMs(lockPath) < STALE_MS) throw new DataFolderInUseError(dir, '');
      rmSync(lockPath, { recursive: true, force: true });
      const r = await lockfile.lock(dir, options);
      writeFileSync(pidFile, String(process.pid));
      return r;
    }
  });
  held.add(lockPath);
  return async () => {
    releasing = true;
    held.delete(lockPath);
    // The pid file goes first: a pid file without a lock is harmless, a lock naming a wrong pid is not.
    try {
      unlinkSync(pidFile);
    } catch {}
    await release();
  };
}
