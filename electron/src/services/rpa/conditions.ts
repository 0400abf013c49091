import { type Condition, interpolate, valueText } from '@facet/shared';
import type { RunState } from './types.js';

const num = (s: string) => (s.trim() === '' ? Number.NaN : Number(s));

/** Whether a condition holds now (docs/rpa.md, Conditions); numbers compare as numbers when both sides are. */
export async function holds(c: Condition, st: RunState): Promise<boolean> {
  if (c.kind === 'elementExists') return (await st.page.locator(interpolate(c.selector, st.vars)).count()) > 0;
  const left = valueText(st.vars[c.variable]);
  const right = interpolate(c.value ?? '', st.vars);
  const [a, b] = [num(left), num(right)];
  const numeric = !Number.isNaN(a) && !Number.isNaN(b);
  switch (c.op) {
    case 'eq':
      return numeric ? a === b : left === right;
    case 'ne':
      return numeric ? a !== b : left !== right;
    case 'contains':
      return left.includes(right);
    case 'notContains':
      return !left.includes(right);
    case 'gt':
      return numeric ? a > b : left > right;
    case 'lt':
      return numeric ? a < b : left < right;
    case 'gte':
      return numeric ? a >= b : left >= right;
    case 'lte':
      return numeric ? a <= b : left <= right;
    case 'matches':
      return new RegExp(right).test(left);
    case 'empty':
      return left === '';
    case 'notEmpty':
      return left !== '';
  }
}
