import MoreVertIcon from '@mui/icons-material/MoreVert';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import StopIcon from '@mui/icons-material/Stop';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../components/PermissionGate';
import type { Phone } from '../../queries/phones';

export const ROW_ACTIONS = [
  'edit',
  'renew',
  'changePower',
  'newMachine',
  'share',
  'restrict',
  'toggleEnabled',
  'binding',
  'ipCheck',
  'adb',
  'delete',
] as const;
export type RowAction = 'open' | 'close' | (typeof ROW_ACTIONS)[number];

/** The permission each menu entry needs (renewing is paying). */
const NEEDS: Record<(typeof ROW_ACTIONS)[number], string> = {
  edit: 'phone:update',
  renew: 'billing:pay',
  changePower: 'power:change',
  newMachine: 'phone:update',
  share: 'phone:share',
  restrict: 'phone:share',
  toggleEnabled: 'phone:update',
  binding: 'phone:list',
  ipCheck: 'phone:list',
  adb: 'phone:update',
  delete: 'phone:delete',
};

/** Open or close, and the rest of what can be done with one environment in a menu. */
export function RowActions({
  phone,
  busy,
  onAction,
}: {
  phone: Phone;
  busy: boolean;
  onAction: (a: RowAction) => void;
}) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const canOpen = usePermission(['phone:open']);
  const allowed = {
    'phone:update': usePermission(['phone:update']),
    'phone:share': usePermission(['phone:share']),
    'phone:delete': usePermission(['phone:delete']),
    'phone:list': true,
    'billing:pay': usePermission(['billing:pay']),
    // Choosing another power reads the account's power (money) and changes the environment.
    'power:change': usePermission(['billing:view', 'phone:update']),
  } as Record<string, boolean>;
  const isOn = phone.state === 'on' || phone.state === 'starting';
  const pick = (a: RowAction) => {
    setAnchor(null);
    onAction(a);
  };
  return (
    <Stack direction="row" sx={{ justifyContent: 'flex-end', alignItems: 'center', gap: 0.5 }}>
      {canOpen && (
        <>
          <Button
            size="small"
            variant={isOn ? 'outlined' : 'contained'}
            startIcon={isOn ? <StopIcon /> : <PlayArrowIcon />}
            loading={busy}
            onClick={() => onAction(isOn ? 'close' : 'open')}
            data-testid={isOn ? 'phone-close' : 'phone-open'}
            sx={{ whiteSpace: 'nowrap', display: { xs: 'none', sm: 'inline-flex' } }}
          >
            {t(isOn ? 'phone.action.close' : 'phone.action.open')}
          </Button>
          {/* Phones: the same as an icon, so the row's actions stay in view at 360 px. */}
          <IconButton
            size="small"
            color="primary"
            loading={busy}
            aria-label={t(isOn ? 'phone.action.close' : 'phone.action.open')}
            onClick={() => onAction(isOn ? 'close' : 'open')}
            sx={{ display: { xs: 'inline-flex', sm: 'none' } }}
          >
            {isOn ? <StopIcon fontSize="small" /> : <PlayArrowIcon fontSize="small" />}
          </IconButton>
        </>
      )}
      <IconButton
        size="small"
        aria-label={t('phone.action.more')}
        onClick={(e) => setAnchor(e.currentTarget)}
        data-testid="phone-more"
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {ROW_ACTIONS.filter((a) => allowed[NEEDS[a]]).map((a) => (
          <MenuItem
            key={a}
            onClick={() => pick(a)}
            data-testid={`phone-action-${a}`}
            sx={a === 'delete' ? { color: 'error.main' } : {}}
          >
            {a === 'toggleEnabled'
              ? t(phone.state === 'disabled' ? 'phone.action.enable' : 'phone.action.disable')
              : t(`phone.action.${a}`)}
          </MenuItem>
        ))}
      </Menu>
    </Stack>
  );
}
