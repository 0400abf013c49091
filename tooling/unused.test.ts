import { unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { removeTempTrees, rootScripts, runTool, tempTree } from './run.js';

afterEach(removeTempTrees);

describe('unused code (knip)', () => {
  it('runs in npm test (its checks run every lint:* script) and in npm run lint', () => {
    expect(rootScripts.test).toMatch(/^npm run check && /);
    expect(rootScripts.check).toContain(' lint:* ');
    expect(rootScripts.lint).toContain(' lint:*');
    expect(rootScripts['lint:unused']).toMatch(/^knip\b/);
  });

  it('fails on an unused export and an unused file, and passes once they are gone', () => {
    const dir = tempTree({
      'package.json': JSON.stringify({ name: 'fixture', private: true, type: 'module', exports: './src/index.ts' }),
      'knip.json': '{}',
      'src/index.ts': "import { used } from './used.js';\nexport const main = () => used;\n",
      'src/used.ts': 'export const used = 1;\nexport const unused = 2;\n',
      'src/orphan.ts': 'export const orphan = 3;\n',
    });
    const dirty = runTool('knip', ['--no-progress'], dir);
    expect(dirty.status).not.toBe(0);
    expect(dirty.stdout).toContain('src/orphan.ts');
    expect(dirty.stdout).toMatch(/unused\s+src\/used\.ts/);

    writeFileSync(join(dir, 'src/used.ts'), 'export const used = 1;\n');
    unlinkSync(join(dir, 'src/orphan.ts'));
    const fixed = runTool('knip', ['--no-progress'], dir);
    expect(fixed.stdout).toBe('');
    expect(fixed.status).toBe(0);
  });
});
