#!/usr/bin/env node
// Builds what is missing or older than its sources: the console (Vite) and the server bundle
// (esbuild). `--force` rebuilds both. Used by `npm start`, `npm run build` and the e2e setup.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const force = process.argv.includes('--force');

function newestMtime(paths) {
  let newest = 0;
  const walk = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const name of readdirSync(p)) if (name !== 'node_modules' && name !== 'dist') walk(join(p, name));
    } else newest = Math.max(newest, st.mtimeMs);
  };
  for (const p of paths) walk(join(root, p));
  return newest;
}

function stale(output, sources) {
  const out = join(root, output);
  return force || !existsSync(out) || statSync(out).mtimeMs < newestMtime(sources);
}

function run(cmd, args) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

/**
 * Two starts at once (two e2e runs, or `npm start` beside `npm test`) must not write the same
 * dist folders together: the build runs under a lock, and whoever waited re-checks staleness.
 */
async function withBuildLock(fn) {
  const lockfile = await import('proper-lockfile');
  const target = join(root, 'package.json');
  const release = await lockfile.lock(target, {
    lockfilePath: join(root, 'node_modules', '.facet-build.lock'),
    stale: 120_000,
    retries: { retries: 600, minTimeout: 200, maxTimeout: 1000 },
  });
  try {
    return await fn();
  } finally {
    await release();
  }
}

/**
 * Our workspaces are TypeScript sources: bundle them. Everything from npm stays in node_modules,
 * so native and wasm packages (argon2, PGlite) load as published.
 */
export const externalizeNpm = {
  name: 'externalize-npm',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@facet/') ? undefined : { path: args.path, external: true },
    );
  },
};

export async function build() {
  await withBuildLock(buildStale);
}

async function buildStale() {
  if (
    existsSync(join(root, 'renderer', 'index.html')) &&
    stale('renderer/dist/index.html', ['renderer/src', 'renderer/index.html', 'renderer/vite.config.ts', 'shared/src'])
  ) {
    console.log('Building the console…');
    run('npm', ['run', 'build', '--workspace', 'renderer']);
  }
  const bundles = [
    ['server/src/main.ts', 'server/dist/main.js', ['server/src', 'shared/src', 'server/drizzle'], 'the server'],
    // Files are read on worker threads (shared/src/node/worker-run.ts), which load their entry
    // from beside the bundle that starts them.
    ['shared/src/node/sheet-worker.ts', 'server/dist/sheet-worker.js', ['shared/src'], 'the server sheet reader'],
    [
      'server/src/modules/extensions/package-worker.ts',
      'server/dist/package-worker.js',
      ['server/src', 'shared/src'],
      'the server package reader',
    ],
    // The headless client (local API + launcher) that `npm start` runs beside the server.
    ['electron/src/headless.ts', 'electron/dist/headless.js', ['electron/src', 'shared/src'], 'the client'],
    ['shared/src/node/sheet-worker.ts', 'electron/dist/sheet-worker.js', ['shared/src'], 'the client sheet reader'],
  ];
  for (const [entry, outfile, sources, what] of bundles) {
    if (!existsSync(join(root, entry)) || !stale(outfile, sources)) continue;
    console.log(`Building ${what}…`);
    const esbuild = await import('esbuild');
    await esbuild.build({
      entryPoints: [join(root, entry)],
      outfile: join(root, outfile),
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      sourcemap: true,
      logLevel: 'warning',
      plugins: [externalizeNpm],
    });
  }
}

// A build on its own (a deploy's build step) also makes the database template, so the first start
// does not wait for it; `npm start` makes it, if missing, when it opens the database anyway.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await build();
  run('node', ['server/dist/main.js', '--prepare-db']);
}
