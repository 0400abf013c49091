import type { PhoneInput, PhoneKey } from '@facet/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useClosePhoneHere,
  usePhoneInput,
  usePushPhoneFile,
  useReconnectPhone,
  useSavePhoneImages,
} from '../../queries/phone-client';
import { useClosePhone } from '../../queries/phones';
import { useAutoPasteDefault } from '../../queries/settings-lists';
import { notifySuccess } from '../../stores/notice';
import { warn } from '../browser/warn';

/**
 * Auto paste: Ctrl/Cmd+V on the screen types the clipboard on the phone. The viewer starts from
 * the saved default (Settings → Auto paste); its toggle holds for this viewer only (docs/phones.md).
 */
export function useAutoPaste() {
  const saved = useAutoPasteDefault();
  const [own, setOwn] = useState<boolean | null>(null);
  const on = own ?? saved ?? true;
  return { on, toggle: () => setOwn(!on) };
}

const base64Of = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/** What the viewer's screen and toolbar do with one phone. */
export function usePhoneView(id: number, name: string) {
  const { t } = useTranslation();
  const input = usePhoneInput();
  const save = useSavePhoneImages();
  const push = usePushPhoneFile();
  const reconnect = useReconnectPhone();
  const closeServer = useClosePhone();
  const closeHere = useClosePhoneHere();
  const failed = (e: unknown) => warn(e instanceof Error && e.message ? e.message : t('phoneView.failed'));

  const send = (i: PhoneInput) => input.mutateAsync({ id, input: i }).catch(failed);
  return {
    send,
    key: (key: PhoneKey) => send({ type: 'key', key }),
    rotate: () => send({ type: 'rotate' }),
    screenshot: async () => {
      try {
        const r = await save.mutateAsync([id]);
        notifySuccess(t('phoneView.saved', { path: r.files[0]?.path ?? '' }));
      } catch (e) {
        failed(e);
      }
    },
    reconnect: () => reconnect.mutateAsync(id).catch(failed),
    push: async (file: File) => {
      try {
        const r = await push.mutateAsync({ id, name: file.name, base64: await base64Of(file) });
        notifySuccess(t(r.installed ? 'phoneView.installed' : 'phoneView.pushed', { name: file.name, path: r.path }));
      } catch (e) {
        failed(e);
      }
    },
    pushing: push.isPending,
    /**
     * Closes the phone in the client (it drops its link first), then the environment on the server
     * (either may have closed it already).
     */
    close: async () => {
      await closeHere.mutateAsync(id).catch(() => undefined);
      await closeServer.mutateAsync({ id }).catch(() => undefined);
      notifySuccess(t('phone.closed', { name }));
    },
    closing: closeServer.isPending || closeHere.isPending,
  };
}

export type PhoneView = ReturnType<typeof usePhoneView>;
