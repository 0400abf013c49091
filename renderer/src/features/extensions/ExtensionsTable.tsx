import type { Extension } from '@facet/shared';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { type ListColumn, ListTable, type ListTableProps } from '../../components/list/ListTable';
import { cstToZone, formatFileSize } from '../../lib/format';
import { ExtensionAvatar } from './ExtensionAvatar';
import { ExtensionPermissions } from './ExtensionPermissions';

type Passed = 'rows' | 'loading' | 'loadingLabel' | 'loaded' | 'error' | 'empty' | 'selection' | 'paging';

interface Props extends Pick<ListTableProps<Extension>, Passed> {
  zone: string;
  /** The profile count opens the profiles dialog (it needs browser:list). */
  canListProfiles: boolean;
  canAssign: boolean;
  canDelete: boolean;
  /** Whether the user decides which extensions members may assign (the main account). */
  canRestrict: boolean;
  onMembersMayAssign: (row: Extension, allowed: boolean) => void;
  onProfiles: (row: Extension) => void;
  onAdd: (row: Extension) => void;
  onDelete: (row: Extension) => void;
}

/** Hidden below a breakpoint: the narrow screen keeps icon, name, profiles and actions. */
const from = (bp: 'sm' | 'md' | 'lg') => ({ display: { xs: 'none', [bp]: 'table-cell' } });
const clamp2 = {
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  overflowWrap: 'anywhere',
} as const;

function NameCell({ r }: { r: Extension }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, minWidth: 0 }}>
      <ExtensionAvatar icon={r.icon} />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }} data-testid="extension-name">
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
            sx={{ display: { xs: '-webkit-box', lg: 'none' }, ...clamp2 }}
          >
            {r.description}
          </Typography>
        )}
        <ExtensionPermissions ext={r} />
      </Box>
    </Box>
  );
}

/** The extensions: name (with icon), version, description, manifest, size, profiles, uploader, time, actions. */
export function ExtensionsTable({
  zone,
  canListProfiles,
  canAssign,
  canDelete,
  canRestrict,
  onMembersMayAssign,
  onProfiles,
  onAdd,
  onDelete,
  ...list
}: Props) {
  const { t } = useTranslation();
  const columns: ListColumn<Extension>[] = [
    {
      key: 'name',
      label: t('extensions.col.name'),
      headSx: { px: { xs: 1, sm: 2 } },
      sx: { minWidth: { xs: 120, sm: 180 }, maxWidth: 320, px: { xs: 1, sm: 2 } },
      render: (r) => <NameCell r={r} />,
    },
    {
      key: 'version',
      label: t('extensions.col.version'),
      headSx: from('sm'),
      sx: { ...from('sm'), fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
      render: (r) => <span data-testid="extension-version">{r.version}</span>,
    },
    {
      key: 'description',
      label: t('extensions.col.description'),
      headSx: from('lg'),
      sx: { ...from('lg'), maxWidth: 320, color: 'text.secondary' },
      render: (r) => (
        <Typography variant="body2" title={r.description} sx={{ display: '-webkit-box', ...clamp2 }}>
          {r.description || '—'}
        </Typography>
      ),
    },
    {
      key: 'manifest',
      label: t('extensions.col.manifest'),
      // Manifest, size and uploader give way to the name (with its permissions) below lg.
      headSx: from('lg'),
      sx: from('lg'),
      render: (r) => (
        <Chip
          size="small"
          variant="outlined"
          label={t('extensions.manifestShort', { n: r.manifestVersion })}
          sx={{ height: 22, fontSize: 12 }}
        />
      ),
    },
    {
      key: 'size',
      label: t('extensions.col.size'),
      align: 'right',
      headSx: from('lg'),
      sx: { ...from('lg'), whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
      render: (r) => formatFileSize(r.size, 1),
    },
    {
      key: 'profiles',
      label: t('extensions.col.profiles'),
      align: 'right',
      sx: { fontVariantNumeric: 'tabular-nums' },
      render: (r) =>
        canListProfiles ? (
          <Link
            component="button"
            underline="hover"
            onClick={() => onProfiles(r)}
            aria-label={t('extensions.profilesOf', { name: r.name, count: r.profileCount })}
            data-testid="extension-profile-count"
          >
            {r.profileCount}
          </Link>
        ) : (
          <span data-testid="extension-profile-count">{r.profileCount}</span>
        ),
    },
    {
      key: 'membersMayAssign',
      label: t('extensions.col.membersMayAssign'),
      // A long title over a switch: it wraps rather than take the name's width.
      headSx: { ...from('sm'), maxWidth: 96, lineHeight: 1.25, '&&': { whiteSpace: 'normal' } },
      sx: from('sm'),
      render: (r) =>
        canRestrict ? (
          <Tooltip title={t('extensions.membersMayAssignHelp')}>
            <Switch
              size="small"
              checked={r.membersMayAssign}
              onChange={(_, on) => onMembersMayAssign(r, on)}
              slotProps={{
                input: {
                  'aria-label': t('extensions.membersMayAssignNamed', { name: r.name }),
                  // @ts-expect-error data attributes are passed through to the input
                  'data-testid': 'extension-members-may-assign',
                },
              }}
            />
          </Tooltip>
        ) : (
          <span data-testid="extension-members-may-assign">
            {t(r.membersMayAssign ? 'extensions.allowed' : 'extensions.notAllowed')}
          </span>
        ),
    },
    {
      key: 'createdBy',
      label: t('extensions.col.createdBy'),
      headSx: from('lg'),
      sx: { ...from('lg'), overflowWrap: 'anywhere', maxWidth: 160 },
      render: (r) => r.createdBy,
    },
    {
      key: 'createdTime',
      label: t('extensions.col.createdTime'),
      headSx: from('md'),
      // Date and time may take two lines: the name keeps the width.
      sx: { ...from('md'), fontVariantNumeric: 'tabular-nums', minWidth: 96 },
      render: (r) => cstToZone(r.createdTime, zone),
    },
  ];
  if (canAssign || canDelete)
    columns.push({
      key: 'actions',
      // On phones the buttons explain themselves; the header's width goes to the name.
      label: (
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          {t('extensions.col.actions')}
        </Box>
      ),
      align: 'right',
      headSx: { px: { xs: 0.5, sm: 2 } },
      sx: { whiteSpace: 'nowrap', px: { xs: 0.5, sm: 2 } },
      render: (r) => (
        // On phones the two buttons stack, so the name keeps its width.
        <Box sx={{ display: 'inline-flex', flexDirection: { xs: 'column', sm: 'row' }, alignItems: 'center' }}>
          {canAssign && (
            <Tooltip
              title={
                canRestrict || r.membersMayAssign
                  ? t('extensions.action.addToProfiles')
                  : t('browserForm.errors.extensionNotAssignable')
              }
            >
              <IconButton
                size="small"
                aria-label={t('extensions.action.addNamed', { name: r.name })}
                // A sub-account may add only what an admin allowed (the server refuses the rest).
                aria-disabled={!(canRestrict || r.membersMayAssign)}
                onClick={() => (canRestrict || r.membersMayAssign) && onAdd(r)}
                sx={canRestrict || r.membersMayAssign ? undefined : { opacity: 0.4 }}
                data-testid="extension-add"
              >
                <PlaylistAddIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
          {canDelete && (
            <Tooltip title={t('extensions.action.delete')}>
              <IconButton
                size="small"
                aria-label={t('extensions.action.deleteNamed', { name: r.name })}
                onClick={() => onDelete(r)}
                data-testid="extension-delete"
              >
                <DeleteOutlinedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </Box>
      ),
    });
  return (
    <ListTable
      {...list}
      testId="extension-table"
      rowTestId="extension-row"
      stickyHeader
      emptyReplacesTable
      containerSx={{ maxHeight: { md: 'calc(100vh - 330px)' }, minHeight: 120 }}
      columns={columns}
    />
  );
}
