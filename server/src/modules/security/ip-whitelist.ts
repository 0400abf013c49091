import { BlockList, isIPv4 } from 'node:net';
import { Code, ipVersion } from '@facet/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import { AppError } from '../../lib/errors.js';
import type { UserRow } from '../accounts/tables.js';
import type { Logs } from '../logs/service.js';
import { ipWhitelists } from './tables.js';

/** `::ffff:1.2.3.4` (an IPv4 client on a dual-stack socket) is the IPv4 address. */
export function normaliseIp(ip: string): string {
  const m = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return m?.[1] ?? ip;
}

export function matches(entries: ReadonlyArray<string>, ip: string): boolean {
  const addr = normaliseIp(ip);
  const type = isIPv4(addr) ? 'ipv4' : 'ipv6';
  const list = new BlockList();
  for (const e of entries) {
    const [a, p] = e.split('/') as [string, string | undefined];
    const t = ipVersion(a) === 4 ? 'ipv4' : 'ipv6';
    if (p === undefined) list.addAddress(a, t);
    else list.addSubnet(a, Number(p), t);
  }
  try {
    return list.check(addr, type);
  } catch {
    return false;
  }
}

/** Refuses (10013) an address outside a non-empty whitelist. */
export function assertWhitelistAllows(entries: ReadonlyArray<string>, ip: string): void {
  if (entries.length && !matches(entries, ip))
    throw new AppError(Code.IP_NOT_ALLOWED, `the account's IP whitelist does not allow ${normaliseIp(ip)}`, 403);
}

/**
 * The IP whitelist of a main account (the global value ipWhitelist). When it holds entries, logins and
 * calls of the account and its sub-accounts from other addresses are refused (10013).
 */
export class IpWhitelists {
  constructor(
    private readonly db: Db,
    private readonly logs: Logs,
  ) {}

  async get(mainAccountId: number): Promise<string[]> {
    const [row] = await this.db
      .select({ entries: ipWhitelists.entries })
      .from(ipWhitelists)
      .where(eq(ipWhitelists.mainAccountId, mainAccountId));
    return row?.entries ?? [];
  }

  async assertAllowed(user: UserRow, ip: string): Promise<void> {
    assertWhitelistAllows(await this.get(user.parentId ?? user.id), ip);
  }

  /** Saves the list; one that would shut the caller out needs confirm. An empty list turns it off. */
  async set(caller: UserRow, entries: string[], confirm: boolean, ip: string) {
    const clean = [...new Set(entries.map((e) => e.trim()))];
    if (clean.length && !matches(clean, ip) && !confirm)
      throw new AppError(
        Code.IP_WHITELIST_EXCLUDES_CALLER,
        `the list does not hold your current address ${normaliseIp(ip)}; send confirm: true to save it anyway`,
      );
    const mainAccountId = caller.parentId ?? caller.id;
    await this.db.transaction(async (tx) => {
      await tx
        .insert(ipWhitelists)
        .values({ mainAccountId, entries: clean, updatedBy: caller.id })
        .onConflictDoUpdate({
          target: ipWhitelists.mainAccountId,
          set: { entries: clean, updatedBy: caller.id, updatedAt: new Date() },
        });
      await this.logs.operation(tx, caller, {
        action: 'setting.ipWhitelist',
        targetType: 'setting',
        targetId: 'ipWhitelist',
        detail: { entries: clean, confirmed: confirm },
      });
    });
    return { entries: clean, currentIp: normaliseIp(ip) };
  }
}
