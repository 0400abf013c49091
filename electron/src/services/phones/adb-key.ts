import { createPrivateKey } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { adbPublicKey, newAdbKey } from '@facet/shared/node';

/**
 * The client's own ADB key (docs/phones.md, In the client): RSA-2048, made on the first phone
 * open and kept in the client's folder (readable by the user only), as `identity.ts` keeps its
 * key. The server's `phoneConnect` grant lets its public line in through the relay for a moment.
 */
export class ClientAdbKey {
  private constructor(
    /** PKCS#8 DER, as connectPhone takes it. */
    readonly pkcs8: Uint8Array,
    /** The `adbkey.pub` line (Android's RSAPUBLICKEY format + a name). */
    readonly publicKey: string,
  ) {}

  static async load(file: string): Promise<ClientAdbKey> {
    let pem: string | null = null;
    try {
      pem = await readFile(file, 'utf8');
    } catch {}
    let der: Uint8Array | null = null;
    try {
      const key = createPrivateKey(pem ?? '');
      if (key.asymmetricKeyType === 'rsa') der = new Uint8Array(key.export({ type: 'pkcs8', format: 'der' }));
    } catch {}
    if (!der) {
      der = newAdbKey();
      const pemOut = createPrivateKey({ key: Buffer.from(der), format: 'der', type: 'pkcs8' }).export({
        type: 'pkcs8',
        format: 'pem',
      });
      await mkdir(dirname(file), { recursive: true, mode: 0o700 });
      const tmp = `${file}.${process.pid}.tmp`;
      await writeFile(tmp, pemOut, { mode: 0o600 });
      await rename(tmp, file);
    }
    return new ClientAdbKey(der, adbPublicKey(der));
  }
}
