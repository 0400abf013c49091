import { useCall } from './calls';

/**
 * The open windows of these profiles and the page each shows (docs/profiles.md, Window status);
 * waits until asked for, and is read afresh each time (the page changes as the user browses).
 */
export const useProfileWindows = (ids: number[] | null) =>
  useCall(
    'profileWindowStatus',
    { ids: ids ?? [1] },
    { enabled: ids !== null, call: { cacheHours: 0, noPrompt: true } },
  );
