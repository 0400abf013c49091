import { LANGUAGES, type Language } from '@facet/shared';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../../i18n';
import { LANGUAGE_NAMES } from '../../i18n/language';
import { browserTimeZone } from '../../lib/format';
import { useSaveLanguage, useSaveTimeZone } from '../../queries/account';
import { notifySuccess } from '../../stores/notice';
import { useUserStore } from '../../stores/user';

const allZones = (): string[] => {
  const supported = (Intl as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.('timeZone');
  return supported?.length ? supported : [browserTimeZone()];
};

/** Time zone (server times are shown in it) and language, saved to the account. */
export function PreferencesCard() {
  const { t, i18n } = useTranslation();
  const saved = useUserStore((s) => s.timezone);
  const zones = useMemo(allZones, []);
  const [zone, setZone] = useState<string>(saved || browserTimeZone());
  const saveTimeZone = useSaveTimeZone();
  const saveLanguageOnAccount = useSaveLanguage();

  // A refusal was shown by the transport.
  const saveZone = () =>
    saveTimeZone.mutate({ timeZone: zone }, { onSuccess: () => notifySuccess(t('profile.timeZoneSaved')) });

  const saveLanguage = async (lng: Language) => {
    await changeLanguage(lng);
    await saveLanguageOnAccount.mutateAsync({ language: lng }).catch(() => undefined);
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 2 }}>
        {t('profile.preferences')}
      </Typography>
      <Stack sx={{ gap: 2 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, alignItems: { sm: 'center' } }}>
          <Autocomplete
            options={zones}
            value={zone}
            onChange={(_, v) => v && setZone(v)}
            disableClearable
            sx={{ flex: 1 }}
            renderInput={(params) => (
              <TextField
                {...params}
                label={t('profile.timeZone')}
                helperText={saved ? undefined : t('profile.timeZoneBrowser')}
              />
            )}
          />
          <Button
            variant="contained"
            onClick={saveZone}
            loading={saveTimeZone.isPending}
            disabled={zone === saved}
            sx={{ alignSelf: { xs: 'flex-end', sm: 'flex-start' }, mt: { sm: 1 } }}
          >
            {t('common.save')}
          </Button>
        </Stack>
        <TextField
          select
          label={t('profile.language')}
          value={i18n.language}
          onChange={(e) => void saveLanguage(e.target.value as Language)}
          data-testid="profile-language"
        >
          {LANGUAGES.map((lng) => (
            <MenuItem key={lng} value={lng}>
              {LANGUAGE_NAMES[lng]}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
    </Paper>
  );
}
