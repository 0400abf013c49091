import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isElectronBridge, useBridge } from '../../bridge';
import { useClosePhoneHere, useOpenPhoneHere } from '../../queries/phone-client';
import { type Phone, useClosePhone, useEnablePhones, useOpenPhone, useSetPhoneMostCommon } from '../../queries/phones';
import { useClientStore } from '../../stores/client';
import { notifySuccess } from '../../stores/notice';
import { warn } from '../browser/warn';
import type { PhoneDialog } from './PhoneDialogs';
import type { RowAction } from './RowActions';
import { showRefusal } from './refusal';

/** The viewer's address for a phone opened in the client from a web browser. */
export const phoneViewPath = (id: number) => `/phone-view/${id}`;

/**
 * What a row's buttons do: open and close at once, the rest through a dialog. Opening marks the
 * environment on at the server, then the client links to it: the desktop app shows its window,
 * a web browser opens the viewer in a tab. Without a client the help says how to get one.
 */
export function usePhoneActions(setDialog: (d: PhoneDialog) => void) {
  const { t, i18n } = useTranslation();
  const [busyId, setBusyId] = useState<number | null>(null);
  const [clientHelp, setClientHelp] = useState(false);
  const bridge = useBridge();
  const open = useOpenPhone();
  const close = useClosePhone();
  const openHere = useOpenPhoneHere();
  const closeHere = useClosePhoneHere();
  const enable = useEnablePhones();
  const mostCommon = useSetPhoneMostCommon();

  const showHere = async (p: Phone, tab: Window | null) => {
    try {
      await openHere.mutateAsync(p.id);
      if (tab) tab.location.href = phoneViewPath(p.id);
    } catch (e) {
      tab?.close();
      warn(t('phoneView.openFailed', { name: p.name, message: e instanceof Error ? e.message : String(e) }));
    }
  };
  const openOrClose = async (p: Phone, opening: boolean) => {
    setBusyId(p.id);
    // The tab is opened while the click still counts (a popup blocker lets it through), and
    // pointed at the viewer once the client has the phone.
    const tab = opening && bridge && !isElectronBridge(bridge) ? window.open('', `facet-phone-${p.id}`) : null;
    try {
      // Closing: the client drops its link first, then the server marks the environment off.
      if (!opening && bridge && useClientStore.getState().openedPhones.has(p.id))
        await closeHere.mutateAsync(p.id).catch(() => undefined);
      if (opening) await open.mutateAsync({ id: p.id });
      else await close.mutateAsync({ id: p.id });
      notifySuccess(t(opening ? 'phone.opened' : 'phone.closed', { name: p.name }));
      if (opening && bridge) await showHere(p, tab);
      else if (opening) setClientHelp(true);
    } catch (e) {
      tab?.close();
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
  return {
    busyId,
    run,
    star,
    enable: setEnabled,
    clientHelp: clientHelp && !bridge,
    hideClientHelp: () => setClientHelp(false),
  };
}
