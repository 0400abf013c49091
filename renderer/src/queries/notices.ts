import type { Language, PolicyKind } from '@facet/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../api/calls';
import { invalidateCalls, useCall, useCallMutation } from './calls';

/*
 * Notices, policy pages, customer service and client presence (docs/notices.md). Reading a notice
 * refreshes the list, the header's badge and the top bar.
 */

const NOTICE_READS = ['noticeList', 'noticeTopList'] as const;
const quiet = { noPrompt: true } as const;

export const useNotices = (page: number, pageSize: number) =>
  useCall('noticeList', { page, pageSize }, { keepPrevious: true, call: { cacheHours: 0 } });
/** The unread count for the header's badge, every two minutes. */
export const useUnreadNotices = (enabled: boolean) =>
  useCall(
    'noticeList',
    { page: 1, pageSize: 1, unreadOnly: true },
    { enabled, refetchInterval: enabled ? 120_000 : false, select: (d) => d.unread },
  );
export const useTopNotices = (enabled: boolean) =>
  useCall('noticeTopList', undefined, { enabled, refetchInterval: enabled ? 300_000 : false });
export const useReadNotices = () => useCallMutation('noticeRead', { invalidates: NOTICE_READS });

export const useAdminNotices = (page: number) =>
  useCall('adminNoticeList', { page, pageSize: 20 }, { keepPrevious: true, call: { cacheHours: 0 } });
export const useSaveNotice = () =>
  useCallMutation('adminNoticeSave', { invalidates: ['adminNoticeList', ...NOTICE_READS], call: quiet });
export const useDeleteNotices = () =>
  useCallMutation('adminNoticeDelete', { invalidates: ['adminNoticeList', ...NOTICE_READS] });

export const usePolicy = (kind: PolicyKind, locale: Language) =>
  useCall('policyGet', { locale }, { call: { params: { kind }, cacheHours: 0 } });
export const useAdminPolicies = () => useCall('adminPolicyList', undefined, { call: { cacheHours: 0 } });
export const useSavePolicy = () =>
  useCallMutation('adminPolicySave', { invalidates: ['adminPolicyList', 'policyGet'], call: quiet });

export const useKefu = (enabled: boolean) => useCall('getSoftKefu', undefined, { enabled });
export const useSiteScripts = (locale: Language) => useCall('siteScripts', { locale }, { call: { noPrompt: true } });
export const useAdminSupport = () => useCall('adminSupport', undefined, { call: { cacheHours: 0 } });
export const useSaveSupport = () =>
  useCallMutation('adminSupportSave', {
    invalidates: ['adminSupport', 'getSoftKefu', 'siteScripts'],
    call: quiet,
  });

export const useOnlineClients = (enabled: boolean) =>
  useCall('onlineClients', undefined, { enabled, refetchInterval: enabled ? 30_000 : false, call: { cacheHours: 0 } });

/** This page load: its close must not take the client offline once a reload's new page has beaten. */
const PAGE_LOAD = crypto.randomUUID();

/**
 * While signed in, this console beats softHeartBeat at the interval the server answers, and says
 * closeSoft when the page goes away (docs/notices.md, Client presence).
 */
export function useSoftHeartbeat(clientId: string | null, kind: 'desktop' | 'web', version: string) {
  const queries = useQueryClient();
  useEffect(() => {
    if (!clientId) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let first = true;
    const beat = async () => {
      let seconds = 60;
      try {
        seconds = (await api.softHeartBeat({ clientId, kind, version, page: PAGE_LOAD }, { noPrompt: true }))
          .intervalSeconds;
        // The presence list may have been read before this page's first beat, while the page it
        // replaced had just said it closed: read again, or this console shows itself offline.
        if (first) void invalidateCalls(queries, ['onlineClients']);
        first = false;
      } catch {
        // Offline for a moment: the next beat tries again.
      }
      if (!stopped) timer = setTimeout(beat, seconds * 1000);
    };
    void beat();
    const close = () => void api.closeSoft({ clientId, page: PAGE_LOAD }, { noPrompt: true }).catch(() => undefined);
    window.addEventListener('pagehide', close);
    return () => {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener('pagehide', close);
    };
  }, [clientId, kind, version, queries]);
}

/** The log-off dialog (docs/notices.md, Log-off): what stands in the way, asked anew each time it opens. */
export const useCanLogOff = (enabled: boolean) =>
  useCall('checkCanLogOff', undefined, { enabled, call: { cacheHours: 0 } });
export const useSendLogOffCode = () => useCallMutation('sendSmsForLogOff');
export const useLogOff = () => useCallMutation('logOff');
