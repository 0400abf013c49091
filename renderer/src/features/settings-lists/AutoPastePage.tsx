import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../components/PermissionGate';
import { useAutoPasteDefault, useSaveGlobalList } from '../../queries/settings-lists';
import { notifyError, notifySuccess } from '../../stores/notice';
import { NoAccess } from '../settings/NoAccess';
import { PageHeader } from '../settings/PageHeader';

/**
 * Settings → Auto paste: whether the phone viewer starts with auto paste on (global value
 * phoneAutoPaste, the user's own; docs/phones.md). Saved as soon as it is switched.
 */
export default function AutoPastePage() {
  const { t } = useTranslation();
  const allowed = usePermission(['setting:view']);
  const on = useAutoPasteDefault();
  const saving = useSaveGlobalList();
  if (!allowed) return <NoAccess />;
  const set = async (next: boolean) => {
    try {
      await saving.mutateAsync({ globalValueType: 'phoneAutoPaste', globalValue: String(next), confirm: false });
      notifySuccess(t(next ? 'settingsLists.autoPaste.savedOn' : 'settingsLists.autoPaste.savedOff'));
    } catch (err) {
      notifyError(err instanceof Error ? err.message : String(err), 5000);
    }
  };
  return (
    <Box sx={{ maxWidth: 880 }}>
      <PageHeader title={t('settingsLists.menu.autoPaste')} intro={t('settingsLists.autoPaste.intro')} />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        {on === undefined ? (
          <Skeleton variant="rectangular" height={56} />
        ) : (
          <FormControlLabel
            sx={{ alignItems: 'flex-start', m: 0 }}
            control={
              <Switch
                checked={on}
                disabled={saving.isPending}
                onChange={(e) => void set(e.target.checked)}
                slotProps={{ input: { 'aria-describedby': 'auto-paste-help' } }}
                data-testid="auto-paste-switch"
              />
            }
            label={
              <Box sx={{ pt: 1 }}>
                <Typography sx={{ fontWeight: 500 }}>{t('settingsLists.autoPaste.label')}</Typography>
                <Typography variant="body2" color="text.secondary" id="auto-paste-help">
                  {t('settingsLists.autoPaste.help')}
                </Typography>
              </Box>
            }
          />
        )}
      </Paper>
    </Box>
  );
}
