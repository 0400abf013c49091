import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../components/PermissionGate';
import { NoAccess } from '../NoAccess';
import { SwitchRow, useErrorText } from './fields';
import { useGlobalSettingForm } from './forms';
import { PreferenceLayout } from './PreferenceLayout';

const pick = (s: { processProtect: boolean; processProtectMax: number }) => ({
  processProtect: s.processProtect,
  processProtectMax: s.processProtectMax,
});

/** Settings → Process protect: the client starts a crashed or killed profile browser again (docs/client.md, Process protect). */
export default function ProcessProtectPage() {
  const { t } = useTranslation();
  const allowed = usePermission(['setting:view']);
  const f = useGlobalSettingForm(allowed, pick);
  const errorText = useErrorText(f.errors);
  if (!allowed) return <NoAccess />;
  return (
    <PreferenceLayout
      title={t('preferences.menu.protect')}
      intro={t('preferences.protect.intro')}
      testId="process-protect"
      form={f}
    >
      {f.draft && (
        <>
          <SwitchRow
            label={t('preferences.protect.enabled')}
            help={t('preferences.protect.enabledHelp')}
            checked={f.draft.processProtect}
            onChange={(processProtect) => f.change({ processProtect })}
            testId="protect-enabled"
          />
          <TextField
            type="number"
            label={t('preferences.protect.max')}
            value={Number.isNaN(f.draft.processProtectMax) ? '' : f.draft.processProtectMax}
            onChange={(e) =>
              f.change({ processProtectMax: e.target.value === '' ? Number.NaN : Number(e.target.value) })
            }
            disabled={!f.draft.processProtect}
            error={!!errorText('body.processProtectMax')}
            helperText={errorText('body.processProtectMax') ?? t('preferences.protect.maxHelp')}
            slotProps={{ htmlInput: { min: 1, max: 10, 'data-testid': 'protect-max' } }}
            sx={{ maxWidth: 320 }}
          />
        </>
      )}
    </PreferenceLayout>
  );
}
