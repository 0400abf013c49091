import { firstErrorKey } from '@facet/shared';
import { useState } from 'react';
import type { z } from 'zod';

/**
 * A form field checked by a shared rule (shared/src/validation.ts). The error is the rule's translation key (under
 * `validation.`), shown once the field was touched or the form was submitted.
 */
export function useField(rule: z.ZodType | null, initial = '') {
  const [value, setValue] = useState(initial);
  const [touched, setTouched] = useState(false);
  const error = rule ? firstErrorKey(rule, value) : null;
  return {
    value,
    setValue,
    error: touched ? error : null,
    /** Marks the field touched; true when it passes. */
    check: () => {
      setTouched(true);
      return error === null;
    },
    reset: () => {
      setValue(initial);
      setTouched(false);
    },
    bind: {
      value,
      onChange: (e: { target: { value: string } }) => setValue(e.target.value),
      onBlur: () => value !== '' && setTouched(true),
    },
  };
}

export type Field = ReturnType<typeof useField>;

/** Checks every field (so each shows its error) and tells whether all pass. */
export const checkAll = (...fields: Field[]) => fields.map((f) => f.check()).every(Boolean);
