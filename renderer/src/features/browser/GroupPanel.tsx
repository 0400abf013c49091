import type { CallResult } from '@facet/shared';
import SettingsIcon from '@mui/icons-material/Settings';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PermissionGate } from '../../components/PermissionGate';
import { groupLabel } from '../groups/group-label';

type Group = CallResult<'groupList'>[number];

interface Props {
  groups: Group[] | null;
  selected: number | null;
  onSelect: (groupId: number | null) => void;
}

const allCount = (groups: Group[]) => groups.reduce((a, g) => a + g.profileCount, 0);

/** Groups with their profile counts; a side list on wide screens, a select on phones. */
export function GroupPanel({ groups, selected, onSelect }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const label = (g: Group) => groupLabel(g, t);
  return (
    <>
      <Box
        component="nav"
        aria-label={t('browser.groups.title')}
        sx={{
          display: { xs: 'none', md: 'flex' },
          flexDirection: 'column',
          width: 200,
          flexShrink: 0,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'background.paper',
          minHeight: 0,
        }}
        data-testid="group-panel"
      >
        <Typography variant="subtitle2" sx={{ px: 2, pt: 1.5, pb: 0.5 }}>
          {t('browser.groups.title')}
        </Typography>
        <List dense sx={{ flex: 1, overflow: 'auto' }}>
          {!groups && [1, 2, 3].map((i) => <Skeleton key={i} sx={{ mx: 2 }} height={32} />)}
          {groups && (
            <ListItemButton selected={selected === null} onClick={() => onSelect(null)} data-testid="group-all">
              <ListItemText primary={t('browser.groups.all')} />
              <Typography variant="caption" color="text.secondary">
                {allCount(groups)}
              </Typography>
            </ListItemButton>
          )}
          {groups?.map((g) => (
            <ListItemButton
              key={g.id}
              selected={selected === g.id}
              onClick={() => onSelect(g.id)}
              data-testid="group-item"
              data-group={g.name}
            >
              <ListItemText primary={label(g)} slotProps={{ primary: { noWrap: true } }} />
              <Typography variant="caption" color="text.secondary">
                {g.profileCount}
              </Typography>
            </ListItemButton>
          ))}
        </List>
        <PermissionGate codes={['group:list']}>
          <Button size="small" startIcon={<SettingsIcon />} onClick={() => navigate('/groups')} sx={{ m: 1 }}>
            {t('browser.groups.manage')}
          </Button>
        </PermissionGate>
      </Box>
      <TextField
        select
        size="small"
        label={t('browser.groups.title')}
        value={selected ?? ''}
        onChange={(e) => onSelect(e.target.value === '' ? null : Number(e.target.value))}
        sx={{ display: { xs: 'flex', md: 'none' } }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">
          {t('browser.groups.all')} ({groups ? allCount(groups) : '…'})
        </MenuItem>
        {groups?.map((g) => (
          <MenuItem key={g.id} value={g.id}>
            {label(g)} ({g.profileCount})
          </MenuItem>
        ))}
      </TextField>
    </>
  );
}
