import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import NetworkCheckIcon from '@mui/icons-material/NetworkCheck';
import TuneIcon from '@mui/icons-material/Tune';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ListToolbar } from '../../components/list/ListToolbar';
import { SearchField } from '../../components/list/SearchField';
import { usePermission } from '../../components/PermissionGate';

export const SEARCH_FIELDS = ['host', 'remark'] as const;
export type SearchFieldName = (typeof SEARCH_FIELDS)[number];
export type ProxyBatchAction = 'check' | 'extract' | 'batchUpdate' | 'delete';

export interface ProxyToolbarProps {
  searchField: SearchFieldName;
  onSearchField: (f: SearchFieldName) => void;
  search: string;
  onSearch: (v: string) => void;
  selectedCount: number;
  /** A check is running: no second one. */
  checking: boolean;
  onBatch: (a: ProxyBatchAction) => void;
}

/** Search by host or remark, and what can be done with the selected proxies. */
export function ProxyToolbar(p: ProxyToolbarProps) {
  const { t } = useTranslation();
  const canUpdate = usePermission(['proxy:update']);
  const canDelete = usePermission(['proxy:delete']);
  const none = p.selectedCount === 0;
  return (
    <ListToolbar
      actions={
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mr: 1 }} data-testid="selected-count">
            {t('proxy.selected', { count: p.selectedCount })}
          </Typography>
          <Button
            size="small"
            startIcon={<NetworkCheckIcon />}
            disabled={none || p.checking}
            onClick={() => p.onBatch('check')}
            data-testid="check-selected"
          >
            {t('proxy.check.selected')}
          </Button>
          <Button
            size="small"
            startIcon={<ContentCopyIcon />}
            disabled={none}
            onClick={() => p.onBatch('extract')}
            data-testid="extract"
          >
            {t('proxy.extract.button')}
          </Button>
          {canUpdate && (
            <Button size="small" startIcon={<TuneIcon />} disabled={none} onClick={() => p.onBatch('batchUpdate')}>
              {t('proxy.batchUpdate.button')}
            </Button>
          )}
          {canDelete && (
            <Button
              size="small"
              color="error"
              startIcon={<DeleteOutlinedIcon />}
              disabled={none}
              onClick={() => p.onBatch('delete')}
            >
              {t('proxy.delete.button')}
            </Button>
          )}
        </>
      }
    >
      <TextField
        select
        size="small"
        value={p.searchField}
        onChange={(e) => p.onSearchField(e.target.value as SearchFieldName)}
        sx={{ width: 130 }}
        slotProps={{ htmlInput: { 'aria-label': t('proxy.search.field') } }}
      >
        <MenuItem value="host">{t('proxy.search.host')}</MenuItem>
        <MenuItem value="remark">{t('proxy.search.remark')}</MenuItem>
      </TextField>
      <SearchField value={p.search} onChange={p.onSearch} label={t('proxy.search.placeholder')} maxLength={100} />
    </ListToolbar>
  );
}
