/** A short device label from a User-Agent: browser, its major version and the system. */
export interface DeviceLabel {
  browser: string;
  version: string;
  os: string;
}

const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/OPR\/(\d+)/, 'Opera'],
  [/Electron\/(\d+)/, 'Facet'],
  [/Firefox\/(\d+)/, 'Firefox'],
  [/(?:Chrome|CriOS)\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[^ ]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
];

const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/Windows/, 'Windows'],
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

export function describeUserAgent(ua: string): DeviceLabel {
  let browser = '';
  let version = '';
  for (const [re, name] of BROWSERS) {
    const m = re.exec(ua);
    if (m) {
      browser = name;
      version = m[1] ?? '';
      break;
    }
  }
  const os = SYSTEMS.find(([re]) => re.test(ua))?.[1] ?? '';
  return { browser, version, os };
}

/** `Chrome 120 · Windows`, or the raw agent (shortened) when nothing is recognised. */
export function deviceText(ua: string): string {
  const d = describeUserAgent(ua);
  const browser = d.browser ? `${d.browser}${d.version ? ` ${d.version}` : ''}` : '';
  const text = [browser, d.os].filter(Boolean).join(' · ');
  if (text) return text;
  return ua.length > 60 ? `${ua.slice(0, 57)}…` : ua;
}
