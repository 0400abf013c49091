import type { BlobFile, CallParsedBody, PhoneView } from '@facet/shared';
import ExcelJS from 'exceljs';
import type { Scope } from '../../access/index.js';
import { notFound } from '../../lib/errors.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The sheet's columns: header and what each environment writes there. */
const COLUMNS: Array<[header: string, cell: (e: PhoneView) => string | number]> = [
  ['id', (e) => e.id],
  ['name', (e) => e.name],
  ['remark', (e) => e.remark],
  ['state', (e) => e.state],
  ['stateReason', (e) => e.stateReason],
  ['region', (e) => e.region],
  ['androidVersion', (e) => e.androidVersion],
  ['device', (e) => [e.brand, e.model].filter(Boolean).join(' ')],
  ['package', (e) => e.packageName],
  ['trial', (e) => (e.trial ? 'yes' : 'no')],
  ['expireTime', (e) => e.expireTime ?? ''],
  ['createdTime', (e) => e.createdTime ?? ''],
  ['lastOpenTime', (e) => e.lastOpenTime ?? ''],
  ['proxy', (e) => (e.proxy.proxyType === 'http' ? `http://${e.proxy.host}:${e.proxy.port}` : 'noproxy')],
  ['locale', (e) => e.locale],
  ['timeZone', (e) => e.timeZone],
  ['gps', (e) => (e.gps ? `${e.gps.latitude},${e.gps.longitude}` : '')],
  ['mostCommon', (e) => (e.mostCommon ? 'yes' : 'no')],
  ['data', (e) => (Object.keys(e.data).length ? JSON.stringify(e.data) : '')],
];

type Lister = (s: Scope, q: CallParsedBody<'phoneList'>) => Promise<{ list: PhoneView[] }>;

/** Environments as an xlsx sheet (docs/phones.md, Export): the ids given, or all the caller sees with the list's filters. */
export class PhoneExport {
  constructor(private readonly list: Lister) {}

  async xlsx(s: Scope, b: CallParsedBody<'phoneExport'>): Promise<BlobFile> {
    const { ids, ...filters } = b;
    const all = (await this.list(s, { ...filters, page: 1, pageSize: 1_000_000 })).list;
    let rows = all;
    if (ids) {
      const byId = new Map(all.map((e) => [e.id, e]));
      const missing = [...new Set(ids)].filter((id) => !byId.has(id));
      if (missing.length) throw notFound(`cloud phone ${missing.slice(0, 20).join(', ')}`);
      const wanted = new Set(ids);
      rows = all.filter((e) => wanted.has(e.id));
    }
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('cloud phones');
    ws.columns = COLUMNS.map(([header]) => ({ header, key: header, width: Math.max(12, header.length + 2) }));
    ws.getRow(1).font = { bold: true };
    for (const e of rows) ws.addRow(COLUMNS.map(([, cell]) => cell(e)));
    const data = Buffer.from(await wb.xlsx.writeBuffer());
    const stamp = new Date().toISOString().slice(0, 19).replace(/[-:T]/g, '');
    return { filename: `cloud-phones-${stamp}.xlsx`, contentType: XLSX, data };
  }
}
