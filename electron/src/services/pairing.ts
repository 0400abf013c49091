import { randomInt, timingSafeEqual } from 'node:crypto';
import {
  formatPairingCode,
  normalizePairingCode,
  PAIRING_CODE_ALPHABET,
  PAIRING_CODE_LENGTH,
  pairingProof,
} from '@facet/shared';

/** Wrong codes a client takes before it replaces its code (docs/client.md, Pairing). */
export const PAIRING_MAX_FAILURES = 5;

export type RedeemResult = 'paired' | 'wrong' | 'no-code';

/**
 * The client's one-time pairing code (docs/client.md, Pairing): the user reads it off the client
 * (the terminal of `npm run client`, the desktop app's Local API screen) and types it into the
 * console in a browser. The client proves it holds the code before the console sends anything
 * (`prove`), and the console proves it by sending the code (`redeem`), which spends it.
 */
export class PairingCodes {
  private code: string | null = null;
  private failures = 0;

  constructor(
    private readonly o: {
      /** Called with each new code, formatted for reading (XXXX-XXXX-XXXX-XXXX). */
      onCode?: (code: string, why: 'start' | 'used' | 'too-many-failures' | 'asked') => void;
      /** The headless client keeps a code ready for the next browser; the desktop app makes one when asked. */
      renew: boolean;
    },
  ) {
    if (o.renew) this.issue('start');
  }

  /** A fresh code, replacing any before. */
  issue(why: 'start' | 'used' | 'too-many-failures' | 'asked' = 'asked'): string {
    let code = '';
    for (let i = 0; i < PAIRING_CODE_LENGTH; i++)
      code += PAIRING_CODE_ALPHABET[randomInt(PAIRING_CODE_ALPHABET.length)];
    this.code = code;
    this.failures = 0;
    const shown = formatPairingCode(code);
    this.o.onCode?.(shown, why);
    return shown;
  }

  get active(): boolean {
    return this.code !== null;
  }

  /** The proof for the console's nonce on the port it reached, or null without a code. */
  prove(nonce: string, port: number): string | null {
    return this.code === null ? null : pairingProof(this.code, nonce, port);
  }

  /** Spends the code when `typed` is it; wrong tries are counted and the last allowed one replaces it. */
  redeem(typed: string): RedeemResult {
    if (this.code === null) return 'no-code';
    const given = Buffer.from(normalizePairingCode(typed) ?? '');
    const expected = Buffer.from(this.code);
    if (given.length === expected.length && timingSafeEqual(given, expected)) {
      this.code = null;
      if (this.o.renew) this.issue('used');
      return 'paired';
    }
    this.failures += 1;
    if (this.failures >= PAIRING_MAX_FAILURES) {
      this.code = null;
      if (this.o.renew) this.issue('too-many-failures');
    }
    return 'wrong';
  }
}
