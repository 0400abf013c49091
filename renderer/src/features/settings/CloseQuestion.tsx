import { CLOSE_ACTIONS, type ClientBridge } from '@facet/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useBaseSettingValue, useSaveGlobalValue } from '../../queries/settings';
import { useUserStore } from '../../stores/user';
import { parseBaseSetting, withCloseChoice } from './close-setting';

type Answer = 'tray' | 'quit' | 'stay';

/**
 * The desktop app's close question (docs/client.md, Console settings for the client): closing
 * the main window with the close setting on "ask each time" asks here. A remembered answer is
 * saved as browserBaseSetting.closeaction, which the app reads at the next close.
 */
export function CloseQuestion({ bridge }: { bridge: ClientBridge }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const loggedIn = useUserStore((s) => !!s.token);
  const setting = useBaseSettingValue(open && loggedIn);
  const saving = useSaveGlobalValue();
  useEffect(() => bridge.on('close-requested', () => setOpen(true)), [bridge]);

  const answer = async (action: Answer, remember: boolean) => {
    setOpen(false);
    if (remember && action !== 'stay') {
      // The other preferences in browserBaseSetting stay: never write it from an unread value.
      const values = setting.data ?? (await setting.refetch()).data;
      if (values) {
        const current = parseBaseSetting(values.find((v) => v.globalValueType === 'browserBaseSetting')?.globalValue);
        const choice = action === 'tray' ? CLOSE_ACTIONS.tray : CLOSE_ACTIONS.quit;
        await saving
          .mutateAsync({
            globalValueType: 'browserBaseSetting',
            globalValue: withCloseChoice(current, choice),
            confirm: false,
          })
          // The client showed the server's notice; the answer still goes to the app.
          .catch(() => undefined);
      }
    }
    await bridge.answerClose({ action });
  };

  return (
    <ConfirmDialog
      open={open}
      message={t('clientSettings.close.askMessage')}
      closable
      minimizable
      confirmLabel={t('clientSettings.close.quitButton')}
      onCancel={() => void answer('stay', false)}
      onConfirm={(remember) => void answer('quit', remember)}
      onMinimize={(remember) => void answer('tray', remember)}
    />
  );
}
