import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbUnavailable, type TestServer } from '../../test/harness.js';

const publicKey = () =>
  generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
const ENGINE = '156.0.7571.0';

describe.skipIf(dbUnavailable())('claims the engine can back', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await createTestServer();
  });
  afterAll(() => t?.close());

  const fingerprintOf = async (u: Awaited<ReturnType<TestServer['register']>>, id: number) =>
    (await t.call('profileGet', undefined, { ...u, url: `/api/v1/browserInfos/${id}` })).result.browserFingerPrint;

  it('new profiles claim the version of the engine the user’s client runs, and its OS', async () => {
    const u = await t.register();
    // Before any client said its engine: the generator's own version, nothing to upgrade to.
    const before = (await t.call('profileCreate', { name: 'before' }, u)).result;
    expect((await t.call('profileEngineStatus', undefined, u)).result).toEqual({ engineVersion: null, outdated: 0 });
    expect(Number(before.browserFingerPrint.browserVersion)).toBeLessThan(156);
    const refused = await t.call('profileUpgradeBrowserVersion', { ids: [before.id] }, u);
    expect(refused.code).toBe(400);
    expect(refused.errors?.[0]).toMatchObject({ field: 'body.ids', key: 'engineUnknown' });

    const reg = await t.call(
      'clientIdentityRegister',
      { publicKey: publicKey(), name: 'laptop', engineVersion: ENGINE, platform: 'macos' },
      u,
    );
    expect(reg.code).toBe(0);
    const one = (await t.call('profileCreate', { name: 'one' }, u)).result.browserFingerPrint;
    expect(one).toMatchObject({ os: 'macos', browserVersion: '156' });
    expect(one.userAgent).toContain('Chrome/156.0.0.0');
    expect(one.userAgent).toContain('Macintosh');

    const batch = await t.call('profileBatchAdd', { list: [{ name: 'b1' }, { name: 'b2' }, { name: 'b3' }] }, u);
    expect(batch.result.count).toBe(3);
    for (const id of batch.result.ids) {
      const fp = await fingerprintOf(u, id);
      expect(fp.browserVersion).toBe('156');
      expect(fp.userAgent).toMatch(/Chrome\/156\.0\.0\.0/);
      const full = (fp.clientHints as { fullVersionList?: Array<{ brand: string; version: string }> }).fullVersionList;
      const engineBrands = (full ?? []).filter((b) => /Chrome|Chromium/.test(b.brand));
      if (full) expect(engineBrands.length).toBeGreaterThan(0);
      for (const b of engineBrands) expect(b.version).toBe(ENGINE);
    }
    // The form's "new fingerprint" too, for whatever OS it asks.
    const generated = (await t.call('profileGetUaAndWebGL', { os: 'windows' }, u)).result;
    expect(generated).toMatchObject({ os: 'windows', browserVersion: '156' });
    expect(generated.userAgent).toContain('Windows');
    // A version the user picked is theirs.
    const picked = (await t.call('profileGetUaAndWebGL', { os: 'windows', minVersion: 130, maxVersion: 130 }, u))
      .result;
    expect(picked.browserVersion).toBe('130');

    // A client of another user says nothing about this user's profiles.
    const other = await t.register();
    const theirs = (await t.call('profileCreate', { name: 'theirs' }, other)).result.browserFingerPrint;
    expect(theirs.browserVersion).not.toBe('156');
  });

  it('upgrades the profiles that claim an older Chrome, leaves the rest, and refuses ids out of reach', async () => {
    const u = await t.register();
    const old = (await t.call('profileCreate', { name: 'old' }, u)).result;
    await t.call('clientIdentityRegister', { publicKey: publicKey(), engineVersion: ENGINE }, u);
    const current = (await t.call('profileCreate', { name: 'current' }, u)).result;
    expect((await t.call('profileEngineStatus', undefined, u)).result).toEqual({ engineVersion: ENGINE, outdated: 1 });
    const up = await t.call('profileUpgradeBrowserVersion', { ids: [old.id, current.id] }, u);
    expect(up.result).toEqual({ count: 1 });
    const after = await fingerprintOf(u, old.id);
    expect(after.browserVersion).toBe('156');
    expect(after.userAgent).toBe(old.browserFingerPrint.userAgent.replace(/Chrome\/[\d.]+/, 'Chrome/156.0.0.0'));
    // Everything but the version stays: GPU, screen, OS.
    expect(after.webglRenderer).toBe(old.browserFingerPrint.webglRenderer);
    expect(after.screen).toEqual(old.browserFingerPrint.screen);
    expect(after.os).toBe(old.browserFingerPrint.os);
    expect((await t.call('profileUpgradeBrowserVersion', { ids: [old.id] }, u)).result).toEqual({ count: 0 });
    expect((await t.call('profileEngineStatus', undefined, u)).result).toEqual({ engineVersion: ENGINE, outdated: 0 });

    const stranger = await t.register();
    const theirs = (await t.call('profileCreate', { name: 'x' }, stranger)).result;
    const refused = await t.call('profileUpgradeBrowserVersion', { ids: [theirs.id] }, u);
    expect(refused.code).not.toBe(0);
    expect((await fingerprintOf(stranger, theirs.id)).browserVersion).toBe(theirs.browserFingerPrint.browserVersion);
  });

  it('refuses an engine version that is not one', async () => {
    const u = await t.register();
    const r = await t.call('clientIdentityRegister', { publicKey: publicKey(), engineVersion: '156; drop' }, u);
    expect(r.code).toBe(400);
    expect(r.errors?.[0]).toMatchObject({ field: 'body.engineVersion', key: 'engineVersionInvalid' });
  });
});
