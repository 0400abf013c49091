import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The root package.json's scripts: what `npm test` runs. */
export const rootScripts = (
  JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
).scripts;

/** Runs one of the repository's installed tools (node_modules/.bin) in `cwd`. */
export function runTool(tool: string, args: string[], cwd: string) {
  const r = spawnSync(join(repoRoot, 'node_modules', '.bin', tool), args, { cwd, encoding: 'utf8', timeout: 60_000 });
  if (r.error) throw r.error;
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const made: string[] = [];

/** A throwaway folder holding `files` (path relative to it → text); removeTempTrees deletes it. */
export function tempTree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'facet-tooling-'));
  made.push(dir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

export function removeTempTrees() {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}
