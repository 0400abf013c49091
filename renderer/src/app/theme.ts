import { createTheme, type Theme } from '@mui/material/styles';
import { THEME_BREAKPOINTS } from '../lib/device';

/** What a person who asked their system for less motion gets: nothing slides, fades or ripples. */
const STILL = {
  transitions: {
    create: () => 'none',
    duration: { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 },
  },
  components: {
    MuiButtonBase: { defaultProps: { disableRipple: true } },
    MuiSkeleton: { defaultProps: { animation: false } },
  },
} as const;

/**
 * Light and dark themes, on the breakpoints of lib/device.ts. System fonts only: nothing is fetched.
 * `reducedMotion` follows the system's prefers-reduced-motion (docs/contributing.md, The console).
 */
export function makeTheme(dark: boolean, reducedMotion = false): Theme {
  const theme = createTheme({
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
  return reducedMotion ? createTheme(theme, STILL) : theme;
}
