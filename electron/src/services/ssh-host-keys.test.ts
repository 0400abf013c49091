import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HostKeyChangedError, hostKeyFingerprint, SshHostKeys } from './ssh-host-keys.js';
import { tempDir } from './test/world.js';

describe('pinned ssh host keys', () => {
  const data = tempDir('facet-hostkeys-');
  afterAll(() => data.remove());
  const a = Buffer.from('host key a');
  const b = Buffer.from('host key b');

  it('pins once when several relays to one new host start together, and refuses another key', async () => {
    const keys = new SshHostKeys(join(data.dir, 'client', 'ssh-host-keys.json'));
    await Promise.all([keys.verify('gw', 22, a), keys.verify('gw', 22, a), keys.verify('gw', 2222, b)]);
    const file = JSON.parse(readFileSync(keys.path, 'utf8'));
    expect(Object.keys(file).sort()).toEqual(['gw:22', 'gw:2222']);
    expect(file['gw:22'].sha256).toBe(hostKeyFingerprint(a));
    // The pin is per host and port: the same key elsewhere is no match for it.
    await expect(keys.verify('gw', 22, b)).rejects.toBeInstanceOf(HostKeyChangedError);
    // A fresh reader of the same file (the client restarted) keeps the pin.
    await expect(new SshHostKeys(keys.path).verify('gw', 2222, a)).rejects.toThrow(
      `pinned ${hostKeyFingerprint(b)}, now offered ${hostKeyFingerprint(a)}`,
    );
  });

  it('refuses every host while the file cannot be read, rather than pinning again', async () => {
    const keys = new SshHostKeys(join(data.dir, 'damaged.json'));
    writeFileSync(keys.path, '{"gw:22": ');
    await expect(keys.verify('gw', 22, b)).rejects.toThrow(/cannot be read .*fix or delete it/);
    expect(readFileSync(keys.path, 'utf8')).toBe('{"gw:22": ');
  });
});
