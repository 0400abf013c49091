import type { ProfileSummary } from '@facet/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBridge } from '../../bridge';
import { notifySuccess } from '../../stores/notice';
import { type OpenQueueState, startOpenQueue } from './open-queue';
import { useOpenState } from './use-open-state';
import type { ProfileRows } from './use-profile-rows';
import { warn } from './warn';

/**
 * Opening and closing profiles in the desktop client over the bridge: one row (its button shows
 * a spinner while the client answers), a batch open with progress and cancel, a batch close of
 * those running here. Without a client it says one is needed and shows how to get it.
 */
export function useOpenInClient(rows: Pick<ProfileRows, 'patchRow' | 'refresh' | 'nameOf'>) {
  const { t } = useTranslation();
  const bridge = useBridge();
  const openHere = useOpenState(bridge, rows);
  const [clientHelp, setClientHelp] = useState(false);
  const [pending, setPending] = useState<ReadonlySet<number>>(() => new Set());
  const [queue, setQueue] = useState<OpenQueueState | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const queueControl = useRef<{ cancel: () => void } | null>(null);
  const messageOf = (e: unknown) => (e instanceof Error && e.message ? e.message : t('browser.open.failed'));

  useEffect(() => {
    if (bridge) setClientHelp(false);
  }, [bridge]);

  const needClient = () => {
    warn(t('browser.open.clientNeeded'));
    setClientHelp(true);
  };
  const withPending = async (id: number, fn: () => Promise<void>) => {
    setPending((s) => new Set(s).add(id));
    try {
      await fn();
    } finally {
      setPending((s) => {
        const next = new Set(s);
        next.delete(id);
        return next;
      });
      rows.refresh();
    }
  };

  const openRow = (row: ProfileSummary) => {
    if (!bridge) return needClient();
    return withPending(row.id, async () => {
      try {
        const [r] = await bridge.openProfiles({ ids: [row.id] });
        if (r && !r.ok) warn(t('client.open.failed', { name: row.name, message: r.error || t('browser.open.failed') }));
      } catch (e) {
        warn(t('client.open.failed', { name: row.name, message: messageOf(e) }));
      }
    });
  };
  const closeRow = (row: ProfileSummary) => {
    if (!bridge) return needClient();
    if (!openHere.has(row.id)) {
      warn(t('client.close.notHere', { name: row.name, device: row.openDevice || '—' }));
      return;
    }
    return withPending(row.id, async () => {
      try {
        await bridge.closeProfile({ id: row.id });
      } catch (e) {
        warn(t('client.close.failed', { name: row.name, message: messageOf(e) }));
      }
    });
  };

  const batchOpen = (list: number[]) => {
    if (!bridge) return;
    setCancelling(false);
    const run = startOpenQueue(bridge, list, setQueue);
    queueControl.current = run;
    void run.finished.then(() => {
      queueControl.current = null;
      rows.refresh();
    });
  };
  const batchClose = async (list: number[]) => {
    if (!bridge) return;
    const here = list.filter((id) => openHere.has(id));
    if (!here.length) {
      warn(t('client.batchClose.noneOpen'));
      return;
    }
    let closed = 0;
    for (const id of here) {
      try {
        await bridge.closeProfile({ id });
        closed += 1;
      } catch (e) {
        warn(t('client.close.failed', { name: rows.nameOf(id), message: messageOf(e) }));
      }
    }
    if (closed) notifySuccess(t('client.batchClose.done', { count: closed }));
    rows.refresh();
  };

  return {
    bridge,
    openHere,
    /** A row is open here or (the server says) on some device. */
    isOpen: (row: ProfileSummary) => openHere.has(row.id) || row.openStatus === 1,
    pending,
    clientHelp,
    hideClientHelp: () => setClientHelp(false),
    needClient,
    openRow,
    closeRow,
    batchOpen,
    batchClose,
    /** The batch open's progress, for OpenProgressDialog. */
    progress: {
      state: queue,
      cancelling,
      cancel: () => {
        setCancelling(true);
        queueControl.current?.cancel();
      },
      close: () => setQueue(null),
    },
  };
}

export type OpenInClient = ReturnType<typeof useOpenInClient>;
