import { profileInputSchema } from '@facet/shared';
import type { SheetRow } from './sheet';

/**
 * A first look at each row in the preview, with the shared profile schema. The server builds the
 * profile input the same way (rowToInput) and checks more (proxy rules, cookies); its answer on
 * import is the one that counts.
 */
export interface RowIssue {
  field: string;
  /** A validation key (translated under validation.*) or a plain message. */
  message: string;
}

const list = (s: string | undefined, sep: RegExp) =>
  (s ?? '')
    .split(sep)
    .map((x) => x.trim())
    .filter(Boolean);

/** The fingerprint column's JSON; text that is not JSON stays text, so validation names the field. */
const fingerprintCell = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

export function rowInput(v: Record<string, string>): Record<string, unknown> {
  const port = v.port ? Number(v.port) : null;
  return {
    ...(v.fingerprint ? { browserFingerPrint: fingerprintCell(v.fingerprint) } : {}),
    name: v.name ?? '',
    remark: v.remark ?? '',
    tags: list(v.tags, /[,，]/),
    siteUrl: v.siteUrl ?? '',
    accountUsername: v.accountUsername ?? '',
    accountPassword: v.accountPassword ?? '',
    twoFactorSecret: v.twoFactorSecret ?? '',
    proxy: {
      proxyMethod: 1,
      proxyType: v.proxyType || (v.host ? 'http' : 'noproxy'),
      host: v.host ?? '',
      port: port === null || Number.isNaN(port) ? (v.port ? v.port : null) : port,
      proxyUserName: v.proxyUserName ?? '',
      proxyPassword: v.proxyPassword ?? '',
      country: v.country ?? '',
    },
    startupUrls: list(v.startupUrls, /[\r\n]+/),
  };
}

export function precheckRow(row: SheetRow): RowIssue[] {
  const r = profileInputSchema.safeParse(rowInput(row.values));
  if (r.success) return [];
  return r.error.issues.map((i) => ({ field: i.path.map(String).join('.') || 'row', message: i.message }));
}

/** Group names in the file that the account does not have: those rows go to the default group. */
export function unknownGroups(rows: SheetRow[], groupNames: ReadonlySet<string>): string[] {
  const missing = new Set<string>();
  for (const r of rows) {
    const g = r.values.group;
    if (g && !groupNames.has(g)) missing.add(g);
  }
  return [...missing];
}
