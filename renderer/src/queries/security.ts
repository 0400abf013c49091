import { useCall, useCallMutation } from './calls';

const QUIET = { noPrompt: true } as const;

/** The account's live sessions (signed-in devices). */
export const useSessions = () => useCall('sessionsList');
export const useSignOutSession = () => useCallMutation('sessionsSignOut', { invalidates: ['sessionsList'] });
export const useSignOutOtherSessions = () =>
  useCallMutation('sessionsSignOutOthers', { invalidates: ['sessionsList'] });

/** Which second factors are on, and whether a phone is bound. */
export const useSecondAuthStatus = () => useCall('listSetSecendAuthStatus');

/**
 * Turning SMS codes on or off, and unbinding the authenticator: quiet, the card words the
 * refusal (a wrong code) itself.
 */
export const useSetSmsSecondAuth = () =>
  useCallMutation('setSecendAuthStatus', { call: QUIET, invalidates: ['listSetSecendAuthStatus'] });
export const useCloseAuthenticator = () =>
  useCallMutation('closeSecondAuthenticator', { call: QUIET, invalidates: ['listSetSecendAuthStatus'] });
export const useBindAuthenticator = () =>
  useCallMutation('setSecondAuthenticator', { call: QUIET, invalidates: ['listSetSecendAuthStatus'] });
/** A new authenticator secret: each call issues another, so it is a write, not a cached read. */
export const useNewAuthenticatorSecret = () => useCallMutation('getGoogleAuthenticator');

/** Sends an SMS code of the second factor; `quiet` where the caller words the refusal. */
export const useSendSecondAuthSms = (quiet = false) =>
  useCallMutation('sendSmsSecondAuthV2', quiet ? { call: QUIET } : {});

/** The second step of a sign-in on a new device, with an authenticator or an SMS code. */
export const useSecondAuthByTotp = () => useCallMutation('loginSecondAuthByTotpV2', { call: QUIET });
export const useSecondAuthBySms = () => useCallMutation('loginSecondAuthBySmsV2', { call: QUIET });

/** Whether the password was set by someone else; whether it is old (asked only when it was not). */
export const usePasswordDiverted = () => useCall('isDivertPwd', undefined, { call: QUIET });
export const usePasswordAge = (enabled: boolean) => useCall('isCheckPwd', undefined, { enabled, call: QUIET });
/** The user saw the age reminder: the server stays quiet for a week. */
export const useAcknowledgePasswordAge = () => useCallMutation('updateViewLog', { call: QUIET });
