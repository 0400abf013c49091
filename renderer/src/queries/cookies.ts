import { useCallMutation } from './calls';
import { PROFILE_READS } from './profiles';

/** Keeps a copy of profiles' current cookies on the server before they are replaced. */
export const useBackupCookies = () => useCallMutation('profileBatchBackupCookie');

/**
 * Replaces a profile's cookies (the update call's `cookie` field). Quiet: the dialog shows the
 * server's reason at the field.
 */
export const useImportCookies = () =>
  useCallMutation('profileUpdate', { invalidates: PROFILE_READS, call: { noPrompt: true } });
