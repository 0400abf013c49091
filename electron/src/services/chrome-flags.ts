/**
 * The command line of a profile's Chromium. Pure, so the no-automation-tells rule is tested:
 * no --enable-automation (it shows the infobar and sets navigator.webdriver), and Blink's
 * AutomationControlled feature off.
 */
export interface ChromeFlagsInput {
  userDataDir: string;
  headless: boolean;
  /** 0: Chromium picks a free port and writes it to DevToolsActivePort. */
  debugPort: number;
  /** The local relay (`http://127.0.0.1:port`) or null for a direct connection. */
  proxyServer: string | null;
  userAgent?: string;
  languages?: string[];
  webrtcPolicy?: string | null;
  window?: { width: number; height: number; x?: number; y?: number } | null;
  /** Root inside containers needs it; a desktop user never does. */
  noSandbox?: boolean;
  extra?: string[];
}

/** Flags that keep a managed browser quiet: no first-run UI, no background fetches to Google. */
export const QUIET_FLAGS = [
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-features=Translate,MediaRouter,OptimizationHints,DialMediaRouteProvider',
  '--password-store=basic',
  '--use-mock-keychain',
] as const;

export function buildChromeFlags(o: ChromeFlagsInput): string[] {
  const flags = [
    `--user-data-dir=${o.userDataDir}`,
    `--remote-debugging-port=${o.debugPort}`,
    '--remote-debugging-address=127.0.0.1',
    '--disable-blink-features=AutomationControlled',
    ...QUIET_FLAGS,
  ];
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
  if (o.window) {
    flags.push(`--window-size=${o.window.width},${o.window.height}`);
    if (o.window.x !== undefined && o.window.y !== undefined)
      flags.push(`--window-position=${o.window.x},${o.window.y}`);
  }
  flags.push(...(o.extra ?? []));
  if (flags.some((f) => f === '--enable-automation' || f.startsWith('--enable-automation=')))
    throw new Error('--enable-automation would expose the profile as automated');
  flags.push('about:blank');
  return flags;
}
