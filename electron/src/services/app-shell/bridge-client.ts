import {
  BRIDGE_EVENT_CHANNEL_PREFIX,
  type BridgeEventName,
  type BridgeMethodName,
  bridgeChannels,
  bridgeEvents,
  type ClientBridge,
} from '@facet/shared';
import { BRIDGE_SUBSCRIBED_CHANNEL } from './ipc-dispatch.js';

/** ipcRenderer's part the preload uses (or a fake of it in tests). */
export interface RendererIpc {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, payload: unknown) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, payload: unknown) => void): unknown;
  send(channel: string, ...args: unknown[]): void;
}

/**
 * `window.facet` as the preload builds it from the shared channel table: one method per channel
 * (`ipcRenderer.invoke(channel, input)`), and `on` for the events of the table only. The IPC
 * event object never reaches the console (it would hand it `sender`).
 */
export function createClientBridge(
  ipc: RendererIpc,
  info: { platform: string; clientVersion: string; styleNonce?: string },
): ClientBridge {
  const methods = Object.fromEntries(
    (Object.keys(bridgeChannels) as BridgeMethodName[]).map((name) => {
      const { channel } = bridgeChannels[name];
      return [name, (input?: unknown) => ipc.invoke(channel, input)];
    }),
  );
  const on = (event: BridgeEventName, listener: (payload: never) => void) => {
    if (!Object.hasOwn(bridgeEvents, event)) throw new Error(`unknown bridge event: ${String(event)}`);
    if (typeof listener !== 'function') throw new Error('listener must be a function');
    const channel = `${BRIDGE_EVENT_CHANNEL_PREFIX}${event}`;
    const wrapped = (_e: unknown, payload: unknown) => listener(payload as never);
    ipc.on(channel, wrapped);
    // Main re-sends state the console may have missed before it listened (an update found at start).
    ipc.send(BRIDGE_SUBSCRIBED_CHANNEL, event);
    return () => {
      ipc.removeListener(channel, wrapped);
    };
  };
  return {
    ...methods,
    kind: 'electron',
    platform: info.platform,
    clientVersion: info.clientVersion,
    ...(info.styleNonce ? { styleNonce: info.styleNonce } : {}),
    on,
  } as unknown as ClientBridge;
}
