import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { removeTempTrees, rootScripts, runTool, tempTree } from './run.js';

afterEach(removeTempTrees);

describe('import cycles (madge)', () => {
  // The lint script's flags, run on a fixture instead of the workspaces.
  const flags = ['--circular', '--extensions', 'ts,tsx'];

  it('runs in npm test (its checks run every lint:* script) and in npm run lint', () => {
    expect(rootScripts.test).toMatch(/^npm run check && /);
    expect(rootScripts.check).toContain(' lint:* ');
    expect(rootScripts.lint).toContain(' lint:*');
    expect(rootScripts['lint:cycles']).toMatch(new RegExp(`^madge ${flags.join(' ')} `));
  });

  it('fails on a cycle and names its files, and passes without it', () => {
    const dir = tempTree({
      'src/a.ts': "import { b } from './b.js';\nexport const a = () => b;\n",
      'src/b.tsx': "import { a } from './a';\nexport const b = () => a;\n",
      'src/c.ts': "import { a } from './a.js';\nexport const c = a;\n",
    });
    const cyclic = runTool('madge', [...flags, 'src'], dir);
    expect(cyclic.status).not.toBe(0);
    expect(cyclic.stdout).toMatch(/a\.ts > b\.tsx|b\.tsx > a\.ts/);

    writeFileSync(join(dir, 'src/b.tsx'), 'export const b = () => 1;\n');
    const acyclic = runTool('madge', [...flags, 'src'], dir);
    expect(acyclic.status).toBe(0);
  });
});
