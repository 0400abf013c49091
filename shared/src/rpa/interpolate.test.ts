// biome-ignore-all lint/suspicious/noTemplateCurlyInString: flows write their variables as ${name} (docs/rpa.md, Variables)
import { describe, expect, it } from 'vitest';
import { interpolate, variablesIn } from './interpolate.js';

describe('interpolate', () => {
  it('replaces known variables, keeps unknown ones and escapes $${x}', () => {
    const vars = { user: 'ann', n: 3, t: [{ a: 1 }], empty: null };
    expect(interpolate('hi ${user} #${n}', vars)).toBe('hi ann #3');
    expect(interpolate('${t}', vars)).toBe('[{"a":1}]');
    expect(interpolate('${empty}|${missing}', vars)).toBe('|${missing}');
    expect(interpolate('$${user} ${user}', vars)).toBe('${user} ann');
  });
  it('expands once: a value holding ${x} stays as it is', () => {
    expect(interpolate('${a}', { a: '${b}', b: 'no' })).toBe('${b}');
    expect(interpolate('${__proto__}${toString}', {})).toBe('${__proto__}${toString}');
  });
  it('lists the names a text uses', () => {
    expect(variablesIn('${a}-${b_2} ${3x}')).toEqual(['a', 'b_2']);
  });
});
