// Bundles the desktop app's main process and preload with esbuild into electron/dist/{main,preload}.
// Main: CJS for Node with every npm dependency bundled in (the packaged app ships no node_modules),
// except electron itself and optional native add-ons that their packages load in try/catch.
// Preload: one CJS file, because a sandboxed preload can only require('electron') and a few built-ins.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const watch = process.argv.includes('--watch');
const OPTIONAL_NATIVE = ['cpu-features', 'bufferutil', 'utf-8-validate'];

const common = {
  bundle: true,
  format: 'cjs',
  sourcemap: true,
  logLevel: 'info',
  legalComments: 'none',
  outExtension: { '.js': '.cjs' },
};

const builds = [
  {
    ...common,
    // The sheet reader runs on a worker thread and is loaded from beside index.cjs (shared/src/node/worker-run.ts).
    entryPoints: {
      index: join(root, 'src/main/index.ts'),
      'sheet-worker': join(root, '../shared/src/node/sheet-worker.ts'),
    },
    outdir: join(root, 'dist/main'),
    platform: 'node',
    target: 'node22',
    // playwright-core (the RPA runner's) reads its own package files at run time and cannot be
    // bundled; it is loaded when a flow runs (services/rpa/playwright.ts) and shipped beside the app.
    external: ['electron', '*.node', 'playwright-core', ...OPTIONAL_NATIVE],
    define: { 'import.meta.url': 'import_meta_url' },
    banner: { js: "const import_meta_url = require('node:url').pathToFileURL(__filename).href;" },
  },
  {
    ...common,
    entryPoints: { index: join(root, 'src/preload/index.ts') },
    outdir: join(root, 'dist/preload'),
    platform: 'browser',
    target: 'chrome134',
    external: ['electron'],
  },
];

if (watch) {
  for (const b of builds) await (await esbuild.context(b)).watch();
} else {
  await Promise.all(builds.map((b) => esbuild.build(b)));
  // The sandboxed preload must not need anything but electron.
  const preload = readFileSync(join(root, 'dist/preload/index.cjs'), 'utf8');
  const requires = [...preload.matchAll(/require\(["']([^"']+)["']\)/g)].map((m) => m[1]);
  const foreign = requires.filter((r) => r !== 'electron');
  if (foreign.length) throw new Error(`the preload requires more than electron: ${foreign.join(', ')}`);
}
