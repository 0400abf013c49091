import { NOTICE_TIMEOUT_MS } from '@facet/shared';
import { useNoticeStore } from '../../stores/notice';

/** A yellow notice: the action did not happen, and why. */
export const warn = (text: string) =>
  useNoticeStore.getState().push({ severity: 'warning', text, durationMs: NOTICE_TIMEOUT_MS });
