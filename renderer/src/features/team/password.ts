import { strongPasswordRule } from '@facet/shared';

const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const DIGITS = '23456789';
// Specials that survive being pasted into a chat or a shell without quoting.
const SPECIALS = '!@#$%^*-_=+?';
const ALL = LETTERS + DIGITS + SPECIALS;

const pick = (set: string, random: number) => set[random % set.length]!;

/**
 * A random password that passes the shared strong-password rule: a letter, a digit and a special character
 * guaranteed, the rest drawn from all three, shuffled so the guaranteed ones are not in front.
 */
export function generatePassword(length = 14): string {
  const n = Math.min(30, Math.max(8, length));
  const random = crypto.getRandomValues(new Uint32Array(n * 2));
  const chars = [pick(LETTERS, random[0]!), pick(DIGITS, random[1]!), pick(SPECIALS, random[2]!)];
  for (let i = 3; i < n; i++) chars.push(pick(ALL, random[i]!));
  for (let i = n - 1; i > 0; i--) {
    const j = random[n + i]! % (i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  const password = chars.join('');
  // The rule is the one the server checks; a generator that could fail it is a bug.
  strongPasswordRule.parse(password);
  return password;
}
