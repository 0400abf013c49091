import type { ClientBridge } from '@facet/shared';
import AddIcon from '@mui/icons-material/Add';
import FileUploadIcon from '@mui/icons-material/FileUpload';
import RefreshIcon from '@mui/icons-material/Refresh';
import SettingsIcon from '@mui/icons-material/Settings';
import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PermissionGate } from '../../components/PermissionGate';
import { ColumnChooser } from './ColumnChooser';
import type { ColumnLayout } from './grid-columns';
import { WindowsMenu } from './WindowsMenu';
import { warn } from './warn';

interface Props {
  /** null until the first answer. */
  total: number | null;
  onRefresh: () => void;
  /** The windows menu (needs browser:open). */
  windows: {
    show: boolean;
    bridge: ClientBridge | null;
    selectedCount: number;
    selectedIds: () => Promise<number[] | null>;
    needClient: () => void;
  };
  layout: ColumnLayout;
  onLayout: (l: ColumnLayout) => void;
  onPrefs: () => void;
  onImport: () => void;
}

/** The page's header: title and count, refresh, windows, columns, preferences, import and new. */
export function PageToolbar(p: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [columnsAnchor, setColumnsAnchor] = useState<HTMLElement | null>(null);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600, mr: 1 }}>
        {t('browser.title')}
      </Typography>
      {p.total !== null && (
        <Typography color="text.secondary" data-testid="profile-total">
          {t('browser.totalCount', { count: p.total })}
        </Typography>
      )}
      <Box sx={{ flex: 1 }} />
      <Tooltip title={t('browser.toolbar.refresh')}>
        <IconButton onClick={p.onRefresh} aria-label={t('browser.toolbar.refresh')}>
          <RefreshIcon />
        </IconButton>
      </Tooltip>
      {p.windows.show && (
        <WindowsMenu
          bridge={p.windows.bridge}
          selectedCount={p.windows.selectedCount}
          selectedIds={p.windows.selectedIds}
          needClient={p.windows.needClient}
          warn={warn}
        />
      )}
      <Tooltip title={t('browser.columnChooser.title')}>
        <IconButton
          onClick={(e) => setColumnsAnchor(e.currentTarget)}
          aria-label={t('browser.columnChooser.title')}
          data-testid="columns-button"
        >
          <ViewColumnIcon />
        </IconButton>
      </Tooltip>
      <Tooltip title={t('browser.prefs.title')}>
        <IconButton onClick={p.onPrefs} aria-label={t('browser.prefs.title')} data-testid="prefs-button">
          <SettingsIcon />
        </IconButton>
      </Tooltip>
      <PermissionGate codes={['browser:import', 'browser:create']}>
        <Button variant="outlined" startIcon={<FileUploadIcon />} onClick={p.onImport} data-testid="import-button">
          {t('browser.toolbar.import')}
        </Button>
      </PermissionGate>
      <PermissionGate codes={['browser:create']}>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => navigate('/browser/create')}
          data-testid="new-profile"
        >
          {t('browser.toolbar.new')}
        </Button>
      </PermissionGate>
      <ColumnChooser
        anchor={columnsAnchor}
        layout={p.layout}
        onChange={p.onLayout}
        onClose={() => setColumnsAnchor(null)}
      />
    </Box>
  );
}
