import { createTheme, type Theme } from '@mui/material/styles';
import { THEME_BREAKPOINTS } from '../lib/device';

/** Light and dark themes, on the breakpoints of lib/device.ts. System fonts only: nothing is fetched. */
export function makeTheme(dark: boolean): Theme {
  return createTheme({
    breakpoints: { values: THEME_BREAKPOINTS },
    palette: {
      mode: dark ? 'dark' : 'light',
      primary: { main: dark ? '#7aa7ff' : '#2f5bea' },
      secondary: { main: dark ? '#4fd1c5' : '#0f9d8a' },
      background: dark ? { default: '#0f1217', paper: '#171b22' } : { default: '#f4f6fb', paper: '#ffffff' },
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily:
        "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'PingFang SC', 'Microsoft YaHei', sans-serif",
    },
    components: {
      MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { textTransform: 'none' } } },
      MuiTab: { styleOverrides: { root: { textTransform: 'none' } } },
    },
  });
}
