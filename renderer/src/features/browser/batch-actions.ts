import type { CallName, CallResult, ProxyConfig } from '@facet/shared';
import type { TFunction } from 'i18next';
import type { ComponentType } from 'react';
import { type CallPayload, PROFILE_READS } from '../../queries/profiles';
import {
  DeleteDialog,
  DeleteForeverDialog,
  MoveGroupDialog,
  ProxyDialog,
  RemarkDialog,
  ResetOrderDialog,
  UpgradeVersionDialog,
} from './BatchDialogs';
import type { BatchDialogProps } from './batch-dialog';
import { type ExtensionChoice, ExtensionsDialog } from './ExtensionsDialog';
import { type ShareChoice, ShareDialog } from './ShareDialog';

/** Limits of the batch calls (idsBody, share body): bigger selections are refused, never split. */
export const MAX_BATCH = 10_000;
export const MAX_SHARE = 1000;

/**
 * One action on profiles that asks in a dialog: which dialog, which call it makes with the
 * dialog's answer, and what is said when it is done. The page supplies the ids (the selection,
 * or the row of a row action), refreshes the grid and closes the dialog.
 */
export interface BatchEntry<N extends CallName = CallName, V = unknown> {
  dialog: ComponentType<BatchDialogProps<V>>;
  call: N;
  /** The most profiles the call takes; null: the call works on every profile, not on ids. */
  max: number | null;
  body: (ids: number[], value: V) => CallPayload<N>;
  /** The reads the call changes (refetched after it). */
  invalidates: readonly CallName[];
  notice: (t: TFunction, result: CallResult<N>, value: V) => string;
  /** The selection is cleared after it (the profiles left the list). */
  clearSelection?: boolean;
}

const entry = <N extends CallName, V>(e: BatchEntry<N, V>) => e as unknown as BatchEntry;

export const BATCH_DIALOGS = {
  proxy: entry({
    dialog: ProxyDialog,
    call: 'profileBatchUpdateProxy',
    max: MAX_BATCH,
    body: (ids, proxy: ProxyConfig) => ({ ids, proxy }),
    invalidates: PROFILE_READS,
    notice: (t, r) => t('browser.batch.proxyDone', { count: r.count }),
  }),
  remark: entry({
    dialog: RemarkDialog,
    call: 'profileBatchUpdateRemark',
    max: MAX_BATCH,
    body: (ids, remark: string) => ({ ids, remark }),
    invalidates: PROFILE_READS,
    notice: (t, r) => t('browser.batch.remarkDone', { count: r.count }),
  }),
  group: entry({
    dialog: MoveGroupDialog,
    call: 'groupMoveProfiles',
    max: MAX_BATCH,
    body: (ids, groupId: number) => ({ ids, groupId }),
    invalidates: PROFILE_READS,
    notice: (t, r) => t('browser.batch.groupDone', { count: r.count }),
  }),
  share: entry({
    dialog: ShareDialog,
    call: 'shareProfiles',
    max: MAX_SHARE,
    body: (ids, { userIds, mode }: ShareChoice) => ({ ids, userIds, mode }),
    invalidates: [...PROFILE_READS, 'profileShares'],
    notice: (t, r) => t('browser.share.done', { count: r.count }),
  }),
  extensions: entry({
    dialog: ExtensionsDialog,
    call: 'extensionAssign',
    max: MAX_BATCH,
    body: (browserIds, { extendIds, mode }: ExtensionChoice) => ({ browserIds, extendIds, mode }),
    invalidates: [...PROFILE_READS, 'extensionList'],
    notice: (t, r, { mode }) =>
      mode === 'add'
        ? t('browser.extensions.added', { count: r.count })
        : t('browser.extensions.removed', { count: r.count }),
  }),
  delete: entry({
    dialog: DeleteDialog,
    call: 'profileDelete',
    max: MAX_BATCH,
    body: (ids) => ({ ids }),
    invalidates: PROFILE_READS,
    notice: (t, r) => t('browser.delete.done', { count: r.count }),
    clearSelection: true,
  }),
  deleteForever: entry({
    dialog: DeleteForeverDialog,
    call: 'profileDeleteForever',
    max: MAX_BATCH,
    body: (ids) => ({ ids }),
    invalidates: PROFILE_READS,
    notice: (t, r) => t('browser.deleteForever.done', { count: r.count }),
    clearSelection: true,
  }),
  upgrade: entry({
    dialog: UpgradeVersionDialog,
    call: 'profileUpgradeBrowserVersion',
    max: MAX_BATCH,
    body: (ids) => ({ ids }),
    invalidates: PROFILE_READS,
    notice: (t, r) => t('browser.upgrade.done', { count: r.count }),
  }),
  resetOrder: entry({
    dialog: ResetOrderDialog,
    call: 'profileUpdateAllSort',
    max: null,
    body: () => undefined,
    invalidates: PROFILE_READS,
    notice: (t) => t('browser.sort.resetDone'),
  }),
} satisfies Record<string, BatchEntry>;

export type BatchDialogAction = keyof typeof BATCH_DIALOGS;
