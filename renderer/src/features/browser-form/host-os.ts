import type { Fingerprint } from '@facet/shared';

/**
 * The OS of the computer the client runs on, from the bridge's platform (Node's `process.platform`
 * in the desktop app, `navigator.platform` in a browser), or null when it cannot be told.
 */
export function hostOs(platform: string | undefined): Fingerprint['os'] | null {
  const p = (platform ?? '').toLowerCase();
  if (p === 'win32' || p.startsWith('win')) return 'windows';
  if (p === 'darwin' || p.startsWith('mac')) return 'macos';
  if (p === 'linux' || p.startsWith('linux')) return 'linux';
  return null;
}
