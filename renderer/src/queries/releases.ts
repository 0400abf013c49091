import { API_PREFIX, type ReleasePlatform, type UpdateLocale } from '@facet/shared';
import { useEffect } from 'react';
import { apiBase } from '../api/base-url';
import { useClientStore } from '../stores/client';
import { useCall, useCallMutation } from './calls';

/** The platform whose installer this machine takes: the desktop app's, else the browser's. */
export function platformOf(bridgePlatform: string | undefined, userAgent: string): ReleasePlatform | null {
  const p = bridgePlatform ?? '';
  if (p === 'win32' || /^win/i.test(p) || (!p && /Windows/.test(userAgent))) return 'windows';
  if (p === 'darwin' || /^mac/i.test(p) || (!p && /Macintosh|Mac OS X/.test(userAgent))) return 'mac';
  if (/linux/i.test(p) || (!p && /Linux/.test(userAgent) && !/Android/.test(userAgent)))
    return /aarch64|arm64/i.test(`${p} ${userAgent}`) ? 'linux-arm64' : 'linux';
  return null;
}

/**
 * The client state's softUrl: where this machine downloads the desktop client, from the server's
 * newest release (getContent's downloads; docs/client.md, Self-update). Empty when the server
 * publishes no installer for the platform.
 */
export function useSoftUrl(bridgePlatform: string | undefined) {
  const q = useCall('getContent', {}, { call: { noPrompt: true } });
  const platform = platformOf(bridgePlatform, navigator.userAgent);
  const path = q.data?.downloads.find((d) => d.platform === platform)?.url ?? '';
  useEffect(() => {
    // /updates is served beside the API, at the server's root.
    const url = path ? `${apiBase().slice(0, -API_PREFIX.length)}${path}` : '';
    useClientStore.setState({ softUrl: url });
  }, [path]);
}

/**
 * The notes of the offered release in one update locale (docs/client.md, Release notes per
 * language); an error (no notes for it on this server) leaves the dialog with the feed's notes.
 */
export const useReleaseNotes = (version: string | undefined, locale: UpdateLocale) =>
  useCall(
    'getContent',
    { version, locale },
    { enabled: !!version, call: { noPrompt: true }, select: (d) => d.content },
  );

/** The operator's Client releases screen (docs/client.md, The operator's view): read on each visit. */
export const useAdminReleases = () => useCall('adminReleases', undefined, { call: { cacheHours: 0 } });
export const useAdminReleaseNotes = (version: string | null) =>
  useCall('adminReleaseNotes', { version: version ?? '' }, { enabled: !!version, call: { cacheHours: 0 } });
export const useSaveReleaseNotes = () =>
  useCallMutation('adminReleaseNotesSave', {
    invalidates: ['adminReleases', 'adminReleaseNotes', 'getContent'],
    call: { noPrompt: true },
  });
