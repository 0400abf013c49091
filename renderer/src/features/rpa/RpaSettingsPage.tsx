import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListHeader } from '../../components/list/ListHeader';
import { useRpaDefaults } from '../../queries/rpa';
import { useSaveGlobalValue } from '../../queries/settings';
import { notifySuccess } from '../../stores/notice';
import { StrategyFields, type StrategyValue } from './task/StrategyFields';
import { teamDefaults } from './task/team-defaults';

/** RPA → defaults: the team's RpaConcurrent and RpaRunningStrategy, what new tasks start from. */
export default function RpaSettingsPage() {
  const { t } = useTranslation();
  const stored = useRpaDefaults();
  const save = useSaveGlobalValue();
  const [value, setValue] = useState<StrategyValue | null>(null);
  useEffect(() => {
    if (stored.data && !value) setValue(teamDefaults(stored.data));
  }, [stored.data, value]);

  const onSave = async () => {
    if (!value) return;
    const { concurrency, ...strategy } = value;
    await save.mutateAsync({
      globalValueType: 'RpaConcurrent',
      globalValue: JSON.stringify(concurrency),
      confirm: false,
    });
    await save.mutateAsync({
      globalValueType: 'RpaRunningStrategy',
      globalValue: JSON.stringify(strategy),
      confirm: false,
    });
    notifySuccess(t('rpa.settings.saved'));
  };
  return (
    <Box sx={{ maxWidth: 760, minWidth: 0 }}>
      <ListHeader title={t('rpa.settings.title')} subtitle={t('rpa.settings.subtitle')} />
      {stored.isError && <Alert severity="error">{t('rpa.settings.loadFailed')}</Alert>}
      {value && (
        <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
          <StrategyFields value={value} onChange={setValue} />
          <Box sx={{ mt: 2 }}>
            <Button variant="contained" onClick={onSave} disabled={save.isPending} data-testid="rpa-settings-save">
              {t('rpa.settings.save')}
            </Button>
          </Box>
        </Paper>
      )}
    </Box>
  );
}
