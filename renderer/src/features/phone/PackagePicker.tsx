import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../components/money';
import { type PhonePackage, usePhonePackages, usePhoneRegions } from '../../queries/phones';

/** Region, then one of its packages: Android version, days, price, free devices; one with none free is greyed with why. */
export function PackagePicker(p: {
  region: string;
  onRegion: (r: string) => void;
  packageId: number | null;
  onPackage: (pkg: PhonePackage) => void;
  /** Only packages of this Android version (renewing a trial). */
  androidVersion?: string;
  /** Renewing needs no free device. */
  ignoreFree?: boolean;
}) {
  const { t } = useTranslation();
  const { money } = useMoney();
  const regions = usePhoneRegions();
  const packages = usePhonePackages(p.region || null);
  const list = (packages.data ?? []).filter(
    (x) => x.enabled && (!p.androidVersion || x.androidVersion === p.androidVersion),
  );
  return (
    <Stack sx={{ gap: 1.5 }}>
      <TextField
        select
        size="small"
        label={t('phone.buy.region')}
        value={p.region}
        onChange={(e) => p.onRegion(e.target.value)}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'buy-region' } as object } }}
        helperText={regions.data?.length === 0 ? t('phone.buy.noRegions') : ' '}
      >
        {(regions.data ?? []).map((r) => (
          <MenuItem key={r.region} value={r.region} data-testid={`region-${r.region}`}>
            {t('phone.buy.regionLine', {
              region: r.region,
              versions: r.androidVersions.join(', '),
              price: money(r.fromPrice),
              free: t('phone.freeDevices', { count: r.available }),
            })}
          </MenuItem>
        ))}
      </TextField>
      {p.region && packages.isLoading && <Skeleton height={80} />}
      {p.region && packages.data && list.length === 0 && (
        <Typography color="text.secondary">{t('phone.buy.noPackages')}</Typography>
      )}
      <RadioGroup
        value={p.packageId ?? ''}
        onChange={(e) => {
          const pkg = list.find((x) => x.id === Number(e.target.value));
          if (pkg) p.onPackage(pkg);
        }}
      >
        {list.map((x) => {
          const none = !p.ignoreFree && x.available === 0;
          return (
            <FormControlLabel
              key={x.id}
              value={x.id}
              disabled={none}
              control={<Radio size="small" />}
              data-testid={`package-${x.id}`}
              sx={{ alignItems: 'flex-start', '& .MuiRadio-root': { pt: 0.5 }, mb: 0.5 }}
              label={
                <Stack>
                  <Typography sx={{ fontWeight: 600 }}>
                    {x.name} · {money(x.price)}
                  </Typography>
                  <Typography variant="body2" color={none ? 'warning.main' : 'text.secondary'}>
                    {none
                      ? t('phone.buy.noneFree')
                      : `Android ${x.androidVersion} · ${t('phone.period', { count: x.days })} · ${t('phone.freeDevices', { count: x.available })}`}
                  </Typography>
                </Stack>
              }
            />
          );
        })}
      </RadioGroup>
    </Stack>
  );
}
