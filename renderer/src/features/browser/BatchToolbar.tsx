import CloseIcon from '@mui/icons-material/Close';
import CookieIcon from '@mui/icons-material/Cookie';
import DeleteIcon from '@mui/icons-material/Delete';
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import DriveFileMoveIcon from '@mui/icons-material/DriveFileMove';
import ExtensionIcon from '@mui/icons-material/Extension';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import NotesIcon from '@mui/icons-material/Notes';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import RouterIcon from '@mui/icons-material/Router';
import ShareIcon from '@mui/icons-material/Share';
import StopIcon from '@mui/icons-material/Stop';
import UpgradeIcon from '@mui/icons-material/Upgrade';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../components/PermissionGate';

export type BatchAction =
  | 'open'
  | 'close'
  | 'proxy'
  | 'remark'
  | 'group'
  | 'share'
  | 'extensions'
  | 'upgrade'
  | 'cookieRobot'
  | 'exportXlsx'
  | 'exportCookiesJson'
  | 'exportCookiesNetscape'
  | 'delete'
  | 'deleteForever';

interface Props {
  count: number;
  total: number;
  allMatching: boolean;
  onSelectAll: () => void;
  onClear: () => void;
  onAction: (a: BatchAction) => void;
}

/** What to do with the selected profiles; each button needs its permission. */
export function BatchToolbar(p: Props) {
  const { t } = useTranslation();
  const [exportAnchor, setExportAnchor] = useState<HTMLElement | null>(null);
  const can = {
    open: usePermission(['browser:open']),
    update: usePermission(['browser:update']),
    share: usePermission(['browser:share']),
    extensions: usePermission(['browser:update', 'extension:list']),
    export: usePermission(['browser:export']),
    cookie: usePermission(['browser:cookie']),
    delete: usePermission(['browser:delete']),
    deleteForever: usePermission(['browser:delete:forever']),
    robot: usePermission(['rpa:run']),
  };
  const none = p.count === 0;
  const btn = (action: BatchAction, label: string, icon: ReactNode, color?: 'error') => (
    <Button
      size="small"
      color={color ?? 'inherit'}
      startIcon={icon}
      disabled={none}
      onClick={() => p.onAction(action)}
      data-testid={`batch-${action}`}
    >
      {label}
    </Button>
  );
  const exportTo = (a: BatchAction) => {
    setExportAnchor(null);
    p.onAction(a);
  };
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        flexWrap: 'wrap',
        gap: 0.5,
        px: 1,
        py: 0.5,
        border: 1,
        borderColor: none ? 'divider' : 'primary.main',
        borderRadius: 1,
        bgcolor: 'background.paper',
      }}
      data-testid="batch-toolbar"
    >
      <Typography variant="body2" sx={{ fontWeight: 600, mr: 1 }} data-testid="selected-count">
        {t('browser.batch.selected', { count: p.count })}
      </Typography>
      {!none && !p.allMatching && p.count < p.total && (
        <Link component="button" variant="body2" onClick={p.onSelectAll} data-testid="select-all-matching">
          {t('browser.batch.selectAll', { count: p.total })}
        </Link>
      )}
      {!none && (
        <Button size="small" color="inherit" startIcon={<CloseIcon />} onClick={p.onClear}>
          {t('browser.batch.clear')}
        </Button>
      )}
      <Box sx={{ flex: 1 }} />
      {/* On phones the actions show once something is selected. */}
      <Box sx={{ display: { xs: none ? 'none' : 'contents', sm: 'contents' } }}>
        {can.open && btn('open', t('browser.batch.open'), <PlayArrowIcon />)}
        {can.open && btn('close', t('browser.batch.close'), <StopIcon />)}
        {can.update && btn('proxy', t('browser.batch.proxy'), <RouterIcon />)}
        {can.update && btn('remark', t('browser.batch.remark'), <NotesIcon />)}
        {can.update && btn('group', t('browser.batch.group'), <DriveFileMoveIcon />)}
        {can.share && btn('share', t('browser.batch.share'), <ShareIcon />)}
        {can.extensions && btn('extensions', t('browser.batch.extensions'), <ExtensionIcon />)}
        {can.update && btn('upgrade', t('browser.batch.upgrade'), <UpgradeIcon />)}
        {can.robot && btn('cookieRobot', t('cookieRobot.action'), <CookieIcon />)}
        {(can.export || can.cookie) && (
          <Button
            size="small"
            color="inherit"
            startIcon={<FileDownloadIcon />}
            disabled={none}
            onClick={(e) => setExportAnchor(e.currentTarget)}
            data-testid="batch-export"
          >
            {t('browser.batch.export')}
          </Button>
        )}
        {can.delete && btn('delete', t('browser.batch.delete'), <DeleteIcon />, 'error')}
        {can.deleteForever && btn('deleteForever', t('browser.batch.deleteForever'), <DeleteForeverIcon />, 'error')}
      </Box>
      <Menu anchorEl={exportAnchor} open={!!exportAnchor} onClose={() => setExportAnchor(null)}>
        {can.export && <MenuItem onClick={() => exportTo('exportXlsx')}>{t('browser.batch.exportXlsx')}</MenuItem>}
        {can.cookie && (
          <MenuItem onClick={() => exportTo('exportCookiesJson')}>{t('browser.batch.exportCookiesJson')}</MenuItem>
        )}
        {can.cookie && (
          <MenuItem onClick={() => exportTo('exportCookiesNetscape')}>
            {t('browser.batch.exportCookiesNetscape')}
          </MenuItem>
        )}
      </Menu>
    </Box>
  );
}
