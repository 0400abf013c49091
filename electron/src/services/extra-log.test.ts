import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ExtraLog } from './extra-log.js';
import { tempDir } from './test/world.js';

describe('extra log', () => {
  const tmp = tempDir('facet-xlog-');
  afterAll(() => tmp.remove());

  it('keeps events as JSON lines with ids, lists newest first with filters and pages, deletes by id', async () => {
    const file = join(tmp.dir, 'a', 'extralog.jsonl');
    const log = new ExtraLog(file);
    await log.add('info', 'profile.opened', 'opened', 7);
    await log.add('error', 'profile.crashed', 'the browser ended unexpectedly', 7);
    await log.add('warn', 'open.refused', 'CPU use is 97%', 8);
    const all = await log.list({ page: 1, pageSize: 10 });
    expect(all.total).toBe(3);
    expect(all.list.map((e) => [e.id, e.event])).toEqual([
      [3, 'open.refused'],
      [2, 'profile.crashed'],
      [1, 'profile.opened'],
    ]);
    expect((await log.list({ page: 1, pageSize: 10, profileId: 7 })).list.map((e) => e.id)).toEqual([2, 1]);
    expect((await log.list({ page: 1, pageSize: 10, level: 'error' })).list.map((e) => e.id)).toEqual([2]);
    expect((await log.list({ page: 2, pageSize: 2 })).list.map((e) => e.id)).toEqual([1]);
    expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(3);

    expect(await log.delete([2, 99])).toBe(1);
    // A new client process reads the same file, and ids keep counting up.
    const again = new ExtraLog(file);
    expect((await again.list({ page: 1, pageSize: 10 })).list.map((e) => e.id)).toEqual([3, 1]);
    expect((await again.add('info', 'profile.closed', 'closed', 7)).id).toBe(4);
  });

  it('keeps at most the cap, dropping the oldest', async () => {
    const file = join(tmp.dir, 'b', 'extralog.jsonl');
    const log = new ExtraLog(file, 10);
    for (let i = 0; i < 25; i++) await log.add('info', 'e', `n${i}`);
    const r = await log.list({ page: 1, pageSize: 100 });
    expect(r.total).toBe(10);
    expect(r.list[0]!.message).toBe('n24');
    expect(r.list.at(-1)!.message).toBe('n15');
    expect(readFileSync(file, 'utf8').trim().split('\n').length).toBeLessThanOrEqual(11);
    expect((await new ExtraLog(file, 10).list({ page: 1, pageSize: 100 })).total).toBe(10);
  });
});
