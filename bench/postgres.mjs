// A throwaway Postgres cluster for a bench (initdb + pg_ctl on a temp dir and a free port), as
// server/src/test/postgres-global-setup.ts starts one for the tests.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/** The folder holding initdb: on PATH, or Debian's /usr/lib/postgresql/<version>/bin. */
function postgresBin() {
  for (const dir of ['/usr/local/bin', ...(process.env.PATH ?? '').split(':')])
    if (existsSync(join(dir, 'initdb'))) return dir;
  const root = '/usr/lib/postgresql';
  if (existsSync(root))
    for (const v of readdirSync(root).sort().reverse())
      if (existsSync(join(root, v, 'bin', 'initdb'))) return join(root, v, 'bin');
  return undefined;
}

export const postgresInstalled = () => postgresBin() !== undefined;

/** A throwaway Postgres cluster, as server/src/test/postgres-global-setup.ts starts one. */
export async function startPostgres() {
  const bin = postgresBin();
  if (!bin) throw new Error('PostgreSQL (initdb) is not installed');
  const dir = mkdtempSync(join(tmpdir(), 'facet-bench-pg-'));
  const port = await freePort();
  // PostgreSQL refuses to run as root: run it as the postgres system user there.
  const asRoot = process.getuid?.() === 0;
  const run = (cmd, args) => {
    const r = asRoot
      ? spawnSync('runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args], { encoding: 'utf8' })
      : spawnSync(join(bin, cmd), args, { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr || r.stdout}`);
  };
  if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
  const data = join(dir, 'data');
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'facet', '--no-sync', '-E', 'UTF8']);
  run('pg_ctl', [
    '-D',
    data,
    '-l',
    join(dir, 'log'),
    '-w',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`,
    'start',
  ]);
  const pid = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  return {
    url: `postgres://facet@127.0.0.1:${port}/postgres`,
    pid,
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
