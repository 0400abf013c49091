import { nameRule, numberedNames, PROFILE_CREATE_MAX } from '@facet/shared';
import { useMemo, useState } from 'react';

/**
 * How many profiles the create form makes (1 to PROFILE_CREATE_MAX) and what that does to the
 * name: "Shop" × 3 is "Shop 1" … "Shop 3", so a name that fits alone may be too long numbered.
 */
export function useQuantity(name: string) {
  const [text, setText] = useState('1');
  return useMemo(() => {
    const n = Number(text);
    const valid = text.trim() !== '' && Number.isInteger(n) && n >= 1 && n <= PROFILE_CREATE_MAX;
    const count = valid ? n : 1;
    const names = count > 1 ? numberedNames(name, count) : [];
    // Only when the name itself is fine: otherwise the name's own rule says what is wrong.
    const nameTooLong =
      names.length > 0 && nameRule.safeParse(name).success && names.some((x) => !nameRule.safeParse(x).success);
    return {
      text,
      setText,
      valid,
      count,
      /** The first and last of the numbered names, when more than one is made. */
      range: names.length ? { first: names[0]!, last: names[names.length - 1]! } : null,
      nameTooLong,
    };
  }, [text, name]);
}

export type Quantity = ReturnType<typeof useQuantity>;
