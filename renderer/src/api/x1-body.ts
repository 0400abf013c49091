import { importX1PublicKey, x1Encrypt } from '@facet/shared';

/**
 * X1 bodies (account calls; docs/accounts.md, X1 bodies): encrypted with the server's public key, fetched once and
 * kept for the page's life. `forget` drops it when the server refuses a body (code 10006),
 * e.g. after the server rotated its key.
 */
export function createX1Encryptor(fetchPublicKey: () => Promise<string>) {
  let keyPromise: Promise<CryptoKey> | null = null;
  return {
    async encrypt(body: unknown, now: number): Promise<Uint8Array<ArrayBuffer>> {
      keyPromise ??= fetchPublicKey().then(importX1PublicKey);
      try {
        return await x1Encrypt(await keyPromise, body ?? {}, now);
      } catch (e) {
        keyPromise = null;
        throw e;
      }
    },
    forget(): void {
      keyPromise = null;
    },
  };
}
