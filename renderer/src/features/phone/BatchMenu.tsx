import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../components/PermissionGate';

export const BATCH_ACTIONS = [
  'remark',
  'proxy',
  'data',
  'move',
  'star',
  'unstar',
  'enable',
  'disable',
  'share',
  'renew',
  'delete',
] as const;
export type BatchAction = (typeof BATCH_ACTIONS)[number];

const NEEDS: Record<BatchAction, string> = {
  remark: 'phone:update',
  proxy: 'phone:update',
  data: 'phone:update',
  move: 'phone:update',
  star: 'phone:list',
  unstar: 'phone:list',
  enable: 'phone:update',
  disable: 'phone:update',
  share: 'phone:share',
  renew: 'billing:pay',
  delete: 'phone:delete',
};

/** "With N selected": the batch actions the user's permissions allow. */
export function BatchMenu({ count, onPick }: { count: number; onPick: (a: BatchAction) => void }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const allowed: Record<string, boolean> = {
    'phone:list': true,
    'phone:update': usePermission(['phone:update']),
    'phone:share': usePermission(['phone:share']),
    'phone:delete': usePermission(['phone:delete']),
    'billing:pay': usePermission(['billing:pay']),
  };
  return (
    <>
      <Button
        variant="outlined"
        disabled={count === 0}
        endIcon={<ArrowDropDownIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        data-testid="phone-batch"
      >
        {t('phone.batch.button', { count })}
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {BATCH_ACTIONS.filter((a) => allowed[NEEDS[a]]).map((a) => (
          <MenuItem
            key={a}
            data-testid={`batch-${a}`}
            onClick={() => {
              setAnchor(null);
              onPick(a);
            }}
            sx={a === 'delete' ? { color: 'error.main' } : {}}
          >
            {t(a === 'move' ? 'phoneGroups.move.action' : `phone.batch.${a}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
