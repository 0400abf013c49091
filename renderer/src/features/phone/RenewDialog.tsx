import type { CallResult } from '@facet/shared';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GenericDialog } from '../../components/GenericDialog';
import { type PhonePower, usePhone, usePhoneRenew, usePhoneRenewPreview } from '../../queries/phones';
import { type Channel, useDefaultChannel } from '../cost/ChannelPicker';
import { PriceLines } from '../cost/PriceLines';
import { stripeReturnUrl } from '../cost/payment-outcome';
import { previewProblem } from '../cost/preview-problem';
import { PackagePicker } from './PackagePicker';
import { PayFields } from './PayFields';

/** What a renewal is asked about: the power and what shows it. */
export type RenewTarget = Pick<PhonePower, 'id' | 'region' | 'androidVersion' | 'trial' | 'packageName'> & {
  label: string;
};

/**
 * Renewing computing power: which of the given powers, a package for trials (a trial has none of
 * its own; the package must be of its region and version), then coupon, currency, channel, price.
 */
export function RenewDialog(p: {
  targets: RenewTarget[];
  onClose: () => void;
  onDone: (r: CallResult<'phoneRenew'>) => void;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState(new Set(p.targets.map((x) => x.id)));
  const picked = p.targets.filter((x) => chosen.has(x.id));
  const needsPackage = picked.some((x) => x.trial);
  const first = picked[0] ?? p.targets[0];
  const [packageId, setPackageId] = useState<number | null>(null);
  const [region, setRegion] = useState(first?.region ?? '');
  const [coupon, setCoupon] = useState('');
  const [currency, setCurrency] = useState('');
  const [channelPick, setChannel] = useState<Channel | ''>('');
  const fallback = useDefaultChannel(true);
  const channel = channelPick || fallback;
  const renew = usePhoneRenew();
  const draft =
    picked.length && (!needsPackage || packageId)
      ? {
          powerIds: picked.map((x) => x.id),
          ...(needsPackage && packageId ? { packageId } : {}),
          ...(coupon ? { couponCode: coupon } : {}),
          ...(currency ? { currency } : {}),
        }
      : null;
  const preview = usePhoneRenewPreview(draft);
  const price = draft ? preview.data : undefined;
  const toggle = (id: number) => {
    const n = new Set(chosen);
    if (!n.delete(id)) n.add(id);
    setChosen(n);
  };
  const go = async () => {
    if (!draft || !channel) return;
    try {
      p.onDone(await renew.mutateAsync({ ...draft, channel, returnUrl: stripeReturnUrl() }));
    } catch {
      // The transport showed the refusal; 16011 opens the insufficient-balance dialog.
    }
  };
  return (
    <GenericDialog
      open
      title={t('phone.renew.title')}
      onClose={p.onClose}
      onConfirm={go}
      confirmText={t('phone.renew.pay')}
      loading={renew.isPending}
      confirmDisabled={!draft || !channel || !price || preview.isError}
      maxWidth="sm"
      dirty={false}
    >
      <Stack sx={{ gap: 1.5, pt: 1 }} data-testid="renew-dialog">
        {p.targets.length > 1 && (
          <Stack sx={{ maxHeight: 180, overflow: 'auto' }}>
            {p.targets.map((x) => (
              <FormControlLabel
                key={x.id}
                control={<Checkbox size="small" checked={chosen.has(x.id)} onChange={() => toggle(x.id)} />}
                label={`${x.label} · ${x.region} · Android ${x.androidVersion}`}
              />
            ))}
          </Stack>
        )}
        {p.targets.length === 1 && first && (
          <Typography>
            {first.label} · {first.region} · Android {first.androidVersion}
            {first.packageName ? ` · ${first.packageName}` : ''}
          </Typography>
        )}
        {needsPackage && first && (
          <>
            <Alert severity="info">{t('phone.renew.trialNeedsPackage')}</Alert>
            <PackagePicker
              region={region}
              onRegion={setRegion}
              packageId={packageId}
              onPackage={(pkg) => setPackageId(pkg.id)}
              androidVersion={first.androidVersion}
              ignoreFree
            />
          </>
        )}
        <PayFields
          coupon={coupon}
          onCoupon={setCoupon}
          couponProblem={price?.couponProblem ?? ''}
          currency={currency}
          onCurrency={setCurrency}
          channel={channel}
          onChannel={setChannel}
        />
        {draft && preview.error && <Alert severity="warning">{previewProblem(t, preview.error)}</Alert>}
        {price && <PriceLines p={price} />}
      </Stack>
    </GenericDialog>
  );
}

/** Renewing the power of one environment (the expiring reminders name environments). */
export function RenewEnvDialog(p: {
  envId: number;
  onClose: () => void;
  onDone: (r: CallResult<'phoneRenew'>) => void;
}) {
  const env = usePhone(p.envId).data;
  if (!env) return null;
  const target: RenewTarget = {
    id: env.powerId,
    region: env.region,
    androidVersion: env.androidVersion,
    trial: env.trial,
    packageName: env.packageName,
    label: env.name,
  };
  return <RenewDialog targets={[target]} onClose={p.onClose} onDone={p.onDone} />;
}
