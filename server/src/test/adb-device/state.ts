// What a test phone holds: its properties, settings, files and apps. The shell and the sync
// service read and change it; tests read it to see what a client did.
import { posix } from 'node:path';

export interface InstalledPackage {
  versionName: string;
  versionCode: number;
  path: string;
}

export interface DeviceState {
  asked: string[];
  props: Map<string, string>;
  settings: { global: Map<string, string>; secure: Map<string, string>; system: Map<string, string> };
  files: Map<string, Uint8Array>;
  /** Folders that exist besides the ones files imply. */
  dirs: Set<string>;
  packages: Map<string, InstalledPackage>;
  inputs: string[];
  /** The text on its clipboard (scrcpy reads and sets it). */
  clipboard: string;
  /** The physical screen, in its natural (portrait) orientation. */
  screen: { width: number; height: number };
  /** The colour of its screen (screencap), its own per device. */
  tint: readonly [number, number, number];
  allowMockLocation: boolean;
  /** Packages allowed to be mock location providers (appops). */
  mockLocationApps: Set<string>;
  /** Test location providers (`cmd location providers`, Android 12+), and where each says the phone is. */
  testProviders: Map<string, { enabled: boolean; location: { latitude: number; longitude: number } | null }>;
  /** Its SMS inbox (`content query --uri content://sms/inbox`); tests fill it. */
  sms: Array<{ address: string; body: string; date: number }>;
}

export function normalize(path: string): string {
  const p = posix.normalize(path.startsWith('/') ? path : `/${path}`);
  return p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p;
}

export function mkdirs(state: DeviceState, dir: string): void {
  for (let d = normalize(dir); d !== '/'; d = posix.dirname(d)) state.dirs.add(d);
}

export function isDir(state: DeviceState, path: string): boolean {
  const p = normalize(path);
  if (p === '/' || state.dirs.has(p)) return true;
  const prefix = `${p}/`;
  for (const f of state.files.keys()) if (f.startsWith(prefix)) return true;
  return false;
}

export function writeFile(state: DeviceState, path: string, data: Uint8Array): void {
  const p = normalize(path);
  mkdirs(state, posix.dirname(p));
  state.files.set(p, data);
}

/** The names directly inside a folder, sorted. */
export function listDir(state: DeviceState, dir: string): string[] {
  const p = normalize(dir);
  const prefix = p === '/' ? '/' : `${p}/`;
  const names = new Set<string>();
  for (const path of [...state.files.keys(), ...state.dirs]) {
    if (path.startsWith(prefix) && path.length > prefix.length) {
      names.add(path.slice(prefix.length).split('/')[0] as string);
    }
  }
  return [...names].sort();
}

/** Removes a file or a folder with everything in it; false when nothing was there. */
export function remove(state: DeviceState, path: string): boolean {
  const p = normalize(path);
  let found = state.files.delete(p);
  if (isDir(state, p)) {
    found = true;
    const prefix = `${p}/`;
    for (const f of [...state.files.keys()]) if (f.startsWith(prefix)) state.files.delete(f);
    for (const d of [...state.dirs]) if (d === p || d.startsWith(prefix)) state.dirs.delete(d);
  }
  return found;
}

/**
 * The screen as screencap sees it: turned a quarter when rotation is locked
 * (`accelerometer_rotation` 0) at `user_rotation` 1 or 3.
 */
export function displaySize(state: DeviceState): { width: number; height: number } {
  const locked = (state.settings.system.get('accelerometer_rotation') ?? '0') === '0';
  const quarter = ['1', '3'].includes(state.settings.system.get('user_rotation') ?? '0');
  const { width, height } = state.screen;
  return locked && quarter ? { width: height, height: width } : { width, height };
}
