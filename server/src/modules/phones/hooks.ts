import type { PhoneLink } from '@facet/shared/node';
import type { EnvRow } from './tables.js';

/**
 * What other parts of the phones module add to an environment's life: extra set-up steps on the
 * device (preinstalled apps), being told when device work ended (notices), and when an environment
 * stopped being used (the client's links through the relay).
 */
export interface PhoneHooks {
  /** Runs on the device at the end of set-up, after the settings; a throw fails the set-up. */
  setUpSteps: Array<(link: PhoneLink, env: EnvRow) => Promise<void>>;
  /** After set-up or a new machine ended: ready ('off') or failed (with the reason). */
  ended: Array<
    (env: EnvRow, work: 'setUp' | 'newMachine', outcome: { state: 'off' | 'failed'; reason: string }) => Promise<void>
  >;
  /**
   * The environments stopped being used: closed, closed by the jobs when their power ended,
   * disabled, moved to other computing power or deleted. What ran on the user's behalf ends.
   */
  stopped: Array<(envIds: number[]) => Promise<void>>;
}
