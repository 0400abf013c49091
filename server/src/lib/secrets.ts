import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * The server secret: encrypts secrets at rest (AES-256-GCM) and keys the HMACs of codes.
 * Every server process on one database must share it (FACET_SECRET_KEY); a lone process
 * keeps a generated one in its data folder.
 */
export class Secrets {
  private readonly key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== 32) throw new Error('the server secret must be 32 bytes');
    this.key = key;
  }

  static fromEnvOrFile(envValue: string | undefined, file: string | undefined): Secrets {
    if (envValue) {
      const key = Buffer.from(envValue, 'base64');
      if (key.length !== 32) throw new Error('FACET_SECRET_KEY must be 32 bytes, base64-encoded');
      return new Secrets(key);
    }
    if (!file) return new Secrets(randomBytes(32));
    if (existsSync(file)) return new Secrets(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64'));
    mkdirSync(dirname(file), { recursive: true });
    const key = randomBytes(32);
    writeFileSync(file, key.toString('base64'), { mode: 0o600 });
    chmodSync(file, 0o600);
    return new Secrets(key);
  }

  encrypt(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `v1:${Buffer.concat([iv, cipher.getAuthTag(), ct]).toString('base64')}`;
  }

  decrypt(stored: string): string {
    if (!stored.startsWith('v1:')) throw new Error('unknown secret format');
    const buf = Buffer.from(stored.slice(3), 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.key, buf.subarray(0, 12));
    decipher.setAuthTag(buf.subarray(12, 28));
    return Buffer.concat([decipher.update(buf.subarray(28)), decipher.final()]).toString('utf8');
  }

  hmac(...parts: string[]): string {
    return createHmac('sha256', this.key).update(parts.join('\u0000')).digest('base64url');
  }
}

export const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

/** Compares two strings in time that does not depend on where they differ. */
export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  if (ab.length !== bb.length) {
    timingSafeEqual(ab, ab);
    return false;
  }
  return timingSafeEqual(ab, bb);
}
