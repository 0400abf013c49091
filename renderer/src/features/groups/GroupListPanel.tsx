import type { CallResult } from '@facet/shared';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import ShareOutlinedIcon from '@mui/icons-material/ShareOutlined';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PermissionGate } from '../../components/PermissionGate';
import { groupLabel } from './group-label';

export type Group = CallResult<'groupList'>[number];
export type GroupAction = 'share' | 'rename' | 'delete';

/** The groups with their profile counts; each row selects its group and has share, rename and delete. */
export function GroupListPanel(p: {
  groups: Group[] | null;
  currentId: number | null;
  onSelect: (id: number) => void;
  onAction: (action: GroupAction, group: Group) => void;
}) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ width: { xs: '100%', md: 320 }, flexShrink: 0 }}>
      <Typography variant="subtitle2" color="text.secondary" sx={{ px: 2, pt: 1.5 }}>
        {t('groups.count', { count: p.groups?.length ?? 0 })}
      </Typography>
      <List dense sx={{ maxHeight: { md: 'calc(100vh - 260px)' }, overflow: 'auto' }} data-testid="group-list">
        {p.groups === null &&
          [0, 1, 2].map((i) => (
            <ListItem key={i}>
              <Skeleton width="100%" height={32} />
            </ListItem>
          ))}
        {p.groups?.map((g) => (
          <ListItem
            key={g.id}
            disablePadding
            data-testid="group-item"
            secondaryAction={
              <Stack direction="row">
                <PermissionGate codes={['browser:share', 'user:list']}>
                  <Tooltip title={t('groups.share.action')}>
                    <IconButton
                      size="small"
                      aria-label={t('groups.shareNamed', { name: groupLabel(g, t) })}
                      onClick={() => p.onAction('share', g)}
                      data-testid="group-share"
                    >
                      <ShareOutlinedIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </PermissionGate>
                <PermissionGate codes={['group:update']}>
                  <Tooltip title={t('groups.rename')}>
                    <IconButton
                      size="small"
                      aria-label={t('groups.renameNamed', { name: groupLabel(g, t) })}
                      onClick={() => p.onAction('rename', g)}
                      data-testid="group-rename"
                    >
                      <EditOutlinedIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </PermissionGate>
                <PermissionGate codes={['group:delete']}>
                  <Tooltip title={g.isDefault ? t('groups.delete.defaultRefused') : t('groups.delete.action')}>
                    {/* A disabled button fires no events: the span carries the tooltip saying why. */}
                    <span>
                      <IconButton
                        size="small"
                        aria-label={t('groups.deleteNamed', { name: groupLabel(g, t) })}
                        disabled={g.isDefault}
                        onClick={() => p.onAction('delete', g)}
                        data-testid="group-delete"
                      >
                        <DeleteOutlineIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                </PermissionGate>
              </Stack>
            }
          >
            <ListItemButton selected={g.id === p.currentId} onClick={() => p.onSelect(g.id)} sx={{ pr: 15 }}>
              <ListItemText
                primary={
                  <Stack direction="row" sx={{ alignItems: 'center', gap: 1, minWidth: 0 }}>
                    <Typography noWrap component="span" variant="body2" sx={{ fontWeight: 500 }}>
                      {groupLabel(g, t)}
                    </Typography>
                    {g.isDefault && groupLabel(g, t) !== t('groups.defaultName') && (
                      // A renamed default group still says which one it is.
                      <Chip size="small" variant="outlined" label={t('groups.defaultName')} sx={{ height: 20 }} />
                    )}
                  </Stack>
                }
                secondary={t('groups.profileCount', { count: g.profileCount })}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
