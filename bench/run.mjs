#!/usr/bin/env node
// `npm run bench`: every benchmark, one after another; each prints its own figures.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
for (const bench of [
  'startup.mjs',
  'console.mjs',
  'profiles.mjs',
  'launch.mjs',
  'load.mjs',
  'billing.mjs',
  'phones.mjs',
]) {
  console.log(`\n== bench/${bench}`);
  const r = spawnSync(process.execPath, [join(here, bench)], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
