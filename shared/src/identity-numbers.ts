/**
 * The check characters of the two numbers identity verification takes (docs/identity.md):
 * the PRC resident ID (GB 11643-1999, ISO 7064 MOD 11-2) and the unified social credit code
 * (GB 32100-2015, MOD 31). Pure, so the console checks as the user types and the server the same.
 */

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/** The check character an ID's first 17 digits call for. */
export function nationalIdCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * ID_WEIGHTS[i]!;
  return ID_CHECK[sum % 11]!;
}

/** The birth date (digits 7–14) is a real day, not before 1900 and not after `today`. */
export function nationalIdBirthDateValid(id: string, today = new Date()): boolean {
  const y = Number(id.slice(6, 10));
  const m = Number(id.slice(10, 12));
  const d = Number(id.slice(12, 14));
  if (y < 1900 || m < 1 || m > 12 || d < 1) return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return false;
  return date.getTime() <= today.getTime();
}

/** Why an 18-character ID is refused, or null: 'format', 'birthDate' or 'checksum'. */
export function nationalIdProblem(id: string, today = new Date()): 'format' | 'birthDate' | 'checksum' | null {
  if (!/^\d{17}[\dX]$/.test(id)) return 'format';
  if (!nationalIdBirthDateValid(id, today)) return 'birthDate';
  return nationalIdCheckChar(id) === id[17] ? null : 'checksum';
}

// GB 32100-2015's 31 characters: digits and capitals without I, O, S, V, Z.
const USCC_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** The check character a credit code's first 17 characters call for, or null if one is outside the set. */
export function creditCodeCheckChar(first17: string): string | null {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const v = USCC_CHARS.indexOf(first17[i] ?? '');
    if (v < 0) return null;
    sum += v * USCC_WEIGHTS[i]!;
  }
  return USCC_CHARS[(31 - (sum % 31)) % 31]!;
}

/** Why an 18-character credit code is refused, or null: 'format' or 'checksum'. */
export function creditCodeProblem(code: string): 'format' | 'checksum' | null {
  if (!/^[0-9A-HJ-NPQRTUWXY]{18}$/.test(code)) return 'format';
  return creditCodeCheckChar(code) === code[17] ? null : 'checksum';
}
