/**
 * X-Auth-Type X1: account-call bodies are encrypted by the client so that passwords and
 * codes never travel as plain JSON, even behind a TLS-terminating proxy that logs bodies.
 * Hybrid scheme on WebCrypto (browser and Node alike): a fresh AES-256-GCM key encrypts
 * `{ ts, body }`; RSA-OAEP-256 wraps that key with the server's published public key.
 *
 * Wire format (application/octet-stream):
 *   [0x01 version][u16 big-endian wrapped-key length][wrapped key][12-byte IV][ciphertext+tag]
 */
export const X1_HEADER = 'X-Auth-Type';
export const X1_VALUE = 'X1';
export const X1_CONTENT_TYPE = 'application/octet-stream';
const VERSION = 1;
const IV_BYTES = 12;
const RSA = { name: 'RSA-OAEP', hash: 'SHA-256' } as const;

const subtle = () => globalThis.crypto.subtle;

const toB64 = (bytes: Uint8Array): string => {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
};
const fromB64 = (b64: string): Uint8Array<ArrayBuffer> => {
  const s = atob(b64);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
};

export interface X1KeyPairB64 {
  /** SPKI, base64: what the server publishes. */
  publicKey: string;
  /** PKCS#8, base64: what the server keeps (encrypted at rest). */
  privateKey: string;
}

export async function generateX1KeyPair(): Promise<X1KeyPairB64> {
  const pair = await subtle().generateKey(
    { ...RSA, modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) },
    true,
    ['encrypt', 'decrypt'],
  );
  const spki = new Uint8Array(await subtle().exportKey('spki', pair.publicKey));
  const pkcs8 = new Uint8Array(await subtle().exportKey('pkcs8', pair.privateKey));
  return { publicKey: toB64(spki), privateKey: toB64(pkcs8) };
}

export const importX1PublicKey = (spkiB64: string): Promise<CryptoKey> =>
  subtle().importKey('spki', fromB64(spkiB64), RSA, false, ['encrypt']);

export const importX1PrivateKey = (pkcs8B64: string): Promise<CryptoKey> =>
  subtle().importKey('pkcs8', fromB64(pkcs8B64), RSA, false, ['decrypt']);

export async function x1Encrypt(
  publicKey: CryptoKey,
  body: unknown,
  now: number = Date.now(),
): Promise<Uint8Array<ArrayBuffer>> {
  const aes = await subtle().generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt']);
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const plain = new TextEncoder().encode(JSON.stringify({ ts: now, body }));
  const cipher = new Uint8Array(await subtle().encrypt({ name: 'AES-GCM', iv }, aes, plain));
  const raw = await subtle().exportKey('raw', aes);
  const wrapped = new Uint8Array(await subtle().encrypt(RSA, publicKey, raw));
  const out = new Uint8Array(3 + wrapped.length + IV_BYTES + cipher.length);
  out[0] = VERSION;
  out[1] = wrapped.length >> 8;
  out[2] = wrapped.length & 0xff;
  out.set(wrapped, 3);
  out.set(iv, 3 + wrapped.length);
  out.set(cipher, 3 + wrapped.length + IV_BYTES);
  return out;
}

export class X1Error extends Error {}

/**
 * Decrypts an X1 envelope; throws X1Error for anything that is not one. `nonce` identifies the
 * envelope by what only its sender chose (the fresh AES key and IV), not by its wire bytes, so a
 * re-encoded copy of a captured envelope still has the same nonce and a server can refuse it.
 */
export async function x1Decrypt(
  privateKey: CryptoKey,
  bytes: Uint8Array,
): Promise<{ ts: number; body: unknown; nonce: string }> {
  if (bytes.length < 3 + IV_BYTES + 16 || bytes[0] !== VERSION) throw new X1Error('not an X1 body');
  const keyLen = ((bytes[1] ?? 0) << 8) | (bytes[2] ?? 0);
  if (bytes.length < 3 + keyLen + IV_BYTES + 16) throw new X1Error('truncated X1 body');
  const copy = (a: number, b?: number) => new Uint8Array(bytes.subarray(a, b));
  const wrapped = copy(3, 3 + keyLen);
  const iv = copy(3 + keyLen, 3 + keyLen + IV_BYTES);
  const cipher = copy(3 + keyLen + IV_BYTES);
  try {
    const raw = await subtle().decrypt(RSA, privateKey, wrapped);
    const aes = await subtle().importKey('raw', raw, 'AES-GCM', false, ['decrypt']);
    const keyAndIv = new Uint8Array(raw.byteLength + IV_BYTES);
    keyAndIv.set(new Uint8Array(raw));
    keyAndIv.set(iv, raw.byteLength);
    const nonce = toB64(new Uint8Array(await subtle().digest('SHA-256', keyAndIv)));
    const plain = await subtle().decrypt({ name: 'AES-GCM', iv }, aes, cipher);
    const parsed = JSON.parse(new TextDecoder().decode(plain)) as { ts?: unknown; body?: unknown };
    if (typeof parsed.ts !== 'number') throw new X1Error('X1 body without timestamp');
    return { ts: parsed.ts, body: parsed.body, nonce };
  } catch (e) {
    if (e instanceof X1Error) throw e;
    throw new X1Error('X1 body did not decrypt');
  }
}
