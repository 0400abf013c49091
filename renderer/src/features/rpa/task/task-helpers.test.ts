import { describe, expect, it } from 'vitest';
import { cronPreview } from '../schedule-text';
import { gridToRows, mapRows, rowsFromText } from './input-rows';
import { teamDefaults } from './team-defaults';

describe('the task form helpers', () => {
  it('reads pasted rows (comma or tab) with the first line as column names', () => {
    expect(rowsFromText('email,password\nann@x.test,p1\n\nbob@x.test,p2')).toEqual([
      { email: 'ann@x.test', password: 'p1' },
      { email: 'bob@x.test', password: 'p2' },
    ]);
    expect(rowsFromText('a\tb\n1\t2')).toEqual([{ a: '1', b: '2' }]);
    expect(
      gridToRows([
        ['x', ''],
        ['1', 'ignored'],
      ]),
    ).toEqual([{ x: '1' }]);
  });

  it('gives rows to profiles in order, or by a profileId column', () => {
    const rows = [{ v: 'a' }, { v: 'b' }];
    expect(mapRows([7, 3, 9], rows)).toEqual([
      { profileId: 7, row: { v: 'a' } },
      { profileId: 3, row: { v: 'b' } },
    ]);
    expect(
      mapRows(
        [7, 3],
        [
          { profileId: '3', v: 'x' },
          { profileId: '8', v: 'y' },
        ],
      ),
    ).toEqual([{ profileId: 3, row: { profileId: '3', v: 'x' } }]);
  });

  it('previews a cron in a time zone as the server evaluates it, and names a broken one', () => {
    const from = new Date('2026-11-27T07:30:00Z');
    expect(cronPreview('0 9 * * *', 'Europe/Berlin', 2, from)).toEqual({
      times: ['2026-11-27 09:00:00', '2026-11-28 09:00:00'],
    });
    expect(cronPreview('not a cron', 'UTC')).toEqual({ error: 'cronInvalid' });
    expect(cronPreview('0 0 30 2 *', 'UTC')).toEqual({ error: 'cronNeverFires' });
  });

  it('reads the team defaults as the server does, falling back on what it would not take', () => {
    expect(teamDefaults(undefined)).toMatchObject({ ifOpen: 'reuse', retries: 0, timeoutSec: 600, concurrency: 1 });
    expect(
      teamDefaults([
        { globalValueType: 'RpaRunningStrategy', globalValue: '{"retries":2,"ifOpen":"skip"}' },
        { globalValueType: 'RpaConcurrent', globalValue: '{"concurrent":4}' },
      ]),
    ).toMatchObject({ ifOpen: 'skip', retries: 2, closeAfter: true, concurrency: 4 });
    expect(teamDefaults([{ globalValueType: 'RpaConcurrent', globalValue: '99' }]).concurrency).toBe(1);
  });
});
