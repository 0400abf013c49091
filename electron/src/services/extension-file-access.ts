import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { extensionIdOfKey } from './extensions.js';

/**
 * The id Chromium gives the unpacked extension in `folder`: derived from its manifest's `key`,
 * which ExtensionCache writes into every manifest it unpacks (see withStableKey). Null when the
 * manifest has no key (Chromium would then derive the id from the folder's path).
 */
export async function extensionIdOfFolder(folder: string): Promise<string | null> {
  const text = await readFile(join(folder, 'manifest.json'), 'utf8');
  const m = JSON.parse(text.replace(/^\uFEFF/, '')) as { key?: unknown };
  return typeof m?.key === 'string' ? extensionIdOfKey(m.key) : null;
}

/**
 * Turns "Allow access to file URLs" off for these extensions in the profile, before Chromium
 * starts. Chromium gives every unpacked (`--load-extension`) extension file access unless the
 * profile already holds a setting for its id (`extensions.settings.<id>.newAllowFileAccess`);
 * with `false` there, `file:` URLs are refused to the extension's fetches and content scripts
 * even with `<all_urls>` or `file:///*` host permissions (docs/client.md, Extensions).
 *
 * Written before every launch, so a user's switch in chrome://extensions lasts one session.
 * A Preferences file Chromium could not read either is replaced (Chromium would start from
 * empty preferences anyway); any write failure is thrown: the profile must not open then.
 */
export async function denyExtensionFileAccess(userDataDir: string, ids: readonly string[]): Promise<void> {
  if (!ids.length) return;
  const dir = join(userDataDir, 'Default');
  await mkdir(dir, { recursive: true });
  await setFileAccessOff(join(dir, 'Preferences'), ids, true);
  // Windows and macOS builds keep extension settings in the MAC-protected "Secure Preferences";
  // a setting there is read instead of the one in Preferences.
  await setFileAccessOff(join(dir, 'Secure Preferences'), ids, false);
}

async function setFileAccessOff(path: string, ids: readonly string[], create: boolean) {
  let prefs: Record<string, unknown> = {};
  let text: string | null = null;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  if (text !== null) {
    try {
      const parsed = JSON.parse(text) as unknown;
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) prefs = parsed as Record<string, unknown>;
    } catch {}
  }
  const extensions = objectAt(prefs, 'extensions');
  if (!create && !('settings' in extensions)) return;
  const settings = objectAt(extensions, 'settings');
  let changed = false;
  for (const id of ids) {
    const entry = objectAt(settings, id);
    if (entry.newAllowFileAccess === false) continue;
    entry.newAllowFileAccess = false;
    changed = true;
  }
  if (!changed) return;
  const tmp = `${path}.facet.tmp`;
  await writeFile(tmp, JSON.stringify(prefs));
  await rename(tmp, path);
}

/** The object under `key`, made (or replacing a non-object) when needed. */
function objectAt(parent: Record<string, unknown>, key: string): Record<string, unknown> {
  const v = parent[key];
  if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
  const made: Record<string, unknown> = {};
  parent[key] = made;
  return made;
}
