import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useOnlineClients, useSoftHeartbeat } from '../queries/notices';
import { createQueryClient } from '../queries/query-client';
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

/** Each hook with a data layer of its own, as under the app's provider. */
function withQueries<T>(hook: () => T) {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(hook, { wrapper });
}

const beats = (seen: { path: string }[]) => seen.filter((s) => s.path.endsWith('/v1/sysUsers/softHeartBeat'));

describe('the soft heartbeat base (docs/notices.md, Client presence)', () => {
  it('goes to its own base when one is configured, and nothing of it to the API', async () => {
    setHeartbeatBase(presence.base);
    const hook = withQueries(() => useSoftHeartbeat('client-1', 'web', '1.0.0'));
    await waitFor(() => expect(beats(presence.seen)).toHaveLength(1));
    expect(presence.seen[0]?.headers.authorization).toBe('Bearer tok');
    hook.unmount();
    expect(beats(api.seen)).toEqual([]);
  });

  it("defaults to the API's base", async () => {
    const hook = withQueries(() => useSoftHeartbeat('client-2', 'web', '1.0.0'));
    await waitFor(() => expect(beats(api.seen)).toHaveLength(1));
    hook.unmount();
    expect(beats(presence.seen)).toEqual([]);
  });

  it('reads the presence list again once the first beat lands, so a list read before it does not stay offline', async () => {
    let online = false;
    let release: () => void = () => undefined;
    const beatLanded = new Promise<void>((r) => {
      release = r;
    });
    api.on(async (q, res) => {
      if (q.path.endsWith('/v1/sysUsers/onlineClients')) {
        const client = { userId: 1, userName: 'me', clientId: 'client-3', kind: 'web', version: '', ip: '127.0.0.1' };
        return json(res, 200, envelope(0, [{ ...client, lastSeen: '2026-11-27 10:00:00', online }]));
      }
      // The beat is held until the list has been read once, as when the list wins the race.
      await beatLanded;
      online = true;
      json(res, 200, envelope(0, { intervalSeconds: 600 }));
    });
    const hook = withQueries(() => {
      useSoftHeartbeat('client-3', 'web', '1.0.0');
      return useOnlineClients(true);
    });
    await waitFor(() => expect(hook.result.current.data?.[0]?.online).toBe(false));
    release();
    // Well before the list's own 30 s poll.
    await waitFor(() => expect(hook.result.current.data?.[0]?.online).toBe(true), { timeout: 3000 });
    hook.unmount();
  });

  it('takes the build variable VITE_HEARTBEAT_BASE', () => {
    vi.stubEnv('VITE_HEARTBEAT_BASE', 'https://presence.example.com/');
    expect(heartbeatBase()).toBe('https://presence.example.com/api');
  });
});
