import { parseSites, type RpaTask } from '@facet/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/api-error';
import { useStartCookieRobot } from '../../../queries/rpa';
import { ROBOT_DEFAULTS, type RobotForm, robotBody, robotField } from './robot-form';
import { SitesField } from './SitesField';

const MAX_PROFILES = 1000;

interface Props {
  open: boolean;
  count: number;
  ids: (max: number) => Promise<number[] | null>;
  onClose: () => void;
  onStarted: (task: RpaTask) => void;
}

/**
 * The cookie robot (docs/rpa.md, The cookie robot): the sites, the dwell per site, scrolls and
 * clicks; Start stores the built-in flow and runs it now over the chosen profiles.
 */
export function CookieRobotDialog(p: Props) {
  const { t, i18n } = useTranslation();
  const [form, setForm] = useState<RobotForm>(ROBOT_DEFAULTS);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const start = useStartCookieRobot();
  const list = useMemo(() => parseSites(form.text), [form.text]);
  const text = (key?: string) =>
    !key
      ? undefined
      : i18n.exists(`cookieRobot.errors.${key}`)
        ? t(`cookieRobot.errors.${key}`)
        : i18n.exists(`validation.${key}`)
          ? t(`validation.${key}`)
          : key;
  const set = (k: keyof RobotForm) => (v: string) => {
    setForm((f) => ({ ...f, [k]: v }));
    setErrors((e) => ({ ...e, [k]: undefined, '': undefined }));
  };
  const close = () => {
    setForm(ROBOT_DEFAULTS);
    setErrors({});
    p.onClose();
  };
  const submit = async () => {
    if (!list.sites.length) return setErrors({ text: 'rpaSitesRequired' });
    const ids = await p.ids(MAX_PROFILES);
    if (!ids) return;
    try {
      const task = await start.mutateAsync(robotBody(form, list, ids));
      close();
      p.onStarted(task);
    } catch (e) {
      if (!(e instanceof ApiError)) return;
      const next: Record<string, string> = {};
      for (const x of e.errors) next[robotField(x.field)] ??= x.key;
      if (!e.errors.length) next[''] = e.message;
      setErrors(next);
    }
  };
  const num = (k: keyof RobotForm, label: string) => (
    <TextField
      size="small"
      type="number"
      label={label}
      value={form[k]}
      onChange={(e) => set(k)(e.target.value)}
      error={!!errors[k]}
      helperText={text(errors[k])}
      sx={{ flex: '1 1 100px' }}
      slotProps={{ htmlInput: { min: 0, 'data-testid': `robot-${k}` } }}
    />
  );
  const other = [errors.profileIds, errors['']].filter(Boolean);
  return (
    <Dialog open={p.open} onClose={close} fullWidth maxWidth="sm" data-testid="cookie-robot-dialog">
      <DialogTitle>{t('cookieRobot.title', { n: p.count })}</DialogTitle>
      <DialogContent>
        <Stack sx={{ gap: 2, pt: 0.5 }}>
          <Typography variant="body2" color="text.secondary">
            {t('cookieRobot.intro')}
          </Typography>
          <SitesField text={form.text} list={list} error={text(errors.text)} onText={set('text')} />
          <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap' }}>
            {num('dwellMin', t('cookieRobot.dwellMin'))}
            {num('dwellMax', t('cookieRobot.dwellMax'))}
            {num('scrolls', t('cookieRobot.scrolls'))}
            {num('clicks', t('cookieRobot.clicks'))}
          </Stack>
          {other.length > 0 && (
            <Alert severity="error" data-testid="robot-errors">
              {other.map((k) => text(k)).join(' ')}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          onClick={() => void submit()}
          disabled={start.isPending || list.invalid.length > 0}
          data-testid="robot-start"
        >
          {t('cookieRobot.start')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
