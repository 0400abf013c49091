import { describe, expect, it } from 'vitest';
import { precheckRow, rowInput } from './precheck';

describe('the fingerprint column in the preview', () => {
  it('is optional: without it the server makes a new fingerprint', () => {
    expect(rowInput({ name: 'Shop one' })).not.toHaveProperty('browserFingerPrint');
    expect(precheckRow({ row: 2, values: { name: 'Shop one', fingerprint: '' } })).toEqual([]);
  });
  it('is read as JSON and checked with the shared schema, naming the field', () => {
    expect(rowInput({ name: 'A', fingerprint: '{"os":"windows"}' }).browserFingerPrint).toEqual({ os: 'windows' });
    const notJson = precheckRow({ row: 3, values: { name: 'A', fingerprint: '{broken' } });
    expect(notJson.map((i) => i.field)).toEqual(['browserFingerPrint']);
    const partial = precheckRow({ row: 4, values: { name: 'A', fingerprint: '{"os":"windows"}' } });
    expect(partial.length).toBeGreaterThan(0);
    expect(partial.every((i) => i.field.startsWith('browserFingerPrint.'))).toBe(true);
  });
});
