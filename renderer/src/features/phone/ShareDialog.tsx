import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GenericDialog } from '../../components/GenericDialog';
import { type Phone, usePhoneShares, usePhoneShareUsers, useSharePhones } from '../../queries/phones';
import { notifySuccess } from '../../stores/notice';

type Mode = 'add' | 'remove' | 'replace';

/** The sub-accounts, ticked. */
export function UserPicks(p: { picked: Set<number>; onChange: (s: Set<number>) => void; enabled: boolean }) {
  const { t } = useTranslation();
  const users = usePhoneShareUsers(p.enabled);
  const toggle = (id: number) => {
    const n = new Set(p.picked);
    if (!n.delete(id)) n.add(id);
    p.onChange(n);
  };
  if (users.isError) return <Alert severity="warning">{t('phone.share.loadFailed')}</Alert>;
  if (users.data?.length === 0) return <Alert severity="info">{t('phone.share.noUsers')}</Alert>;
  return (
    <Box sx={{ maxHeight: 260, overflow: 'auto', display: 'flex', flexDirection: 'column' }}>
      {users.data?.map((u) => (
        <FormControlLabel
          key={u.id}
          control={<Checkbox checked={p.picked.has(u.id)} onChange={() => toggle(u.id)} />}
          label={u.username}
          data-testid={`share-user-${u.username}`}
        />
      ))}
    </Box>
  );
}

/** Shares environments with sub-accounts; for one environment its current shares are ticked. */
export function ShareDialog({ phones, onClose }: { phones: Phone[]; onClose: () => void }) {
  const { t } = useTranslation();
  const single = phones.length === 1 ? phones[0]! : null;
  const shares = usePhoneShares(single?.id ?? null);
  const [mode, setMode] = useState<Mode>(single ? 'replace' : 'add');
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const share = useSharePhones();
  useEffect(() => {
    if (shares.data) setPicked(new Set(shares.data.map((u) => u.id)));
  }, [shares.data]);
  const save = async () => {
    try {
      await share.mutateAsync({ ids: phones.map((p) => p.id), userIds: [...picked], mode });
      notifySuccess(t('phone.share.done'));
      onClose();
    } catch {
      // The transport said why.
    }
  };
  return (
    <GenericDialog
      open
      title={t('phone.share.title')}
      onClose={onClose}
      onConfirm={save}
      loading={share.isPending}
      confirmDisabled={mode !== 'replace' && picked.size === 0}
      maxWidth="sm"
      confirmText={t('common.save')}
    >
      <RadioGroup row value={mode} onChange={(e) => setMode(e.target.value as Mode)}>
        {(['add', 'remove', 'replace'] as const).map((m) => (
          <FormControlLabel key={m} value={m} control={<Radio />} label={t(`phone.share.${m}`)} />
        ))}
      </RadioGroup>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t(`phone.share.${mode}Hint`)}
      </Typography>
      <UserPicks picked={picked} onChange={setPicked} enabled />
    </GenericDialog>
  );
}
