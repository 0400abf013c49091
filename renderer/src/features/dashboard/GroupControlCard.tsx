import type { OpenedPhone } from '@facet/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBridge } from '../../bridge';
import { useClosePhoneGroup, useOpenedPhoneConfigs, usePhoneGroup, useSetPhoneGroup } from '../../queries/phone-client';
import { warn } from '../browser/warn';

const failed = (e: unknown) => warn(e instanceof Error ? e.message : String(e));

/** The dashboard's group control (§2): the main phone's input is replayed on the followers. */
export function GroupControlCard() {
  const { t } = useTranslation();
  const bridge = useBridge();
  const phones = useOpenedPhoneConfigs().data ?? [];
  const group = usePhoneGroup().data;
  let body: React.ReactNode;
  if (!bridge) body = <Hint text={t('phoneView.group.noClient')} />;
  else if (group?.main) body = <CurrentGroup main={group.main} followers={group.followers} phones={phones} />;
  else if (phones.length < 2) body = <Hint text={t('phoneView.group.needTwo')} />;
  else body = <GroupForm phones={phones} />;
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2 }} data-testid="group-control">
      <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t('phoneView.group.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('phoneView.group.subtitle')}
      </Typography>
      {body}
    </Paper>
  );
}

function Hint({ text }: { text: string }) {
  return (
    <Typography variant="body2" data-testid="group-control-hint">
      {text}
    </Typography>
  );
}

const nameOf = (phones: OpenedPhone[], id: number) => phones.find((p) => p.id === id)?.name ?? `#${id}`;

function CurrentGroup({ main, followers, phones }: { main: number; followers: number[]; phones: OpenedPhone[] }) {
  const { t } = useTranslation();
  const end = useClosePhoneGroup();
  return (
    <Stack spacing={1} data-testid="group-control-current">
      <Box>
        <FormLabel>{t('phoneView.group.main')}</FormLabel>
        <Box sx={{ mt: 0.5 }}>
          <Chip color="primary" label={nameOf(phones, main)} data-testid="group-main" />
        </Box>
      </Box>
      <Box>
        <FormLabel>{t('phoneView.group.followers')}</FormLabel>
        <Box sx={{ mt: 0.5, display: 'flex', flexWrap: 'wrap', gap: 0.5 }} data-testid="group-followers">
          {followers.map((id) => (
            <Chip key={id} variant="outlined" label={nameOf(phones, id)} />
          ))}
        </Box>
      </Box>
      <Box>
        <Button
          variant="outlined"
          color="error"
          loading={end.isPending}
          onClick={() => end.mutateAsync(undefined).catch(failed)}
          data-testid="group-end"
        >
          {t('phoneView.group.end')}
        </Button>
      </Box>
    </Stack>
  );
}

function GroupForm({ phones }: { phones: OpenedPhone[] }) {
  const { t } = useTranslation();
  const start = useSetPhoneGroup();
  const [main, setMain] = useState<number | ''>('');
  const [followers, setFollowers] = useState<ReadonlySet<number>>(new Set());
  const others = phones.filter((p) => p.id !== main);
  const chosen = others.filter((p) => followers.has(p.id)).map((p) => p.id);
  const toggle = (id: number) =>
    setFollowers((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <Stack spacing={1.5}>
      <TextField
        select
        size="small"
        label={t('phoneView.group.main')}
        value={main}
        onChange={(e) => setMain(Number(e.target.value))}
        sx={{ maxWidth: 320 }}
        data-testid="group-main-select"
      >
        {phones.map((p) => (
          <MenuItem key={p.id} value={p.id}>
            {p.name}
          </MenuItem>
        ))}
      </TextField>
      <Box>
        <FormLabel>{t('phoneView.group.followers')}</FormLabel>
        <FormGroup row>
          {others.map((p) => (
            <FormControlLabel
              key={p.id}
              control={<Checkbox checked={followers.has(p.id)} onChange={() => toggle(p.id)} />}
              label={p.name}
            />
          ))}
        </FormGroup>
      </Box>
      <Box>
        <Button
          variant="contained"
          disabled={main === '' || !chosen.length}
          loading={start.isPending}
          onClick={() => main !== '' && start.mutateAsync({ main, followers: chosen }).catch(failed)}
          data-testid="group-start"
        >
          {t('phoneView.group.start')}
        </Button>
      </Box>
    </Stack>
  );
}
