import DashboardIcon from '@mui/icons-material/Dashboard';
import FolderIcon from '@mui/icons-material/Folder';
import MemoryIcon from '@mui/icons-material/Memory';
import PersonIcon from '@mui/icons-material/Person';
import PhoneAndroidIcon from '@mui/icons-material/PhoneAndroid';
import type { ReactElement } from 'react';

/** Menu icons by the menu entry's meta.icon; unknown names get a folder. */
const ICONS: Record<string, ReactElement> = {
  dashboard: <DashboardIcon />,
  person: <PersonIcon />,
  phone: <PhoneAndroidIcon />,
  memory: <MemoryIcon />,
};

export const menuIcon = (name: string): ReactElement => ICONS[name] ?? <FolderIcon />;
