import { nameRule, type ProfileSummary } from '@facet/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/api-error';
import { useRenameProfile, useReorderProfiles, useSetMostCommon } from '../../queries/profiles';
import { reorderSorts } from './grid-window';
import type { GridView } from './use-grid-view';

export interface Renaming {
  id: number;
  value: string;
  error: string;
}

/** Edits made in the grid itself: renaming in place, the star, dragging rows into a new order. */
export function useRowEdits(view: Pick<GridView, 'rows' | 'prefs' | 'applied'>) {
  const { t } = useTranslation();
  const { rows, prefs, applied } = view;
  const [renaming, setRenaming] = useState<Renaming | null>(null);
  const rename = useRenameProfile();
  const star = useSetMostCommon();
  const reorder = useReorderProfiles();

  const toggleStar = async (row: ProfileSummary) => {
    await star.mutateAsync({ ids: [row.id], isMostCommon: !row.isMostCommon });
    rows.patchRow(row.id, { isMostCommon: !row.isMostCommon });
    if (prefs.mostCommonFirst || applied.mostCommon) rows.refresh();
  };

  const saveName = async () => {
    if (!renaming) return;
    const parsed = nameRule.safeParse(renaming.value.trim());
    if (!parsed.success) {
      setRenaming({ ...renaming, error: t(`validation.${parsed.error.issues[0]?.message ?? 'nameSchema'}`) });
      return;
    }
    try {
      await rename.mutateAsync({ id: renaming.id, name: parsed.data });
      rows.patchRow(renaming.id, { name: parsed.data });
      setRenaming(null);
    } catch (e) {
      setRenaming({ ...renaming, error: e instanceof ApiError ? e.message : t('browser.rename.failed') });
    }
  };

  const moveRow = async (from: number, to: number) => {
    const lo = Math.min(from, to);
    const hi = Math.max(from, to);
    const list: ProfileSummary[] = [];
    for (let i = lo; i <= hi; i++) {
      const r = rows.rowAt(i);
      if (!r) return;
      list.push(r);
    }
    // With "most common first" the two kinds are two lists; a row cannot cross between them.
    if (prefs.mostCommonFirst && list[0]!.isMostCommon !== list[list.length - 1]!.isMostCommon) return;
    const changes = reorderSorts(list, from - lo, to - lo);
    if (!changes.length) return;
    await reorder.mutateAsync({ list: changes });
    rows.refresh();
  };

  return {
    renaming,
    startRename: (row: ProfileSummary) => setRenaming({ id: row.id, value: row.name, error: '' }),
    editName: (value: string) => renaming && setRenaming({ ...renaming, value, error: '' }),
    cancelRename: () => setRenaming(null),
    saveName,
    toggleStar,
    moveRow,
  };
}

export type RowEdits = ReturnType<typeof useRowEdits>;
