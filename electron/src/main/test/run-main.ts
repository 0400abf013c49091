import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import type { StubState } from './electron-stub.js';

const main = dirname(dirname(fileURLToPath(import.meta.url)));

/** A free loopback port. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });

/**
 * Bundles main/index.ts as the app build does, but with the stand-in `electron` module (no
 * Electron binary here), runs it in this process under `env`, and hands back the stand-in's state.
 */
export async function runMainWithStub(outDir: string, env: Record<string, string>): Promise<StubState> {
  const out = join(outDir, 'main', 'index.cjs');
  await esbuild.build({
    entryPoints: [join(main, 'index.ts')],
    outfile: out,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    logLevel: 'silent',
    external: ['*.node', 'cpu-features', 'bufferutil', 'utf-8-validate'],
    plugins: [
      {
        name: 'electron-stub',
        setup(b) {
          b.onResolve({ filter: /^electron$/ }, () => ({ path: join(main, 'test', 'electron-stub.ts') }));
          // playwright-core (the RPA runner's) requires electron/index.js for its own Electron
          // support, which the app never uses: left to run time, as the app build leaves electron.
          b.onResolve({ filter: /^electron\// }, (a) => ({ path: a.path, external: true }));
          // As the app build leaves it out (services/rpa/playwright.ts): loaded from the repository's.
          b.onResolve({ filter: /^playwright-core$/ }, () => ({
            path: createRequire(import.meta.url).resolve('playwright-core'),
            external: true,
          }));
        },
      },
    ],
  });
  Object.assign(process.env, env);
  delete process.env.FACET_DATA_DIR;
  createRequire(import.meta.url)(out);
  return (globalThis as unknown as { __facetElectronStub: StubState }).__facetElectronStub;
}
