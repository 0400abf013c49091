import type { Fingerprint } from '@facet/shared';

/** The words a summary needs in the user's language. */
export interface SummaryLabels {
  languagesByIp: string;
  realScreen: string;
  cores: (n: number) => string;
  memory: (gb: number) => string;
}

const major = (v: unknown): number | null => {
  const m = typeof v === 'string' ? /^(\d+)/.exec(v) : null;
  return m ? Number(m[1]) : null;
};

/**
 * The operating system as people name it. Windows 11 still says "Windows NT 10.0" in its user
 * agent; only the client hints' platformVersion (13 and up) tells it apart.
 */
export function osLabel(fp: Pick<Fingerprint, 'os' | 'userAgent' | 'clientHints'>): string {
  const hinted = major(fp.clientHints?.platformVersion);
  const ua = fp.userAgent;
  switch (fp.os) {
    case 'windows': {
      if (hinted !== null) return hinted >= 13 ? 'Windows 11' : hinted > 0 ? 'Windows 10' : 'Windows 7/8';
      const nt = /Windows NT (\d+\.\d+)/.exec(ua)?.[1];
      return nt === '6.1' ? 'Windows 7' : nt === '6.2' || nt === '6.3' ? 'Windows 8' : 'Windows 10';
    }
    case 'macos': {
      if (hinted !== null && hinted > 10) return `macOS ${hinted}`;
      const v = /Mac OS X (\d+)[._](\d+)/.exec(ua);
      return v ? `macOS ${v[1]}.${v[2]}` : 'macOS';
    }
    case 'android': {
      const v = /Android (\d+)/.exec(ua)?.[1];
      return v ? `Android ${v}` : 'Android';
    }
    case 'ios': {
      const v = /OS (\d+)[._]\d+/.exec(ua)?.[1];
      return v ? `iOS ${v}` : 'iOS';
    }
    default:
      return 'Linux';
  }
}

export function browserLabel(fp: Pick<Fingerprint, 'os' | 'browserVersion' | 'userAgent'>): string {
  const name = fp.os === 'ios' || !/Chrome|CriOS/.test(fp.userAgent) ? 'Safari' : 'Chrome';
  return `${name} ${fp.browserVersion}`;
}

/** "Windows 11 · Chrome 131 · en-US · 1920×1080 · 8 cores · 8 GB" */
export function fingerprintSummary(fp: Fingerprint, l: SummaryLabels): string {
  const language = fp.languages.mode === 'ip' ? l.languagesByIp : (fp.languages.value[0] ?? l.languagesByIp);
  const screen = fp.screen.mode === 'real' ? l.realScreen : `${fp.screen.width}×${fp.screen.height}`;
  return [
    osLabel(fp),
    browserLabel(fp),
    language,
    screen,
    l.cores(fp.hardwareConcurrency),
    l.memory(fp.deviceMemory),
  ].join(' · ');
}
