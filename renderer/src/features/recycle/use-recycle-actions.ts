import { type Dispatch, type SetStateAction, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBinCount, useDeleteFromBin, useEmptyBin, useRecover, useRecoverAll } from '../../queries/recycle';
import { notifySuccess } from '../../stores/notice';
import type { RecycleAction } from './RecycleConfirm';
import type { BinRow } from './RecycleTable';
import type { Selection } from './selection';

/**
 * The bin's actions: each asks first (with how many profiles it touches), then calls and says
 * what happened; the list refetches by itself (the calls invalidate it). A failed call keeps
 * the dialog for another try (the transport showed why).
 */
export function useRecycleActions(selection: Selection, setSelection: Dispatch<SetStateAction<Set<number>>>) {
  const { t } = useTranslation();
  const [action, setAction] = useState<RecycleAction | null>(null);
  const [count, setCount] = useState(0);
  const binCount = useBinCount();
  const calls = {
    recover: useRecover(),
    recoverAll: useRecoverAll(),
    deleteSelected: useDeleteFromBin(),
    emptyBin: useEmptyBin(),
  };
  const busy = Object.values(calls).some((c) => c.isPending);

  const ask = async (a: RecycleAction) => {
    if (a === 'recover' || a === 'deleteSelected') setCount(selection.size);
    else {
      // "All" means the whole bin, not just the rows the search shows.
      try {
        setCount(await binCount());
      } catch {
        return;
      }
    }
    setAction(a);
  };

  const perform = async () => {
    if (!action) return;
    const ids = [...selection];
    try {
      let n = 0;
      if (action === 'recover') n = (await calls.recover.mutateAsync({ ids })).count;
      else if (action === 'recoverAll') n = (await calls.recoverAll.mutateAsync(undefined)).count;
      else if (action === 'deleteSelected') n = (await calls.deleteSelected.mutateAsync({ ids })).count;
      else n = (await calls.emptyBin.mutateAsync(undefined)).count;
      const recovered = action === 'recover' || action === 'recoverAll';
      notifySuccess(recovered ? t('recycle.done.recovered', { count: n }) : t('recycle.done.deleted', { count: n }));
      setSelection(new Set());
      setAction(null);
    } catch {
      // the http layer showed the reason; the dialog stays for another try
    }
  };

  const recoverOne = async (row: BinRow) => {
    try {
      await calls.recover.mutateAsync({ ids: [row.id] });
      notifySuccess(t('recycle.done.recoveredOne', { name: row.name }));
      setSelection((s) => {
        const next = new Set(s);
        next.delete(row.id);
        return next;
      });
    } catch {
      // shown by the http layer
    }
  };

  return { action, count, busy, ask, perform, recoverOne, cancel: () => !busy && setAction(null) };
}
