import type { GlobalValueType } from '@facet/shared';
import { useCall, useCallMutation } from './calls';

/** One global value's saved JSON (null when never saved). */
export const useGlobalValue = (type: GlobalValueType, enabled = true) =>
  useCall(
    'globalValueList',
    { globalValueTypelist: [type] },
    { enabled, select: (rows) => rows.find((r) => r.globalValueType === type)?.globalValue ?? null },
  );

/**
 * Saves a global value and refetches every read of global values. Quiet: a refusal names the
 * rows at fault on the form instead of a notice.
 */
export const useSaveGlobalList = () =>
  useCallMutation('globalValueSave', { invalidates: ['globalValueList'], call: { noPrompt: true } });

/** The global proxy settings of every provider, through the transport's 24-hour cache. */
export const useGlobalProxies = () => useCall('globalProxyFindList', {});

/** Auto paste's saved default (global value phoneAutoPaste): on unless saved as false. */
export const autoPasteOf = (json: string | null | undefined) => json !== 'false';

/** The phones' auto paste default; undefined until read. */
export const useAutoPasteDefault = () => {
  const read = useGlobalValue('phoneAutoPaste');
  return read.isError ? true : read.data === undefined ? undefined : autoPasteOf(read.data);
};
