import { randomBytes } from 'node:crypto';
import type { PhoneLink } from '@facet/shared/node';

/*
 * What Facet does to an Android device, as shell commands over ADB (docs/phones.md, What Facet
 * changes on a device). Every value put into a command is checked by the shared schemas first
 * (host names, locale tags, IANA zones, numbers); `quote` keeps them one word regardless.
 */

/** One shell word, single-quoted. */
const quote = (v: string) => `'${v.replace(/'/g, `'\\''`)}'`;

/** A command's output that says it did not work (shell v1 has no exit code to read). */
const FAILED = /not found|Error|Exception|Failure|denied|Unknown command|usage:/i;

export interface DeviceSettings {
  proxy: { proxyType: string; host: string; port: number | null };
  locale: string;
  timeZone: string;
  gps: { latitude: number; longitude: number } | null;
}

export interface DeviceFacts {
  brand: string;
  model: string;
  androidVersion: string;
  sdk: number;
}

/** What the device says it is. */
export async function readFacts(link: PhoneLink): Promise<DeviceFacts> {
  const out = await link.shell(
    'getprop ro.product.brand; getprop ro.product.model; getprop ro.build.version.release; getprop ro.build.version.sdk',
  );
  const [brand = '', model = '', androidVersion = '', sdk = '0'] = out.split(/\r?\n/).map((l) => l.trim());
  return { brand, model, androidVersion, sdk: Number.parseInt(sdk, 10) || 0 };
}

async function run(link: PhoneLink, command: string): Promise<string> {
  const out = await link.shell(command);
  if (FAILED.test(out)) throw new DeviceRefused(command, out.trim().slice(0, 300));
  return out;
}

/** The device answered a command with an error. */
export class DeviceRefused extends Error {
  constructor(
    readonly command: string,
    readonly output: string,
  ) {
    super(`${command.split(' ').slice(0, 3).join(' ')}: ${output}`);
  }
}

/**
 * Applies an environment's settings. The proxy is Android's global HTTP proxy (every app that uses
 * the system's proxy settings); `:0` clears it at once where deleting the key waits for a reboot.
 * The locale and the time zone are the system's; GPS uses a test provider, which needs Android 12
 * or later and a device that lets the shell mock locations; where it does not, that part fails
 * alone and says why.
 */
export async function applySettings(
  link: PhoneLink,
  s: DeviceSettings,
): Promise<{ gps: 'none' | 'applied' | 'refused' }> {
  const proxy = s.proxy.proxyType === 'http' && s.proxy.host && s.proxy.port ? `${s.proxy.host}:${s.proxy.port}` : ':0';
  await run(link, `settings put global http_proxy ${quote(proxy)}`);
  await run(
    link,
    `setprop persist.sys.locale ${quote(s.locale)}; settings put system system_locales ${quote(s.locale)}`,
  );
  await run(link, `setprop persist.sys.timezone ${quote(s.timeZone)}`);
  // Tells running apps at once on Android 12+; older releases read the property at their next start.
  await link.shell(`cmd alarm set-timezone ${quote(s.timeZone)}`);
  if (!s.gps) return { gps: 'none' };
  const loc = `${s.gps.latitude.toFixed(6)},${s.gps.longitude.toFixed(6)}`;
  try {
    await run(link, 'appops set com.android.shell android:mock_location allow');
    await run(link, 'cmd location providers add-test-provider gps');
    await run(link, 'cmd location providers set-test-provider-enabled gps true');
    await run(link, `cmd location providers set-test-provider-location gps --location ${loc}`);
    return { gps: 'applied' };
  } catch (e) {
    if (e instanceof DeviceRefused) return { gps: 'refused' };
    throw e;
  }
}

/** The user's apps and files, gone: third-party apps uninstalled, shared storage emptied. */
export async function wipe(link: PhoneLink): Promise<void> {
  const list = await link.shell('pm list packages -3');
  for (const line of list.split(/\r?\n/)) {
    const pkg = line.trim().replace(/^package:/, '');
    if (/^[A-Za-z0-9_.]+$/.test(pkg)) await link.shell(`pm uninstall ${pkg}`);
  }
  await link.shell('rm -rf /sdcard/*');
}

/**
 * A new identity, what the shell may change: a new android_id, and a new device name (what
 * apps, Bluetooth and the network see as the phone's name). Returns the android_id.
 */
export async function newIdentity(link: PhoneLink): Promise<string> {
  const id = randomBytes(8).toString('hex');
  const name = `Android-${randomBytes(3).toString('hex').toUpperCase()}`;
  await run(link, `settings put secure android_id ${id}`);
  await run(link, `settings put global device_name ${name}; settings put secure bluetooth_name ${name}`);
  return id;
}
