import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../components/PermissionGate';
import { NoAccess } from '../NoAccess';
import { SwitchRow, useErrorText } from './fields';
import { useGlobalSettingForm } from './forms';
import { PreferenceLayout } from './PreferenceLayout';

const pick = (s: { downloadDir: string; downloadPerProfile: boolean }) => ({
  downloadDir: s.downloadDir,
  downloadPerProfile: s.downloadPerProfile,
});

/** Settings → Save and download dir: the folder the client makes each profile download to. */
export default function DownloadDirPage() {
  const { t } = useTranslation();
  const allowed = usePermission(['setting:view']);
  const f = useGlobalSettingForm(allowed, pick);
  const errorText = useErrorText(f.errors);
  if (!allowed) return <NoAccess />;
  return (
    <PreferenceLayout
      title={t('preferences.menu.download')}
      intro={t('preferences.download.intro')}
      testId="download-dir"
      form={f}
    >
      {f.draft && (
        <>
          <TextField
            fullWidth
            label={t('preferences.download.folder')}
            placeholder={t('preferences.download.placeholder')}
            value={f.draft.downloadDir}
            onChange={(e) => f.change({ downloadDir: e.target.value })}
            error={!!errorText('body.downloadDir')}
            helperText={errorText('body.downloadDir') ?? t('preferences.download.help')}
            slotProps={{ htmlInput: { 'data-testid': 'download-folder', spellCheck: false } }}
          />
          <SwitchRow
            label={t('preferences.download.perProfile')}
            help={t('preferences.download.perProfileHelp')}
            checked={f.draft.downloadPerProfile}
            onChange={(downloadPerProfile) => f.change({ downloadPerProfile })}
            testId="download-per-profile"
          />
        </>
      )}
    </PreferenceLayout>
  );
}
