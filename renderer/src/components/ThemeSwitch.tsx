import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import IconButton from '@mui/material/IconButton';
import { useTranslation } from 'react-i18next';
import { useClientStore } from '../stores/client';

/** The dark-mode switch; the choice is persisted in local storage. */
export function ThemeSwitch() {
  const { t } = useTranslation();
  const dark = useClientStore((s) => s.themeDark);
  const setDark = useClientStore((s) => s.setThemeDark);
  const label = dark ? t('header.lightMode') : t('header.darkMode');
  return (
    <IconButton
      color="inherit"
      onClick={() => setDark(!dark)}
      aria-label={label}
      title={label}
      data-testid="theme-switch"
    >
      {dark ? <LightModeIcon /> : <DarkModeIcon />}
    </IconButton>
  );
}
