// The server's own modules for a bench, bundled with esbuild as the server build does (TypeScript
// and workspace packages in, npm packages left to node_modules) and imported into the bench's
// process. `exportsSource` is an ES module body of `export … from './src/…'` lines, resolved from
// server/.
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { externalizeNpm } from '../scripts/build.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export async function loadServerModules(name, exportsSource) {
  const esbuild = await import('esbuild');
  const entry = join(root, 'server', 'dist', `bench-${name}-${process.pid}.mjs`);
  await esbuild.build({
    stdin: { contents: exportsSource, resolveDir: join(root, 'server'), loader: 'ts' },
    outfile: entry,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    plugins: [externalizeNpm],
  });
  try {
    return await import(pathToFileURL(entry).href);
  } finally {
    rmSync(entry, { force: true });
  }
}
