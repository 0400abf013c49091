import type { BridgeEventName, BridgeEventPayload } from '@facet/shared';

type Listener = (payload: never) => void;

/** The bridge's events for a provider that raises them itself (the local API). */
export function createEmitter() {
  const listeners = new Map<BridgeEventName, Set<Listener>>();
  return {
    on<E extends BridgeEventName>(event: E, listener: (payload: BridgeEventPayload<E>) => void): () => void {
      const set = listeners.get(event) ?? new Set<Listener>();
      listeners.set(event, set);
      set.add(listener as Listener);
      return () => set.delete(listener as Listener);
    },
    emit<E extends BridgeEventName>(event: E, payload: BridgeEventPayload<E>): void {
      for (const l of [...(listeners.get(event) ?? [])]) (l as (p: BridgeEventPayload<E>) => void)(payload);
    },
    count(event: BridgeEventName): number {
      return listeners.get(event)?.size ?? 0;
    },
  };
}
