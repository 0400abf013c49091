import { describe, expect, it } from 'vitest';
import { timeZoneOption, timeZoneOptions } from './time-zones';

const JANUARY = new Date('2026-01-15T12:00:00Z');
const JULY = new Date('2026-07-15T12:00:00Z');

describe('time-zone options', () => {
  it('gives the offset, the zone’s name in the user’s language, the IANA id and a label to search', () => {
    const tokyo = timeZoneOption('Asia/Tokyo', 'en', JANUARY);
    expect(tokyo).toEqual({
      utcOffset: '+09:00',
      name: 'Japan Standard Time',
      iana: 'Asia/Tokyo',
      label: '(UTC+09:00) Japan Standard Time — Asia/Tokyo',
      value: 'Asia/Tokyo',
    });
    expect(timeZoneOption('Asia/Tokyo', 'de', JANUARY).name).toBe('Japanische Normalzeit');
    expect(timeZoneOption('Asia/Kolkata', 'en', JANUARY).utcOffset).toBe('+05:30');
    // The offset of the day: summer time moves it.
    expect(timeZoneOption('Europe/Berlin', 'en', JANUARY).utcOffset).toBe('+01:00');
    expect(timeZoneOption('Europe/Berlin', 'en', JULY).utcOffset).toBe('+02:00');
    expect(timeZoneOption('America/New_York', 'en', JULY).utcOffset).toBe('-04:00');
  });

  it('lists every zone once, west to east', () => {
    const all = timeZoneOptions('en', JANUARY);
    expect(all.length).toBeGreaterThan(300);
    expect(new Set(all.map((o) => o.value)).size).toBe(all.length);
    const offsets = all.map((o) => o.utcOffset);
    expect(offsets[0]?.startsWith('-')).toBe(true);
    expect(offsets.at(-1)?.startsWith('+')).toBe(true);
    const i = all.findIndex((o) => o.value === 'Asia/Tokyo');
    const j = all.findIndex((o) => o.value === 'Europe/London');
    expect(j).toBeLessThan(i);
  });
});
