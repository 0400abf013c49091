import { PHONE_NOTICE_KINDS, type PhoneNoticeKind } from '@facet/shared';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldErrors } from '../../components/form/use-field-errors';
import { GenericDialog } from '../../components/GenericDialog';
import { timeZoneOptions } from '../../lib/time-zones';
import { usePhonesConfig, useSavePhonesConfig } from '../../queries/phone-extras';
import { notifySuccess } from '../../stores/notice';
import { useUserStore } from '../../stores/user';
import { type ConfigDraft, configBody, draftOf } from './config-draft';

/**
 * The main account's cloud phone preferences (docs/phones.md, Preferences and notices): what new
 * environments start with, and how each kind of notice reaches the user. A sub-account sees them.
 */
export function PhoneSettingsDialog(p: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const main = useUserStore((s) => s.userType) === 1;
  const config = usePhonesConfig(p.open);
  const save = useSavePhonesConfig();
  const fields = useFieldErrors('phoneExtras.errors');
  const [draft, setDraft] = useState<ConfigDraft | null>(null);
  const zones = useMemo(() => timeZoneOptions(i18n.language), [i18n.language]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh form each time it opens.
  useEffect(() => {
    if (p.open && config.data) setDraft(draftOf(config.data));
    if (!p.open) {
      setDraft(null);
      fields.reset();
    }
  }, [p.open, config.data]);

  const set = (patch: Partial<ConfigDraft>) => setDraft((d) => (d ? { ...d, ...patch } : d));
  const err = (f: string) => fields.errors[`defaults.${f}`] ?? '';
  const ways = (k: PhoneNoticeKind, way: 'email' | 'console', on: boolean) =>
    draft && set({ notify: { ...draft.notify, [k]: { ...draft.notify[k], [way]: on } } });

  return (
    <GenericDialog
      open={p.open}
      title={t('phoneExtras.settings.title')}
      onClose={p.onClose}
      onConfirm={async () => {
        if (!draft) return;
        try {
          await save.mutateAsync(configBody(draft));
          notifySuccess(t('phoneExtras.settings.saved'));
          p.onClose();
        } catch (e) {
          fields.take(e);
        }
      }}
      confirmText={t('common.save')}
      loading={save.isPending}
      confirmDisabled={!draft || !main}
      maxWidth="sm"
    >
      {draft && (
        <Stack sx={{ gap: 1.5, pt: 0.5 }} data-testid="phone-settings-form">
          {!main && <Alert severity="info">{t('phoneExtras.settings.mainOnly')}</Alert>}
          <Typography variant="subtitle2">{t('phoneExtras.settings.defaults')}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: -1 }}>
            {t('phoneExtras.settings.defaultsHint')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5 }}>
            <TextField
              size="small"
              label={t('phoneExtras.settings.locale')}
              value={draft.locale}
              onChange={(e) => set({ locale: e.target.value })}
              error={!!err('locale')}
              helperText={err('locale') || t('phoneExtras.settings.localeHint')}
              sx={{ flex: 1 }}
              slotProps={{ htmlInput: { maxLength: 35, 'data-testid': 'default-locale' } }}
            />
            <Autocomplete
              options={zones}
              value={zones.find((z) => z.value === draft.timeZone) ?? null}
              onChange={(_, z) => set({ timeZone: z?.value ?? '' })}
              sx={{ flex: 1 }}
              data-testid="default-timezone"
              renderInput={(params) => (
                <TextField
                  {...params}
                  size="small"
                  label={t('phoneExtras.settings.timeZone')}
                  placeholder={t('phoneExtras.settings.deviceDefault')}
                  error={!!err('timeZone')}
                  helperText={err('timeZone') || ' '}
                />
              )}
            />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5 }}>
            <TextField
              select
              size="small"
              label={t('phoneExtras.settings.proxy')}
              value={draft.proxy.proxyType}
              onChange={(e) => set({ proxy: { ...draft.proxy, proxyType: e.target.value as 'http' } })}
              sx={{ minWidth: 180 }}
              slotProps={{
                select: { displayEmpty: true, SelectDisplayProps: { 'data-testid': 'default-proxy' } as object },
                inputLabel: { shrink: true },
              }}
            >
              <MenuItem value="">{t('phoneExtras.settings.deviceDefault')}</MenuItem>
              <MenuItem value="noproxy">{t('phoneExtras.settings.noProxy')}</MenuItem>
              <MenuItem value="http">HTTP</MenuItem>
            </TextField>
            {draft.proxy.proxyType === 'http' && (
              <>
                <TextField
                  size="small"
                  label={t('phoneExtras.settings.host')}
                  value={draft.proxy.host}
                  onChange={(e) => set({ proxy: { ...draft.proxy, host: e.target.value } })}
                  error={!!err('proxy.host')}
                  helperText={err('proxy.host') || ' '}
                  sx={{ flex: 1 }}
                  slotProps={{ htmlInput: { maxLength: 255, 'data-testid': 'default-proxy-host' } }}
                />
                <TextField
                  size="small"
                  label={t('phoneExtras.settings.port')}
                  value={draft.proxy.port}
                  onChange={(e) =>
                    set({ proxy: { ...draft.proxy, port: e.target.value.replace(/\D/g, '').slice(0, 5) } })
                  }
                  error={!!err('proxy.port')}
                  helperText={err('proxy.port') || ' '}
                  sx={{ width: { xs: '100%', sm: 110 } }}
                  slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'default-proxy-port' } }}
                />
              </>
            )}
          </Stack>
          <Typography variant="subtitle2">{t('phoneExtras.settings.notices')}</Typography>
          {PHONE_NOTICE_KINDS.map((k) => (
            <Stack
              key={k}
              direction="row"
              sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1, mt: -0.5 }}
              data-testid={`notify-${k}`}
            >
              <Typography variant="body2" sx={{ width: { xs: '100%', sm: 170 } }}>
                {t(`phoneExtras.settings.kind.${k}`)}
              </Typography>
              {(['console', 'email'] as const).map((way) => (
                <FormControlLabel
                  key={way}
                  control={
                    <Checkbox
                      size="small"
                      checked={draft.notify[k][way]}
                      onChange={(e) => ways(k, way, e.target.checked)}
                      slotProps={{ input: { 'data-testid': `notify-${k}-${way}` } as object }}
                    />
                  }
                  label={t(`phoneExtras.settings.${way}`)}
                />
              ))}
            </Stack>
          ))}
          <FormControlLabel
            control={
              <Switch
                checked={draft.expiringReminder}
                onChange={(e) => set({ expiringReminder: e.target.checked })}
                slotProps={{ input: { 'data-testid': 'expiring-reminder' } as object }}
              />
            }
            label={t('phoneExtras.settings.expiringReminder')}
          />
        </Stack>
      )}
    </GenericDialog>
  );
}
