import type { ClientBridge } from '@facet/shared';
import { describe, expect, it } from 'vitest';
import { saveToken } from '../api/token-storage';
import { setBridgeForTests } from '../bridge';
import { useClientStore } from '../stores/client';
import { useUserStore } from '../stores/user';
import { envelope, json, setupHttpDouble } from '../test/http-double';
import { closeAllCloudPhones } from './phone-client';

const http = setupHttpDouble();

/** A bridge double that records the phone calls in order (the rest is not used here). */
function recordingBridge(opened: number[], group: { main: number | null; followers: number[] }) {
  const calls: string[] = [];
  const phone = (id: number) => ({
    id,
    name: `P${id}`,
    width: 720,
    height: 1280,
    rotated: false,
    mode: 'screencap' as const,
    state: 'connected' as const,
    bounds: null,
    fps: 0,
  });
  const bridge = {
    kind: 'local-api',
    openedPhones: async () => {
      calls.push('openedPhones');
      return opened.map(phone);
    },
    phoneGroup: async () => {
      calls.push('phoneGroup');
      return group;
    },
    closePhoneGroup: async (b: { ids?: number[] }) => {
      calls.push(`closePhoneGroup ${JSON.stringify(b)}`);
      return { main: null, followers: [] };
    },
    closeAllPhones: async () => {
      calls.push('closeAllPhones');
      throw new Error('the client is gone');
    },
    closeAllBrowsers: async () => ({ count: 0 }),
    on: () => () => undefined,
  } as unknown as ClientBridge;
  return { bridge, calls };
}

describe('closing all cloud phones (§4)', () => {
  it('releases each opened phone at the server (refusals ignored), ends the group, closes all in the client', async () => {
    saveToken('tok', 'sid');
    const released: unknown[] = [];
    http.on((req, res) => {
      if (req.path.endsWith('/cloudPhonesEvn/close')) {
        const body = JSON.parse(req.body.toString()) as { id: number };
        released.push(body);
        // One refusal: the others still go, and the client still closes all.
        if (body.id === 7) return json(res, 200, envelope(16040, null, 'not open'));
        return json(res, 200, envelope(0, true));
      }
      json(res, 200, envelope(0, null));
    });
    useClientStore.getState().setOpenedPhones([7, 8]);
    const { bridge, calls } = recordingBridge([8, 9], { main: 8, followers: [9] });
    await closeAllCloudPhones(bridge, useClientStore.getState().openedPhones);
    expect(released).toEqual([{ id: 7 }, { id: 8 }, { id: 9 }]);
    expect(calls).toEqual(['openedPhones', 'phoneGroup', 'closePhoneGroup {"ids":[8,9]}', 'closeAllPhones']);
    expect([...useClientStore.getState().openedPhones]).toEqual([]);
  });

  it('with a desktop app older than cloud phones (no phone methods) it still releases at the server', async () => {
    saveToken('tok', 'sid');
    const released: unknown[] = [];
    http.on((req, res) => {
      released.push(JSON.parse(req.body.toString()));
      json(res, 200, envelope(0, true));
    });
    useClientStore.getState().setOpenedPhones([4]);
    const older = { kind: 'electron', closeAllBrowsers: async () => ({ count: 0 }), on: () => () => undefined };
    await closeAllCloudPhones(older as unknown as ClientBridge, useClientStore.getState().openedPhones);
    expect(released).toEqual([{ id: 4 }]);
    expect([...useClientStore.getState().openedPhones]).toEqual([]);
  });

  it('logout closes the cloud phones first', async () => {
    saveToken('tok', 'sid');
    const paths: string[] = [];
    http.on((req, res) => {
      paths.push(req.path.replace(/^\/api/, ''));
      json(res, 200, envelope(0, true));
    });
    const { bridge, calls } = recordingBridge([3], { main: null, followers: [] });
    setBridgeForTests(bridge);
    try {
      useClientStore.getState().setOpenedPhones([3]);
      await useUserStore.getState().logout();
    } finally {
      setBridgeForTests(undefined);
    }
    expect(paths[0]).toMatch(/cloudPhonesEvn\/close$/);
    expect(paths.at(-1)).toMatch(/logout$/);
    expect(calls).toEqual(['openedPhones', 'phoneGroup', 'closePhoneGroup {}', 'closeAllPhones']);
  });
});
