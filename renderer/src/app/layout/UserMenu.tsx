import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/Person';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useUserStore } from '../../stores/user';

/** The user menu of the header: profile and logout. */
export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const username = useUserStore((s) => s.username);
  const avatar = useUserStore((s) => s.avatar);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        color="inherit"
        onClick={(e) => setAnchor(e.currentTarget)}
        data-testid="user-menu"
        sx={{ minWidth: 0, gap: 1 }}
        aria-label={t('header.userMenu')}
      >
        <Avatar src={avatar || undefined} sx={{ width: 30, height: 30, fontSize: 14 }}>
          {username.slice(0, 1).toUpperCase()}
        </Avatar>
        <span className="hide-on-phone">{username}</span>
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            navigate('/profile');
          }}
          data-testid="menu-profile"
        >
          <ListItemIcon>
            <PersonIcon fontSize="small" />
          </ListItemIcon>
          {t('menu.profile')}
        </MenuItem>
        <Divider />
        <MenuItem
          onClick={() => {
            setAnchor(null);
            void useUserStore.getState().logout();
          }}
          data-testid="logout"
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          {t('header.logout')}
        </MenuItem>
      </Menu>
    </>
  );
}
