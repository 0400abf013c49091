import { strongPasswordRule } from '@facet/shared';
import { describe, expect, it } from 'vitest';
import { generatePassword } from './password';

describe('generatePassword', () => {
  it('always passes the strong rule and differs each time', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const p = generatePassword();
      expect(strongPasswordRule.safeParse(p).success).toBe(true);
      expect(p).toHaveLength(14);
      seen.add(p);
    }
    expect(seen.size).toBe(500);
  });

  it('keeps the length within the rule', () => {
    expect(generatePassword(4)).toHaveLength(8);
    expect(generatePassword(99)).toHaveLength(30);
  });
});
