import type { CallResult } from '@facet/shared';
import RestoreIcon from '@mui/icons-material/Restore';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { cstToZone } from '../../lib/format';
import { profileGroupLabel } from '../groups/use-default-group';
import { pageState, type Selection } from './selection';

export type BinRow = CallResult<'profileList'>['list'][number];
export type BinSort = { field: 'serialNumber' | 'name'; order: 'asc' | 'desc' };

interface Props {
  rows: BinRow[];
  zone: string;
  defaultGroupId: number | null;
  selection: Selection;
  /** No checkboxes when the user may neither recover nor delete. */
  selectable: boolean;
  canRecover: boolean;
  sort: BinSort;
  onSort: (sort: BinSort) => void;
  onToggle: (id: number) => void;
  onTogglePage: () => void;
  onRecoverOne: (row: BinRow) => void;
}

export function RecycleTable(p: Props) {
  const { t } = useTranslation();
  const state = pageState(
    p.selection,
    p.rows.map((r) => r.id),
  );
  const sortLabel = (field: BinSort['field'], label: string) => (
    <TableSortLabel
      active={p.sort.field === field}
      direction={p.sort.field === field ? p.sort.order : 'asc'}
      onClick={() => p.onSort({ field, order: p.sort.field === field && p.sort.order === 'asc' ? 'desc' : 'asc' })}
    >
      {label}
    </TableSortLabel>
  );
  return (
    <TableContainer>
      <Table size="small" data-testid="recycle-table">
        <TableHead>
          <TableRow>
            {p.selectable && (
              <TableCell padding="checkbox">
                <Checkbox
                  checked={state === 'all'}
                  indeterminate={state === 'some'}
                  onChange={p.onTogglePage}
                  slotProps={{ input: { 'aria-label': t('recycle.selectPage') } }}
                />
              </TableCell>
            )}
            <TableCell sx={{ width: 110 }}>{sortLabel('serialNumber', t('recycle.col.serial'))}</TableCell>
            <TableCell>{sortLabel('name', t('recycle.col.name'))}</TableCell>
            <TableCell>{t('recycle.col.group')}</TableCell>
            <TableCell>{t('recycle.col.remark')}</TableCell>
            <TableCell sx={{ width: 190 }}>{t('recycle.col.deletedTime')}</TableCell>
            {p.canRecover && <TableCell sx={{ width: 64 }} />}
          </TableRow>
        </TableHead>
        <TableBody>
          {p.rows.map((r) => {
            const selected = p.selection.has(r.id);
            return (
              <TableRow key={r.id} hover selected={selected} data-testid={`recycle-row-${r.serialNumber}`}>
                {p.selectable && (
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={selected}
                      onChange={() => p.onToggle(r.id)}
                      slotProps={{ input: { 'aria-label': t('recycle.selectRow', { name: r.name }) } }}
                    />
                  </TableCell>
                )}
                <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{r.serialNumber}</TableCell>
                <TableCell sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{r.name}</TableCell>
                <TableCell>{profileGroupLabel(r, p.defaultGroupId, t)}</TableCell>
                <TableCell sx={{ color: 'text.secondary', maxWidth: 260, overflowWrap: 'anywhere' }}>
                  {r.remark}
                </TableCell>
                <TableCell sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                  {cstToZone(r.deletedTime, p.zone)}
                </TableCell>
                {p.canRecover && (
                  <TableCell padding="none" align="center">
                    <Tooltip title={t('recycle.action.recoverOne')}>
                      <IconButton
                        size="small"
                        aria-label={t('recycle.action.recoverNamed', { name: r.name })}
                        onClick={() => p.onRecoverOne(r)}
                      >
                        <RestoreIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                )}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
