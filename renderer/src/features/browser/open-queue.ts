import type { ClientBridge, OpenResult } from '@facet/shared';

/** Profiles opened at a time by a batch open (the client's own default). */
export const OPEN_CONCURRENCY = 4;

export interface OpenQueueState {
  total: number;
  done: number;
  opened: number;
  /** Profiles the client could not open, with its message. */
  failures: Array<{ id: number; error: string }>;
  /** Not started because the user cancelled. */
  cancelled: number;
  running: boolean;
}

export const initialQueueState = (total: number): OpenQueueState => ({
  total,
  done: 0,
  opened: 0,
  failures: [],
  cancelled: 0,
  running: true,
});

/**
 * Opens profiles through the bridge one by one, `concurrency` at a time, so a cancel stops the
 * rest of the queue (what has started finishes). Each outcome goes to `onChange` as it comes.
 */
export function startOpenQueue(
  bridge: Pick<ClientBridge, 'openProfiles'>,
  ids: readonly number[],
  onChange: (s: OpenQueueState) => void,
  concurrency = OPEN_CONCURRENCY,
) {
  let state = initialQueueState(ids.length);
  let next = 0;
  let cancelled = false;
  const update = (patch: Partial<OpenQueueState>) => {
    state = { ...state, ...patch };
    onChange(state);
  };
  const settle = (r: OpenResult) => {
    update({
      done: state.done + 1,
      opened: state.opened + (r.ok ? 1 : 0),
      failures: r.ok ? state.failures : [...state.failures, { id: r.id, error: r.error ?? '' }],
    });
  };
  const worker = async () => {
    while (!cancelled && next < ids.length) {
      const id = ids[next++] as number;
      try {
        const [r] = await bridge.openProfiles({ ids: [id] });
        settle(r ?? { id, ok: false });
      } catch (e) {
        settle({ id, ok: false, error: e instanceof Error ? e.message : String(e) });
      }
    }
  };
  const finished = Promise.all(Array.from({ length: Math.min(concurrency, ids.length) }, worker)).then(() => {
    update({ running: false, cancelled: ids.length - next });
    return state;
  });
  return {
    finished,
    cancel: () => {
      cancelled = true;
    },
  };
}
