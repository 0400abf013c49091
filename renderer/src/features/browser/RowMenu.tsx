import type { ProfileSummary } from '@facet/shared';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import type { PageDialog } from './use-batch';

export interface RowMenuState {
  anchor: HTMLElement;
  row: ProfileSummary;
}

interface Props {
  menu: RowMenuState | null;
  can: {
    update: boolean;
    share: boolean;
    extensions: boolean;
    cookie: boolean;
    delete: boolean;
    deleteForever: boolean;
  };
  onClose: () => void;
  onRename: (row: ProfileSummary) => void;
  onToggleStar: (row: ProfileSummary) => void;
  /** A dialog working on this row only. */
  onDialog: (dialog: PageDialog, row: ProfileSummary) => void;
  /** The client's fingerprint check of this row; absent without a connected client. */
  onCheckFingerprint?: (row: ProfileSummary) => void;
}

/** The "more" menu of a row: what the toolbar does for a selection, for this one profile. */
export function RowMenu({ menu, can, onClose, onRename, onToggleStar, onDialog, onCheckFingerprint }: Props) {
  const { t } = useTranslation();
  const item = (
    label: string,
    act: (row: ProfileSummary) => void,
    extra: { danger?: boolean; testId?: string } = {},
  ) => (
    <MenuItem
      onClick={() => {
        if (menu) act(menu.row);
        onClose();
      }}
      sx={extra.danger ? { color: 'error.main' } : undefined}
      data-testid={extra.testId}
    >
      <ListItemText primary={label} />
    </MenuItem>
  );
  const dialog = (d: PageDialog) => (row: ProfileSummary) => onDialog(d, row);
  return (
    <Menu anchorEl={menu?.anchor} open={!!menu} onClose={onClose}>
      {can.update && item(t('browser.row.rename'), onRename)}
      {can.update && item(menu?.row.isMostCommon ? t('browser.row.unstar') : t('browser.row.star'), onToggleStar)}
      {can.share && item(t('browser.batch.share'), dialog('share'))}
      {can.extensions && item(t('browser.batch.extensions'), dialog('extensions'))}
      {onCheckFingerprint &&
        item(t('fingerprintCheck.action'), onCheckFingerprint, { testId: 'row-check-fingerprint' })}
      {can.update && can.cookie && item(t('browser.row.importCookies'), dialog('cookies'))}
      {can.delete && item(t('browser.row.delete'), dialog('delete'), { danger: true })}
      {can.deleteForever &&
        item(t('browser.row.deleteForever'), dialog('deleteForever'), { danger: true, testId: 'row-delete-forever' })}
    </Menu>
  );
}
