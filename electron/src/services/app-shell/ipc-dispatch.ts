import {
  BRIDGE_EVENT_CHANNEL_PREFIX,
  type BridgeEventName,
  type BridgeEventPayload,
  type BridgeMethodName,
  bridgeChannels,
  bridgeEvents,
} from '@facet/shared';
import type { z } from 'zod';
import { originOf } from './web-guards.js';

type Channels = typeof bridgeChannels;
type MaybePromise<T> = T | Promise<T>;

/** One implementation per bridge method: gets the parsed input, answers the channel's output. */
export type BridgeHandlers = {
  [K in BridgeMethodName]: (input: z.output<Channels[K]['input']>) => MaybePromise<z.input<Channels[K]['output']>>;
};

/** What a handler learns of its caller (Electron's IpcMainInvokeEvent has these). */
export interface SenderEvent {
  senderFrame?: { url: string } | null;
  sender: unknown;
}

/** ipcMain, or a fake of it in tests. */
export interface IpcRegistrar {
  handle(channel: string, listener: (event: SenderEvent, ...args: unknown[]) => unknown): void;
}

export interface SenderTrust {
  /** The console's origin (the server URL's origin). */
  consoleOrigin: string;
  /** True for our main window's webContents only. */
  isTrustedSender(sender: unknown): boolean;
}

/** A call refused before it reached its handler (foreign sender, bad payload). */
export class IpcRefused extends Error {
  override name = 'IpcRefused';
}

/** Every bridge call must come from the main window showing the console, not from a frame inside it elsewhere. */
export function checkSender(event: SenderEvent, channel: string, trust: SenderTrust): void {
  if (!trust.isTrustedSender(event.sender))
    throw new IpcRefused(`${channel}: refused, the caller is not the Facet main window`);
  const url = event.senderFrame?.url;
  if (!url) throw new IpcRefused(`${channel}: refused, the calling frame is gone`);
  const origin = originOf(url);
  if (origin !== trust.consoleOrigin)
    throw new IpcRefused(`${channel}: refused, the calling frame (${origin ?? 'no origin'}) is not the console`);
}

/** Parses a method's payload with its channel's schema; the error names the first bad field. */
export function parseBridgeInput<K extends BridgeMethodName>(
  method: K,
  payload: unknown,
): z.output<Channels[K]['input']> {
  const def = bridgeChannels[method];
  const r = def.input.safeParse(payload);
  if (r.success) return r.data as z.output<Channels[K]['input']>;
  const issue = r.error.issues[0];
  const path = (issue?.path ?? []).map(String).join('.');
  throw new IpcRefused(`${def.channel}: ${path || 'input'}: ${issue?.message ?? 'invalid'}`);
}

/**
 * Registers one handler per entry of the shared channel table: each checks the sender, parses
 * its payload, then calls the method's implementation. Returns the channels registered.
 */
export function registerBridgeHandlers(
  registrar: IpcRegistrar,
  handlers: BridgeHandlers,
  trust: SenderTrust,
): string[] {
  const methods = Object.keys(bridgeChannels) as BridgeMethodName[];
  for (const method of methods) {
    const { channel } = bridgeChannels[method];
    const impl = handlers[method] as (input: unknown) => unknown;
    registrar.handle(channel, async (event, payload) => {
      checkSender(event, channel, trust);
      return impl(parseBridgeInput(method, payload));
    });
  }
  return methods.map((m) => bridgeChannels[m].channel);
}

/**
 * The preload tells main (ipcRenderer.send, no answer) that the console now listens to an event,
 * so main can send what happened before (UpdateMachine.announce for `update-available`).
 */
export const BRIDGE_SUBSCRIBED_CHANNEL = 'facet:event-subscribed';

/** A subscription notice from the trusted main window for a table event, or null. */
export function subscribedEvent(event: SenderEvent, payload: unknown, trust: SenderTrust): BridgeEventName | null {
  try {
    checkSender(event, BRIDGE_SUBSCRIBED_CHANNEL, trust);
  } catch {
    return null;
  }
  return typeof payload === 'string' && Object.hasOwn(bridgeEvents, payload) ? (payload as BridgeEventName) : null;
}

export function bridgeEventChannel(event: BridgeEventName): string {
  return `${BRIDGE_EVENT_CHANNEL_PREFIX}${event}`;
}

/**
 * Events to the console: only names of the shared table, with payloads that match it (a bad
 * payload is a bug in the client and throws here rather than reaching the console).
 */
export function createEventEmitter(send: (channel: string, payload: unknown) => void) {
  return function emit<E extends BridgeEventName>(event: E, payload: BridgeEventPayload<E>): void {
    const schema = bridgeEvents[event];
    if (!schema) throw new Error(`unknown bridge event: ${String(event)}`);
    send(bridgeEventChannel(event), schema.parse(payload));
  };
}
