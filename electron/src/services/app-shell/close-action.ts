import { CLOSE_ACTIONS, type CloseAction } from '@facet/shared';

/** What closing the main window does when the console cannot ask: keep running in the tray. */
export const DEFAULT_CLOSE_ACTION: CloseAction = CLOSE_ACTIONS.tray;

/**
 * The close action inside the `browserBaseSetting` global value (a JSON string holding
 * `closeaction`): 'ask' when none is saved (the setting's "ask each time"), and when the value
 * cannot be read, so a bad value never quits the client (and its open browsers) by surprise.
 */
export function parseCloseAction(globalValue: string | null | undefined): CloseAction | 'ask' {
  if (!globalValue) return 'ask';
  let raw: unknown;
  try {
    raw = JSON.parse(globalValue);
  } catch {
    return 'ask';
  }
  const v = raw && typeof raw === 'object' ? Number((raw as { closeaction?: unknown }).closeaction) : Number.NaN;
  return v === CLOSE_ACTIONS.quit ? CLOSE_ACTIONS.quit : v === CLOSE_ACTIONS.tray ? CLOSE_ACTIONS.tray : 'ask';
}

/**
 * The main window's `close` event: `allow` lets it close (the app is already quitting),
 * `hide` keeps the app in the tray, `quit` starts the orderly quit (browsers closed first), `ask`
 * has the console ask the user (answered through the bridge's answerClose).
 */
export type CloseDecision = 'allow' | 'hide' | 'quit' | 'ask';

export function decideClose(o: {
  action: CloseAction | 'ask';
  quitting: boolean;
  hasTray: boolean;
  /** Whether the console is loaded and listens for close-requested (it can show the question). */
  canAsk: boolean;
}): CloseDecision {
  if (o.quitting) return 'allow';
  const action = o.action === 'ask' && !o.canAsk ? DEFAULT_CLOSE_ACTION : o.action;
  if (action === 'ask') return 'ask';
  // Without a tray icon a hidden window could not be brought back.
  if (action === CLOSE_ACTIONS.tray && o.hasTray) return 'hide';
  return 'quit';
}

/** What the user's answer to the close question does. */
export function answerDecision(action: 'tray' | 'quit' | 'stay', hasTray: boolean): 'hide' | 'quit' | 'stay' {
  if (action === 'stay') return 'stay';
  return action === 'tray' && hasTray ? 'hide' : 'quit';
}

/**
 * Quitting closes every browser first (cookies saved, reported closed to the server), then exits.
 * Returns the `before-quit` handler: the first call holds the quit and runs `stop`; calls while it
 * runs are held too; `exit` ends the process once `stop` is done, whether it worked or not.
 */
export function createQuitGuard(o: { stop: () => Promise<unknown>; exit: () => void; onError?: (e: Error) => void }): {
  onBeforeQuit(event: { preventDefault(): void }): void;
  readonly quitting: boolean;
} {
  let state: 'running' | 'stopping' | 'done' = 'running';
  return {
    get quitting() {
      return state !== 'running';
    },
    onBeforeQuit(event) {
      if (state === 'done') return;
      event.preventDefault();
      if (state === 'stopping') return;
      state = 'stopping';
      void o
        .stop()
        .catch((e: Error) => o.onError?.(e))
        .finally(() => {
          state = 'done';
          o.exit();
        });
    },
  };
}
