import type { CallPayload } from '../api/calls';
import { useCall, useCallMutation } from './calls';

/** One page of the login log; the previous page stays while the next loads. */
export const useLoginLog = (query: CallPayload<'loginLogList'>) =>
  useCall('loginLogList', query, { keepPrevious: true });

/** One page of the operation log (the last 30 days, or the archive before). */
export const useOperationLog = (query: CallPayload<'operationLogList'>) =>
  useCall('operationLogList', query, { keepPrevious: true });

/** One page of the caller's refused or failed API calls. */
export const useApiErrorLog = (query: CallPayload<'getUserApiErrorLog'>) =>
  useCall('getUserApiErrorLog', query, { keepPrevious: true });

export const useClearApiErrorLog = () => useCallMutation('clearApiErrorLog', { invalidates: ['getUserApiErrorLog'] });
