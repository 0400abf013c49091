import { type CallParsedBody, Code, type PhoneState } from '@facet/shared';
import { AdbError, type PhoneLink } from '@facet/shared/node';
import { Cron } from 'croner';
import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { LIVE, requireSubAccounts, type Scope, scopeOf, visiblePhones } from '../../access/index.js';
import type { AdbRelayConfig } from '../../config.js';
import type { Db, DbOrTx } from '../../db/connection.js';
import { AppError, fieldError, notFound } from '../../lib/errors.js';
import type { Secrets } from '../../lib/secrets.js';
import { type UserRow, users } from '../accounts/tables.js';
import { type Billing, moneyOwner } from '../billing/service.js';
import type { MessageSender } from '../outbox/senders.js';
import { AdbAccess } from './adb-access.js';
import { applySettings, DeviceRefused, newIdentity, wipe } from './android.js';
import { PhoneApps } from './apps.js';
import { ClientGrants } from './client-grants.js';
import { PhoneConfig } from './config.js';
import { PhoneDaily } from './daily.js';
import { Devices } from './devices.js';
import { PhoneExport } from './export.js';
import { PhoneFiles } from './files.js';
import { PhoneGroups } from './groups.js';
import type { PhoneHooks } from './hooks.js';
import { PhoneIpCheck } from './ip-check.js';
import { PhoneNotices } from './notices.js';
import { PhonePower } from './power.js';
import { PhoneSms } from './sms.js';
import {
  type EnvRow,
  type PowerRow,
  phoneDevices,
  phoneEnvShares,
  phoneEnvs,
  phoneGroups,
  phonePackages,
  phonePower,
  phoneSessions,
} from './tables.js';
import { type EnvJoined, effectiveState, phoneView } from './views.js';

export interface PhonesOptions {
  now?: () => Date;
  log?: FastifyBaseLogger | undefined;
  adbTimeoutMs?: number;
  /** Where APKs and uploaded files are kept (apps.ts, files.ts). */
  dataDir?: string;
  /** Notices by email (docs/phones.md, Preferences and notices). */
  sender?: MessageSender;
  /** ADB access for users: where the relay listens and which ports it hands out. */
  adbRelay?: AdbRelayConfig;
}

type Settings = Pick<CallParsedBody<'phoneUpdate'>, 'proxy' | 'locale' | 'timeZone' | 'gps'>;

/** States from which nothing but deleting (or renewing) helps. */
const BUSY: PhoneState[] = ['creating', 'resetting', 'starting'];

/**
 * Cloud phones (docs/phones.md): environments bound to the operator's devices, their settings
 * applied over ADB, and the computing power and money they run on (`power`).
 */
export class Phones {
  readonly devices: Devices;
  readonly power: PhonePower;
  readonly apps: PhoneApps;
  readonly files: PhoneFiles;
  readonly groups: PhoneGroups;
  private readonly now: () => Date;
  /** Device work running after a call answered (set-up, wipe); `idle()` waits for it. */
  private readonly running = new Set<Promise<void>>();
  private jobs: Cron | null = null;
  readonly hooks: PhoneHooks = { setUpSteps: [], ended: [], stopped: [] };
  readonly config: PhoneConfig;
  readonly ipCheck: PhoneIpCheck;
  readonly sms: PhoneSms;
  readonly daily: PhoneDaily;
  readonly notices: PhoneNotices;
  readonly exports: PhoneExport;
  readonly adb: AdbAccess;
  /** The desktop client's links to opened environments (phoneConnect). */
  readonly clientGrants: ClientGrants;

  constructor(
    private readonly db: Db,
    secrets: Secrets,
    private readonly billing: Billing,
    private readonly opts: PhonesOptions = {},
  ) {
    this.now = opts.now ?? (() => new Date());
    this.devices = new Devices(db, secrets, opts.adbTimeoutMs);
    this.power = new PhonePower(db, this.devices, this.now, {
      createEnv: (tx, o) => this.insertEnv(tx, o),
      setUp: (ids) => this.background(ids, (id) => this.setUp(id)),
      track: (work) => this.background([0], work),
    });
    this.power.sellThrough(billing.orders);
    const files = { now: this.now, dataDir: opts.dataDir ?? 'data', log: opts.log };
    this.apps = new PhoneApps(db, this.devices, this.hooks, files);
    this.files = new PhoneFiles(db, this.devices, files);
    this.config = new PhoneConfig(db);
    this.groups = new PhoneGroups(db, (tx, s, ids) => this.requireIds(tx, s, ids));
    this.ipCheck = new PhoneIpCheck(db, this.devices, this.config, this.now);
    this.sms = new PhoneSms(db, this.devices, this.now);
    this.daily = new PhoneDaily(db, this.now);
    this.notices = new PhoneNotices(db, this.config, this.power, opts.sender, this.now, this.hooks, opts.log);
    this.exports = new PhoneExport((s, q) => this.list(s, q));
    const relay = opts.adbRelay ?? { host: '127.0.0.1', publicHost: '127.0.0.1', ports: [0, 0] };
    this.adb = new AdbAccess(db, this.devices, relay, this.now, opts.log);
    this.clientGrants = new ClientGrants(db, this.devices, relay, this.now);
    this.hooks.stopped.push((ids) => this.clientGrants.end(ids));
  }

  /** ADB access for the user's own adb (docs/phones.md, ADB access for users). */
  async setAdb(s: Scope, b: CallParsedBody<'phoneSetAdb'>) {
    const { env } = await this.one(s, b.id);
    return this.adb.set(env, b.enabled, b.publicKey, b.replaceKeys);
  }

  async adbInfo(s: Scope, id: number) {
    return this.adb.info((await this.one(s, id)).env);
  }

  /**
   * A grant for the desktop client's link to the phone (docs/phones.md, In the client): the caller
   * must be allowed to open the environment, and have it open.
   */
  async connect(s: Scope, b: CallParsedBody<'phoneConnect'>) {
    const j = await this.one(s, b.id);
    this.checkUsable(s, j);
    if (effectiveState(j.env, j.power, this.now()) !== 'on') throw refusal('body.id', 'phoneNotOpen');
    return this.clientGrants.grant(j.env.id, b.publicKey);
  }

  /** The trial: one environment, once per account, paid (when the operator asks a fee) from the wallet. */
  async openTrial(u: UserRow) {
    const placed = await this.billing.placeOrder(u, { kind: 'phone', phone: { trial: true, by: u.id } }, 'wallet');
    const [env] = await this.db
      .select({ id: phoneEnvs.id })
      .from(phoneEnvs)
      .innerJoin(phonePower, eq(phonePower.id, phoneEnvs.powerId))
      .where(and(eq(phonePower.orderId, placed.order?.id ?? 0), eq(phoneEnvs.ownerId, moneyOwner(u))));
    if (!env) throw notFound('trial environment');
    const s = scopeOf(u);
    if (s.restricted)
      await this.db.insert(phoneEnvShares).values({ envId: env.id, userId: s.userId }).onConflictDoNothing();
    return this.get(s, env.id);
  }

  // ---- what runs by itself -------------------------------------------------------------------------

  /**
   * Every minute: environments whose power ended are closed, and after the retention days their
   * devices wiped and released; environments waiting for a device get one when it frees up. Safe
   * with several servers: each step is one conditional update.
   */
  async runJobs() {
    const { closed, released } = await this.db.transaction((tx) => this.power.expireDue(tx));
    await this.tellStopped(closed);
    for (const deviceId of released) await this.wipeDevice(deviceId);
    const waiting = await this.db
      .select({ id: phoneEnvs.id, powerId: phoneEnvs.powerId })
      .from(phoneEnvs)
      .where(and(eq(phoneEnvs.state, 'creating'), isNull(phoneEnvs.deviceId)))
      .orderBy(asc(phoneEnvs.id));
    for (const w of waiting) {
      const bound = await this.db.transaction(async (tx) => {
        const [power] = await tx.select().from(phonePower).where(eq(phonePower.id, w.powerId));
        if (!power || power.expiresAt.getTime() <= this.now().getTime()) return false;
        const device = await this.devices.takeFree(tx, power.region, power.androidVersion);
        if (!device) return false;
        const rows = await tx
          .update(phoneEnvs)
          .set({ deviceId: device.id, stateReason: '', updatedAt: this.now() })
          .where(and(eq(phoneEnvs.id, w.id), isNull(phoneEnvs.deviceId)))
          .returning({ id: phoneEnvs.id });
        return rows.length > 0;
      });
      if (bound) this.background([w.id], (id) => this.setUp(id));
    }
    await this.notices.remindExpiring();
    await this.idle();
  }

  /** The jobs, and the ADB relay's ports for environments with access on. */
  startJobs(): void {
    this.jobs ??= new Cron(
      '30 * * * * *',
      { protect: true, catch: (e) => this.opts.log?.warn({ err: e }, 'cloud phone job failed') },
      () => this.runJobs(),
    );
    void this.adb.start();
  }

  async stopJobs(): Promise<void> {
    this.jobs?.stop();
    this.jobs = null;
    await this.adb.stop();
    await this.clientGrants.stop();
  }

  /** Resolves when no device work started by a call is still running (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.allSettled([...this.running]);
    await this.files.idle();
  }

  private background(ids: number[], fn: (id: number) => Promise<void>) {
    for (const id of ids) {
      const p = fn(id)
        .catch((e) => this.opts.log?.warn({ err: e, envId: id }, 'cloud phone work failed'))
        .finally(() => this.running.delete(p));
      this.running.add(p);
    }
  }

  // ---- reading -------------------------------------------------------------------------------------

  private joined(where: SQL | undefined) {
    return this.db
      .select({
        env: phoneEnvs,
        power: phonePower,
        pkg: { name: phonePackages.name },
        device: { brand: phoneDevices.brand, model: phoneDevices.model },
        openedByName: users.username,
        groupName: phoneGroups.name,
      })
      .from(phoneEnvs)
      .innerJoin(phonePower, eq(phonePower.id, phoneEnvs.powerId))
      .leftJoin(phonePackages, eq(phonePackages.id, phonePower.packageId))
      .leftJoin(phoneDevices, eq(phoneDevices.id, phoneEnvs.deviceId))
      .leftJoin(users, eq(users.id, phoneEnvs.openedBy))
      .leftJoin(phoneGroups, eq(phoneGroups.id, phoneEnvs.groupId))
      .where(where);
  }

  async list(s: Scope, q: CallParsedBody<'phoneList'>) {
    const now = this.now().toISOString();
    const expired = sql`${phonePower.expiresAt} <= ${now}`;
    const conds: Array<SQL | undefined> = [visiblePhones(s)];
    if (q.name) conds.push(sql`${phoneEnvs.name} ilike ${`%${q.name.replace(/[\\%_]/g, '\\$&')}%`}`);
    if (q.region) conds.push(eq(phonePower.region, q.region));
    if (q.groupId !== undefined)
      conds.push(q.groupId === 0 ? isNull(phoneEnvs.groupId) : eq(phoneEnvs.groupId, q.groupId));
    if (q.mostCommon !== undefined) conds.push(eq(phoneEnvs.mostCommon, q.mostCommon));
    if (q.expiringDays !== undefined)
      conds.push(
        sql`${phonePower.expiresAt} <= ${new Date(this.now().getTime() + q.expiringDays * 86_400_000).toISOString()}`,
      );
    if (q.state === 'expired') conds.push(and(expired, sql`${phoneEnvs.state} <> 'disabled'`));
    else if (q.state === 'disabled') conds.push(eq(phoneEnvs.state, 'disabled'));
    else if (q.state) conds.push(and(eq(phoneEnvs.state, q.state), sql`not (${expired})`));
    const where = and(...conds);
    const [total] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(phoneEnvs)
      .innerJoin(phonePower, eq(phonePower.id, phoneEnvs.powerId))
      .where(where);
    const dir = q.order === 'desc' ? desc : asc;
    const by = {
      sort: phoneEnvs.sort,
      name: phoneEnvs.name,
      createdTime: phoneEnvs.createdAt,
      expireTime: phonePower.expiresAt,
      lastOpenTime: phoneEnvs.lastOpenedAt,
    }[q.sortBy ?? 'sort'];
    const rows = await this.joined(where)
      .orderBy(desc(phoneEnvs.mostCommon), dir(by), asc(phoneEnvs.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize);
    const at = this.now();
    return { total: total?.n ?? 0, list: rows.map((r) => phoneView(r as EnvJoined, at)) };
  }

  private async one(s: Scope, id: number): Promise<EnvJoined> {
    const [row] = await this.joined(and(visiblePhones(s), eq(phoneEnvs.id, id)));
    if (!row) throw notFound('cloud phone');
    return row as EnvJoined;
  }

  async get(s: Scope, id: number) {
    return phoneView(await this.one(s, id), this.now());
  }

  /** Every id must be an environment the actor may see; returns them deduplicated. */
  private async requireIds(tx: DbOrTx, s: Scope, ids: number[]) {
    const unique = [...new Set(ids)];
    const rows = await tx
      .select({ id: phoneEnvs.id })
      .from(phoneEnvs)
      .where(and(visiblePhones(s), inArray(phoneEnvs.id, unique)));
    if (rows.length !== unique.length) {
      const have = new Set(rows.map((r) => r.id));
      throw notFound(
        `cloud phone ${unique
          .filter((i) => !have.has(i))
          .slice(0, 20)
          .join(', ')}`,
      );
    }
    return unique;
  }

  // ---- creating and setting up ---------------------------------------------------------------------

  /**
   * An environment on a power, bound to a free device of its region if there is one; without one
   * it waits in `creating` (the job binds it when a device frees up).
   */
  private async insertEnv(
    tx: DbOrTx,
    o: { ownerId: number; creatorId: number; power: PowerRow; name: string; remark?: string; settings?: Settings },
  ): Promise<EnvRow> {
    const device = await this.devices.takeFree(tx, o.power.region, o.power.androidVersion);
    const [row] = await tx
      .insert(phoneEnvs)
      .values({
        ownerId: o.ownerId,
        creatorId: o.creatorId,
        powerId: o.power.id,
        deviceId: device?.id ?? null,
        name: o.name,
        remark: o.remark ?? '',
        state: 'creating',
        stateReason: device ? '' : 'waitingForDevice',
        ...settingColumns({ ...(await this.config.defaults(tx, o.ownerId)), ...definedOf(o.settings ?? {}) }),
        createdAt: this.now(),
        updatedAt: this.now(),
      })
      .returning();
    return row!;
  }

  async create(s: Scope, b: CallParsedBody<'phoneCreate'>) {
    const env = await this.db.transaction(async (tx) => {
      const power = await this.power.freePower(tx, s.mainId, b.powerId, b.region);
      const row = await this.insertEnv(tx, {
        ownerId: s.mainId,
        creatorId: s.userId,
        power,
        name: b.name,
        remark: b.remark,
        settings: b,
      });
      // A user creating one by hand is told at once; bought power may wait for a device.
      if (!row.deviceId) throw fieldError(b.powerId ? 'body.powerId' : 'body.region', 'noDeviceInRegion', power.region);
      return row;
    });
    if (s.restricted) await this.db.insert(phoneEnvShares).values({ envId: env.id, userId: s.userId });
    this.background([env.id], (id) => this.setUp(id));
    return this.get(s, env.id);
  }

  /**
   * Prepares a bound environment's device: the previous user's data gone, a new identity, the
   * environment's settings; then it is off and ready. A device that fails says why.
   */
  async setUp(envId: number) {
    await this.onDevice(envId, 'creating', 'setUp', async (link, env) => {
      await wipe(link);
      const androidId = await newIdentity(link);
      await applySettings(link, settingsOf(env));
      for (const step of this.hooks.setUpSteps) await step(link, env);
      return { androidId };
    });
  }

  /**
   * Runs device work for an environment in `during` state and ends it off, or failed with the
   * reason (the device's refusal, or why ADB could not reach it).
   */
  private async onDevice(
    envId: number,
    during: PhoneState,
    kind: 'setUp' | 'newMachine',
    work: (link: PhoneLink, env: EnvRow) => Promise<Partial<EnvRow> | undefined>,
  ) {
    const [env] = await this.db.select().from(phoneEnvs).where(eq(phoneEnvs.id, envId));
    if (!env?.deviceId) return;
    const device = await this.devices.require(this.db, env.deviceId);
    await this.setState(envId, during, '');
    try {
      const extra = await this.devices.on(device, (link) => work(link, env));
      await this.db
        .update(phoneEnvs)
        .set({ ...(extra ?? {}), state: 'off', stateReason: '', updatedAt: this.now() })
        .where(and(eq(phoneEnvs.id, envId), eq(phoneEnvs.state, during)));
      await this.tellEnded(env, kind, 'off', '');
    } catch (e) {
      const reason =
        e instanceof AdbError ? `adb.${e.reason}` : e instanceof DeviceRefused ? 'deviceRefused' : 'unknown';
      this.opts.log?.warn({ err: e, envId }, 'cloud phone device work failed');
      await this.db
        .update(phoneEnvs)
        .set({ state: 'failed', stateReason: reason, updatedAt: this.now() })
        .where(eq(phoneEnvs.id, envId));
      await this.tellEnded(env, kind, 'failed', reason);
    }
  }

  private async tellEnded(env: EnvRow, work: 'setUp' | 'newMachine', state: 'off' | 'failed', reason: string) {
    for (const h of this.hooks.ended)
      await h(env, work, { state, reason }).catch((e) => this.opts.log?.warn({ err: e }, 'cloud phone hook failed'));
  }

  private async tellStopped(envIds: number[]) {
    if (!envIds.length) return;
    for (const h of this.hooks.stopped)
      await h(envIds).catch((e) => this.opts.log?.warn({ err: e }, 'cloud phone hook failed'));
  }

  private async setState(id: number, state: PhoneState, reason: string) {
    await this.db
      .update(phoneEnvs)
      .set({ state, stateReason: reason, updatedAt: this.now() })
      .where(eq(phoneEnvs.id, id));
  }

  // ---- changing --------------------------------------------------------------------------------------

  async update(s: Scope, b: CallParsedBody<'phoneUpdate'>) {
    const { env } = await this.one(s, b.id);
    const cols = settingColumns(b);
    await this.db
      .update(phoneEnvs)
      .set({
        ...(b.name !== undefined ? { name: b.name } : {}),
        ...(b.remark !== undefined ? { remark: b.remark } : {}),
        ...cols,
        updatedAt: this.now(),
      })
      .where(eq(phoneEnvs.id, env.id));
    const applied = Object.keys(cols).length ? await this.pushSettings(env.id) : null;
    // Saved, and the rest applied; the device itself does not let the shell set a location.
    if (b.gps && applied?.gps === 'refused') throw fieldError('body.gps', 'gpsNotAllowed');
    return this.get(s, b.id);
  }

  /**
   * Sends an environment's settings to its device now when it is ready (off or on); otherwise its
   * next set-up applies them. A device that does not answer is a 16041 naming the reason, and the
   * saved settings stay for the next try.
   */
  private async pushSettings(id: number) {
    const [env] = await this.db.select().from(phoneEnvs).where(eq(phoneEnvs.id, id));
    if (!env?.deviceId || !['off', 'on'].includes(env.state)) return null;
    const device = await this.devices.require(this.db, env.deviceId);
    try {
      return await this.devices.on(device, (link) => applySettings(link, settingsOf(env)));
    } catch (e) {
      throw deviceFailure(e);
    }
  }

  async rename(s: Scope, id: number, name: string) {
    await this.requireIds(this.db, s, [id]);
    await this.db.update(phoneEnvs).set({ name, updatedAt: this.now() }).where(eq(phoneEnvs.id, id));
    return true;
  }

  /** One column for many environments, in one statement (all or nothing). */
  private async setMany(s: Scope, ids: number[], set: Partial<EnvRow>) {
    const unique = await this.requireIds(this.db, s, ids);
    await this.db
      .update(phoneEnvs)
      .set({ ...set, updatedAt: this.now() })
      .where(inArray(phoneEnvs.id, unique));
    return unique;
  }

  async batchRemark(s: Scope, ids: number[], remark: string) {
    return { count: (await this.setMany(s, ids, { remark })).length };
  }

  async batchData(s: Scope, ids: number[], data: Record<string, unknown>) {
    return { count: (await this.setMany(s, ids, { data })).length };
  }

  /** Saved for all at once; then sent to each ready device (one that fails does not undo the others). */
  async batchProxy(s: Scope, b: CallParsedBody<'phoneBatchProxy'>) {
    const unique = await this.setMany(s, b.ids, settingColumns({ proxy: b.proxy }));
    const failed: number[] = [];
    for (const id of unique) await this.pushSettings(id).catch(() => failed.push(id));
    if (failed.length) throw new AppError(Code.PHONE_DEVICE, `saved; not applied on ${failed.join(', ')} yet`);
    return { count: unique.length };
  }

  async updateSort(s: Scope, items: Array<{ id: number; sort: number }>) {
    await this.requireIds(
      this.db,
      s,
      items.map((i) => i.id),
    );
    await this.db.transaction(async (tx) => {
      for (const i of items) await tx.update(phoneEnvs).set({ sort: i.sort }).where(eq(phoneEnvs.id, i.id));
    });
    return { count: items.length };
  }

  async setMostCommon(s: Scope, ids: number[], mostCommon: boolean) {
    return { count: (await this.setMany(s, ids, { mostCommon })).length };
  }

  async enable(s: Scope, ids: number[], enabled: boolean) {
    const unique = await this.requireIds(this.db, s, ids);
    const now = this.now();
    await this.db.transaction(async (tx) => {
      if (enabled) {
        await tx
          .update(phoneEnvs)
          .set({ state: 'off', stateReason: '', updatedAt: now })
          .where(and(inArray(phoneEnvs.id, unique), eq(phoneEnvs.state, 'disabled')));
      } else {
        await this.endSessions(tx, unique);
        await tx
          .update(phoneEnvs)
          .set({ state: 'disabled', stateReason: 'disabledByUser', openedBy: null, updatedAt: now })
          .where(and(inArray(phoneEnvs.id, unique), sql`${phoneEnvs.state} not in ('creating', 'resetting')`));
      }
    });
    if (!enabled) await this.tellStopped(unique);
    return { count: unique.length };
  }

  async restrict(s: Scope, b: CallParsedBody<'phoneRestrict'>) {
    await this.requireIds(this.db, s, [b.id]);
    const userIds = b.mode === 'users' ? await requireSubAccounts(this.db, s.mainId, b.userIds, 'body.userIds') : [];
    await this.db
      .update(phoneEnvs)
      .set({ restriction: b.mode, restrictionUserIds: userIds, updatedAt: this.now() })
      .where(eq(phoneEnvs.id, b.id));
    return true;
  }

  async share(s: Scope, b: CallParsedBody<'phoneShare'>) {
    if (s.restricted) throw new AppError(Code.FORBIDDEN, 'only the main account shares');
    const ids = await this.requireIds(this.db, s, b.ids);
    const userIds = await requireSubAccounts(this.db, s.mainId, b.userIds, 'body.userIds');
    await this.db.transaction(async (tx) => {
      if (b.mode !== 'add')
        await tx
          .delete(phoneEnvShares)
          .where(
            and(
              inArray(phoneEnvShares.envId, ids),
              b.mode === 'remove' && userIds.length ? inArray(phoneEnvShares.userId, userIds) : undefined,
            ),
          );
      if (b.mode !== 'remove' && userIds.length)
        await tx
          .insert(phoneEnvShares)
          .values(ids.flatMap((envId) => userIds.map((userId) => ({ envId, userId }))))
          .onConflictDoNothing();
    });
    return { count: ids.length };
  }

  async shares(s: Scope, id: number) {
    await this.requireIds(this.db, s, [id]);
    return this.db
      .select({ id: users.id, username: users.username })
      .from(phoneEnvShares)
      .innerJoin(users, eq(users.id, phoneEnvShares.userId))
      .where(and(eq(phoneEnvShares.envId, id), inArray(users.status, [...LIVE])))
      .orderBy(asc(users.username));
  }

  // ---- using ---------------------------------------------------------------------------------------

  /** Refuses what the state or the restriction forbids, with the reason as the error's key. */
  private checkUsable(s: Scope, j: EnvJoined) {
    const state = effectiveState(j.env, j.power, this.now());
    const refuse = (key: string) => refusal('body.id', key);
    if (state === 'expired') throw refuse('phoneExpired');
    if (state === 'disabled') throw refuse('phoneDisabled');
    if (state === 'failed') throw refuse('phoneFailed');
    if (BUSY.includes(state) || !j.env.deviceId) throw refuse('phoneNotReady');
    if (state === 'on' && j.env.openedBy !== s.userId) throw refuse('phoneInUse');
    const r = j.env.restriction;
    if (r === 'owner' && s.restricted) throw refuse('phoneRestricted');
    if (r === 'users' && s.restricted && !j.env.restrictionUserIds.includes(s.userId)) throw refuse('phoneRestricted');
  }

  /** Marks it on for the caller after its device answered; time on is counted until close. */
  async open(s: Scope, id: number) {
    const j = await this.one(s, id);
    this.checkUsable(s, j);
    const device = await this.devices.require(this.db, j.env.deviceId as number);
    try {
      await this.devices.on(device, async (link) => {
        await link.shell('echo ready');
      });
    } catch (e) {
      throw deviceFailure(e);
    }
    const now = this.now();
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(phoneEnvs)
        .set({ state: 'on', openedBy: s.userId, lastOpenedAt: now, updatedAt: now })
        .where(and(eq(phoneEnvs.id, id), sql`${phoneEnvs.state} in ('off', 'on')`))
        .returning({ id: phoneEnvs.id });
      if (!row)
        throw new AppError(Code.PHONE_STATE, 'cloud phone changed state', 400, [
          { field: 'body.id', key: 'phoneNotReady' },
        ]);
      if (j.env.state !== 'on') await tx.insert(phoneSessions).values({ envId: id, userId: s.userId, startedAt: now });
    });
    return this.get(s, id);
  }

  async close(s: Scope, id: number) {
    await this.requireIds(this.db, s, [id]);
    await this.db.transaction(async (tx) => {
      await this.endSessions(tx, [id]);
      await tx
        .update(phoneEnvs)
        .set({ state: 'off', openedBy: null, updatedAt: this.now() })
        .where(and(eq(phoneEnvs.id, id), eq(phoneEnvs.state, 'on')));
    });
    await this.tellStopped([id]);
    return true;
  }

  private async endSessions(tx: DbOrTx, ids: number[]) {
    await tx
      .update(phoneSessions)
      .set({ endedAt: this.now() })
      .where(and(inArray(phoneSessions.envId, ids), isNull(phoneSessions.endedAt)));
  }

  async checkBinding(s: Scope, id: number) {
    const j = await this.one(s, id);
    let online = false;
    if (j.env.deviceId) {
      const device = await this.devices.require(this.db, j.env.deviceId);
      online = await this.devices
        .on(device, (link) => link.shell('echo ok'))
        .then(() => true)
        .catch(() => false);
    }
    const view = phoneView(j, this.now());
    return { bound: view.bound, online, state: view.state, stateReason: view.stateReason };
  }

  /** Wipes the user's data and gives the device a new identity; the environment's settings stay. */
  async newMachine(s: Scope, id: number) {
    const j = await this.one(s, id);
    const state = effectiveState(j.env, j.power, this.now());
    if (state === 'on')
      throw new AppError(Code.PHONE_STATE, 'close it first', 400, [{ field: 'params.id', key: 'phoneInUse' }]);
    if (state !== 'off' && state !== 'failed')
      throw new AppError(Code.PHONE_STATE, `cloud phone is ${state}`, 400, [
        { field: 'params.id', key: 'phoneNotReady' },
      ]);
    await this.onDevice(id, 'resetting', 'newMachine', async (link, env) => {
      await wipe(link);
      const androidId = await newIdentity(link);
      await applySettings(link, settingsOf(env));
      return { androidId };
    });
    const after = await this.get(s, id);
    if (after.state === 'failed')
      throw new AppError(Code.PHONE_DEVICE, after.stateReason, 400, [{ field: 'params.id', key: after.stateReason }]);
    return after;
  }

  /**
   * Moves an environment onto another free power of its region and Android version: the device
   * and its data stay, the old power is free again. An environment whose device was released
   * after expiry gets one again (and is set up).
   */
  async changePower(s: Scope, id: number, powerId: number) {
    const { env, power: old } = await this.one(s, id);
    const bindNew = await this.db.transaction(async (tx) => {
      const power = await this.power.freePower(tx, s.mainId, powerId, undefined);
      if (power.region !== old.region || power.androidVersion !== old.androidVersion)
        throw fieldError('body.powerId', 'powerRegionMismatch', `${old.region}, Android ${old.androidVersion}`);
      const device = env.deviceId ? null : await this.devices.takeFree(tx, power.region, power.androidVersion);
      await tx
        .update(phoneEnvs)
        .set({
          powerId: power.id,
          updatedAt: this.now(),
          ...(env.deviceId
            ? {}
            : {
                deviceId: device?.id ?? null,
                state: 'creating',
                stateReason: device ? '' : 'waitingForDevice',
                releasedAt: null,
              }),
        })
        .where(eq(phoneEnvs.id, id));
      return !env.deviceId && device !== null;
    });
    await this.tellStopped([id]);
    if (bindNew) this.background([id], (envId) => this.setUp(envId));
    return this.get(s, id);
  }

  /** Deleted at once; their devices are wiped and released in the background. */
  async remove(s: Scope, ids: number[]) {
    const unique = await this.requireIds(this.db, s, ids);
    const rows = await this.db.transaction(async (tx) => {
      await this.endSessions(tx, unique);
      await tx.delete(phoneEnvShares).where(inArray(phoneEnvShares.envId, unique));
      return tx.delete(phoneEnvs).where(inArray(phoneEnvs.id, unique)).returning();
    });
    await this.tellStopped(unique);
    for (const r of rows)
      if (r.deviceId) {
        const deviceId = r.deviceId;
        this.background([r.id], () => this.wipeDevice(deviceId));
      }
    return { count: rows.length };
  }

  /** A released device is wiped before anyone gets it; one that cannot be reached is marked so. */
  async wipeDevice(deviceId: number) {
    const device = await this.devices.require(this.db, deviceId);
    await this.devices.on(device, wipe).catch(() => undefined);
  }
}

/** Only the settings named (a default fills what is absent). */
const definedOf = (b: Settings): Settings =>
  Object.fromEntries(Object.entries(b).filter(([, v]) => v !== undefined)) as Settings;

function settingColumns(b: Settings): Partial<EnvRow> {
  const out: Partial<EnvRow> = {};
  if (b.proxy) {
    out.proxyType = b.proxy.proxyType;
    out.proxyHost = b.proxy.proxyType === 'http' ? (b.proxy.host ?? '') : '';
    out.proxyPort = b.proxy.proxyType === 'http' ? (b.proxy.port ?? null) : null;
  }
  if (b.locale) out.locale = b.locale;
  if (b.timeZone) out.timeZone = b.timeZone;
  if (b.gps !== undefined) {
    out.latitude = b.gps?.latitude ?? null;
    out.longitude = b.gps?.longitude ?? null;
  }
  return out;
}

const settingsOf = (env: EnvRow) => ({
  proxy: { proxyType: env.proxyType, host: env.proxyHost, port: env.proxyPort },
  locale: env.locale,
  timeZone: env.timeZone,
  gps: env.latitude !== null && env.longitude !== null ? { latitude: env.latitude, longitude: env.longitude } : null,
});

/** 16040: the environment's state (or its restriction) forbids it; `key` says which. */
function refusal(field: string, key: string): AppError {
  return new AppError(Code.PHONE_STATE, `cloud phone is ${key}`, 400, [{ field, key }]);
}

function deviceFailure(e: unknown): AppError {
  const key = e instanceof AdbError ? `adb.${e.reason}` : e instanceof DeviceRefused ? 'deviceRefused' : 'unknown';
  return new AppError(Code.PHONE_DEVICE, e instanceof Error ? e.message : String(e), 400, [{ field: '', key }]);
}
