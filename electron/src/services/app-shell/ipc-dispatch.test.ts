import { BRIDGE_EVENT_CHANNEL_PREFIX, type BridgeMethodName, bridgeChannels } from '@facet/shared';
import { describe, expect, it, vi } from 'vitest';
import { createClientBridge } from './bridge-client.js';
import {
  BRIDGE_SUBSCRIBED_CHANNEL,
  type BridgeHandlers,
  createEventEmitter,
  IpcRefused,
  type IpcRegistrar,
  registerBridgeHandlers,
  type SenderEvent,
  subscribedEvent,
} from './ipc-dispatch.js';

const origin = 'http://127.0.0.1:7700';
const mainWindow = { id: 1 };

function fakeIpc() {
  const handlers = new Map<string, (event: SenderEvent, ...args: unknown[]) => unknown>();
  const registrar: IpcRegistrar = {
    handle(channel, fn) {
      if (handlers.has(channel)) throw new Error(`second handler for ${channel}`);
      handlers.set(channel, fn);
    },
  };
  return { handlers, registrar };
}

const perf = { open: true, cpu: 90, mem: 80, freeCacheSpace: 1 as const };
function impl(): BridgeHandlers {
  return {
    downloadUpdate: vi.fn(async () => undefined),
    quitAndInstall: vi.fn(async () => undefined),
    closeAllBrowsers: vi.fn(async () => ({ count: 2 })),
    openByDefaultBrowser: vi.fn(async () => undefined),
    getPerformanceConfig: vi.fn(async () => perf),
    savePerformanceConfig: vi.fn(async (p) => ({ ...perf, ...p })),
    getGlobalConfigs: vi.fn(async () => {
      throw new Error('not used');
    }),
    checkFingerprint: vi.fn(async () => {
      throw new Error('not used');
    }),
    saveSysProxyConfig: vi.fn(async ({ password, ...c }) => ({ ...c, passwordSet: !!password })),
    openProfiles: vi.fn(async () => []),
    closeProfile: vi.fn(async () => true),
    activeProfiles: vi.fn(async () => []),
    arrangeWindows: vi.fn(async () => []),
    resetWindowBounds: vi.fn(async () => ({ count: 0 })),
    pairSession: vi.fn(async () => undefined),
    newPairingCode: vi.fn(async () => ({ code: 'ABCD-EFGH-JKMN-PQRS' })),
    getLocalApiKey: vi.fn(async () => ({ apiKey: 'fcl_key' })),
    showMainWindow: vi.fn(async () => undefined),
    answerClose: vi.fn(),
    extraLogList: vi.fn(async () => ({ total: 0, list: [] })),
    extraLogDelete: vi.fn(async () => ({ count: 0 })),
    mcpInfo: vi.fn(async () => ({ url: '', key: 'mcp_key' })),
    rotateMcpKey: vi.fn(async () => ({ url: '', key: 'mcp_key2' })),
    mcpCalls: vi.fn(async () => ({ total: 0, list: [] })),
    ...phoneHandlers(),
  };
}

/** The phone methods are not what this file tests: each refuses. */
function phoneHandlers() {
  const unused = () =>
    vi.fn(async () => {
      throw new Error('not used');
    });
  return {
    openPhone: unused(),
    closePhone: unused(),
    closeAllPhones: unused(),
    openedPhones: unused(),
    reconnectPhone: unused(),
    phoneFrame: unused(),
    phoneVideoSource: unused(),
    phoneClipboard: unused(),
    phoneInput: unused(),
    pushPhoneFile: unused(),
    savePhoneImages: unused(),
    setPhoneBounds: unused(),
    phoneGroup: unused(),
    setPhoneGroup: unused(),
    closePhoneGroup: unused(),
  } satisfies Partial<BridgeHandlers>;
}

function setup() {
  const ipc = fakeIpc();
  const h = impl();
  const channels = registerBridgeHandlers(ipc.registrar, h, {
    consoleOrigin: origin,
    isTrustedSender: (s) => s === mainWindow,
  });
  const call = (
    channel: string,
    payload?: unknown,
    event: SenderEvent = { sender: mainWindow, senderFrame: { url: `${origin}/browser` } },
  ) => Promise.resolve().then(() => ipc.handlers.get(channel)!(event, payload));
  return { ipc, h, channels, call };
}

describe('registerBridgeHandlers', () => {
  it('registers one handler for every channel of the shared table', () => {
    const { ipc, channels } = setup();
    const expected = Object.values(bridgeChannels).map((c) => c.channel);
    expect(channels.sort()).toEqual([...expected].sort());
    expect([...ipc.handlers.keys()].sort()).toEqual([...expected].sort());
  });

  it('passes the parsed payload to the implementation and answers its result', async () => {
    const { h, call } = setup();
    await expect(call('facet:config:performance:save', { cpu: 70 })).resolves.toEqual({ ...perf, cpu: 70 });
    expect(h.savePerformanceConfig).toHaveBeenCalledWith({ cpu: 70 });
    await expect(call('facet:browsers:close-all')).resolves.toEqual({ count: 2 });
    await expect(call('facet:profiles:close', { id: 5 })).resolves.toBe(true);
    expect(h.closeProfile).toHaveBeenCalledWith({ id: 5 });
  });

  it('refuses payloads that do not match the channel schema, naming the field', async () => {
    const { h, call } = setup();
    await expect(call('facet:profiles:close', { id: 'x' })).rejects.toThrow(/facet:profiles:close: id:/);
    await expect(call('facet:shell:open-external', 'file:///etc/passwd')).rejects.toThrow(/http\(s\) URL/);
    await expect(call('facet:browsers:close-all', { sneaky: 1 })).rejects.toThrow(IpcRefused);
    await expect(call('facet:profiles:open', { ids: [] })).rejects.toThrow(/ids/);
    expect(h.closeProfile).not.toHaveBeenCalled();
    expect(h.openByDefaultBrowser).not.toHaveBeenCalled();
    expect(h.closeAllBrowsers).not.toHaveBeenCalled();
  });

  it('refuses callers that are not the main window showing the console', async () => {
    const { h, call } = setup();
    await expect(
      call('facet:browsers:close-all', undefined, { sender: { id: 2 }, senderFrame: { url: `${origin}/` } }),
    ).rejects.toThrow(/not the Facet main window/);
    await expect(
      call('facet:browsers:close-all', undefined, {
        sender: mainWindow,
        senderFrame: { url: 'https://evil.example/' },
      }),
    ).rejects.toThrow(/https:\/\/evil.example\) is not the console/);
    await expect(
      call('facet:browsers:close-all', undefined, {
        sender: mainWindow,
        senderFrame: { url: 'http://127.0.0.1:7701/' },
      }),
    ).rejects.toThrow(IpcRefused);
    await expect(
      call('facet:browsers:close-all', undefined, { sender: mainWindow, senderFrame: null }),
    ).rejects.toThrow(/frame is gone/);
    expect(h.closeAllBrowsers).not.toHaveBeenCalled();
  });
});

describe('events and the preload bridge', () => {
  it('sends only table events with valid payloads on the prefixed channel', () => {
    const send = vi.fn();
    const emit = createEventEmitter(send);
    emit('profile-state', { id: 3, open: true });
    expect(send).toHaveBeenCalledWith(`${BRIDGE_EVENT_CHANNEL_PREFIX}profile-state`, { id: 3, open: true });
    expect(() => emit('profile-state', { id: 'x' } as never)).toThrow();
    expect(() => emit('nope' as never, {} as never)).toThrow(/unknown bridge event/);
  });

  it('round-trips: preload bridge → handlers → answer, and events reach listeners without the IPC event', async () => {
    const { ipc, h } = setup();
    const listeners = new Map<string, Set<(e: unknown, p: unknown) => void>>();
    const sent: unknown[][] = [];
    const bridge = createClientBridge(
      {
        invoke: async (channel, payload) =>
          ipc.handlers.get(channel)!({ sender: mainWindow, senderFrame: { url: `${origin}/` } }, payload),
        on: (c, l) => listeners.set(c, (listeners.get(c) ?? new Set()).add(l)),
        removeListener: (c, l) => listeners.get(c)?.delete(l),
        send: (c, e) => sent.push([c, e]),
      },
      { platform: 'linux', clientVersion: '1.2.3' },
    );
    expect(bridge.kind).toBe('electron');
    expect(bridge.clientVersion).toBe('1.2.3');
    for (const name of Object.keys(bridgeChannels) as BridgeMethodName[]) expect(typeof bridge[name]).toBe('function');
    await expect(bridge.getPerformanceConfig()).resolves.toEqual(perf);
    await expect(bridge.savePerformanceConfig({ mem: 60 })).resolves.toEqual({ ...perf, mem: 60 });
    expect(h.getPerformanceConfig).toHaveBeenCalledOnce();

    const got: unknown[] = [];
    const off = bridge.on('download-progress', (p) => got.push(p));
    const emit = createEventEmitter((c, p) => {
      for (const l of listeners.get(c) ?? []) l({ sender: 'ipc internals' }, p);
    });
    emit('download-progress', { percent: 40 });
    off();
    emit('download-progress', { percent: 50 });
    expect(got).toEqual([{ percent: 40 }]);
    expect(sent).toEqual([[BRIDGE_SUBSCRIBED_CHANNEL, 'download-progress']]);
    expect(() => bridge.on('not-an-event' as never, () => {})).toThrow(/unknown bridge event/);
  });
});

describe('subscribedEvent', () => {
  const trust = { consoleOrigin: origin, isTrustedSender: (s: unknown) => s === mainWindow };
  const fromConsole = { sender: mainWindow, senderFrame: { url: `${origin}/` } };
  it('accepts table events from the main window only', () => {
    expect(subscribedEvent(fromConsole, 'update-available', trust)).toBe('update-available');
    expect(subscribedEvent(fromConsole, 'constructor', trust)).toBeNull();
    expect(subscribedEvent(fromConsole, 42, trust)).toBeNull();
    expect(subscribedEvent({ ...fromConsole, sender: {} }, 'update-available', trust)).toBeNull();
    expect(
      subscribedEvent({ sender: mainWindow, senderFrame: { url: 'https://evil.example/' } }, 'update-available', trust),
    ).toBeNull();
  });
});
