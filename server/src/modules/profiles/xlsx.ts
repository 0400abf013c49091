import { PassThrough } from 'node:stream';
import {
  type BlobFile,
  formatCst,
  PROFILE_SHEET_COLUMNS,
  PROFILE_SHEET_EXPORT_COLUMNS,
  type ProfileSheetColumn,
  type ProfileSheetExportColumn,
} from '@facet/shared';
import ExcelJS from 'exceljs';
import type { Secrets } from '../../lib/secrets.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Column widths in the written sheets; the columns themselves are the shared sheet's, so a file re-imports. */
const WIDTH: Record<ProfileSheetColumn | ProfileSheetExportColumn, number> = {
  name: 20,
  remark: 24,
  tags: 20,
  siteUrl: 28,
  accountUsername: 18,
  accountPassword: 18,
  twoFactorSecret: 18,
  proxyType: 12,
  host: 18,
  port: 8,
  proxyUserName: 16,
  proxyPassword: 16,
  country: 10,
  startupUrls: 30,
  userAgent: 40,
  cookie: 30,
  fingerprint: 40,
  serialNumber: 10,
  group: 16,
  lastIp: 16,
  createdTime: 20,
};
const columns = (keys: ReadonlyArray<ProfileSheetColumn | ProfileSheetExportColumn>) =>
  keys.map((key) => ({ header: key, key, width: WIDTH[key] }));

const stamp = () => formatCst(new Date())!.replace(/[-: ]/g, '');

/** What an export row needs (exportRows selects only these columns). */
export interface ExportRow {
  serialNumber: number;
  groupName: string | null;
  lastIp: string;
  createdAt: Date;
  name: string;
  remark: string;
  tags: string[];
  siteUrl: string;
  accountUsername: string;
  accountPasswordEnc: string;
  twoFactorSecretEnc: string;
  proxyType: string;
  host: string;
  port: number | null;
  proxyUserName: string;
  proxyPasswordEnc: string;
  country: string;
  startupUrls: string[];
  userAgent: string | null;
  cookiesEnc: string;
  fingerprint: unknown;
}

/** The notes sheet of an export: whether the file carries the secrets (docs/profiles.md, Export). */
const EXPORT_NOTES = {
  withSecrets:
    'This file contains account passwords, 2FA secrets and proxy passwords in plain text. Keep it private and delete it when it is no longer needed.',
  withoutSecrets:
    'Account passwords, 2FA secrets and proxy passwords were not exported: their columns are empty. A profile imported from this file has none.',
};

/**
 * The streaming writer without shared strings or styles: 10 000 profiles are written in well
 * under the 3 s target (the in-memory workbook took several times longer and its memory).
 * Passwords and 2FA secrets are written only when asked for (`includeSecrets`); the file name
 * and the notes sheet then say that the file holds them in plain text.
 */
export async function exportXlsx(
  secrets: Secrets,
  rows: ExportRow[],
  { includeSecrets }: { includeSecrets: boolean },
): Promise<BlobFile> {
  const chunks: Buffer[] = [];
  const stream = new PassThrough();
  stream.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve, reject) => {
    stream.on('end', resolve);
    stream.on('error', reject);
  });
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: false, useSharedStrings: false });
  const ws = wb.addWorksheet('profiles');
  ws.columns = columns([...PROFILE_SHEET_EXPORT_COLUMNS, ...PROFILE_SHEET_COLUMNS]);
  const dec = (v: string) => (v ? secrets.decrypt(v) : '');
  const secret = (v: string) => (includeSecrets ? dec(v) : '');
  for (const p of rows) {
    ws.addRow({
      serialNumber: p.serialNumber,
      group: p.groupName ?? '',
      lastIp: p.lastIp,
      createdTime: formatCst(p.createdAt),
      name: p.name,
      remark: p.remark,
      tags: p.tags.join(','),
      siteUrl: p.siteUrl,
      accountUsername: p.accountUsername,
      accountPassword: secret(p.accountPasswordEnc),
      twoFactorSecret: secret(p.twoFactorSecretEnc),
      proxyType: p.proxyType,
      host: p.host,
      port: p.port ?? '',
      proxyUserName: p.proxyUserName,
      proxyPassword: secret(p.proxyPasswordEnc),
      country: p.country,
      startupUrls: p.startupUrls.join('\n'),
      userAgent: p.userAgent ?? '',
      cookie: p.cookiesEnc ? dec(p.cookiesEnc) : '',
      fingerprint: JSON.stringify(p.fingerprint),
    } satisfies Record<ProfileSheetColumn | ProfileSheetExportColumn, unknown>).commit();
  }
  ws.commit();
  const notes = wb.addWorksheet('notes');
  notes.addRow(['note']).commit();
  notes.addRow([includeSecrets ? EXPORT_NOTES.withSecrets : EXPORT_NOTES.withoutSecrets]).commit();
  notes.commit();
  await wb.commit();
  await done;
  const name = `profiles-${stamp()}${includeSecrets ? '-with-passwords' : ''}.xlsx`;
  return { filename: name, contentType: XLSX, data: Buffer.concat(chunks) };
}

export async function templateXlsx(): Promise<BlobFile> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('profiles');
  ws.columns = columns(PROFILE_SHEET_COLUMNS);
  ws.getRow(1).font = { bold: true };
  ws.addRow({
    name: 'Shop 1',
    remark: 'example row, replace it',
    tags: 'shop,us',
    siteUrl: 'https://www.example.com',
    accountUsername: 'seller@example.com',
    accountPassword: '',
    twoFactorSecret: '',
    proxyType: 'socks5',
    host: '203.0.113.10',
    port: 1080,
    proxyUserName: 'user',
    proxyPassword: 'pass',
    country: 'us',
    startupUrls: 'https://www.example.com',
    userAgent: '',
    cookie: '',
    fingerprint: '',
  } satisfies Record<ProfileSheetColumn, unknown>);
  const notes = wb.addWorksheet('notes');
  notes.addRows([
    ['column', 'meaning'],
    ['name', 'required, at most 20 characters, no punctuation or symbols'],
    ['tags', 'comma separated'],
    ['proxyType', `noproxy, http, https, socks5, ssh, asocks`],
    ['startupUrls', 'one http(s) URL per line'],
    ['userAgent', 'informational; the fingerprint column decides the fingerprint'],
    ['fingerprint', 'optional: the fingerprint configuration as JSON (an export writes it); empty gives a new one'],
    ['group', 'export only: on import, a profile goes to the group of that name when it exists'],
    ['cookie', 'Cookie-Editor JSON, Netscape cookies.txt or name=value; … (needs siteUrl for the domain)'],
  ]);
  const data = Buffer.from(await wb.xlsx.writeBuffer());
  return { filename: 'profiles-template.xlsx', contentType: XLSX, data };
}

export function cookieFile(
  format: 'json' | 'netscape',
  profiles: Array<{ serialNumber: number; name: string; cookies: unknown[] }>,
  toNetscape: (c: never[]) => string,
): { filename: string; contentType: string; data: Uint8Array } {
  if (format === 'json') {
    const body =
      profiles.length === 1
        ? profiles[0]!.cookies
        : profiles.map((p) => ({ serialNumber: p.serialNumber, name: p.name, cookies: p.cookies }));
    return {
      filename: `cookies-${stamp()}.json`,
      contentType: 'application/json; charset=utf-8',
      data: Buffer.from(JSON.stringify(body, null, 2)),
    };
  }
  const text = profiles
    .map((p) => `# profile ${p.serialNumber} ${p.name}\n${toNetscape(p.cookies as never[])}`)
    .join('\n');
  return { filename: `cookies-${stamp()}.txt`, contentType: 'text/plain; charset=utf-8', data: Buffer.from(text) };
}
