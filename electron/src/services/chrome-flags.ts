/**
 * The command line of a profile's Chromium. Pure, so the no-automation-tells rule is tested:
 * no --enable-automation (it shows the infobar and sets navigator.webdriver), and Blink's
 * AutomationControlled feature off.
 */
export interface ChromeFlagsInput {
  userDataDir: string;
  headless: boolean;
  /** The local relay (`http://127.0.0.1:port`) or null for a direct connection. */
  proxyServer: string | null;
  userAgent?: string;
  languages?: string[];
  webrtcPolicy?: string | null;
  window?: { width: number; height: number; x?: number; y?: number } | null;
  /**
   * The profile's screen: a headless browser's own (every frame and worker, media queries too);
   * the window never larger than it.
   */
  screen?: { width: number; height: number } | null;
  /** Root inside containers needs it; a desktop user never does. */
  noSandbox?: boolean;
  /**
   * Unpacked extensions to load, in load order (absolute folders). Extensions the user installed
   * inside the profile keep running too: no --disable-extensions-except.
   */
  extensionDirs?: string[];
  /**
   * Where Chromium keeps the key that encrypts the profile's cookies and saved passwords
   * (`cookieKeyStore`): 'os' leaves it to Chromium (DPAPI, the macOS Keychain, the Linux
   * desktop's keyring); 'basic' is Chromium's fixed key, for machines without a keyring.
   */
  keyStore?: 'os' | 'basic';
  extra?: string[];
}

/**
 * The cookie store's key where the machine has a keystore (docs/security.md, Secrets at rest):
 * Windows and macOS always do; Linux has one reachable only over the desktop session's D-Bus,
 * and without it Chromium would wait for a keyring that never answers.
 */
export function cookieKeyStore(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): 'os' | 'basic' {
  if (platform === 'win32' || platform === 'darwin') return 'os';
  return env.DBUS_SESSION_BUS_ADDRESS ? 'os' : 'basic';
}

const DISABLE_FEATURES = '--disable-features=';

/**
 * Google Chrome 137 to 141 ignore --load-extension unless this feature is disabled (Chrome
 * 142 and later ignore it for good; unbranded Chromium, Chrome for Testing and Chromium 156
 * as tested here load it with or without the flag, which they do not know).
 */
const KEEP_LOAD_EXTENSION_SWITCH = 'DisableLoadExtensionCommandLineSwitch';

/** Flags that keep a managed browser quiet: no first-run UI, no background fetches to Google. */
export const QUIET_FLAGS = [
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  `${DISABLE_FEATURES}Translate,MediaRouter,OptimizationHints,DialMediaRouteProvider`,
] as const;

export function buildChromeFlags(o: ChromeFlagsInput): string[] {
  const flags = [
    `--user-data-dir=${o.userDataDir}`,
    // DevTools on the launcher's pipe, never on a port (docs/security.md, DevTools).
    '--remote-debugging-pipe',
    '--disable-blink-features=AutomationControlled',
    ...QUIET_FLAGS,
  ];
  if ((o.keyStore ?? 'basic') === 'basic') flags.push('--password-store=basic');
  if (o.headless) flags.push('--headless=new', '--hide-scrollbars', '--mute-audio');
  if (o.noSandbox) flags.push('--no-sandbox');
  if (o.proxyServer) {
    flags.push(`--proxy-server=${o.proxyServer}`);
    // Local names must go through the relay too: the relay is the profile's only way out.
    flags.push('--proxy-bypass-list=<-loopback>');
  }
  if (o.userAgent) flags.push(`--user-agent=${o.userAgent}`);
  if (o.languages?.length) {
    flags.push(`--lang=${o.languages[0]}`, `--accept-lang=${o.languages.join(',')}`);
  }
  if (o.webrtcPolicy) flags.push(`--force-webrtc-ip-handling-policy=${o.webrtcPolicy}`);
  if (o.headless && o.screen) flags.push(`--screen-info={0,0 ${o.screen.width}x${o.screen.height}}`);
  if (o.window) {
    const w = o.screen ? Math.min(o.window.width, o.screen.width) : o.window.width;
    const h = o.screen ? Math.min(o.window.height, o.screen.height) : o.window.height;
    flags.push(`--window-size=${w},${h}`);
    if (o.window.x !== undefined && o.window.y !== undefined)
      flags.push(`--window-position=${o.window.x},${o.window.y}`);
  }
  const dirs = [...new Set(o.extensionDirs ?? [])];
  if (dirs.length) {
    // The switch takes a comma-separated list and has no escape for a comma in a path.
    const bad = dirs.find((d) => d.includes(','));
    if (bad) throw new Error(`an extension folder with a comma in its path cannot be loaded: ${bad}`);
    flags.push(`--load-extension=${dirs.join(',')}`);
    flags.push(`${DISABLE_FEATURES}${KEEP_LOAD_EXTENSION_SWITCH}`);
  }
  flags.push(...(o.extra ?? []));
  if (flags.some((f) => f === '--enable-automation' || f.startsWith('--enable-automation=')))
    throw new Error('--enable-automation would expose the profile as automated');
  if (flags.some((f) => f.startsWith('--remote-debugging-port') || f.startsWith('--remote-debugging-address')))
    throw new Error('a DevTools port would let any local user drive the profile');
  flags.push('about:blank');
  return mergeDisabledFeatures(flags);
}

/**
 * Chromium keeps only the last of repeated switches: every --disable-features is merged into
 * the first one, so no list silently replaces another.
 */
function mergeDisabledFeatures(flags: string[]): string[] {
  const features = flags
    .filter((f) => f.startsWith(DISABLE_FEATURES))
    .flatMap((f) => f.slice(DISABLE_FEATURES.length).split(','))
    .filter(Boolean);
  const first = flags.findIndex((f) => f.startsWith(DISABLE_FEATURES));
  if (first < 0) return flags;
  return flags.flatMap((f, i) =>
    !f.startsWith(DISABLE_FEATURES)
      ? [f]
      : i === first
        ? [`${DISABLE_FEATURES}${[...new Set(features)].join(',')}`]
        : [],
  );
}
