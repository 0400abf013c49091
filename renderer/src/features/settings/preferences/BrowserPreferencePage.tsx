import { FINGERPRINT_OS } from '@facet/shared';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../components/PermissionGate';
import { NoAccess } from '../NoAccess';
import { SelectField, SwitchRow, useErrorText } from './fields';
import { linesOf, useBrowserPreferenceForm } from './forms';
import { PreferenceLayout } from './PreferenceLayout';

/**
 * Settings → Browser preference: what new profiles start with (OS, browser version, start pages)
 * and how the client runs every profile (docs/client.md, Preferences the launcher applies).
 */
export default function BrowserPreferencePage() {
  const { t } = useTranslation();
  const allowed = usePermission(['setting:view']);
  const f = useBrowserPreferenceForm(allowed);
  const errorText = useErrorText(f.errors);
  // The box keeps what is typed (blank lines too); the draft holds the list.
  const [urls, setUrls] = useState<string | null>(null);
  useEffect(() => {
    if (f.draft && urls === null) setUrls(f.draft.startupUrls.join('\n'));
  }, [f.draft, urls]);
  if (!allowed) return <NoAccess />;
  const d = f.draft;
  const urlError = Object.keys(f.errors).find((k) => k.startsWith('body.browser.startupUrls'));
  return (
    <PreferenceLayout
      title={t('preferences.menu.browser')}
      intro={t('preferences.browser.intro')}
      testId="browser-preference"
      form={f}
    >
      {d && (
        <>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {t('preferences.browser.newProfiles')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2 }}>
            <SelectField
              label={t('preferences.browser.os')}
              value={d.os}
              options={FINGERPRINT_OS.map((os) => ({ value: os, label: t(`preferences.os.${os}`) }))}
              onPick={(os) => f.change({ os })}
              slotProps={{ htmlInput: { 'data-testid': 'pref-os' } }}
            />
            <TextField
              fullWidth
              label={t('preferences.browser.version')}
              placeholder={t('preferences.browser.versionAuto')}
              value={d.browserVersion}
              onChange={(e) => f.change({ browserVersion: e.target.value.trim() })}
              error={!!errorText('body.browser.browserVersion')}
              helperText={errorText('body.browser.browserVersion') ?? t('preferences.browser.versionHelp')}
              slotProps={{ htmlInput: { 'data-testid': 'pref-version', inputMode: 'numeric' } }}
            />
          </Stack>
          <TextField
            multiline
            minRows={3}
            fullWidth
            label={t('preferences.browser.startupUrls')}
            value={urls ?? ''}
            onChange={(e) => {
              setUrls(e.target.value);
              f.change({ startupUrls: linesOf(e.target.value) });
            }}
            error={!!urlError}
            helperText={urlError ? errorText(urlError) : t('preferences.browser.startupUrlsHelp')}
            slotProps={{ htmlInput: { 'data-testid': 'pref-startup-urls', spellCheck: false } }}
          />
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mt: 1 }}>
            {t('preferences.browser.launcher')}
          </Typography>
          <SwitchRow
            label={t('preferences.browser.blockImages')}
            help={t('preferences.browser.blockImagesHelp')}
            checked={d.blockImages}
            onChange={(blockImages) => f.change({ blockImages })}
            testId="pref-block-images"
          />
          <SwitchRow
            label={t('preferences.browser.muteAudio')}
            help={t('preferences.browser.muteAudioHelp')}
            checked={d.muteAudio}
            onChange={(muteAudio) => f.change({ muteAudio })}
            testId="pref-mute-audio"
          />
          <SwitchRow
            label={t('preferences.browser.blockNotifications')}
            help={t('preferences.browser.blockNotificationsHelp')}
            checked={d.blockNotifications}
            onChange={(blockNotifications) => f.change({ blockNotifications })}
            testId="pref-block-notifications"
          />
        </>
      )}
    </PreferenceLayout>
  );
}
