import { useUserStore } from '../stores/user';
import { useCallMutation } from './calls';

// The signed-in user's own account. Its info lives in the user store (the header and the guard
// read it), so a change reloads it there instead of invalidating a read.

const reloadUserInfo = async () => {
  await useUserStore.getState().fetchUserInfo();
};

export const useChangePassword = () => useCallMutation('modifyPwd');

/** Binds the email; the user info is reloaded before the call counts as done. */
export const useBindEmail = () => useCallMutation('bindEmail', { onSuccess: reloadUserInfo });

export const useSendPhoneCode = () => useCallMutation('sendSmsModfyPhoneV2');
/** Changes the phone; the user info is reloaded before the call counts as done. */
export const useChangePhone = () => useCallMutation('modifyPhone', { onSuccess: reloadUserInfo });

/** Saves the time zone; the user info (which carries it) is reloaded before the call counts as done. */
export const useSaveTimeZone = () => useCallMutation('updateTimeZone', { onSuccess: reloadUserInfo });

/** Saves the language on the account; `quiet` for the header switch, which must not interrupt. */
export const useSaveLanguage = ({ quiet = false }: { quiet?: boolean } = {}) =>
  useCallMutation('setLanguage', { call: { noPrompt: quiet } });

export { useSendEmailCode } from './auth';
