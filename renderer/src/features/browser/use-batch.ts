import { PROFILE_EXPORT_MAX_IDS, type ProfileSummary } from '@facet/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadCall } from '../../api/download';
import { notifySuccess } from '../../stores/notice';
import type { BatchAction } from './BatchToolbar';
import { type BatchDialogAction, MAX_BATCH } from './batch-actions';
import { activeFilterCount } from './grid-filters';
import { EMPTY_SELECTION, resolveSelection } from './selection';
import type { GridView } from './use-grid-view';
import type { OpenInClient } from './use-open-in-client';
import { warn } from './warn';

/** The dialogs of the page: the batch/row ones of the table, and the page's own. */
export type PageDialog = BatchDialogAction | 'cookies' | 'prefs' | 'import' | 'exportXlsx' | 'cookieRobot';

type CookieExport = 'exportCookiesJson' | 'exportCookiesNetscape';

/**
 * Which dialog is open and on what (the selection, or one row from its menu), the ids an action
 * works on, and the toolbar's actions: open/close in the client, exports, or a dialog.
 */
export function useBatch(
  view: GridView,
  client: Pick<OpenInClient, 'bridge' | 'needClient' | 'batchOpen' | 'batchClose'>,
) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<PageDialog | null>(null);
  /** The row a row action works on (share, delete from its menu); null: the selection. */
  const [target, setTarget] = useState<ProfileSummary | null>(null);
  const { selection, count, rows, applied } = view;

  const ids = async (max: number): Promise<number[] | null> => {
    if (target) return [target.id];
    if (count > max) {
      warn(t('browser.batch.tooMany', { max }));
      return null;
    }
    const list = await resolveSelection(selection, rows.allIds);
    return list.length ? list : null;
  };
  const open = (d: PageDialog, row: ProfileSummary | null = null) => {
    setTarget(row);
    setDialog(d);
  };
  const close = () => {
    setDialog(null);
    setTarget(null);
  };
  /** After a change: say so, show it in the grid, close the dialog. */
  const done = (notice: string, clearSelection = false) => {
    notifySuccess(notice);
    rows.refresh();
    close();
    if (clearSelection) view.setSelection(EMPTY_SELECTION);
  };

  /** Every profile of the account is exported: the call goes without ids. */
  const exportsAll =
    !target && selection.all && selection.ids.size === 0 && activeFilterCount(applied) === 0 && !applied.groupId;
  /** The xlsx export, after its dialog asked whether passwords go along. */
  const exportXlsx = async (includeSecrets: boolean) => {
    const list = exportsAll ? undefined : await ids(PROFILE_EXPORT_MAX_IDS);
    if (list === null) return;
    try {
      await downloadCall('profileExport', { ...(list ? { ids: list } : {}), includeSecrets }, 'profiles.xlsx');
    } catch {
      return; // the call showed why; the dialog stays for another try
    }
    close();
  };
  const exportCookies = async (kind: CookieExport) => {
    const list = await ids(MAX_BATCH);
    if (!list) return;
    const format = kind === 'exportCookiesJson' ? 'json' : 'netscape';
    await downloadCall(
      'profileExportCookieText',
      { ids: list, format },
      `cookies.${format === 'json' ? 'json' : 'txt'}`,
    );
  };

  const run = async (action: BatchAction) => {
    switch (action) {
      case 'open':
      case 'close': {
        if (!client.bridge) {
          client.needClient();
          return;
        }
        const list = await ids(MAX_BATCH);
        if (!list) return;
        if (action === 'open') client.batchOpen(list);
        else await client.batchClose(list);
        return;
      }
      case 'exportCookiesJson':
      case 'exportCookiesNetscape':
        return exportCookies(action);
      default:
        open(action);
    }
  };

  return {
    dialog,
    target,
    /** How many profiles the open dialog works on. */
    targetCount: target ? 1 : count,
    /** Null when the whole account is exported. */
    exportCount: exportsAll ? null : target ? 1 : count,
    exportXlsx,
    ids,
    open,
    close,
    done,
    run,
  };
}
