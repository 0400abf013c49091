import NotificationsIcon from '@mui/icons-material/Notifications';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../components/PermissionGate';
import { cstToZone } from '../../lib/format';
import { type PhoneNotice, usePhoneNotices, useReadPhoneNotices } from '../../queries/phone-extras';
import { useUserStore } from '../../stores/user';

/**
 * The header's bell for cloud phone notices (docs/phones.md, Preferences and notices): the unread
 * count, the latest twenty, and marking them read. Shown to whoever may list cloud phones.
 */
export function PhoneNoticesBell() {
  const { t } = useTranslation();
  const allowed = usePermission(['phone:list']);
  const zone = useUserStore((s) => s.timezone);
  const notices = usePhoneNotices(allowed);
  const read = useReadPhoneNotices();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!allowed) return null;
  const unread = notices.data?.unread ?? 0;
  const list = notices.data?.list ?? [];
  const text = (n: PhoneNotice) =>
    t(`phoneExtras.notices.${n.kind}`, {
      name: n.envName,
      time: cstToZone(n.detail, zone),
      reason: n.detail,
    });
  return (
    <>
      <IconButton
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-label={t('phoneExtras.notices.open')}
        title={t('phoneExtras.notices.open')}
        data-testid="phone-notices"
      >
        <Badge badgeContent={unread} color="error" max={99} data-testid="phone-notices-unread">
          <NotificationsIcon />
        </Badge>
      </IconButton>
      <Popover
        open={!!anchor}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 360, maxWidth: 'calc(100vw - 16px)' } } }}
      >
        <Stack direction="row" sx={{ alignItems: 'center', px: 2, py: 1, gap: 1 }}>
          <Typography variant="subtitle2" sx={{ flex: 1 }}>
            {t('phoneExtras.notices.open')}
          </Typography>
          <Button
            size="small"
            disabled={unread === 0 || read.isPending}
            onClick={() => read.mutate({})}
            data-testid="phone-notices-read-all"
          >
            {t('phoneExtras.notices.markAll')}
          </Button>
        </Stack>
        <Divider />
        {list.length === 0 ? (
          <Box sx={{ px: 2, py: 3 }}>
            <Typography variant="body2" color="text.secondary">
              {t('phoneExtras.notices.empty')}
            </Typography>
          </Box>
        ) : (
          <List dense sx={{ maxHeight: 400, overflowY: 'auto', py: 0 }} data-testid="phone-notices-list">
            {list.map((n) => (
              <ListItem
                key={n.id}
                divider
                sx={{ bgcolor: n.read ? undefined : 'action.hover' }}
                data-testid={`phone-notice-${n.id}`}
              >
                <ListItemText
                  primary={text(n)}
                  secondary={cstToZone(n.createdTime, zone)}
                  slotProps={{ primary: { sx: { fontWeight: n.read ? 400 : 600 } } }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Popover>
    </>
  );
}
