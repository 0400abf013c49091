import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempTrees, repoRoot, runTool, tempTree } from './run.js';

/**
 * The dependency rule of the architecture (programs import only `shared`, the client's services
 * never import Electron) is Biome's noRestrictedImports, configured in biome-dependency-rules.json.
 * Each probe below is a file put where the rule applies, in a copy of the repository's Biome
 * configuration; Biome must refuse exactly the violating ones.
 */
const violations: Record<string, string> = {
  'electron/src/services/probe-electron.ts': "import { app } from 'electron';",
  'electron/src/services/probe-electron-sub.ts': "import { app } from 'electron/main';",
  'electron/src/services/probe-main.ts': "import { x } from '../main/index.js';",
  'electron/src/services/update/probe-preload.ts': "import { x } from '../../preload/index.js';",
  'electron/src/services/probe-main-test.test.ts': "import { x } from '../main/ipc.js';",
  'electron/src/probe-server.ts': "import { x } from '../../server/src/app.js';",
  'electron/src/services/probe-renderer.ts': "import { x } from '@facet/renderer';",
  'electron/src/services/probe-server-pkg.ts': "import { x } from '@facet/server/test';",
  'electron/src/services/probe-harness-path.test.ts': "import { x } from '../../../server/src/test/harness.js';",
  'server/src/probe-renderer.ts': "import { x } from '../../renderer/src/main.js';",
  'server/src/http/probe-client.ts': "import { x } from '@facet/electron';",
  'server/src/probe-electron.ts': "import { app } from 'electron';",
  'renderer/src/probe-server.ts': "import { x } from '@facet/server';",
  'renderer/src/app/probe-client.ts': "import { x } from '../../../electron/src/services/cdp.js';",
  'renderer/src/features/proxy/ProbeApi.tsx': "import { api } from '../../api/calls';",
  'renderer/src/components/ProbeApi.tsx': "import { api } from '../api/calls';",
  'shared/src/probe-program.ts': "import { x } from '@facet/server';",
  'shared/src/probe-root.ts': "import { x } from '../../package.json';",
  'shared/src/schemas/probe-out.ts': "import { x } from '../../../scripts/build.mjs';",
  'e2e/web/probe.spec.ts': "import { x } from '../../server/src/test/extension-fixture';",
};

const clean: Record<string, string> = {
  'electron/src/main/probe-clean.ts': "import { app } from 'electron';\nimport { x } from '../services/client.js';",
  'electron/src/services/probe-clean.ts': "import { x } from '@facet/shared';\nimport { y } from './server-client.js';",
  'electron/src/services/probe-clean.test.ts': "import { x } from '@facet/server/test';",
  'electron/src/services/test/probe-clean.ts': "import { x } from '@facet/server/test/extension-fixture';",
  'server/src/probe-clean.ts': "import { x } from '@facet/shared';\nimport { y } from './app.js';",
  'renderer/src/probe-clean.ts': "import { x } from '@facet/shared';\nimport { y } from './api/http';",
  'renderer/src/queries/probe-clean.ts': "import { api } from '../api/calls';",
  'renderer/src/features/proxy/probe-clean.test.tsx': "import { api } from '../../api/calls';",
  'shared/src/schemas/probe-clean.ts': "import { x } from '../validation.js';\nimport { z } from 'zod';",
  'e2e/web/probe-clean.spec.ts': "import { x } from '@facet/server/test/extension-fixture';",
};

const config = (path: string) => readFileSync(join(repoRoot, path), 'utf8');
let byFile = new Map<string, string[]>();

beforeAll(() => {
  const probes = Object.fromEntries(
    Object.entries({ ...violations, ...clean }).map(([path, imports]) => [path, `${imports}\nexport {};\n`]),
  );
  const dir = tempTree({
    'biome.json': config('biome.json'),
    'tooling/biome-dependency-rules.json': config('tooling/biome-dependency-rules.json'),
    ...probes,
  });
  const r = runTool(
    'biome',
    [
      'lint',
      '--vcs-enabled=false',
      '--reporter=json',
      '--max-diagnostics=500',
      '--only=style/noRestrictedImports',
      '.',
    ],
    dir,
  );
  const report = JSON.parse(r.stdout) as { diagnostics: { category: string; location: { path: string } }[] };
  byFile = new Map();
  for (const d of report.diagnostics) {
    if (d.category !== 'lint/style/noRestrictedImports') continue;
    byFile.set(d.location.path, [...(byFile.get(d.location.path) ?? []), d.category]);
  }
});

afterAll(removeTempTrees);

describe('the dependency rule', () => {
  it.each(Object.entries(violations))('refuses %s (%s)', (path) => {
    expect(byFile.get(path)?.length ?? 0).toBeGreaterThan(0);
  });

  it.each(Object.entries(clean))('lets %s pass', (path) => {
    expect(byFile.get(path)).toBeUndefined();
  });
});
