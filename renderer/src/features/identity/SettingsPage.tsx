import { type IdentityFeature, identityFeatures } from '@facet/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Paper from '@mui/material/Paper';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListHeader } from '../../components/list/ListHeader';
import { useIdentitySettings, useSaveIdentitySettings } from '../../queries/identity';
import { notifySuccess } from '../../stores/notice';

/** Operator → Verification settings: what only verified accounts may do (docs/identity.md). */
export default function SettingsPage() {
  const { t } = useTranslation();
  const settings = useIdentitySettings();
  const save = useSaveIdentitySettings();
  const [chosen, setChosen] = useState<IdentityFeature[] | null>(null);
  useEffect(() => {
    if (settings.data && chosen === null) setChosen(settings.data.unlocks);
  }, [settings.data, chosen]);
  const toggle = (f: IdentityFeature, on: boolean) =>
    setChosen((c) => (on ? [...(c ?? []), f] : (c ?? []).filter((x) => x !== f)));
  return (
    <Box sx={{ maxWidth: 720 }}>
      <ListHeader title={t('identity.menu.settings')} subtitle={t('identity.settings.subtitle')} />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <FormGroup>
          {identityFeatures.map((f) => (
            <FormControlLabel
              key={f}
              control={
                <Checkbox
                  checked={chosen?.includes(f) ?? false}
                  disabled={chosen === null}
                  onChange={(e) => toggle(f, e.target.checked)}
                  slotProps={{ input: { 'data-testid': `identity-unlock-${f}` } as object }}
                />
              }
              label={t(`identity.feature.${f}`)}
            />
          ))}
        </FormGroup>
        <Button
          variant="contained"
          sx={{ mt: 2 }}
          disabled={chosen === null || save.isPending}
          data-testid="identity-settings-save"
          onClick={() =>
            void save.mutateAsync({ unlocks: chosen ?? [] }).then(
              () => notifySuccess(t('identity.settings.saved')),
              () => undefined,
            )
          }
        >
          {t('identity.settings.save')}
        </Button>
      </Paper>
    </Box>
  );
}
