import { restrictionModes } from '@facet/shared';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GenericDialog } from '../../components/GenericDialog';
import { type Phone, useRestrictPhone } from '../../queries/phones';
import { notifySuccess } from '../../stores/notice';
import { UserPicks } from './ShareDialog';

type Mode = (typeof restrictionModes)[number];

/** Who may open an environment: everyone who sees it, only the main account, or chosen sub-accounts. */
export function RestrictDialog({ phone, onClose }: { phone: Phone; onClose: () => void }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>(phone.restriction.mode);
  const [picked, setPicked] = useState(new Set(phone.restriction.userIds));
  const restrict = useRestrictPhone();
  const save = async () => {
    try {
      await restrict.mutateAsync({ id: phone.id, mode, userIds: mode === 'users' ? [...picked] : [] });
      notifySuccess(t('phone.restrict.done'));
      onClose();
    } catch {
      // The transport said why.
    }
  };
  return (
    <GenericDialog
      open
      title={t('phone.restrict.title', { name: phone.name })}
      onClose={onClose}
      onConfirm={save}
      loading={restrict.isPending}
      confirmDisabled={mode === 'users' && picked.size === 0}
      maxWidth="sm"
      confirmText={t('common.save')}
    >
      <RadioGroup value={mode} onChange={(e) => setMode(e.target.value as Mode)} data-testid="restrict-mode">
        {restrictionModes.map((m) => (
          <FormControlLabel key={m} value={m} control={<Radio />} label={t(`phone.restrict.${m}`)} />
        ))}
      </RadioGroup>
      {mode === 'users' && <UserPicks picked={picked} onChange={setPicked} enabled />}
    </GenericDialog>
  );
}
