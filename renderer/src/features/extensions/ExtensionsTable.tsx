import type { Extension } from '@facet/shared';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { cstToZone, formatFileSize } from '../../lib/format';
import { ExtensionAvatar } from './ExtensionAvatar';

interface Props {
  rows: Extension[];
  zone: string;
  selected: ReadonlyMap<number, Extension>;
  /** No checkboxes when nothing can be done with a selection. */
  selectable: boolean;
  /** The profile count opens the profiles dialog (it needs browser:list). */
  canListProfiles: boolean;
  canAssign: boolean;
  canDelete: boolean;
  onToggle: (row: Extension) => void;
  onTogglePage: () => void;
  onProfiles: (row: Extension) => void;
  onAdd: (row: Extension) => void;
  onDelete: (row: Extension) => void;
}

/** Hidden below a breakpoint: the narrow screen keeps icon, name, profiles and actions. */
const from = (bp: 'sm' | 'md' | 'lg') => ({ display: { xs: 'none', [bp]: 'table-cell' } });

export function ExtensionsTable(p: Props) {
  const { t } = useTranslation();
  const onPage = p.rows.filter((r) => p.selected.has(r.id)).length;
  return (
    <TableContainer sx={{ maxHeight: { md: 'calc(100vh - 330px)' }, minHeight: 120 }}>
      <Table size="small" stickyHeader data-testid="extension-table">
        <TableHead>
          <TableRow sx={{ '& th': { whiteSpace: 'nowrap' } }}>
            {p.selectable && (
              <TableCell padding="checkbox">
                <Checkbox
                  size="small"
                  checked={p.rows.length > 0 && onPage === p.rows.length}
                  indeterminate={onPage > 0 && onPage < p.rows.length}
                  onChange={p.onTogglePage}
                  disabled={!p.rows.length}
                  slotProps={{ input: { 'aria-label': t('extensions.selectPage') } }}
                />
              </TableCell>
            )}
            <TableCell sx={{ px: { xs: 1, sm: 2 } }}>{t('extensions.col.name')}</TableCell>
            <TableCell sx={from('sm')}>{t('extensions.col.version')}</TableCell>
            <TableCell sx={from('lg')}>{t('extensions.col.description')}</TableCell>
            <TableCell sx={from('md')}>{t('extensions.col.manifest')}</TableCell>
            <TableCell sx={from('md')} align="right">
              {t('extensions.col.size')}
            </TableCell>
            <TableCell align="right">{t('extensions.col.profiles')}</TableCell>
            <TableCell sx={from('md')}>{t('extensions.col.createdBy')}</TableCell>
            <TableCell sx={from('md')}>{t('extensions.col.createdTime')}</TableCell>
            {(p.canAssign || p.canDelete) && (
              <TableCell align="right" sx={{ px: { xs: 0.5, sm: 2 } }}>
                {/* On phones the buttons explain themselves; the header's width goes to the name. */}
                <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                  {t('extensions.col.actions')}
                </Box>
              </TableCell>
            )}
          </TableRow>
        </TableHead>
        <TableBody>
          {p.rows.map((r) => (
            <TableRow key={r.id} hover selected={p.selected.has(r.id)} data-testid="extension-row">
              {p.selectable && (
                <TableCell padding="checkbox">
                  <Checkbox
                    size="small"
                    checked={p.selected.has(r.id)}
                    onChange={() => p.onToggle(r)}
                    slotProps={{ input: { 'aria-label': t('extensions.selectRow', { name: r.name }) } }}
                  />
                </TableCell>
              )}
              <TableCell sx={{ minWidth: { xs: 120, sm: 180 }, maxWidth: 320, px: { xs: 1, sm: 2 } }}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, minWidth: 0 }}>
                  <ExtensionAvatar icon={r.icon} />
                  <Box sx={{ minWidth: 0 }}>
                    <Typography
                      variant="body2"
                      sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}
                      data-testid="extension-name"
                    >
                      {r.name}
                    </Typography>
                    {/* Where the version and the description have no column (narrow screens), they sit under the name. */}
                    <Typography
                      variant="caption"
                      color="text.secondary"
                      sx={{ display: { xs: 'block', sm: 'none' }, fontVariantNumeric: 'tabular-nums' }}
                    >
                      {r.version}
                    </Typography>
                    {r.description && (
                      <Typography
                        variant="caption"
                        color="text.secondary"
                        title={r.description}
                        sx={{
                          display: { xs: '-webkit-box', lg: 'none' },
                          WebkitLineClamp: 2,
                          WebkitBoxOrient: 'vertical',
                          overflow: 'hidden',
                          overflowWrap: 'anywhere',
                        }}
                      >
                        {r.description}
                      </Typography>
                    )}
                  </Box>
                </Box>
              </TableCell>
              <TableCell sx={{ ...from('sm'), fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                <span data-testid="extension-version">{r.version}</span>
              </TableCell>
              <TableCell sx={{ ...from('lg'), maxWidth: 320, color: 'text.secondary' }}>
                <Typography
                  variant="body2"
                  title={r.description}
                  sx={{
                    display: '-webkit-box',
                    WebkitLineClamp: 2,
                    WebkitBoxOrient: 'vertical',
                    overflow: 'hidden',
                    overflowWrap: 'anywhere',
                  }}
                >
                  {r.description || '—'}
                </Typography>
              </TableCell>
              <TableCell sx={from('md')}>
                <Chip
                  size="small"
                  variant="outlined"
                  label={t('extensions.manifestShort', { n: r.manifestVersion })}
                  sx={{ height: 22, fontSize: 12 }}
                />
              </TableCell>
              <TableCell sx={{ ...from('md'), whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }} align="right">
                {formatFileSize(r.size, 1)}
              </TableCell>
              <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {p.canListProfiles ? (
                  <Link
                    component="button"
                    underline="hover"
                    onClick={() => p.onProfiles(r)}
                    aria-label={t('extensions.profilesOf', { name: r.name, count: r.profileCount })}
                    data-testid="extension-profile-count"
                  >
                    {r.profileCount}
                  </Link>
                ) : (
                  <span data-testid="extension-profile-count">{r.profileCount}</span>
                )}
              </TableCell>
              <TableCell sx={{ ...from('md'), overflowWrap: 'anywhere', maxWidth: 160 }}>{r.createdBy}</TableCell>
              {/* Date and time may take two lines: the name keeps the width. */}
              <TableCell sx={{ ...from('md'), fontVariantNumeric: 'tabular-nums', minWidth: 96 }}>
                {cstToZone(r.createdTime, p.zone)}
              </TableCell>
              {(p.canAssign || p.canDelete) && (
                <TableCell align="right" sx={{ whiteSpace: 'nowrap', px: { xs: 0.5, sm: 2 } }}>
                  {/* On phones the two buttons stack, so the name keeps its width. */}
                  <Box
                    sx={{ display: 'inline-flex', flexDirection: { xs: 'column', sm: 'row' }, alignItems: 'center' }}
                  >
                    {p.canAssign && (
                      <Tooltip title={t('extensions.action.addToProfiles')}>
                        <IconButton
                          size="small"
                          aria-label={t('extensions.action.addNamed', { name: r.name })}
                          onClick={() => p.onAdd(r)}
                          data-testid="extension-add"
                        >
                          <PlaylistAddIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    )}
                    {p.canDelete && (
                      <Tooltip title={t('extensions.action.delete')}>
                        <IconButton
                          size="small"
                          aria-label={t('extensions.action.deleteNamed', { name: r.name })}
                          onClick={() => p.onDelete(r)}
                          data-testid="extension-delete"
                        >
                          <DeleteOutlinedIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    )}
                  </Box>
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
