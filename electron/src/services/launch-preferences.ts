import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type BrowserPreference, type GlobalSetting, zoomLevelOf } from '@facet/shared';
import type { CdpConnection } from './cdp.js';

/** What the launcher applies from the user's preferences (docs/client.md, Preferences the launcher applies). */
export interface LaunchPreferences {
  setting: GlobalSetting;
  browser: BrowserPreference;
}

/** The folder a profile downloads to, or null to leave Chromium's own (the system's Downloads). */
export function downloadDirOf(s: GlobalSetting, profileId: number): string | null {
  if (!s.downloadDir) return null;
  return s.downloadPerProfile ? join(s.downloadDir, String(profileId)) : s.downloadDir;
}

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});

/**
 * The profile's Default/Preferences with the preferences merged in, before Chromium starts (it
 * reads the file once at start and rewrites it on exit, keeping what it does not own).
 * Zoom: `partition.default_zoom_level` keyed by the default partition ("x"), a level of base
 * 1.2. Downloads: the folder and no "save as" prompt. Notifications: content setting 2 (block),
 * or the key removed so Chromium asks again.
 */
export async function writeLaunchPreferences(userDataDir: string, p: LaunchPreferences, profileId: number) {
  const dir = join(userDataDir, 'Default');
  const file = join(dir, 'Preferences');
  await mkdir(dir, { recursive: true });
  let prefs: Json = {};
  try {
    prefs = obj(JSON.parse(await readFile(file, 'utf8')));
  } catch {
    // A first start, or a file Chromium left half-written: start from what the preferences say.
  }
  const partition = obj(prefs.partition);
  partition.default_zoom_level = { ...obj(partition.default_zoom_level), x: zoomLevelOf(p.setting.zoomPercent) };
  prefs.partition = partition;
  const downloads = downloadDirOf(p.setting, profileId);
  if (downloads) {
    await mkdir(downloads, { recursive: true });
    prefs.download = {
      ...obj(prefs.download),
      default_directory: downloads,
      prompt_for_download: false,
      directory_upgrade: true,
    };
    prefs.savefile = { ...obj(prefs.savefile), default_directory: downloads };
  }
  const profile = obj(prefs.profile);
  const content = obj(profile.default_content_setting_values);
  if (p.browser.blockNotifications) content.notifications = 2;
  else delete content.notifications;
  profile.default_content_setting_values = content;
  prefs.profile = profile;
  const tmp = `${file}.facet-tmp`;
  await writeFile(tmp, JSON.stringify(prefs));
  await rename(tmp, file);
}

/** Chromium's switches for the browser preference's launcher options. */
export function launchFlagsOf(b: BrowserPreference): string[] {
  const flags: string[] = [];
  if (b.muteAudio) flags.push('--mute-audio');
  if (b.blockImages) flags.push('--blink-settings=imagesEnabled=false');
  return flags;
}

/**
 * Downloads go to the folder without asking in a headless browser too, which does not read the
 * download preference for files a page starts.
 */
export async function applyDownloadBehavior(cdp: CdpConnection, s: GlobalSetting, profileId: number) {
  const downloadPath = downloadDirOf(s, profileId);
  if (!downloadPath) return;
  await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath, eventsEnabled: false });
}

/**
 * Process protect's budget: a profile whose browser ended without being closed is started again
 * at most `max` times within a minute, so a browser that dies at once is not restarted forever.
 */
export class RestartBudget {
  private readonly restarts = new Map<number, number[]>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Whether profile `id` may be restarted now; counts the restart when it may. */
  take(id: number, max: number): boolean {
    const since = this.now() - 60_000;
    const recent = (this.restarts.get(id) ?? []).filter((t) => t > since);
    if (recent.length >= max) {
      this.restarts.set(id, recent);
      return false;
    }
    recent.push(this.now());
    this.restarts.set(id, recent);
    return true;
  }
}
