import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigStore, type SecretSeal } from './config-store.js';

/** A keystore of its own, as safeStorage is one per OS user: AES-256-GCM under a key it alone holds. */
function testSeal(): SecretSeal {
  const key = randomBytes(32);
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const c = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
      return Buffer.concat([iv, c.getAuthTag(), body]);
    },
    open(sealed) {
      const d = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, 12));
      d.setAuthTag(sealed.subarray(12, 28));
      return Buffer.concat([d.update(sealed.subarray(28)), d.final()]).toString('utf8');
    },
  };
}

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'facet-config-'));
  file = join(dir, 'client', 'config.json');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const proxy = { type: 2, host: '10.0.0.1', port: 3128, username: 'office', password: 'proxy-secret' };

describe('ConfigStore', () => {
  it('makes the local API key on first run and keeps it, in a file only the user reads', async () => {
    const first = new ConfigStore(file);
    const key = (await first.load()).apiKey;
    expect(key).toMatch(/^fcl_[A-Za-z0-9_-]{32}$/);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o077).toBe(0);
    expect((await new ConfigStore(file).load()).apiKey).toBe(key);
    // Another data folder, another key.
    const other = new ConfigStore(join(dir, 'other', 'config.json'));
    expect((await other.load()).apiKey).not.toBe(key);
  });

  it('with the OS keystore, the key and the proxy password are never written in the clear', async () => {
    const seal = testSeal();
    const store = new ConfigStore(file, seal);
    const key = (await store.load()).apiKey;
    await store.saveSystemProxy(proxy);
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain(key);
    expect(text).not.toContain('proxy-secret');
    expect(JSON.parse(text).apiKey).toEqual({ sealed: expect.any(String) });
    const again = await new ConfigStore(file, seal).load();
    expect(again.apiKey).toBe(key);
    expect(again.systemProxy).toMatchObject({ host: '10.0.0.1', password: 'proxy-secret' });
  });

  it('seals what an older client wrote in the clear, on the first load with a keystore', async () => {
    const plain = new ConfigStore(file);
    const key = (await plain.load()).apiKey;
    await plain.saveSystemProxy(proxy);
    expect(readFileSync(file, 'utf8')).toContain('proxy-secret');
    const sealed = await new ConfigStore(file, testSeal()).load();
    expect(sealed.apiKey).toBe(key);
    expect(sealed.systemProxy.password).toBe('proxy-secret');
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain(key);
    expect(text).not.toContain('proxy-secret');
  });

  it('a folder sealed by another user or machine gets a new key and no proxy password, not a crash', async () => {
    const store = new ConfigStore(file, testSeal());
    const key = (await store.load()).apiKey;
    await store.saveSystemProxy(proxy);
    const moved = await new ConfigStore(file, testSeal()).load();
    expect(moved.apiKey).not.toBe(key);
    expect(moved.systemProxy).toMatchObject({ host: '10.0.0.1', password: null });
  });

  it('keeps the stored proxy password when a save leaves it out, and clears it on null', async () => {
    const store = new ConfigStore(file);
    await store.load();
    await store.saveSystemProxy(proxy);
    await store.saveSystemProxy({ ...proxy, password: undefined, port: 8080 });
    expect(store.get().systemProxy).toMatchObject({ port: 8080, password: 'proxy-secret' });
    await store.saveSystemProxy({ ...proxy, password: null });
    expect(store.get().systemProxy.password).toBeNull();
  });

  it('reads a damaged file as defaults with a new key', async () => {
    const store = new ConfigStore(file);
    await store.load();
    writeFileSync(file, '{not json');
    const fresh = await new ConfigStore(file).load();
    expect(fresh.apiKey).toMatch(/^fcl_/);
    expect(fresh.systemProxy.type).toBe(1);
  });
});
