import { renderHook, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useSoftHeartbeat } from '../queries/notices';
import { envelope, json, setupHttpDouble, startHttpDouble } from '../test/http-double';
import { heartbeatBase, setHeartbeatBase } from './base-url';
import { saveToken } from './token-storage';

const api = setupHttpDouble();
let presence: Awaited<ReturnType<typeof startHttpDouble>>;

beforeAll(async () => {
  presence = await startHttpDouble();
  saveToken('tok', 'sid');
  const beat = (_q: unknown, res: Parameters<Parameters<typeof api.on>[0]>[1]) =>
    json(res, 200, envelope(0, { intervalSeconds: 600 }));
  api.on(beat);
  presence.on(beat);
});
afterEach(() => {
  setHeartbeatBase(null);
  vi.unstubAllEnvs();
  api.seen.length = 0;
  presence.seen.length = 0;
});
afterAll(() => presence.close());

const beats = (seen: { path: string }[]) => seen.filter((s) => s.path.endsWith('/v1/sysUsers/softHeartBeat'));

describe('the soft heartbeat base (docs/notices.md, Client presence)', () => {
  it('goes to its own base when one is configured, and nothing of it to the API', async () => {
    setHeartbeatBase(presence.base);
    const hook = renderHook(() => useSoftHeartbeat('client-1', 'web', '1.0.0'));
    await waitFor(() => expect(beats(presence.seen)).toHaveLength(1));
    expect(presence.seen[0]?.headers.authorization).toBe('Bearer tok');
    hook.unmount();
    expect(beats(api.seen)).toEqual([]);
  });

  it("defaults to the API's base", async () => {
    const hook = renderHook(() => useSoftHeartbeat('client-2', 'web', '1.0.0'));
    await waitFor(() => expect(beats(api.seen)).toHaveLength(1));
    hook.unmount();
    expect(beats(presence.seen)).toEqual([]);
  });

  it('takes the build variable VITE_HEARTBEAT_BASE', () => {
    vi.stubEnv('VITE_HEARTBEAT_BASE', 'https://presence.example.com/');
    expect(heartbeatBase()).toBe('https://presence.example.com/api');
  });
});
