import { type CallParsedBody, formatCst } from '@facet/shared';
import { AdbError, adbPublicKey, newAdbKey, type PhoneLink, withPhone } from '@facet/shared/node';
import { and, asc, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/connection.js';
import { fieldError, notFound } from '../../lib/errors.js';
import type { Secrets } from '../../lib/secrets.js';
import { pageOf, violatedConstraint } from '../../lib/sql-helpers.js';
import { readFacts } from './android.js';
import { type DeviceRow, phoneDevices, phoneEnvs, phoneSettings } from './tables.js';

/**
 * The operator's devices (docs/phones.md, Devices): registering and probing them, finding a free
 * one for a new environment, and running work on one device at a time.
 */
export class Devices {
  private key: Uint8Array | null = null;
  /** Work queued per device, so two changes never interleave their commands on one phone. */
  private readonly queues = new Map<number, Promise<unknown>>();

  constructor(
    private readonly db: Db,
    private readonly secrets: Secrets,
    private readonly timeoutMs = 5_000,
  ) {}

  /** The server's ADB key, made once and kept encrypted. */
  async adbKey(): Promise<Uint8Array> {
    if (this.key) return this.key;
    await this.db.insert(phoneSettings).values({ id: 1 }).onConflictDoNothing();
    const fresh = Buffer.from(newAdbKey()).toString('base64');
    // Two servers starting at once both try; the first one's key is the key.
    await this.db
      .update(phoneSettings)
      .set({ adbKey: this.secrets.encrypt(fresh) })
      .where(and(eq(phoneSettings.id, 1), sql`${phoneSettings.adbKey} is null`));
    const [row] = await this.db.select({ k: phoneSettings.adbKey }).from(phoneSettings).where(eq(phoneSettings.id, 1));
    this.key = new Uint8Array(Buffer.from(this.secrets.decrypt(row!.k!), 'base64'));
    return this.key;
  }

  async publicKey() {
    return { publicKey: adbPublicKey(await this.adbKey()) };
  }

  /** Runs `fn` on the device after whatever is queued on it, connected for the duration. */
  async on<T>(device: Pick<DeviceRow, 'id' | 'host' | 'port'>, fn: (link: PhoneLink) => Promise<T>): Promise<T> {
    const key = await this.adbKey();
    const before = this.queues.get(device.id) ?? Promise.resolve();
    const mine = before
      .catch(() => undefined)
      .then(() => withPhone({ host: device.host, port: device.port }, key, fn, { timeoutMs: this.timeoutMs }))
      .then(
        async (v) => {
          await this.setStatus(device.id, 'online');
          return v;
        },
        async (e) => {
          // Only ADB's own failures say something about the device; a refused command does not.
          if (e instanceof AdbError) await this.setStatus(device.id, e.reason);
          throw e;
        },
      );
    const tail = mine.catch(() => undefined);
    this.queues.set(device.id, tail);
    void tail.then(() => {
      if (this.queues.get(device.id) === tail) this.queues.delete(device.id);
    });
    return mine;
  }

  async require(tx: DbOrTx, id: number): Promise<DeviceRow> {
    const [d] = await tx.select().from(phoneDevices).where(eq(phoneDevices.id, id));
    if (!d) throw notFound('device');
    return d;
  }

  /**
   * A free, enabled, online-or-unprobed device of the region (and Android version when given),
   * locked for the caller's transaction; null when there is none.
   */
  async takeFree(tx: DbOrTx, region: string, androidVersion: string | null): Promise<DeviceRow | null> {
    const rows = await tx
      .select()
      .from(phoneDevices)
      .where(
        and(
          eq(phoneDevices.region, region),
          eq(phoneDevices.enabled, true),
          sql`${phoneDevices.status} in ('online', 'unknown')`,
          androidVersion ? eq(phoneDevices.androidVersion, androidVersion) : undefined,
          sql`${phoneDevices.id} not in (select ${phoneEnvs.deviceId} from ${phoneEnvs} where ${phoneEnvs.deviceId} is not null)`,
        ),
      )
      .orderBy(asc(phoneDevices.id))
      .limit(1)
      .for('update', { skipLocked: true });
    return rows[0] ?? null;
  }

  /** How many devices could take a new environment, per region and Android version. */
  async freeCounts(tx: DbOrTx = this.db): Promise<Map<string, number>> {
    const rows = await tx
      .select({ region: phoneDevices.region, v: phoneDevices.androidVersion, n: count() })
      .from(phoneDevices)
      .where(
        and(
          eq(phoneDevices.enabled, true),
          sql`${phoneDevices.status} in ('online', 'unknown')`,
          sql`${phoneDevices.id} not in (select ${phoneEnvs.deviceId} from ${phoneEnvs} where ${phoneEnvs.deviceId} is not null)`,
        ),
      )
      .groupBy(phoneDevices.region, phoneDevices.androidVersion);
    return new Map(rows.map((r) => [`${r.region}/${r.v}`, r.n]));
  }

  // ---- the operator's screens --------------------------------------------------------------------

  async list(q: CallParsedBody<'adminDeviceList'>) {
    const where = q.region ? eq(phoneDevices.region, q.region) : undefined;
    const { total, rows } = await pageOf(this.db, phoneDevices, where, [asc(phoneDevices.id)], q);
    const used = await this.usedBy(rows.map((r) => r.id));
    return { total, list: rows.map((d) => deviceView(d, used.get(d.id) ?? 0)) };
  }

  private async usedBy(ids: number[]) {
    if (!ids.length) return new Map<number, number>();
    const rows = await this.db
      .select({ id: phoneEnvs.deviceId, n: count() })
      .from(phoneEnvs)
      .where(and(isNotNull(phoneEnvs.deviceId), inArray(phoneEnvs.deviceId, ids)))
      .groupBy(phoneEnvs.deviceId);
    return new Map(rows.map((r) => [r.id as number, r.n]));
  }

  /** Saves a device and probes it at once, so the operator sees whether Facet can reach it. */
  async save(b: CallParsedBody<'adminDeviceSave'>) {
    const values = {
      name: b.name,
      host: b.host,
      port: b.port,
      region: b.region,
      androidVersion: b.androidVersion,
      brand: b.brand,
      model: b.model,
      capacity: b.capacity,
      enabled: b.enabled,
    };
    let id: number;
    try {
      if (b.id) {
        const [row] = await this.db.update(phoneDevices).set(values).where(eq(phoneDevices.id, b.id)).returning();
        if (!row) throw notFound('device');
        id = row.id;
      } else {
        const [row] = await this.db.insert(phoneDevices).values(values).returning();
        id = row!.id;
      }
    } catch (e) {
      if (violatedConstraint(e) === 'phone_devices_endpoint_uq') throw fieldError('body.host', 'deviceExists');
      throw e;
    }
    return this.probe(id);
  }

  /** Connects now: records online with what the device says, or the reason it could not be reached. */
  async probe(id: number) {
    const d = await this.require(this.db, id);
    let status = 'online';
    let facts: Awaited<ReturnType<typeof readFacts>> | null = null;
    try {
      facts = await this.on(d, readFacts);
    } catch (e) {
      status = e instanceof AdbError ? e.reason : 'protocol';
    }
    const [row] = await this.db
      .update(phoneDevices)
      .set({
        status,
        checkedAt: new Date(),
        ...(facts
          ? {
              brand: d.brand || facts.brand,
              model: d.model || facts.model,
            }
          : {}),
      })
      .where(eq(phoneDevices.id, id))
      .returning();
    const used = await this.usedBy([id]);
    return deviceView(row!, used.get(id) ?? 0);
  }

  /** Removes devices that hold no environment. */
  async remove(ids: number[]) {
    const busy = await this.usedBy(ids);
    if (busy.size) throw fieldError('body.ids', 'deviceInUse', [...busy.keys()].join(', '));
    const rows = await this.db
      .delete(phoneDevices)
      .where(inArray(phoneDevices.id, ids))
      .returning({ id: phoneDevices.id });
    return { count: rows.length };
  }

  /** Records what the last connection found (written only when it changed). */
  async setStatus(id: number, status: string) {
    await this.db
      .update(phoneDevices)
      .set({ status, checkedAt: new Date() })
      .where(and(eq(phoneDevices.id, id), sql`${phoneDevices.status} <> ${status}`));
  }
}

export function deviceView(d: DeviceRow, used: number) {
  return {
    id: d.id,
    name: d.name,
    host: d.host,
    port: d.port,
    region: d.region,
    androidVersion: d.androidVersion,
    brand: d.brand,
    model: d.model,
    capacity: d.capacity,
    used,
    enabled: d.enabled,
    status: d.status,
    checkedTime: formatCst(d.checkedAt),
  };
}
