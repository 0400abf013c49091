import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MESSAGE, loadChunk } from './lazy-chunk';

describe('chunk loading', () => {
  afterEach(() => vi.useRealTimers());

  it('fails a chunk that has not arrived in 120 s', async () => {
    vi.useFakeTimers();
    const pending = loadChunk(() => new Promise(() => {}));
    const seen = pending.catch((e: Error) => e.message);
    vi.advanceTimersByTime(119_999);
    await Promise.resolve();
    vi.advanceTimersByTime(1);
    expect(await seen).toBe(CHUNK_TIMEOUT_MESSAGE);
  });

  it('passes a chunk that arrives, and its own failure', async () => {
    await expect(loadChunk(async () => 'mod')).resolves.toBe('mod');
    await expect(loadChunk(async () => Promise.reject(new Error('404')))).rejects.toThrow('404');
  });
});
