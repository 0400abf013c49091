import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { BrandMark } from '../../components/BrandMark';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { useMoney } from '../../components/money';
import { PageLoader } from '../../components/PageLoader';
import { ThemeSwitch } from '../../components/ThemeSwitch';
import { useBalanceAlertNotice } from '../../features/cost/use-balance-alert-notice';
import { NoticesBell } from '../../features/notices/NoticesBell';
import { SupportButton } from '../../features/notices/SupportButton';
import { TopNoticeBar } from '../../features/notices/TopNoticeBar';
import { usePresence } from '../../features/notices/use-presence';
import { PhoneNoticesBell } from '../../features/phone-daily/PhoneNoticesBell';
import { useUserStore } from '../../stores/user';
import { SideMenu } from './SideMenu';
import { UserMenu } from './UserMenu';

const DRAWER_WIDTH = 232;

/** The main layout: header with balance, language, theme and user menu; the side menu; the screen. */
export default function MainLayout() {
  const { t } = useTranslation();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const [mobileOpen, setMobileOpen] = useState(false);
  const balance = useUserStore((s) => s.balance);
  const { money } = useMoney();
  useBalanceAlertNotice();
  usePresence();

  const drawer = (
    <Box sx={{ width: DRAWER_WIDTH }}>
      <Toolbar sx={{ px: 2 }}>
        <BrandMark />
      </Toolbar>
      <SideMenu onNavigate={() => setMobileOpen(false)} />
    </Box>
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100%', bgcolor: 'background.default' }}>
      <AppBar
        position="fixed"
        color="inherit"
        elevation={0}
        sx={{
          borderBottom: 1,
          borderColor: 'divider',
          width: { md: `calc(100% - ${DRAWER_WIDTH}px)` },
          ml: { md: `${DRAWER_WIDTH}px` },
        }}
      >
        <Toolbar sx={{ gap: { xs: 0.5, sm: 1 }, px: { xs: 1, sm: 2 } }}>
          {!wide && (
            <IconButton edge="start" onClick={() => setMobileOpen(true)} aria-label={t('header.openMenu')}>
              <MenuIcon />
            </IconButton>
          )}
          <Box sx={{ flex: 1 }} />
          <Chip
            icon={<AccountBalanceWalletIcon />}
            label={money(balance)}
            title={t('header.balance')}
            aria-label={`${t('header.balance')} ${money(balance)}`}
            variant="outlined"
            data-testid="header-balance"
            sx={{ fontVariantNumeric: 'tabular-nums' }}
          />
          <Box sx={{ '& .lang-name-compact': { display: { xs: 'none', sm: 'inline' } } }}>
            <LanguageSwitch compact />
          </Box>
          {/* At phone width the header has no room: Notices shows the button instead. */}
          <Box sx={{ display: { xs: 'none', sm: 'flex' } }}>
            <SupportButton />
          </Box>
          <NoticesBell />
          <PhoneNoticesBell />
          <ThemeSwitch />
          <Box sx={{ '& .hide-on-phone': { display: { xs: 'none', sm: 'inline' } } }}>
            <UserMenu />
          </Box>
        </Toolbar>
      </AppBar>
      {wide ? (
        <Drawer
          variant="permanent"
          sx={{ width: DRAWER_WIDTH, flexShrink: 0, '& .MuiDrawer-paper': { width: DRAWER_WIDTH } }}
        >
          {drawer}
        </Drawer>
      ) : (
        <Drawer
          variant="temporary"
          open={mobileOpen}
          onClose={() => setMobileOpen(false)}
          ModalProps={{ keepMounted: true }}
        >
          {drawer}
        </Drawer>
      )}
      <Box component="main" sx={{ flex: 1, minWidth: 0, p: { xs: 2, sm: 3 } }}>
        <Toolbar />
        <TopNoticeBar />
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}
