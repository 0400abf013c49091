import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Phone, useClosePhone, useEnablePhones, useOpenPhone, useSetPhoneMostCommon } from '../../queries/phones';
import { notifySuccess } from '../../stores/notice';
import type { PhoneDialog } from './PhoneDialogs';
import type { RowAction } from './RowActions';
import { showRefusal } from './refusal';

/** What a row's buttons do: open and close at once, the rest through a dialog. */
export function usePhoneActions(setDialog: (d: PhoneDialog) => void) {
  const { t, i18n } = useTranslation();
  const [busyId, setBusyId] = useState<number | null>(null);
  const open = useOpenPhone();
  const close = useClosePhone();
  const enable = useEnablePhones();
  const mostCommon = useSetPhoneMostCommon();

  const openOrClose = async (p: Phone, opening: boolean) => {
    setBusyId(p.id);
    try {
      if (opening) await open.mutateAsync({ id: p.id });
      else await close.mutateAsync({ id: p.id });
      notifySuccess(t(opening ? 'phone.opened' : 'phone.closed', { name: p.name }));
    } catch (e) {
      // Opening is quiet: its refusal is said in the environment's words (16040, 16041).
      if (opening) showRefusal(t, i18n, e);
    } finally {
      setBusyId(null);
    }
  };

  const star = async (phones: Phone[], on: boolean) => {
    try {
      await mostCommon.mutateAsync({ ids: phones.map((p) => p.id), mostCommon: on });
    } catch {
      // The transport said why.
    }
  };
  const setEnabled = async (phones: Phone[], on: boolean) => {
    try {
      const r = await enable.mutateAsync({ ids: phones.map((p) => p.id), enabled: on });
      notifySuccess(t('phone.batch.done', { count: r.count }));
    } catch {
      // The transport said why.
    }
  };
  const run = (a: RowAction, p: Phone) => {
    if (a === 'open' || a === 'close') void openOrClose(p, a === 'open');
    else if (a === 'toggleEnabled') void setEnabled([p], p.state === 'disabled');
    else if (a === 'share' || a === 'delete' || a === 'renew') setDialog({ kind: a, phones: [p] });
    else setDialog({ kind: a, phone: p });
  };
  return { busyId, run, star, enable: setEnabled };
}
