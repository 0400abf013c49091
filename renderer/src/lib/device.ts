import { BREAKPOINTS, MOBILE_MAX_WIDTH } from '@facet/shared';

const MOBILE_UA = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile/i;

/** Mobile when the user agent says so or the window is at most 768 px wide. */
export function isMobileDevice(
  ua: string = typeof navigator === 'undefined' ? '' : navigator.userAgent,
  width: number = typeof window === 'undefined' ? 1280 : window.innerWidth,
): boolean {
  return MOBILE_UA.test(ua) || width <= MOBILE_MAX_WIDTH;
}

export type Breakpoint = 'xs' | 'sm' | 'md' | 'lg' | 'xl';
const [SM, MD, LG, XL] = BREAKPOINTS;

/** Breakpoints 600, 1024, 1440, 1920: the band a width falls in. */
export function breakpointOf(width: number): Breakpoint {
  if (width >= XL) return 'xl';
  if (width >= LG) return 'lg';
  if (width >= MD) return 'md';
  if (width >= SM) return 'sm';
  return 'xs';
}

/** The same breakpoints for the MUI theme. */
export const THEME_BREAKPOINTS = { xs: 0, sm: SM, md: MD, lg: LG, xl: XL };
