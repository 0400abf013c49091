import type { ProfileSummary } from '@facet/shared';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import type { RowMenuAction } from './row-menu';
import type { PageDialog } from './use-batch';

export interface RowMenuState {
  anchor: HTMLElement;
  row: ProfileSummary;
}

interface Props {
  menu: RowMenuState | null;
  /** What the user may do here (`rowMenuActions`); the row shows no menu button when it is empty. */
  actions: RowMenuAction[];
  onClose: () => void;
  onRename: (row: ProfileSummary) => void;
  onToggleStar: (row: ProfileSummary) => void;
  /** A dialog working on this row only. */
  onDialog: (dialog: PageDialog, row: ProfileSummary) => void;
  /** The client's fingerprint check of this row; absent without a connected client. */
  onCheckFingerprint?: (row: ProfileSummary) => void;
}

/** The "more" menu of a row: what the toolbar does for a selection, for this one profile. */
export function RowMenu({ menu, actions, onClose, onRename, onToggleStar, onDialog, onCheckFingerprint }: Props) {
  const { t } = useTranslation();
  const dialog = (d: PageDialog) => (row: ProfileSummary) => onDialog(d, row);
  const entries: Record<
    RowMenuAction,
    { label: string; act: (row: ProfileSummary) => void; danger?: boolean; testId?: string }
  > = {
    rename: { label: t('browser.row.rename'), act: onRename },
    star: { label: menu?.row.isMostCommon ? t('browser.row.unstar') : t('browser.row.star'), act: onToggleStar },
    share: { label: t('browser.batch.share'), act: dialog('share') },
    extensions: { label: t('browser.batch.extensions'), act: dialog('extensions') },
    checkFingerprint: {
      label: t('fingerprintCheck.action'),
      act: (row) => onCheckFingerprint?.(row),
      testId: 'row-check-fingerprint',
    },
    importCookies: { label: t('browser.row.importCookies'), act: dialog('cookies') },
    delete: { label: t('browser.row.delete'), act: dialog('delete'), danger: true },
    deleteForever: {
      label: t('browser.row.deleteForever'),
      act: dialog('deleteForever'),
      danger: true,
      testId: 'row-delete-forever',
    },
  };
  return (
    <Menu anchorEl={menu?.anchor} open={!!menu && actions.length > 0} onClose={onClose}>
      {actions.map((action) => {
        const e = entries[action];
        return (
          <MenuItem
            key={action}
            onClick={() => {
              if (menu) e.act(menu.row);
              onClose();
            }}
            sx={e.danger ? { color: 'error.main' } : undefined}
            data-testid={e.testId}
          >
            <ListItemText primary={e.label} />
          </MenuItem>
        );
      })}
    </Menu>
  );
}
