// adbd's side of AUTH: a random token, and a signature checked with real RSA against the keys the
// device has accepted. A key arrives as Android's RSAPUBLICKEY line: base64 of
// { u32 words; u32 n0inv; u32 n[words] (little-endian); u32 rr[words]; u32 exponent } + " name".
import { constants, createPublicKey, type KeyObject, publicDecrypt, randomBytes } from 'node:crypto';

export const TOKEN_SIZE = 20;
/** DER DigestInfo prefix of a SHA-1 digest: the token is signed as if it were one. */
const SHA1_DIGEST_INFO = Buffer.from('3021300906052b0e03021a05000414', 'hex');

export function newToken(): Buffer {
  return randomBytes(TOKEN_SIZE);
}

/** The RSA public key of an adb_keys line, or undefined when the line is not one. */
export function parseAdbPublicKey(line: string): KeyObject | undefined {
  const [b64] = line.trim().split(/\s+/);
  if (!b64) return undefined;
  const raw = Buffer.from(b64, 'base64');
  if (raw.length < 12) return undefined;
  const words = raw.readUInt32LE(0);
  if (words <= 0 || words > 1024 || raw.length < 8 + words * 8 + 4) return undefined;
  const modulusLe = raw.subarray(8, 8 + words * 4);
  const exponent = raw.readUInt32LE(8 + words * 8);
  const modulusBe = Buffer.from(modulusLe).reverse();
  const e = Buffer.alloc(4);
  e.writeUInt32BE(exponent, 0);
  let start = 0;
  while (start < 3 && e[start] === 0) start++;
  try {
    return createPublicKey({
      key: { kty: 'RSA', n: modulusBe.toString('base64url'), e: e.subarray(start).toString('base64url') },
      format: 'jwk',
    });
  } catch {
    return undefined;
  }
}

/** Whether `signature` is the token signed (PKCS#1 v1.5, as a SHA-1 digest) by the key's owner. */
export function verifyToken(key: KeyObject, token: Uint8Array, signature: Uint8Array): boolean {
  try {
    const recovered = publicDecrypt({ key, padding: constants.RSA_PKCS1_PADDING }, signature);
    return recovered.equals(Buffer.concat([SHA1_DIGEST_INFO, token]));
  } catch {
    return false;
  }
}
