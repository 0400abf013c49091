import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FacetClient } from './client.js';
import { windowsFingerprint } from './test/fixtures.js';
import { noChrome, startFacetServer, startTestClient, tempDir } from './test/world.js';

describe.skipIf(noChrome)('window bounds: remembered, restored, reset and arranged', () => {
  let world: Awaited<ReturnType<typeof startFacetServer>>;
  let auth: { token: string; sid: string };
  let client: FacetClient;
  const data = tempDir('facet-bounds-');

  beforeAll(async () => {
    world = await startFacetServer();
    const u = await world.srv.register();
    auth = { token: u.token, sid: u.sid };
    client = await startTestClient(world, u, data.dir, { device: 'bounds-device', listen: false });
  });
  afterAll(async () => {
    await client?.stop();
    await world?.srv.close();
    data.remove();
  });

  const create = async (name: string) => {
    const r = await world.srv.call('profileCreate', { name, browserFingerPrint: windowsFingerprint() }, auth);
    return r.result.id;
  };

  it('tiles two open browsers over an area and reports where they are', async () => {
    const a = await create('left');
    const b = await create('right');
    await client.sessions.openMany([a, b], { concurrency: 2 });
    const placed = await client.sessions.arrange({ x: 10, y: 20, width: 1610, height: 700, columns: 2, gap: 10 });
    expect(placed).toEqual([
      { id: a, left: 10, top: 20, width: 800, height: 700 },
      { id: b, left: 820, top: 20, width: 800, height: 700 },
    ]);
    // What the browsers themselves report now.
    expect(await client.sessions.windowBounds(a)).toEqual({ left: 10, top: 20, width: 800, height: 700 });
    expect(await client.sessions.windowBounds(b)).toEqual({ left: 820, top: 20, width: 800, height: 700 });
    await client.sessions.closeAll();
  });

  it('restores a window where it was closed, and forgets it after a reset', async () => {
    const id = await create('remembered');
    await client.sessions.open(id);
    const first = await client.sessions.windowBounds(id);
    expect(first).toMatchObject({ width: 1536, height: 864 }); // the fingerprint's screen
    await client.sessions.setWindowBounds(id, { left: 33, top: 44, width: 900, height: 650 });
    await client.sessions.close(id);
    expect(await client.sessions.bounds.get(id)).toEqual({ left: 33, top: 44, width: 900, height: 650 });

    await client.sessions.open(id);
    expect(await client.sessions.windowBounds(id)).toEqual({ left: 33, top: 44, width: 900, height: 650 });
    await client.sessions.close(id);

    expect(await client.sessions.resetWindowBounds([id, 999_999])).toBe(1);
    expect(await client.sessions.bounds.get(id)).toBeNull();
    await client.sessions.open(id);
    expect(await client.sessions.windowBounds(id)).toMatchObject({ width: 1536, height: 864 });
    await client.sessions.close(id);
  });
});
