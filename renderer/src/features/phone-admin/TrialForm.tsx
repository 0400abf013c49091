import { type CallResult, trialFeeBody } from '@facet/shared';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldErrors } from '../../components/form/use-field-errors';
import { useMoney } from '../../components/money';
import { useAdminPhonePackages, useSetTrialFee } from '../../queries/phone-admin';
import { notifyError, notifySuccess } from '../../stores/notice';
import { Section } from './Section';
import { schemaErrors } from './schema-errors';

type Trial = CallResult<'phoneTrialFee'>;
interface Draft {
  enabled: boolean;
  fee: string;
  days: string;
  packageId: string;
}
const draftOf = (s: Trial): Draft => ({
  enabled: s.enabled,
  fee: s.fee,
  days: String(s.days),
  packageId: s.packageId === null ? '' : String(s.packageId),
});

/** The trial (docs/phones.md, For the operator): on or off, its fee, its days and the package whose region it uses. */
export function TrialForm({ trial }: { trial: Trial }) {
  const { t } = useTranslation();
  const { base, money } = useMoney();
  const packages = useAdminPhonePackages();
  const save = useSetTrialFee();
  const errors = useFieldErrors('phoneAdmin.errors');
  const [d, setD] = useState<Draft>(() => draftOf(trial));
  useEffect(() => setD(draftOf(trial)), [trial]);
  const set = (f: keyof Draft, v: string | boolean) => {
    setD((x) => ({ ...x, [f]: v }));
    errors.clear(f);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = trialFeeBody.safeParse({
      enabled: d.enabled,
      fee: d.fee.trim(),
      days: /^\d{1,3}$/.test(d.days.trim()) ? Number(d.days) : Number.NaN,
      packageId: d.packageId ? Number(d.packageId) : null,
    });
    if (!checked.success) return void errors.show(schemaErrors(checked.error));
    try {
      const saved = await save.mutateAsync(checked.data);
      setD(draftOf(saved));
      notifySuccess(saved.enabled ? t('phoneAdmin.trial.savedOn') : t('phoneAdmin.trial.savedOff'));
    } catch (x) {
      if (!errors.take(x)) notifyError((x as Error).message, 5000);
    }
  };
  const err = (f: keyof Draft) => errors.errors[f];

  return (
    <Section
      title={t('phoneAdmin.trial.title')}
      hint={t('phoneAdmin.trial.hint')}
      onSubmit={submit}
      testId="trial-form"
    >
      <div>
        <FormControlLabel
          control={
            <Switch
              checked={d.enabled}
              onChange={(e) => set('enabled', e.target.checked)}
              slotProps={{ input: { 'aria-describedby': 'trial-enabled-help' } }}
              data-testid="trial-enabled"
            />
          }
          label={t('phoneAdmin.trial.enabled')}
        />
        <FormHelperText id="trial-enabled-help">{t('phoneAdmin.trial.enabledHint')}</FormHelperText>
      </div>
      <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
        <TextField
          label={t('phoneAdmin.trial.fee', { currency: base })}
          value={d.fee}
          onChange={(e) => set('fee', e.target.value)}
          error={!!err('fee')}
          helperText={err('fee') ?? t('phoneAdmin.trial.feeHint')}
          sx={{ flex: 1, minWidth: 180 }}
          slotProps={{ htmlInput: { 'data-testid': 'trial-fee', inputMode: 'decimal', maxLength: 12 } }}
        />
        <TextField
          label={t('phoneAdmin.trial.days')}
          value={d.days}
          onChange={(e) => set('days', e.target.value)}
          error={!!err('days')}
          helperText={err('days') ?? t('phoneAdmin.trial.daysHint')}
          sx={{ flex: 1, minWidth: 180 }}
          slotProps={{ htmlInput: { 'data-testid': 'trial-days', inputMode: 'numeric', maxLength: 2 } }}
        />
      </Stack>
      <TextField
        select
        label={t('phoneAdmin.trial.package')}
        value={d.packageId}
        onChange={(e) => set('packageId', e.target.value)}
        error={!!err('packageId')}
        helperText={err('packageId') ?? t('phoneAdmin.trial.packageHint')}
        slotProps={{
          select: { displayEmpty: true, SelectDisplayProps: { 'data-testid': 'trial-package' } as object },
          inputLabel: { shrink: true },
        }}
      >
        <MenuItem value="">{t('phoneAdmin.trial.noPackage')}</MenuItem>
        {(packages.data ?? []).map((p) => (
          <MenuItem key={p.id} value={String(p.id)}>
            {p.name} · {p.region} · Android {p.androidVersion} · {money(p.price)}
          </MenuItem>
        ))}
      </TextField>
      <Button type="submit" variant="contained" disabled={save.isPending} sx={{ alignSelf: 'flex-start' }}>
        {t('phoneAdmin.save')}
      </Button>
    </Section>
  );
}
