import type { OpenResult } from '@facet/shared';
import { describe, expect, it } from 'vitest';
import { type OpenQueueState, startOpenQueue } from './open-queue';

/** A bridge whose opens finish when the test says so. */
function slowBridge(fail: Record<number, string> = {}) {
  const waiting: Array<() => void> = [];
  const started: number[] = [];
  return {
    started,
    release: () => waiting.shift()?.(),
    bridge: {
      openProfiles: async ({ ids }: { ids: unknown[] }): Promise<OpenResult[]> => {
        const id = Number(ids[0]);
        started.push(id);
        await new Promise<void>((r) => waiting.push(r));
        if (fail[id]) throw new Error(fail[id]);
        return [{ id, ok: true }];
      },
    },
  };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('batch open queue', () => {
  it('runs four at a time, counts outcomes with the client’s message, and cancel stops the rest', async () => {
    const b = slowBridge({ 2: 'no browser found' });
    const states: OpenQueueState[] = [];
    const run = startOpenQueue(b.bridge, [1, 2, 3, 4, 5, 6, 7, 8], (s) => states.push(s));
    await tick();
    expect(b.started).toEqual([1, 2, 3, 4]);
    b.release();
    b.release();
    await tick();
    expect(b.started).toEqual([1, 2, 3, 4, 5, 6]);
    expect(states.at(-1)).toMatchObject({ done: 2, opened: 1, failures: [{ id: 2, error: 'no browser found' }] });
    run.cancel();
    for (let i = 0; i < 4; i++) {
      b.release();
      await tick();
    }
    const end = await run.finished;
    expect(b.started).toEqual([1, 2, 3, 4, 5, 6]);
    expect(end).toMatchObject({ total: 8, done: 6, opened: 5, cancelled: 2, running: false });
  });
});
