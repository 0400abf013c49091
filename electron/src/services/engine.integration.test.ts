import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FacetClient } from './client.js';
import { engineVersion, hostPlatform } from './engine.js';
import { chromePath, noChrome, sendKeyed, startFacetServer, startTestClient, tempDir } from './test/world.js';

describe.skipIf(noChrome)('the engine the client runs', () => {
  let world: Awaited<ReturnType<typeof startFacetServer>>;
  let client: FacetClient;
  let user: Awaited<ReturnType<Awaited<ReturnType<typeof startFacetServer>>['srv']['register']>>;
  const data = tempDir('facet-engine-');
  beforeAll(async () => {
    world = await startFacetServer();
    user = await world.srv.register();
    client = await startTestClient(world, user, data.dir, { probeEngine: true });
  });
  afterAll(async () => {
    await client?.stop();
    await world?.srv.close();
    data.remove();
  });

  it('asks the browser its version, and keeps it until the binary changes', async () => {
    const cache = join(data.dir, 'probe.json');
    const version = await engineVersion(chromePath!, cache);
    // What the binary says of itself (Chromium on Linux prints it; Chrome on Windows would not).
    const printed = /(\d+\.\d+\.\d+\.\d+)/.exec(execFileSync(chromePath!, ['--version']).toString())?.[1];
    expect(version).toBe(printed);
    expect(existsSync(cache)).toBe(true);
    const t0 = performance.now();
    expect(await engineVersion(chromePath!, cache)).toBe(version);
    expect(performance.now() - t0).toBeLessThan(200);
    expect(await engineVersion('/no/such/chromium', cache)).toBeNull();
  });

  it('tells the server and the console; new profiles claim that version and this OS', async () => {
    await vi.waitFor(() => expect(client.engineVersion()).toMatch(/^\d+\.\d+\.\d+\.\d+$/), { timeout: 30_000 });
    const engine = client.engineVersion()!;
    const configs = await sendKeyed(client.url, 'POST', '/configs/all', {}, {});
    expect((configs.body.data as { engineVersion: string }).engineVersion).toBe(engine);
    await vi.waitFor(
      async () => {
        const r = await world.srv.call('profileCreate', { name: 'claims the engine' }, user);
        expect(r.result.browserFingerPrint).toMatchObject({
          browserVersion: engine.split('.')[0],
          os: hostPlatform(),
        });
      },
      { timeout: 10_000 },
    );
  });
});
