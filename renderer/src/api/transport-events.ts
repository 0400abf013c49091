import type { TransportFailure } from './api-error';

/**
 * What the transport reports instead of acting on the UI itself: the app layer
 * (app/transport-wiring.ts) decides what each means on screen, so the transport runs and is
 * tested without the router, the stores or i18n.
 */
export interface TransportEventMap {
  /** A session was refused (401, 40104, 50401, 50406); the call rejects after the handlers finish. */
  sessionLoss: { code: number };
  /** 403: the user may not do this. */
  forbidden: { code: number };
  /** 16011, unless the call turned prompts off. */
  insufficientBalance: { code: number };
  /** 16030: the plan's quota refuses this; `text` is the server's refusal in the user's language. */
  planLimit: { code: number; text: string };
  /** 16050: only verified accounts may do this; `feature` names what (docs/identity.md). */
  identityRequired: { code: number; feature: string };
  /** 11019: the user's info changed on the server. */
  userInfoChanged: { code: number };
  /** An error text to show the user (already translated, with its display time). */
  notice: { text: string; durationMs: number; code: number | string };
  /** A file call's answer was handed to the browser's download (an export, a template); the user is told. */
  fileSaved: { fileName: string };
  /** No answer: aborted, network error or timeout. `quiet` when no notice follows. */
  transportFailure: { kind: TransportFailure; path: string; quiet: boolean };
}

export type TransportEvent = keyof TransportEventMap;
type Handler<E extends TransportEvent> = (payload: TransportEventMap[E]) => void | Promise<void>;

export interface TransportEvents {
  /** Subscribes; returns the unsubscribe. */
  on<E extends TransportEvent>(event: E, handler: Handler<E>): () => void;
  /** Calls every handler; the promise settles when all of them have (a failing handler is ignored). */
  emit<E extends TransportEvent>(event: E, payload: TransportEventMap[E]): Promise<void>;
}

export function createTransportEvents(): TransportEvents {
  const handlers = new Map<TransportEvent, Set<Handler<TransportEvent>>>();
  return {
    on(event, handler) {
      const set = handlers.get(event) ?? new Set();
      handlers.set(event, set);
      set.add(handler as Handler<TransportEvent>);
      return () => set.delete(handler as Handler<TransportEvent>);
    },
    async emit(event, payload) {
      const list = [...(handlers.get(event) ?? [])];
      await Promise.allSettled(list.map(async (h) => h(payload)));
    },
  };
}

/** The console's one transport reports here. */
export const transportEvents = createTransportEvents();
