import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/** A host key in OpenSSH's notation (`ssh-keygen -lf`, the "SHA256:…" line), so users can compare it. */
export function hostKeyFingerprint(key: Buffer): string {
  return `SHA256:${createHash('sha256').update(key).digest('base64').replace(/=+$/, '')}`;
}

interface Entry {
  sha256: string;
  firstSeen: string;
}

/** The SSH server offered another host key than the one pinned for it. */
export class HostKeyChangedError extends Error {}

/**
 * SSH proxy host keys pinned on first use (FACET_DATA_DIR/client/ssh-host-keys.json, one entry per
 * `host:port`). The first connection to a server stores its key's fingerprint; later connections
 * must offer the same key, else they are refused before any password is sent. Proxy providers
 * publish no host keys to check against, so trust on first use is the most a client can do
 * without asking the user; it stops a later impostor. Written atomically (temp file + rename),
 * one write at a time.
 */
export class SshHostKeys {
  private writing: Promise<void> = Promise.resolve();

  constructor(readonly path: string) {}

  private async read(): Promise<Record<string, Entry>> {
    try {
      const v = JSON.parse(await readFile(this.path, 'utf8')) as unknown;
      return v && typeof v === 'object' ? (v as Record<string, Entry>) : {};
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return {};
      // A damaged file must not silently re-pin every host: refuse until the user looks at it.
      throw new Error(`${this.path} cannot be read (${(e as Error).message}); fix or delete it`);
    }
  }

  private update(change: (all: Record<string, Entry>) => boolean): Promise<void> {
    const run = this.writing.then(async () => {
      const all = await this.read();
      if (!change(all)) return;
      await mkdir(dirname(this.path), { recursive: true });
      const tmp = `${this.path}.${process.pid}.tmp`;
      await writeFile(tmp, JSON.stringify(all, null, 2), { mode: 0o600 });
      await rename(tmp, this.path);
    });
    this.writing = run.catch(() => {});
    return run;
  }

  /**
   * Accepts `key` for `host:port` when it is the pinned one, pins it when none is; throws
   * HostKeyChangedError, naming both fingerprints and how to reset the pin, when another key is pinned.
   */
  async verify(host: string, port: number, key: Buffer): Promise<void> {
    const name = `${host}:${port}`;
    const offered = hostKeyFingerprint(key);
    const seen: { pinned: string | null } = { pinned: null };
    await this.update((all) => {
      const e = all[name];
      if (e) {
        seen.pinned = e.sha256;
        return false;
      }
      all[name] = { sha256: offered, firstSeen: new Date().toISOString() };
      return true;
    });
    const { pinned } = seen;
    if (pinned !== null && pinned !== offered)
      throw new HostKeyChangedError(
        `the host key of ${name} changed: pinned ${pinned}, now offered ${offered}. ` +
          `Someone may be intercepting the connection. If the server's key was changed on purpose, ` +
          `delete the "${name}" entry from ${this.path} and open the profile again.`,
      );
  }

  /** The pinned fingerprint of `host:port`, if any. */
  async get(host: string, port: number): Promise<string | null> {
    return (await this.read())[`${host}:${port}`]?.sha256 ?? null;
  }
}
