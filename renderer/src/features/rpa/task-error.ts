import type { ClientBridge } from '@facet/shared';
import { i18n } from '../../i18n';
import { useNoticeStore } from '../../stores/notice';

/** How long the notice of a failed RPA run stays. */
export const RPA_TASK_ERROR_NOTICE_MS = 8000;

/**
 * The client's `rpa-task-error` event (a run of an RPA task failed on this machine) shown as a
 * notice in the console. Returns the unsubscribe.
 */
export function connectRpaTaskError(bridge: Pick<ClientBridge, 'on'>): () => void {
  return bridge.on('rpa-task-error', ({ message }) => {
    useNoticeStore.getState().push({
      severity: 'warning',
      text: i18n.t('rpa.taskError', { message }),
      durationMs: RPA_TASK_ERROR_NOTICE_MS,
      position: 'bottom',
    });
  });
}
