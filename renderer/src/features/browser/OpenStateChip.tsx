import type { ProfileSummary } from '@facet/shared';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProfileWindows } from '../../queries/profile-windows';

/**
 * An open profile's state; hovering it says who has it open, on which device and on what page, as
 * their client last reported (docs/profiles.md, Window status). Asked only on hover, so a long
 * grid costs nothing more.
 */
export function OpenStateChip({ p }: { p: ProfileSummary }) {
  const { t } = useTranslation();
  const [asked, setAsked] = useState(false);
  const windows = useProfileWindows(asked ? [p.id] : null);
  const w = windows.data?.[0];
  const title = w ? (
    <span data-testid="open-window">
      {t('profileWindows.openBy', { user: w.username, device: w.device || '—' })}
      <br />
      {w.url ? t('profileWindows.page', { url: w.url }) : t('profileWindows.noPage')}
    </span>
  ) : (
    p.openDevice || t('browser.status.open')
  );
  return (
    <Tooltip title={title} onOpen={() => setAsked(true)}>
      <Chip label={t('browser.status.open')} size="small" color="success" data-testid="open-state" />
    </Tooltip>
  );
}
