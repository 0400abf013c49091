import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEngineStatus } from '../../queries/profiles';

/**
 * The upgrade reminder (docs/client.md, Claims the engine can back): profiles that claim an older
 * Chrome than the engine of the user's client are easy for sites to spot, so the grid says how
 * many there are and offers to move them all up (the same dialog as the batch action).
 */
export function EngineReminder({ enabled, onUpgradeAll }: { enabled: boolean; onUpgradeAll: () => void }) {
  const { t } = useTranslation();
  const status = useEngineStatus(enabled).data;
  const [hidden, setHidden] = useState(false);
  if (!enabled || hidden || !status?.engineVersion || status.outdated === 0) return null;
  return (
    <Alert
      severity="warning"
      onClose={() => setHidden(true)}
      data-testid="engine-reminder"
      action={
        <Button color="inherit" size="small" onClick={onUpgradeAll} data-testid="engine-upgrade-all">
          {t('browser.upgrade.all')}
        </Button>
      }
    >
      {t('browser.upgrade.reminder', {
        count: status.outdated,
        version: status.engineVersion.split('.')[0],
      })}
    </Alert>
  );
}
