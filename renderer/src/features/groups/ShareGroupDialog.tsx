import type { CallResult } from '@facet/shared';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GenericDialog } from '../../components/GenericDialog';
import { useChildAccounts, useGroupShares, useShareGroups } from '../../queries/groups';
import { notifySuccess } from '../../stores/notice';

type SubAccount = CallResult<'getChildUseid'>[number];

/**
 * Shares a group — and so every profile in it, now and later — with sub-accounts. The ticked
 * sub-accounts replace the group's current shares in one call.
 */
export function ShareGroupDialog(p: { groupId: number; groupName: string; onClose: () => void }) {
  const { t } = useTranslation();
  const children = useChildAccounts();
  const shares = useGroupShares(p.groupId);
  const sharing = useShareGroups();
  // Null until the group's current shares are read (fresh, not an earlier opening's answer).
  const [ticked, setTicked] = useState<Set<number> | null>(null);
  const checked = ticked ?? new Set<number>();
  const failed = children.isError || shares.isError;
  const sharedIds = shares.data && !shares.isFetching ? shares.data.userIds : undefined;
  useEffect(() => {
    if (sharedIds) setTicked((s) => s ?? new Set(sharedIds));
  }, [sharedIds]);
  const users: SubAccount[] | null = children.data && ticked ? children.data : null;

  const toggle = (id: number) =>
    setTicked((s) => {
      const next = new Set(s ?? []);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const save = async () => {
    if (!users) return;
    try {
      // Only live sub-accounts are sent: an id that is no longer one would be refused.
      const live = new Set(users.map((u) => u.id));
      await sharing.mutateAsync({
        groupIds: [p.groupId],
        userIds: [...checked].filter((id) => live.has(id)),
        mode: 'replace',
      });
      notifySuccess(t('groups.share.done', { name: p.groupName }));
      p.onClose();
    } catch {
      // The client showed the server's notice.
    }
  };

  return (
    <GenericDialog
      open
      title={t('groups.share.title', { name: p.groupName })}
      onClose={p.onClose}
      onConfirm={save}
      loading={sharing.isPending}
      confirmDisabled={!users || users.length === 0}
      confirmText={t('common.save')}
    >
      <Stack sx={{ gap: 1.5, pt: 0.5 }}>
        <Typography variant="body2" color="text.secondary">
          {t('groups.share.help')}
        </Typography>
        {failed ? (
          <Alert severity="error">{t('groups.share.loadFailed')}</Alert>
        ) : users === null ? (
          <Skeleton variant="rounded" height={96} />
        ) : users.length === 0 ? (
          <Alert severity="info">{t('groups.share.noSubAccounts')}</Alert>
        ) : (
          <List dense sx={{ maxHeight: 320, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
            {users.map((u) => (
              <ListItem key={u.id} disablePadding>
                <ListItemButton onClick={() => toggle(u.id)} dense>
                  <ListItemIcon sx={{ minWidth: 36 }}>
                    <Checkbox
                      edge="start"
                      size="small"
                      checked={checked.has(u.id)}
                      tabIndex={-1}
                      disableRipple
                      slotProps={{ input: { 'aria-label': u.username } }}
                    />
                  </ListItemIcon>
                  <ListItemText primary={u.username} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
        {users && users.length > 0 && (
          <Typography variant="caption" color="text.secondary">
            {t('groups.share.count', { count: [...checked].filter((id) => users.some((u) => u.id === id)).length })}
          </Typography>
        )}
      </Stack>
    </GenericDialog>
  );
}
