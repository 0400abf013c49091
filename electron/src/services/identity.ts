import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { clientIdentityMessage } from '@facet/shared';

/**
 * This client's identity (docs/client.md, Pairing): an ed25519 key made on first run and kept in
 * the client's folder (readable by the user only). Its public half is registered with the server
 * for the signed-in user; the private half signs the console's challenges, so the console can
 * tell this client from another program listening on the port.
 */
export class ClientIdentity {
  private constructor(
    private readonly key: KeyObject,
    /** Base64 SPKI DER, as the server stores it. */
    readonly publicKey: string,
  ) {}

  static async load(file: string): Promise<ClientIdentity> {
    let pem: string | null = null;
    try {
      pem = await readFile(file, 'utf8');
    } catch {}
    let key: KeyObject;
    try {
      key = createPrivateKey(pem ?? '');
    } catch {
      key = generateKeyPairSync('ed25519').privateKey;
      await mkdir(dirname(file), { recursive: true, mode: 0o700 });
      const tmp = `${file}.${process.pid}.tmp`;
      await writeFile(tmp, key.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
      await rename(tmp, file);
    }
    const publicKey = createPublicKey(key).export({ type: 'spki', format: 'der' }).toString('base64');
    return new ClientIdentity(key, publicKey);
  }

  /** The proof for a console's nonce, bound to the port the console reached this client on. */
  sign(nonce: string, port: number): string {
    return sign(null, Buffer.from(clientIdentityMessage(nonce, port)), this.key).toString('base64');
  }
}
