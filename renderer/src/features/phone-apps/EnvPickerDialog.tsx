import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GenericDialog } from '../../components/GenericDialog';
import { usePhoneChoices } from '../../queries/phone-apps';

export interface EnvPickerProps {
  open: boolean;
  title: string;
  confirmText: string;
  /** Only these environments are offered (uninstall: where the app is); all when absent. */
  only?: readonly number[] | undefined;
  busy: boolean;
  onClose: () => void;
  onConfirm: (envIds: number[]) => void | Promise<void>;
}

/** Choose environments for an app's install or uninstall: the account's environments with their state. */
export function EnvPickerDialog(p: EnvPickerProps) {
  const { t } = useTranslation();
  const envs = usePhoneChoices(p.open);
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  useEffect(() => {
    if (p.open) setChosen(new Set(p.only ?? []));
  }, [p.open, p.only]);
  const offered = (envs.data ?? []).filter((e) => !p.only || p.only.includes(e.id));
  const toggle = (id: number) =>
    setChosen((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <GenericDialog
      open={p.open}
      title={p.title}
      confirmText={p.confirmText}
      loading={p.busy}
      confirmDisabled={chosen.size === 0}
      dirty={false}
      onClose={p.onClose}
      onConfirm={() => p.onConfirm([...chosen])}
    >
      {envs.isFetching && !envs.data && <Typography color="text.secondary">{t('phoneApps.envs.loading')}</Typography>}
      {envs.data && offered.length === 0 && <Typography color="text.secondary">{t('phoneApps.envs.none')}</Typography>}
      <Stack data-testid="env-picker">
        {offered.map((e) => (
          <FormControlLabel
            key={e.id}
            control={<Checkbox checked={chosen.has(e.id)} onChange={() => toggle(e.id)} />}
            label={
              <span>
                {e.name}{' '}
                <Typography component="span" variant="caption" color="text.secondary">
                  {t(`phoneApps.state.${e.state}`)} · {e.region}
                </Typography>
              </span>
            }
          />
        ))}
      </Stack>
    </GenericDialog>
  );
}
