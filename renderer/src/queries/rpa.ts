import type { CallName, CallResult } from '@facet/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, type CallPayload } from '../api/calls';
import { invalidateCalls, useCall, useCallMutation } from './calls';

/** RPA (docs/rpa.md): flows, tasks, their runs and logs. */
const FLOW_READS: readonly CallName[] = ['rpaFlowList', 'rpaFlowGet'];
const TASK_READS: readonly CallName[] = ['rpaTaskList', 'rpaTaskGet', 'rpaRunList', 'rpaRunStatuses', 'rpaRunLogs'];
/** How often a task still running is read again. */
export const RPA_POLL_MS = 2000;

type IdCall =
  | 'rpaFlowUpdate'
  | 'rpaFlowDelete'
  | 'rpaFlowDuplicate'
  | 'rpaTaskCancel'
  | 'rpaTaskDelete'
  | 'rpaRunRetry';

/** A write on one row: the id goes in the path, `body` is the call's body. */
function useIdWrite<N extends IdCall>(name: N, invalidates: readonly CallName[], quiet = false) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body?: CallPayload<N> }): Promise<CallResult<N>> =>
      (api[name] as (b: unknown, o: object) => Promise<CallResult<N>>)(body, { params: { id }, noPrompt: quiet }),
    onSuccess: () => invalidateCalls(client, invalidates),
  });
}

export const useRpaFlowList = (body: CallPayload<'rpaFlowList'>) =>
  useCall('rpaFlowList', body, { keepPrevious: true });
/** All flows' names for a picker (the first 100, newest first). */
export const useRpaFlowOptions = () => useCall('rpaFlowList', { page: 1, pageSize: 100 }, { call: { noPrompt: true } });
export const useRpaFlow = (id: number) =>
  useCall('rpaFlowGet', undefined, { enabled: id > 0, call: { params: { id }, cacheHours: 0 } });
export const useCreateRpaFlow = () => useCallMutation('rpaFlowCreate', { invalidates: FLOW_READS });
/** Quiet: the editor shows a refused step at the step. */
export const useSaveRpaFlow = () => useIdWrite('rpaFlowUpdate', FLOW_READS, true);
export const useRenameRpaFlow = () => useIdWrite('rpaFlowUpdate', FLOW_READS);
export const useDeleteRpaFlow = () => useIdWrite('rpaFlowDelete', FLOW_READS);
export const useDuplicateRpaFlow = () => useIdWrite('rpaFlowDuplicate', FLOW_READS);
/** Quiet: the import dialog lists the refusal by field. */
export const useImportRpaFlow = () =>
  useCallMutation('rpaFlowImport', { invalidates: FLOW_READS, call: { noPrompt: true } });
/** A flow as its export file holds it, read when the user exports it. */
export function useFetchRpaFlow() {
  return useMutation({ mutationFn: (id: number) => api.rpaFlowGet(undefined, { params: { id } }) });
}

const unended = (s: string) => s === 'waiting' || s === 'running';

export function useRpaTaskList(body: CallPayload<'rpaTaskList'>) {
  const [live, setLive] = useState(false);
  const q = useCall('rpaTaskList', body, {
    keepPrevious: true,
    call: { cacheHours: 0 },
    refetchInterval: live ? RPA_POLL_MS : false,
  });
  const now = !!q.data?.list.some((t) => unended(t.status));
  useEffect(() => setLive(now), [now]);
  return q;
}
export function useRpaTask(id: number) {
  const [live, setLive] = useState(false);
  const q = useCall('rpaTaskGet', undefined, {
    enabled: id > 0,
    call: { params: { id }, cacheHours: 0 },
    refetchInterval: live ? RPA_POLL_MS : false,
  });
  const now = !!q.data && unended(q.data.status);
  useEffect(() => setLive(now), [now]);
  return q;
}
/**
 * A task's runs, read again while the task runs — and while a run shown is still unended, so the
 * list never stops on a read taken just before the task's last run ended.
 */
export function useRpaRuns(id: number, body: CallPayload<'rpaRunList'>, taskLive: boolean) {
  const [runsLive, setRunsLive] = useState(false);
  const q = useCall('rpaRunList', body, {
    keepPrevious: true,
    call: { params: { id }, cacheHours: 0 },
    refetchInterval: taskLive || runsLive ? RPA_POLL_MS : false,
  });
  const now = !!q.data?.list.some((r) => unended(r.status));
  useEffect(() => setRunsLive(now), [now]);
  return q;
}
/** Quiet: the form shows a refused field at the field. */
export const useCreateRpaTask = () =>
  useCallMutation('rpaTaskCreate', { invalidates: TASK_READS, call: { noPrompt: true } });
/** The profile screen's cookie robot. Quiet: its dialog shows a refused field at the field. */
export const useStartCookieRobot = () =>
  useCallMutation('rpaCookieRobot', { invalidates: [...TASK_READS, ...FLOW_READS], call: { noPrompt: true } });
/**
 * A task's counts and each profile's latest run status for the profile grid, read again while
 * either is unended. Quiet: a task deleted meanwhile is simply gone.
 */
export function useRpaTaskProgress(id: number) {
  const [live, setLive] = useState(false);
  const opts = {
    enabled: id > 0,
    call: { params: { id }, cacheHours: 0, noPrompt: true },
    refetchInterval: live ? RPA_POLL_MS : false,
  } as const;
  const task = useCall('rpaTaskGet', undefined, opts);
  // Every profile's latest status in one answer, however many profiles the task has.
  const statuses = useCall('rpaRunStatuses', undefined, opts);
  const now = (!!task.data && unended(task.data.status)) || !!statuses.data?.some((r) => unended(r.status));
  useEffect(() => setLive(now), [now]);
  return { task, statuses };
}
export const useCancelRpaTask = () => useIdWrite('rpaTaskCancel', TASK_READS);
export const useDeleteRpaTask = () => useIdWrite('rpaTaskDelete', TASK_READS);
export const useRetryRpaRun = () => useIdWrite('rpaRunRetry', TASK_READS);

export const useRpaRunLogs = (runId: number, live: boolean) =>
  useCall('rpaRunLogs', undefined, {
    call: { params: { id: runId }, cacheHours: 0 },
    refetchInterval: live ? RPA_POLL_MS : false,
  });
/** Quiet: a run without a screenshot is a 404, shown as no picture. */
export const useRpaRunScreenshot = (runId: number, enabled: boolean) =>
  useCall('rpaRunScreenshot', undefined, { enabled, call: { params: { id: runId }, noPrompt: true } });

/** The team's defaults for new tasks (global values RpaConcurrent and RpaRunningStrategy). */
export const useRpaDefaults = () =>
  useCall(
    'globalValueList',
    { globalValueTypelist: ['RpaConcurrent', 'RpaRunningStrategy'] },
    { call: { cacheHours: 0 } },
  );

/**
 * Profile names by id for the runs and input tables (the first 500 profiles by serial number;
 * a profile past them shows as its id).
 */
export const useProfileNames = () =>
  useCall(
    'profileList',
    { page: 1, pageSize: 500, sortField: 'serialNumber' },
    { call: { noPrompt: true }, select: (d) => new Map(d.list.map((p) => [p.id, p.name])) },
  );
