/// <reference path="../../types/adbkit-apkreader.d.ts" />
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import ApkReader from '@devicefarmer/adbkit-apkreader';
import { type CallParsedBody, Code, formatCst, type PhoneAppView } from '@facet/shared';
import { AdbError, type PhoneLink } from '@facet/shared/node';
import { ReadableStream } from '@yume-chan/stream-extra';
import { and, asc, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Scope, visiblePhones } from '../../access/index.js';
import type { Db, DbOrTx } from '../../db/connection.js';
import type { ReceivedUpload } from '../../http/uploads.js';
import { AppError, fieldError, notFound } from '../../lib/errors.js';
import { DeviceRefused } from './android.js';
import type { Devices } from './devices.js';
import type { PhoneHooks } from './hooks.js';
import {
  type DeviceRow,
  type EnvRow,
  type PhoneAppRow,
  phoneAppKinds,
  phoneApps,
  phoneDevices,
  phoneEnvApps,
  phoneEnvs,
  phonePower,
  phonePreinstalls,
} from './tables.js';
import { effectiveState } from './views.js';

/** The operator's market apps are owned by no account. */
const MARKET = 0;
/** An icon larger than this is not kept (the list shows a placeholder). */
const ICON_MAX_BYTES = 64 * 1024;
const PACKAGE = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)+$/;

export interface AppsOptions {
  now: () => Date;
  dataDir: string;
  log?: FastifyBaseLogger | undefined;
}

/** A file on disk as the ADB link's push takes it, read 64 KiB at a time; `close` always closes it. */
export async function fileStream(path: string) {
  const fh = await open(path, 'r');
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await fh.close();
  };
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const buf = Buffer.alloc(64 * 1024);
      const { bytesRead } = await fh.read(buf, 0, buf.length, null);
      if (bytesRead === 0) {
        await close();
        controller.close();
      } else controller.enqueue(new Uint8Array(buf.buffer, buf.byteOffset, bytesRead));
    },
    cancel: close,
  });
  return { stream, close };
}

/** The environments' rows with their power and device, if the actor sees them all (404 otherwise). */
export async function visibleEnvs(db: DbOrTx, s: Scope, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = await db
    .select({ env: phoneEnvs, power: phonePower, device: phoneDevices })
    .from(phoneEnvs)
    .innerJoin(phonePower, eq(phonePower.id, phoneEnvs.powerId))
    .leftJoin(phoneDevices, eq(phoneDevices.id, phoneEnvs.deviceId))
    .where(and(visiblePhones(s), inArray(phoneEnvs.id, unique)));
  if (rows.length !== unique.length) {
    const have = new Set(rows.map((r) => r.env.id));
    throw notFound(`cloud phone ${unique.filter((i) => !have.has(i)).join(', ')}`);
  }
  return unique.map((id) => rows.find((r) => r.env.id === id)!);
}

/** Why work cannot be done on an environment now (an i18n key of the state), or null when it can. */
export function unusableReason(env: EnvRow, power: typeof phonePower.$inferSelect, now: Date): string | null {
  const state = effectiveState(env, power, now);
  if (state === 'expired') return 'phoneExpired';
  if (state === 'disabled') return 'phoneDisabled';
  if (state === 'failed') return 'phoneFailed';
  if ((state !== 'off' && state !== 'on') || !env.deviceId) return 'phoneNotReady';
  return null;
}

/** Refuses the whole call with 16040 and the first unusable environment's state key. */
export function requireUsable(rows: Awaited<ReturnType<typeof visibleEnvs>>, now: Date, field: string) {
  for (const [i, r] of rows.entries()) {
    const key = unusableReason(r.env, r.power, now);
    if (key)
      throw new AppError(Code.PHONE_STATE, `cloud phone ${r.env.id} is ${key}`, 400, [{ field: `${field}.${i}`, key }]);
  }
  return rows as Array<(typeof rows)[number] & { device: DeviceRow }>;
}

/** The reason device work failed, as the key the console translates. */
export const failureKey = (e: unknown) =>
  e instanceof AdbError ? `adb.${e.reason}` : e instanceof DeviceRefused ? 'deviceRefused' : 'unknown';

/**
 * The application market and the user's own APKs (docs/phones.md, Apps): uploads read with
 * adbkit-apkreader, installs and uninstalls on environments over ADB, and the apps preinstalled at
 * an environment's first set-up.
 */
export class PhoneApps {
  constructor(
    private readonly db: Db,
    private readonly devices: Devices,
    hooks: PhoneHooks,
    private readonly opts: AppsOptions,
  ) {
    hooks.setUpSteps.push((link, env) => this.preinstallOn(link, env));
    hooks.ended.push(async (env, work, outcome) => {
      // A new machine wipes the apps (set-up records its own preinstalled ones).
      if (work === 'newMachine' && outcome.state === 'off')
        await this.db.delete(phoneEnvApps).where(eq(phoneEnvApps.envId, env.id));
    });
  }

  private apkPath(sha256: string) {
    return join(this.opts.dataDir, 'phone-apps', `${sha256}.apk`);
  }

  // ---- kinds (the operator) ----------------------------------------------------------------------

  async kinds() {
    return this.db
      .select({
        id: phoneAppKinds.id,
        name: phoneAppKinds.name,
        sort: phoneAppKinds.sort,
        count: sql<number>`(select count(*)::int from ${phoneApps} where ${phoneApps.kindId} = ${phoneAppKinds.id} and ${phoneApps.ownerId} = 0 and ${phoneApps.enabled})`,
      })
      .from(phoneAppKinds)
      .orderBy(asc(phoneAppKinds.sort), asc(phoneAppKinds.id));
  }

  async saveKind(b: CallParsedBody<'adminAppKindSave'>) {
    const id = b.id
      ? (
          await this.db
            .update(phoneAppKinds)
            .set({ name: b.name, sort: b.sort })
            .where(eq(phoneAppKinds.id, b.id))
            .returning({ id: phoneAppKinds.id })
        )[0]?.id
      : (
          await this.db.insert(phoneAppKinds).values({ name: b.name, sort: b.sort }).returning({ id: phoneAppKinds.id })
        )[0]?.id;
    if (!id) throw notFound('app kind');
    const kind = (await this.kinds()).find((k) => k.id === id);
    return kind!;
  }

  async deleteKinds(ids: number[]) {
    return this.db.transaction(async (tx) => {
      await tx.update(phoneApps).set({ kindId: null }).where(inArray(phoneApps.kindId, ids));
      const rows = await tx
        .delete(phoneAppKinds)
        .where(inArray(phoneAppKinds.id, ids))
        .returning({ id: phoneAppKinds.id });
      return { count: rows.length };
    });
  }

  // ---- uploading -----------------------------------------------------------------------------------

  /**
   * An APK for the market (`ownerId` 0) or an account's own: its manifest read, the file kept once
   * per content. The same file from the same owner again is the same app (its kind updated).
   */
  async upload(ownerId: number, file: ReceivedUpload, fileName: string, kindId?: number) {
    if (kindId !== undefined) {
      const [kind] = await this.db
        .select({ id: phoneAppKinds.id })
        .from(phoneAppKinds)
        .where(eq(phoneAppKinds.id, kindId));
      if (!kind) throw fieldError('query.kindId', 'appKindNotFound');
    }
    const apk = await readApk(file.path);
    await mkdir(dirname(this.apkPath(file.sha256)), { recursive: true });
    await rename(file.path, this.apkPath(file.sha256));
    const values = {
      ownerId,
      kindId: kindId ?? null,
      ...apk,
      fileName,
      sha256: file.sha256,
      size: file.size,
      createdAt: this.opts.now(),
    };
    const [row] = await this.db
      .insert(phoneApps)
      .values(values)
      .onConflictDoUpdate({
        target: [phoneApps.ownerId, phoneApps.sha256],
        set: { fileName, ...(kindId !== undefined ? { kindId } : {}) },
      })
      .returning();
    return this.views([row!], ownerId, null).then((v) => v[0]!);
  }

  /** Deletes an owner's apps (0: the market's); a file no app refers to any more is removed. */
  async remove(ownerId: number, ids: number[]) {
    const rows = await this.db
      .delete(phoneApps)
      .where(and(eq(phoneApps.ownerId, ownerId), inArray(phoneApps.id, ids)))
      .returning({ sha256: phoneApps.sha256 });
    for (const sha of new Set(rows.map((r) => r.sha256))) {
      const [left] = await this.db.select({ n: count() }).from(phoneApps).where(eq(phoneApps.sha256, sha));
      if (!left?.n) await rm(this.apkPath(sha), { force: true });
    }
    return { count: rows.length };
  }

  async enable(ids: number[], enabled: boolean) {
    const rows = await this.db
      .update(phoneApps)
      .set({ enabled })
      .where(and(eq(phoneApps.ownerId, MARKET), inArray(phoneApps.id, ids)))
      .returning({ id: phoneApps.id });
    return { count: rows.length };
  }

  // ---- lists ---------------------------------------------------------------------------------------

  /** Rows → answers, with the account's preinstallation and the actor's environments that have each. */
  private async views(rows: PhoneAppRow[], mainId: number, s: Scope | null): Promise<PhoneAppView[]> {
    const ids = rows.map((r) => r.id);
    if (!ids.length) return [];
    const pre = new Set(
      (
        await this.db
          .select({ appId: phonePreinstalls.appId })
          .from(phonePreinstalls)
          .where(and(eq(phonePreinstalls.ownerId, mainId), inArray(phonePreinstalls.appId, ids)))
      ).map((r) => r.appId),
    );
    const on = s
      ? await this.db
          .select({ appId: phoneEnvApps.appId, envId: phoneEnvApps.envId })
          .from(phoneEnvApps)
          .innerJoin(phoneEnvs, eq(phoneEnvs.id, phoneEnvApps.envId))
          .where(and(visiblePhones(s), inArray(phoneEnvApps.appId, ids)))
          .orderBy(asc(phoneEnvApps.envId))
      : [];
    return rows.map((r) => ({
      id: r.id,
      kindId: r.kindId,
      source: r.ownerId === MARKET ? 'market' : 'own',
      packageName: r.packageName,
      versionName: r.versionName,
      versionCode: r.versionCode,
      label: r.label,
      icon: r.icon ? `data:image/png;base64,${r.icon}` : '',
      fileName: r.fileName,
      size: r.size,
      enabled: r.enabled,
      preinstalled: pre.has(r.id),
      installedOn: on.filter((o) => o.appId === r.id).map((o) => o.envId),
      createdTime: formatCst(r.createdAt) ?? '',
    }));
  }

  private async page(where: SQL | undefined, q: { page: number; pageSize: number }, mainId: number, s: Scope | null) {
    const [total] = await this.db.select({ n: count() }).from(phoneApps).where(where);
    const rows = await this.db
      .select()
      .from(phoneApps)
      .where(where)
      .orderBy(asc(phoneApps.label), desc(phoneApps.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize);
    return { total: total?.n ?? 0, list: await this.views(rows, mainId, s) };
  }

  private static nameLike(name: string | undefined) {
    if (!name) return undefined;
    const like = `%${name.replace(/[\\%_]/g, '\\$&')}%`;
    return or(sql`${phoneApps.label} ilike ${like}`, sql`${phoneApps.packageName} ilike ${like}`);
  }

  /** The market as the operator sees it: every app, enabled or not. */
  async adminList(q: CallParsedBody<'adminAppList'>) {
    const where = and(
      eq(phoneApps.ownerId, MARKET),
      q.kindId ? eq(phoneApps.kindId, q.kindId) : undefined,
      PhoneApps.nameLike(q.name),
    );
    return this.page(where, q, MARKET, null);
  }

  /** The enabled market apps, or (own) the account's uploads. */
  async market(s: Scope, q: CallParsedBody<'phoneAppMarket'>) {
    const where = and(
      q.own ? eq(phoneApps.ownerId, s.mainId) : and(eq(phoneApps.ownerId, MARKET), eq(phoneApps.enabled, true)),
      q.kindId ? eq(phoneApps.kindId, q.kindId) : undefined,
      PhoneApps.nameLike(q.name),
    );
    return this.page(where, q, s.mainId, s);
  }

  async preinstalled(s: Scope, q: { page: number; pageSize: number }) {
    const where = sql`${phoneApps.id} in (select ${phonePreinstalls.appId} from ${phonePreinstalls} where ${phonePreinstalls.ownerId} = ${s.mainId})`;
    return this.page(where, q, s.mainId, s);
  }

  // ---- installing ----------------------------------------------------------------------------------

  /** Apps the account may use: enabled market apps and its own. */
  private async requireApps(s: Scope, ids: number[], field: string) {
    const unique = [...new Set(ids)];
    const rows = await this.db
      .select()
      .from(phoneApps)
      .where(
        and(
          inArray(phoneApps.id, unique),
          or(and(eq(phoneApps.ownerId, MARKET), eq(phoneApps.enabled, true)), eq(phoneApps.ownerId, s.mainId)),
        ),
      );
    if (rows.length !== unique.length)
      throw new AppError(Code.NOT_FOUND, 'app not found', 404, [{ field, key: 'appNotFound' }]);
    return rows;
  }

  /**
   * Runs `work` on each environment's device, one after another; all are checked first (16040
   * names the first that cannot take it). A device that fails does not stop the others; the call
   * then answers 16041 naming each that failed.
   */
  private async onEnvs(s: Scope, envIds: number[], work: (link: PhoneLink, envId: number) => Promise<void>) {
    const rows = requireUsable(await visibleEnvs(this.db, s, envIds), this.opts.now(), 'body.envIds');
    const failed: Array<{ field: string; key: string; detail?: string }> = [];
    for (const [i, r] of rows.entries()) {
      try {
        await this.devices.on(r.device, (link) => work(link, r.env.id));
      } catch (e) {
        this.opts.log?.warn({ err: e, envId: r.env.id }, 'cloud phone app work failed');
        failed.push({
          field: `body.envIds.${i}`,
          key: failureKey(e),
          ...(e instanceof DeviceRefused ? { detail: e.output } : {}),
        });
      }
    }
    if (failed.length)
      throw new AppError(
        Code.PHONE_DEVICE,
        failed.map((f) => `${f.field}: ${f.detail ?? f.key}`).join('; '),
        400,
        failed,
      );
    return { count: rows.length };
  }

  async install(s: Scope, appId: number, envIds: number[]) {
    const [app] = await this.requireApps(s, [appId], 'body.appId');
    return this.onEnvs(s, envIds, async (link, envId) => {
      await this.installOn(link, app!);
      await this.db.insert(phoneEnvApps).values({ envId, appId: app!.id }).onConflictDoNothing();
    });
  }

  async uninstall(s: Scope, appId: number, envIds: number[]) {
    const [app] = await this.requireApps(s, [appId], 'body.appId');
    return this.onEnvs(s, envIds, async (link, envId) => {
      const out = await link.shell(`pm uninstall ${app!.packageName}`);
      // Already gone is what the user wanted.
      if (!/^Success/m.test(out) && !/DELETE_FAILED_INTERNAL_ERROR|Unknown package/.test(out))
        throw new DeviceRefused('pm uninstall', out.trim().slice(0, 300));
      await this.db.delete(phoneEnvApps).where(and(eq(phoneEnvApps.envId, envId), eq(phoneEnvApps.appId, app!.id)));
    });
  }

  /** Pushes the APK to /data/local/tmp, `pm install -r`, removes the copy; Android's `Failure […]` is the refusal. */
  private async installOn(link: PhoneLink, app: PhoneAppRow) {
    const tmp = `/data/local/tmp/${app.packageName}.apk`;
    const file = await fileStream(this.apkPath(app.sha256));
    try {
      await link.push(tmp, file.stream);
    } finally {
      await file.close();
    }
    const out = await link.shell(`pm install -r ${tmp}`, { timeoutMs: 300_000 });
    await link.shell(`rm -f ${tmp}`);
    if (!/^Success/m.test(out))
      throw new DeviceRefused('pm install', (/Failure \[[^\]]*\]/.exec(out)?.[0] ?? out).trim().slice(0, 300));
  }

  // ---- preinstallation -----------------------------------------------------------------------------

  async preinstallAdd(s: Scope, appIds: number[]) {
    const apps = await this.requireApps(s, appIds, 'body.appIds');
    await this.db
      .insert(phonePreinstalls)
      .values(apps.map((a) => ({ ownerId: s.mainId, appId: a.id, createdAt: this.opts.now() })))
      .onConflictDoNothing();
    return { count: apps.length };
  }

  async preinstallRemove(s: Scope, appIds: number[]) {
    const rows = await this.db
      .delete(phonePreinstalls)
      .where(and(eq(phonePreinstalls.ownerId, s.mainId), inArray(phonePreinstalls.appId, appIds)))
      .returning({ appId: phonePreinstalls.appId });
    return { count: rows.length };
  }

  /** A set-up step: the device was just wiped, so it has the account's preinstalled apps and nothing else. */
  private async preinstallOn(link: PhoneLink, env: EnvRow) {
    await this.db.delete(phoneEnvApps).where(eq(phoneEnvApps.envId, env.id));
    const apps = await this.db
      .select({ app: phoneApps })
      .from(phonePreinstalls)
      .innerJoin(phoneApps, eq(phoneApps.id, phonePreinstalls.appId))
      .where(
        and(
          eq(phonePreinstalls.ownerId, env.ownerId),
          or(eq(phoneApps.ownerId, env.ownerId), and(eq(phoneApps.ownerId, MARKET), eq(phoneApps.enabled, true))),
        ),
      )
      .orderBy(asc(phonePreinstalls.createdAt));
    for (const { app } of apps) {
      await this.installOn(link, app);
      await this.db.insert(phoneEnvApps).values({ envId: env.id, appId: app.id }).onConflictDoNothing();
    }
  }
}

/** What Facet keeps of an APK's manifest; a file that is no APK is refused naming the body. */
async function readApk(path: string) {
  const notApk = (detail: string) => fieldError('body', 'apkInvalid', detail);
  let reader: Awaited<ReturnType<typeof ApkReader.open>>;
  let manifest: Awaited<ReturnType<Awaited<ReturnType<typeof ApkReader.open>>['readManifest']>>;
  try {
    reader = await ApkReader.open(path);
    manifest = await reader.readManifest();
  } catch (e) {
    throw notApk(e instanceof Error ? e.message.slice(0, 200) : 'unreadable');
  }
  const packageName = String(manifest.package ?? '');
  if (!PACKAGE.test(packageName) || packageName.length > 200) throw notApk('no valid package name in the manifest');
  const rawLabel = manifest.application?.label;
  const label =
    typeof rawLabel === 'string' && !rawLabel.startsWith('resourceId:') ? rawLabel.slice(0, 200) : packageName;
  let icon = '';
  const iconPath = manifest.application?.icon;
  if (typeof iconPath === 'string' && iconPath.endsWith('.png')) {
    const png = await reader.readContent(iconPath).catch(() => null);
    if (png && png.length <= ICON_MAX_BYTES && png[0] === 0x89 && png[1] === 0x50) icon = png.toString('base64');
  }
  const versionCode = Number(manifest.versionCode ?? 0);
  return {
    packageName,
    versionName: String(manifest.versionName ?? '').slice(0, 100),
    versionCode: Number.isInteger(versionCode) && versionCode >= 0 && versionCode <= 2_147_483_647 ? versionCode : 0,
    label,
    icon,
  };
}
