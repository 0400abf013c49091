import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GenericDialog } from '../../components/GenericDialog';
import { cstToZone } from '../../lib/format';
import { type Phone, useChangePower, usePowerTab } from '../../queries/phones';
import { notifySuccess } from '../../stores/notice';
import { useUserStore } from '../../stores/user';

/** Moves an environment onto another free power of its region and Android version; device and data stay. */
export function ChangePowerDialog({ phone, onClose }: { phone: Phone; onClose: () => void }) {
  const { t } = useTranslation();
  const tab = usePowerTab({ page: 1, pageSize: 100, region: phone.region, expired: false });
  const free = (tab.data?.list ?? []).filter((p) => p.envId === null && p.androidVersion === phone.androidVersion);
  const [picked, setPicked] = useState<number | null>(null);
  const change = useChangePower();
  const zone = useUserStore((s) => s.timezone);
  const go = async () => {
    if (picked === null) return;
    try {
      await change.mutateAsync({ id: phone.id, powerId: picked });
      notifySuccess(t('phone.changePower.done'));
      onClose();
    } catch {
      // The transport said why.
    }
  };
  return (
    <GenericDialog
      open
      title={t('phone.changePower.title', { name: phone.name })}
      onClose={onClose}
      onConfirm={go}
      loading={change.isPending}
      confirmText={t('phone.changePower.confirm')}
      maxWidth="xs"
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('phone.changePower.hint')}
      </Typography>
      {tab.isSuccess && free.length === 0 ? (
        <Alert severity="info" data-testid="change-power-none">
          {t('phone.changePower.none', { region: phone.region, version: phone.androidVersion })}
        </Alert>
      ) : (
        <RadioGroup value={picked ?? ''} onChange={(e) => setPicked(Number(e.target.value))}>
          {free.map((p) => (
            <FormControlLabel
              key={p.id}
              value={p.id}
              control={<Radio />}
              label={t('phone.changePower.option', {
                name: p.packageName,
                time: p.expireTime ? cstToZone(p.expireTime, zone).slice(0, 16) : '—',
              })}
              data-testid={`change-power-${p.id}`}
            />
          ))}
        </RadioGroup>
      )}
    </GenericDialog>
  );
}
