import { type CallResult, packageBody } from '@facet/shared';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldErrors } from '../../components/form/use-field-errors';
import { GenericDialog } from '../../components/GenericDialog';
import { useSavePhonePackage } from '../../queries/phone-admin';
import { notifyError, notifySuccess } from '../../stores/notice';
import { schemaErrors } from './schema-errors';

export type AdminPhonePackage = CallResult<'adminPackageList'>[number];

type Field = 'name' | 'region' | 'androidVersion' | 'days' | 'price' | 'sort';
type Draft = Record<Field, string> & { enabled: boolean };
const draftOf = (p: AdminPhonePackage | null, nextSort: number): Draft => ({
  name: p?.name ?? '',
  region: p?.region ?? '',
  androidVersion: p?.androidVersion ?? '',
  days: String(p?.days ?? 30),
  price: p?.price ?? '',
  enabled: p?.enabled ?? true,
  sort: String(p?.sort ?? nextSort),
});
const whole = (v: string) => (/^\d{1,9}$/.test(v.trim()) ? Number(v) : Number.NaN);

/** Add or change a package (docs/phones.md, For the operator): what users buy for a region and Android version. */
export function PackageDialog(p: {
  open: boolean;
  pkg: AdminPhonePackage | null;
  base: string;
  nextSort: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSavePhonePackage();
  const errors = useFieldErrors('phoneAdmin.errors');
  const [d, setD] = useState<Draft>(() => draftOf(p.pkg, p.nextSort));
  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh form each time it opens.
  useEffect(() => {
    if (!p.open) return;
    setD(draftOf(p.pkg, p.nextSort));
    errors.reset();
  }, [p.open]);
  const set = (f: keyof Draft, v: string | boolean) => {
    setD((x) => ({ ...x, [f]: v }));
    errors.clear(f);
  };

  const submit = async () => {
    const checked = packageBody.safeParse({
      ...(p.pkg ? { id: p.pkg.id } : {}),
      name: d.name.trim(),
      region: d.region.trim(),
      androidVersion: d.androidVersion.trim(),
      days: whole(d.days),
      price: d.price.trim(),
      enabled: d.enabled,
      sort: whole(d.sort),
    });
    if (!checked.success)
      return void errors.show(schemaErrors(checked.error, { days: 'packageDaysInvalid', sort: 'sortInvalid' }));
    try {
      const saved = await save.mutateAsync(checked.data);
      notifySuccess(t('phoneAdmin.packages.saved', { name: saved.name, count: saved.available }));
      p.onClose();
    } catch (e) {
      if (!errors.take(e)) notifyError((e as Error).message, 5000);
    }
  };

  const field = (f: Field, label: string, hint?: string, html: object = {}) => (
    <TextField
      size="small"
      label={label}
      value={d[f]}
      onChange={(e) => set(f, e.target.value)}
      error={!!errors.errors[f]}
      helperText={errors.errors[f] ?? hint}
      sx={{ flex: 1, minWidth: 140 }}
      slotProps={{ htmlInput: { 'data-testid': `package-${f}`, ...html } }}
    />
  );
  return (
    <GenericDialog
      open={p.open}
      maxWidth="sm"
      title={p.pkg ? t('phoneAdmin.packages.editTitle', { name: p.pkg.name }) : t('phoneAdmin.packages.createTitle')}
      confirmText={t('phoneAdmin.save')}
      loading={save.isPending}
      onClose={p.onClose}
      onConfirm={submit}
    >
      <Stack sx={{ gap: 2, pt: 1 }}>
        {field('name', t('phoneAdmin.packages.name'), undefined, { maxLength: 20 })}
        <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
          {field('region', t('phoneAdmin.region'), t('phoneAdmin.regionHint'), { maxLength: 32 })}
          {field('androidVersion', t('phoneAdmin.androidVersion'), t('phoneAdmin.androidVersionHint'), {
            maxLength: 5,
          })}
        </Stack>
        <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
          {field('days', t('phoneAdmin.packages.days'), undefined, { inputMode: 'numeric', maxLength: 4 })}
          {field('price', t('phoneAdmin.packages.price', { currency: p.base }), undefined, {
            inputMode: 'decimal',
            maxLength: 12,
          })}
          {field('sort', t('phoneAdmin.sort'), undefined, { inputMode: 'numeric', maxLength: 6 })}
        </Stack>
        <div>
          <FormControlLabel
            control={
              <Switch
                checked={d.enabled}
                onChange={(e) => set('enabled', e.target.checked)}
                slotProps={{ input: { 'aria-describedby': 'package-enabled-help' } }}
                data-testid="package-enabled"
              />
            }
            label={t('phoneAdmin.packages.enabled')}
          />
          <FormHelperText id="package-enabled-help">{t('phoneAdmin.packages.enabledHint')}</FormHelperText>
        </div>
      </Stack>
    </GenericDialog>
  );
}
