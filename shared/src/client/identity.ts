import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { z } from 'zod';

/**
 * What a desktop client signs to prove, to the console, that it is a client the user paired
 * (docs/client.md, Pairing): the console's fresh nonce and the port the console is talking to.
 * The port is in it so that a program squatting on the console's port cannot pass along the
 * proof of the real client listening on another port.
 */
export const clientIdentityMessage = (nonce: string, port: number) => `facet-client-identity|${nonce}|${port}`;

/**
 * What a client computes with its one-time pairing code to show the console it is the program
 * that displayed the code (HMAC-SHA256 keyed with the normalized code, base64url). Bound to the
 * port for the same reason as the identity proof. The code carries 80 bits, so the proof cannot
 * be brute-forced to learn the code offline.
 */
export const pairingProofMessage = (nonce: string, port: number) => `facet-client-pairing|${nonce}|${port}`;

/** Crockford's base32: no I, L, O or U, so a code read off a terminal is typed back without doubt. */
export const PAIRING_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 16 characters of 5 bits: 80 bits. Shown as XXXX-XXXX-XXXX-XXXX. */
export const PAIRING_CODE_LENGTH = 16;

/** The code as typed (any case, dashes or spaces, O for 0, I or L for 1) in its canonical form, or null. */
export function normalizePairingCode(typed: string): string | null {
  const s = typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (s.length !== PAIRING_CODE_LENGTH) return null;
  for (const ch of s) if (!PAIRING_CODE_ALPHABET.includes(ch)) return null;
  return s;
}

export const formatPairingCode = (code: string) => code.match(/.{1,4}/g)?.join('-') ?? code;

const nonceRule = z
  .string()
  .min(16)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, _ and - only');

/** GET /api/v1/identity?nonce= */
export const identityQuerySchema = z.object({ nonce: nonceRule });

/** POST /api/v1/pair/challenge: the console's nonce; the answer proves the client knows the code. */
export const pairChallengeBodySchema = z.object({ nonce: nonceRule }).strict();
export const pairChallengeResultSchema = z.object({ port: z.number().int(), proof: z.string() });

/**
 * POST /api/v1/pair: the code the user typed (the client's own, once), with the console's session
 * so the client opens profiles as the signed-in user. The answer is the local API key.
 */
export const pairBodySchema = z
  .object({
    code: z.string().min(1).max(64),
    token: z.string().min(1).max(4096).optional(),
    sid: z.string().max(256).optional(),
  })
  .strict();
export const pairResultSchema = z.object({ apiKey: z.string() });

/**
 * The pairing proof for a nonce and port under a (normalized) code. One implementation for the
 * client and the console: the console may run on a plain-http origin, where browsers withhold
 * WebCrypto, so this is @noble/hashes rather than crypto.subtle.
 */
export function pairingProof(code: string, nonce: string, port: number): string {
  const enc = new TextEncoder();
  return base64url(hmac(sha256, enc.encode(code), enc.encode(pairingProofMessage(nonce, port))));
}

function base64url(bytes: Uint8Array): string {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
