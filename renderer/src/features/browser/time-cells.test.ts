import type { ProfileSummary } from '@facet/shared';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { renderDataCell } from './cells';
import { COLUMN_IDS, DEFAULT_LAYOUT } from './grid-columns';

const TIME_COLUMNS = ['createdTime', 'updateTime', 'lastOpenTime', 'closeTime', 'operTime'] as const;
const t = ((k: string) => k) as unknown as TFunction;

describe('profile time columns', () => {
  it('offers every time field the server sets, hidden until chosen except Created', () => {
    for (const id of TIME_COLUMNS) expect(COLUMN_IDS).toContain(id);
    expect(DEFAULT_LAYOUT.hidden).toEqual(expect.arrayContaining(['closeTime', 'operTime']));
  });

  it('shows each in the user’s time zone (the server writes China Standard Time)', () => {
    const p = Object.fromEntries(
      TIME_COLUMNS.map((k, i) => [k, `2026-11-20 0${i + 1}:30:00`]),
    ) as unknown as ProfileSummary;
    const shown = (zone: string) => TIME_COLUMNS.map((id) => renderDataCell(p, id, t, zone, null));
    expect(shown('Asia/Shanghai')).toEqual(TIME_COLUMNS.map((_, i) => `2026-11-20 0${i + 1}:30:00`));
    // Moscow is five hours behind; the first ones fall on the day before.
    expect(shown('Europe/Moscow')).toEqual([
      '2026-11-19 20:30:00',
      '2026-11-19 21:30:00',
      '2026-11-19 22:30:00',
      '2026-11-19 23:30:00',
      '2026-11-20 00:30:00',
    ]);
  });
});
