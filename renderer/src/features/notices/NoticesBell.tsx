import CampaignIcon from '@mui/icons-material/Campaign';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useUnreadNotices } from '../../queries/notices';
import { useUserStore } from '../../stores/user';

/** The header's notices button: the unread count; it opens the message-notification screen. */
export function NoticesBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useUserStore((s) => !!s.token);
  const unread = useUnreadNotices(signedIn).data ?? 0;
  return (
    <IconButton
      onClick={() => navigate('/notices')}
      aria-label={t('notices.openCount', { n: unread })}
      title={t('notices.title')}
      data-testid="notices-bell"
    >
      <Badge badgeContent={unread} color="error" max={99} data-testid="notices-unread">
        <CampaignIcon />
      </Badge>
    </IconButton>
  );
}
