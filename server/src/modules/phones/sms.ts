import { formatCst } from '@facet/shared';
import { AdbError } from '@facet/shared/node';
import { and, asc, eq } from 'drizzle-orm';
import { type Scope, visiblePhones } from '../../access/index.js';
import type { Db } from '../../db/connection.js';
import { notFound } from '../../lib/errors.js';
import type { Devices } from './devices.js';
import { phoneEnvs, phonePower } from './tables.js';
import { effectiveState } from './views.js';

/** The inbox query, with body before date so that a comma in a message cannot move the date. */
export const SMS_INBOX_COMMAND =
  'content query --uri content://sms/inbox --projection _id:address:body:date --sort "date DESC"';
/** At most this many phones are read in one call, this many at a time, the newest messages of each. */
const MAX_PHONES = 50;
const AT_ONCE = 4;
const PER_PHONE = 200;

export interface InboxSms {
  id: number;
  address: string;
  body: string;
  /** Milliseconds since the epoch. */
  date: number;
}

/**
 * `content query` rows: `Row: 0 _id=3, address=+1555, body=Code 1234, date=1700000000000`. A
 * body may hold newlines (the next lines until the next `Row:` belong to it) and commas.
 */
export function parseInbox(out: string): InboxSms[] {
  const rows: string[] = [];
  for (const line of out.split('\n')) {
    if (/^Row: \d+ /.test(line)) rows.push(line);
    else if (rows.length) rows[rows.length - 1] += `\n${line}`;
  }
  const list: InboxSms[] = [];
  for (const row of rows) {
    const m = /^Row: \d+ _id=(\d+), address=(.*?), body=([\s\S]*), date=(\d+)\s*$/.exec(row);
    if (m) list.push({ id: Number(m[1]), address: m[2] ?? '', body: m[3] ?? '', date: Number(m[4]) });
  }
  return list;
}

/**
 * SMS received by the user's cloud phones (docs/messages.md, Received by cloud phones): read from
 * each device's inbox over ADB when asked; nothing is stored at the server.
 */
export class PhoneSms {
  constructor(
    private readonly db: Db,
    private readonly devices: Devices,
    private readonly now: () => Date,
  ) {}

  async list(s: Scope, phoneId?: number) {
    const rows = await this.db
      .select({ env: phoneEnvs, power: phonePower })
      .from(phoneEnvs)
      .innerJoin(phonePower, eq(phonePower.id, phoneEnvs.powerId))
      .where(and(visiblePhones(s), phoneId ? eq(phoneEnvs.id, phoneId) : undefined))
      .orderBy(asc(phoneEnvs.id))
      .limit(MAX_PHONES);
    if (phoneId && !rows.length) throw notFound('cloud phone');
    const list: Array<InboxSms & { phoneId: number; phoneName: string }> = [];
    const unread: Array<{ phoneId: number; phoneName: string; reason: string }> = [];
    let next = 0;
    const work = async () => {
      while (next < rows.length) {
        const { env, power } = rows[next++]!;
        const state = effectiveState(env, power, this.now());
        const who = { phoneId: env.id, phoneName: env.name };
        if (!env.deviceId || (state !== 'off' && state !== 'on')) {
          unread.push({ ...who, reason: 'phoneNotReady' });
          continue;
        }
        try {
          const device = await this.devices.require(this.db, env.deviceId);
          const out = await this.devices.on(device, (link) => link.shell(SMS_INBOX_COMMAND));
          if (/^Error|Exception|not found/m.test(out) && !out.includes('Row: ')) {
            unread.push({ ...who, reason: out.includes('No result found') ? '' : 'noInbox' });
            continue;
          }
          for (const m of parseInbox(out).slice(0, PER_PHONE)) list.push({ ...who, ...m });
        } catch (e) {
          unread.push({ ...who, reason: e instanceof AdbError ? `adb.${e.reason}` : 'noAnswer' });
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(AT_ONCE, rows.length) }, work));
    list.sort((a, b) => b.date - a.date);
    return {
      list: list.map(({ date, ...m }) => ({ ...m, receivedTime: formatCst(new Date(date)) })),
      unread: unread.filter((u) => u.reason).sort((a, b) => a.phoneId - b.phoneId),
    };
  }
}
