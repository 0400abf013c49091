import { PassThrough } from 'node:stream';
import { type BlobFile, formatCst } from '@facet/shared';
import ExcelJS from 'exceljs';
import type { Secrets } from '../../lib/secrets.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The import template's columns; export writes the same ones (plus read-only facts) so a file re-imports. */
export const TEMPLATE_COLUMNS = [
  { header: 'name', key: 'name', width: 20 },
  { header: 'remark', key: 'remark', width: 24 },
  { header: 'tags', key: 'tags', width: 20 },
  { header: 'siteUrl', key: 'siteUrl', width: 28 },
  { header: 'accountUsername', key: 'accountUsername', width: 18 },
  { header: 'accountPassword', key: 'accountPassword', width: 18 },
  { header: 'twoFactorSecret', key: 'twoFactorSecret', width: 18 },
  { header: 'proxyType', key: 'proxyType', width: 12 },
  { header: 'host', key: 'host', width: 18 },
  { header: 'port', key: 'port', width: 8 },
  { header: 'proxyUserName', key: 'proxyUserName', width: 16 },
  { header: 'proxyPassword', key: 'proxyPassword', width: 16 },
  { header: 'country', key: 'country', width: 10 },
  { header: 'startupUrls', key: 'startupUrls', width: 30 },
  { header: 'userAgent', key: 'userAgent', width: 40 },
  { header: 'cookie', key: 'cookie', width: 30 },
  /** The fingerprint configuration as JSON (optional: empty gives a new fingerprint). */
  { header: 'fingerprint', key: 'fingerprint', width: 40 },
] as const;

const EXPORT_EXTRA = [
  { header: 'serialNumber', key: 'serialNumber', width: 10 },
  { header: 'group', key: 'group', width: 16 },
  { header: 'lastIp', key: 'lastIp', width: 16 },
  { header: 'createdTime', key: 'createdTime', width: 20 },
];

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

/**
 * The streaming writer without shared strings or styles: 10 000 profiles are written in well
 * under the 3 s target (the in-memory workbook took several times longer and its memory).
 */
export async function exportXlsx(secrets: Secrets, rows: ExportRow[]): Promise<BlobFile> {
  const chunks: Buffer[] = [];
  const stream = new PassThrough();
  stream.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve, reject) => {
    stream.on('end', resolve);
    stream.on('error', reject);
  });
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: false, useSharedStrings: false });
  const ws = wb.addWorksheet('profiles');
  ws.columns = [...EXPORT_EXTRA, ...TEMPLATE_COLUMNS].map((c) => ({ ...c }));
  const dec = (v: string) => (v ? secrets.decrypt(v) : '');
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
      accountPassword: dec(p.accountPasswordEnc),
      twoFactorSecret: dec(p.twoFactorSecretEnc),
      proxyType: p.proxyType,
      host: p.host,
      port: p.port ?? '',
      proxyUserName: p.proxyUserName,
      proxyPassword: dec(p.proxyPasswordEnc),
      country: p.country,
      startupUrls: p.startupUrls.join('\n'),
      userAgent: p.userAgent ?? '',
      cookie: p.cookiesEnc ? dec(p.cookiesEnc) : '',
      fingerprint: JSON.stringify(p.fingerprint),
    }).commit();
  }
  ws.commit();
  await wb.commit();
  await done;
  return { filename: `profiles-${stamp()}.xlsx`, contentType: XLSX, data: Buffer.concat(chunks) };
}

export async function templateXlsx(): Promise<BlobFile> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('profiles');
  ws.columns = TEMPLATE_COLUMNS.map((c) => ({ ...c }));
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
  });
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
