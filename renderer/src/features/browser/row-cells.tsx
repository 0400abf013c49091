import type { ProfileSummary } from '@facet/shared';
import EditIcon from '@mui/icons-material/Edit';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import StopIcon from '@mui/icons-material/Stop';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { OpenInClient } from './use-open-in-client';
import type { RowEdits } from './use-row-edits';

/** The name cell: an open dot, the name (double-click renames), or the rename field. */
export function NameCell(p: { row: ProfileSummary; isOpen: boolean; canRename: boolean; edits: RowEdits }) {
  const { t } = useTranslation();
  const { row, edits } = p;
  const renaming = edits.renaming?.id === row.id ? edits.renaming : null;
  if (renaming)
    return (
      <TextField
        size="small"
        autoFocus
        value={renaming.value}
        error={!!renaming.error}
        onChange={(e) => edits.editName(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') void edits.saveName();
          if (e.key === 'Escape') edits.cancelRename();
        }}
        onBlur={() => void edits.saveName()}
        slotProps={{ htmlInput: { 'aria-label': t('browser.rename.label'), 'data-testid': 'rename-input' } }}
        sx={{ width: '100%', '& input': { py: 0.5 } }}
      />
    );
  return (
    <>
      {p.isOpen && (
        <Tooltip title={row.openDevice ? `${t('browser.status.open')} · ${row.openDevice}` : t('browser.status.open')}>
          <Box
            component="span"
            role="img"
            aria-label={t('browser.status.open')}
            data-testid="name-open-dot"
            sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: 'success.main', flex: 'none', mr: 1 }}
          />
        </Tooltip>
      )}
      <Box
        component="span"
        sx={{ overflow: 'hidden', textOverflow: 'ellipsis', fontWeight: 500 }}
        title={row.name}
        onDoubleClick={() => p.canRename && edits.startRename(row)}
        data-testid="profile-name"
      >
        {row.name}
      </Box>
    </>
  );
}

export function StarButton(p: { row: ProfileSummary; disabled: boolean; onToggle: (row: ProfileSummary) => void }) {
  const { t } = useTranslation();
  const { row } = p;
  return (
    <IconButton
      size="small"
      disabled={p.disabled}
      onClick={() => p.onToggle(row)}
      aria-label={row.isMostCommon ? t('browser.row.unstar') : t('browser.row.star')}
      aria-pressed={row.isMostCommon}
      data-testid="row-star"
    >
      {row.isMostCommon ? (
        <StarIcon fontSize="small" sx={{ color: 'warning.main' }} />
      ) : (
        <StarBorderIcon fontSize="small" />
      )}
    </IconButton>
  );
}

/** Open/close in the client, edit, and the row's menu; on phones all three are icons (the phone widths of grid-layout.ts). */
export function RowActions(p: {
  row: ProfileSummary;
  can: { open: boolean; update: boolean };
  client: Pick<OpenInClient, 'isOpen' | 'pending' | 'openRow' | 'closeRow'>;
  /** Absent when the row menu would be empty (the role has none of its actions). */
  onMenu?: ((anchor: HTMLElement, row: ProfileSummary) => void) | undefined;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { row, client } = p;
  const isOpen = client.isOpen(row);
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const toggle = () => void (isOpen ? client.closeRow(row) : client.openRow(row));
  const openLabel = isOpen ? t('browser.row.close') : t('browser.row.open');
  return (
    <>
      {p.can.open && phone && (
        <Tooltip title={openLabel}>
          <IconButton
            size="small"
            color={isOpen ? 'warning' : 'primary'}
            loading={client.pending.has(row.id)}
            onClick={toggle}
            aria-label={openLabel}
            data-testid="row-open"
            data-open={isOpen ? 'true' : 'false'}
          >
            {isOpen ? <StopIcon fontSize="small" /> : <PlayArrowIcon fontSize="small" />}
          </IconButton>
        </Tooltip>
      )}
      {p.can.open && !phone && (
        <Button
          size="small"
          variant={isOpen ? 'outlined' : 'contained'}
          color={isOpen ? 'warning' : 'primary'}
          loading={client.pending.has(row.id)}
          onClick={toggle}
          sx={{ minWidth: 64, mr: 0.5 }}
          data-testid="row-open"
          data-open={isOpen ? 'true' : 'false'}
        >
          {openLabel}
        </Button>
      )}
      {p.can.update && (
        <Tooltip title={t('browser.row.edit')}>
          <IconButton
            size="small"
            onClick={() => navigate(`/browser/edit/${row.id}`)}
            aria-label={t('browser.row.edit')}
          >
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {p.onMenu && (
        <IconButton
          size="small"
          onClick={(e) => p.onMenu?.(e.currentTarget, row)}
          aria-label={t('browser.row.more')}
          data-testid="row-more"
        >
          <MoreVertIcon fontSize="small" />
        </IconButton>
      )}
    </>
  );
}
