import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import AppsIcon from '@mui/icons-material/Apps';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import BookmarkBorderIcon from '@mui/icons-material/BookmarkBorder';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import CampaignIcon from '@mui/icons-material/Campaign';
import ContentPasteIcon from '@mui/icons-material/ContentPaste';
import CurrencyExchangeIcon from '@mui/icons-material/CurrencyExchange';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import DriveFolderUploadIcon from '@mui/icons-material/DriveFolderUpload';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import ExtensionIcon from '@mui/icons-material/Extension';
import FolderIcon from '@mui/icons-material/Folder';
import GroupsIcon from '@mui/icons-material/Groups';
import HistoryIcon from '@mui/icons-material/History';
import HubIcon from '@mui/icons-material/Hub';
import KeyIcon from '@mui/icons-material/Key';
import ListAltIcon from '@mui/icons-material/ListAlt';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import LoginIcon from '@mui/icons-material/Login';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import MemoryIcon from '@mui/icons-material/Memory';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import PaymentsIcon from '@mui/icons-material/Payments';
import PeopleIcon from '@mui/icons-material/People';
import PersonIcon from '@mui/icons-material/Person';
import PhoneAndroidIcon from '@mui/icons-material/PhoneAndroid';
import PublicIcon from '@mui/icons-material/Public';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SettingsIcon from '@mui/icons-material/Settings';
import ShareIcon from '@mui/icons-material/Share';
import ShieldIcon from '@mui/icons-material/Shield';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import SmartToyIcon from '@mui/icons-material/SmartToy';
import SmsIcon from '@mui/icons-material/Sms';
import SystemUpdateAltIcon from '@mui/icons-material/SystemUpdateAlt';
import TopicIcon from '@mui/icons-material/Topic';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import type { ReactElement } from 'react';

/** Menu icons by the menu entry's meta.icon; unknown names get a folder. */
const ICONS: Record<string, ReactElement> = {
  dashboard: <DashboardIcon />,
  person: <PersonIcon />,
  phone: <PhoneAndroidIcon />,
  memory: <MemoryIcon />,
  apps: <AppsIcon />,
  upload: <DriveFolderUploadIcon />,
  browser: <PublicIcon />,
  groups: <TopicIcon />,
  proxy: <HubIcon />,
  extension: <ExtensionIcon />,
  recycle: <DeleteSweepIcon />,
  team: <GroupsIcon />,
  roles: <AdminPanelSettingsIcon />,
  logs: <ListAltIcon />,
  login: <LoginIcon />,
  history: <HistoryIcon />,
  error: <ErrorOutlineIcon />,
  settings: <SettingsIcon />,
  shield: <ShieldIcon />,
  key: <KeyIcon />,
  wallet: <AccountBalanceWalletIcon />,
  receipt: <ReceiptLongIcon />,
  plans: <WorkspacePremiumIcon />,
  calendar: <CalendarMonthIcon />,
  orders: <ShoppingCartIcon />,
  alert: <NotificationsActiveIcon />,
  campaign: <CampaignIcon />,
  people: <PeopleIcon />,
  qr: <QrCode2Icon />,
  share: <ShareIcon />,
  admin: <ManageAccountsIcon />,
  payouts: <PaymentsIcon />,
  coupon: <LocalOfferIcon />,
  currency: <CurrencyExchangeIcon />,
  rpa: <SmartToyIcon />,
  sms: <SmsIcon />,
  ai: <AutoAwesomeIcon />,
  bookmark: <BookmarkBorderIcon />,
  paste: <ContentPasteIcon />,
  update: <SystemUpdateAltIcon />,
};

export const menuIcon = (name: string): ReactElement => ICONS[name] ?? <FolderIcon />;
