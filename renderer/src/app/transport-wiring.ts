import { configureTransport } from '../api/transport-env';
import { transportEvents } from '../api/transport-events';
import { useBridgeStore } from '../bridge';
import { i18n } from '../i18n';
import { currentLanguage } from '../i18n/language';
import { notifySuccess, useNoticeStore } from '../stores/notice';
import { handleSessionLoss, useUserStore } from '../stores/user';
import { navigateTo } from './navigation';

export interface WiringOptions {
  /**
   * Session loss resets the user and goes to Login, and a changed user info is read again.
   * Off in unit tests of single screens, which have no session to lose.
   */
  session?: boolean;
}

/**
 * What the console does with the transport's reports: texts in the user's language, the client
 * version header from the bridge, red notices, the 403 page, the balance dialog and the session.
 * Returns the unwiring.
 */
export function wireTransport({ session = true }: WiringOptions = {}): () => void {
  configureTransport({
    language: currentLanguage,
    clientVersion: () => useBridgeStore.getState().bridge?.clientVersion,
    accessStamp: () => useUserStore.getState().userInfo?.accessStamp,
    texts: { t: (key, values) => i18n.t(key, values) as string, exists: (key) => i18n.exists(key) },
  });
  const off = [
    transportEvents.on('notice', ({ text, durationMs }) =>
      useNoticeStore.getState().push({ severity: 'error', text, durationMs }),
    ),
    transportEvents.on('fileSaved', ({ fileName }) => notifySuccess(i18n.t('common.fileSaved', { file: fileName }))),
    transportEvents.on('forbidden', () => navigateTo('/403')),
    transportEvents.on('insufficientBalance', () => useNoticeStore.getState().setInsufficientBalanceOpen(true)),
    transportEvents.on('planLimit', ({ text }) => useNoticeStore.getState().setPlanLimitText(text)),
    transportEvents.on('identityRequired', ({ feature }) => useNoticeStore.getState().setIdentityRequired(feature)),
  ];
  if (session) {
    off.push(
      transportEvents.on('sessionLoss', handleSessionLoss),
      transportEvents.on('userInfoChanged', async () => {
        await useUserStore.getState().fetchUserInfo();
      }),
    );
  }
  return () => {
    for (const f of off) f();
  };
}
