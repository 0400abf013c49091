import { useCallMutation } from './calls';

// Signing in, registering and recovering an account: every call is a step the user takes, so
// each is a write-style call (nothing here is a read worth caching, not even a captcha image).

/** A new captcha image; a failure leaves the form as it is, without a notice. */
export const useNewCaptcha = () => useCallMutation('getValidationImg', { call: { noPrompt: true } });
/** Whether a name must solve a captcha before it signs in (asked quietly on leaving the field). */
export const useRestrictionCheck = () => useCallMutation('getRestrictionStatusV2', { call: { noPrompt: true } });
export const useCheckCaptcha = () => useCallMutation('checkVerificationImageV2');
export const usePasswordLogin = () => useCallMutation('loginV2');
export const useMailLogin = () => useCallMutation('mailLoginV2');

export const useRegister = () => useCallMutation('registerV2');
export const useSendRegisterSms = () => useCallMutation('sendSmsForRegister');
/** A code to an email address (register or bind, by `type`). */
export const useSendEmailCode = () => useCallMutation('getCodeFromEMailV2');

export const useSendUsernameSms = () => useCallMutation('sendSmsForUsernameV2');
export const useFindUsernames = () => useCallMutation('getUserNameByPhone');

export const useSendResetCode = () => useCallMutation('sendSmsForResetPwdV2');
export const useResetPassword = () => useCallMutation('resetPwd');
