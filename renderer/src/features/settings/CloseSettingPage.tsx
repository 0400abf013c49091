import { CLOSE_ACTIONS } from '@facet/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../components/PermissionGate';
import { useBaseSettingValue, useSaveGlobalValue } from '../../queries/settings';
import { notifySuccess } from '../../stores/notice';
import { type CloseChoice, closeChoiceOf, parseBaseSetting, withCloseChoice } from './close-setting';
import { NoAccess } from './NoAccess';
import { PageHeader } from './PageHeader';

const choiceKey = (c: CloseChoice) => String(c);

/**
 * Settings → Close setting: what closing the desktop client's main window does (docs/client.md, Console settings for the client;
 * browserBaseSetting.closeaction). Stored on the server, so it follows the user to every machine.
 */
export default function CloseSettingPage() {
  const { t } = useTranslation();
  const allowed = usePermission(['setting:view']);
  const [setting, setSetting] = useState<Record<string, unknown> | null>(null);
  const [choice, setChoice] = useState<CloseChoice>('ask');
  const read = useBaseSettingValue(allowed);
  const saving = useSaveGlobalValue();

  // The form starts from the first answer; later ones (after the save) hold what it saved.
  useEffect(() => {
    if (setting !== null) return;
    if (read.isError) return setSetting({});
    if (!read.data) return;
    const s = parseBaseSetting(read.data.find((v) => v.globalValueType === 'browserBaseSetting')?.globalValue);
    setSetting(s);
    setChoice(closeChoiceOf(s));
  }, [read.data, read.isError, setting]);

  if (!allowed) return <NoAccess />;

  const saved = setting ? closeChoiceOf(setting) : null;
  const save = async () => {
    if (!setting) return;
    try {
      const globalValue = withCloseChoice(setting, choice);
      await saving.mutateAsync({ globalValueType: 'browserBaseSetting', globalValue, confirm: false });
      setSetting(parseBaseSetting(globalValue));
      notifySuccess(t('clientSettings.close.saved'));
    } catch {
      // The client showed the server's notice.
    }
  };

  const option = (value: CloseChoice, title: string, text: string): ReactNode => (
    <FormControlLabel
      value={choiceKey(value)}
      control={<Radio slotProps={{ input: { 'aria-describedby': `close-${choiceKey(value)}-text` } }} />}
      sx={{ alignItems: 'flex-start', m: 0, py: 1, '& .MuiRadio-root': { mt: -0.75 } }}
      data-testid={`close-${choiceKey(value)}`}
      label={
        <Box>
          <Typography sx={{ fontWeight: 500 }}>{title}</Typography>
          <Typography variant="body2" color="text.secondary" id={`close-${choiceKey(value)}-text`}>
            {text}
          </Typography>
        </Box>
      }
    />
  );

  return (
    <Box sx={{ maxWidth: 880 }}>
      <PageHeader title={t('menu.closeSetting')} intro={t('clientSettings.close.intro')} />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }} id="close-choice-label">
          {t('clientSettings.close.question')}
        </Typography>
        {setting === null ? (
          <Skeleton variant="rectangular" height={180} />
        ) : (
          <RadioGroup
            aria-labelledby="close-choice-label"
            value={choiceKey(choice)}
            onChange={(_, v) => setChoice(v === 'ask' ? 'ask' : (Number(v) as CloseChoice))}
          >
            {option(CLOSE_ACTIONS.tray, t('clientSettings.close.tray'), t('clientSettings.close.trayText'))}
            {option(CLOSE_ACTIONS.quit, t('clientSettings.close.quit'), t('clientSettings.close.quitText'))}
            {option('ask', t('clientSettings.close.ask'), t('clientSettings.close.askText'))}
          </RadioGroup>
        )}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {t('clientSettings.close.appliesTo')}
        </Typography>
        <Stack direction="row" sx={{ gap: 1, mt: 2, justifyContent: 'flex-end' }}>
          <Button
            variant="contained"
            onClick={() => void save()}
            loading={saving.isPending}
            disabled={saved === null || saved === choice}
            data-testid="close-save"
          >
            {t('common.save')}
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}
