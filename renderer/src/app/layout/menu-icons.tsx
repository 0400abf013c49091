import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import ExtensionIcon from '@mui/icons-material/Extension';
import FolderIcon from '@mui/icons-material/Folder';
import GroupsIcon from '@mui/icons-material/Groups';
import HistoryIcon from '@mui/icons-material/History';
import HubIcon from '@mui/icons-material/Hub';
import KeyIcon from '@mui/icons-material/Key';
import ListAltIcon from '@mui/icons-material/ListAlt';
import LoginIcon from '@mui/icons-material/Login';
import MemoryIcon from '@mui/icons-material/Memory';
import PersonIcon from '@mui/icons-material/Person';
import PhoneAndroidIcon from '@mui/icons-material/PhoneAndroid';
import PublicIcon from '@mui/icons-material/Public';
import SettingsIcon from '@mui/icons-material/Settings';
import ShieldIcon from '@mui/icons-material/Shield';
import TopicIcon from '@mui/icons-material/Topic';
import type { ReactElement } from 'react';

/** Menu icons by the menu entry's meta.icon; unknown names get a folder. */
const ICONS: Record<string, ReactElement> = {
  dashboard: <DashboardIcon />,
  person: <PersonIcon />,
  phone: <PhoneAndroidIcon />,
  memory: <MemoryIcon />,
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
};

export const menuIcon = (name: string): ReactElement => ICONS[name] ?? <FolderIcon />;
