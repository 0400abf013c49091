import { mkdir, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { type CallParsedBody, formatCst, type UploadStatus } from '@facet/shared';
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Scope, visiblePhones } from '../../access/index.js';
import type { Db } from '../../db/connection.js';
import type { ReceivedUpload } from '../../http/uploads.js';
import { notFound } from '../../lib/errors.js';
import { failureKey, fileStream, requireUsable, unusableReason, visibleEnvs } from './apps.js';
import type { Devices } from './devices.js';
import { type FileUploadRow, phoneDevices, phoneEnvs, phoneFileUploads, phonePower } from './tables.js';

/** Where a file lands on the device: the Download folder every file manager shows. */
const DOWNLOAD = '/sdcard/Download';

export interface FilesOptions {
  now: () => Date;
  dataDir: string;
  log?: FastifyBaseLogger | undefined;
}

/**
 * Files pushed to environments (docs/phones.md, Files): one row per file and environment with its
 * status (idle → uploading → uploaded or failed with the reason); the push runs after the call
 * answers, and a failed one can be retried.
 */
export class PhoneFiles {
  /** Pushes running after a call answered; `idle()` waits for them. */
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly devices: Devices,
    private readonly opts: FilesOptions,
  ) {}

  private stored(sha256: string) {
    return join(this.opts.dataDir, 'phone-uploads', sha256);
  }

  async idle(): Promise<void> {
    while (this.running.size) await Promise.allSettled([...this.running]);
  }

  private background(ids: number[]) {
    for (const id of ids) {
      const p = this.push(id)
        .catch((e) => this.opts.log?.warn({ err: e, uploadId: id }, 'cloud phone file push failed'))
        .finally(() => this.running.delete(p));
      this.running.add(p);
    }
  }

  /** Keeps the file (once per content) and queues it for each environment; all must be usable. */
  async upload(s: Scope, file: ReceivedUpload, fileName: string, envIds: number[]) {
    const envs = requireUsable(await visibleEnvs(this.db, s, envIds), this.opts.now(), 'query.envIds');
    await mkdir(join(this.opts.dataDir, 'phone-uploads'), { recursive: true });
    await rename(file.path, this.stored(file.sha256));
    const now = this.opts.now();
    const rows = await this.db
      .insert(phoneFileUploads)
      .values(
        envs.map((e) => ({
          ownerId: s.mainId,
          creatorId: s.userId,
          envId: e.env.id,
          fileName,
          sha256: file.sha256,
          size: file.size,
          status: 'idle',
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning();
    this.background(rows.map((r) => r.id));
    const names = new Map(envs.map((e) => [e.env.id, e.env.name]));
    return rows.map((r) => view(r, names.get(r.envId) ?? ''));
  }

  private async setStatus(id: number, status: UploadStatus, error = '') {
    await this.db
      .update(phoneFileUploads)
      .set({ status, error, updatedAt: this.opts.now() })
      .where(eq(phoneFileUploads.id, id));
  }

  /** One file to one device; the row ends uploaded, or failed with why. */
  private async push(id: number) {
    const [row] = await this.db
      .select({ up: phoneFileUploads, env: phoneEnvs, power: phonePower, device: phoneDevices })
      .from(phoneFileUploads)
      .innerJoin(phoneEnvs, eq(phoneEnvs.id, phoneFileUploads.envId))
      .innerJoin(phonePower, eq(phonePower.id, phoneEnvs.powerId))
      .leftJoin(phoneDevices, eq(phoneDevices.id, phoneEnvs.deviceId))
      .where(eq(phoneFileUploads.id, id));
    if (!row) return;
    const refused = unusableReason(row.env, row.power, this.opts.now());
    if (refused || !row.device) return this.setStatus(id, 'failed', refused ?? 'phoneNotReady');
    await this.setStatus(id, 'uploading');
    try {
      await this.devices.on(row.device, async (link) => {
        const file = await fileStream(this.stored(row.up.sha256));
        try {
          await link.push(`${DOWNLOAD}/${row.up.fileName}`, file.stream);
        } finally {
          await file.close();
        }
      });
      await this.setStatus(id, 'uploaded');
    } catch (e) {
      this.opts.log?.warn({ err: e, uploadId: id }, 'cloud phone file push failed');
      await this.setStatus(id, 'failed', failureKey(e));
    }
  }

  async list(s: Scope, q: CallParsedBody<'phoneFileList'>) {
    const where = and(
      visiblePhones(s),
      q.envId ? eq(phoneFileUploads.envId, q.envId) : undefined,
      q.status ? eq(phoneFileUploads.status, q.status) : undefined,
    ) as SQL;
    const [total] = await this.db
      .select({ n: count() })
      .from(phoneFileUploads)
      .innerJoin(phoneEnvs, eq(phoneEnvs.id, phoneFileUploads.envId))
      .where(where);
    const rows = await this.db
      .select({ up: phoneFileUploads, envName: phoneEnvs.name })
      .from(phoneFileUploads)
      .innerJoin(phoneEnvs, eq(phoneEnvs.id, phoneFileUploads.envId))
      .where(where)
      .orderBy(desc(phoneFileUploads.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize);
    return { total: total?.n ?? 0, list: rows.map((r) => view(r.up, r.envName)) };
  }

  /** Pushes failed files again; the others are left alone. */
  async retry(s: Scope, ids: number[]) {
    const unique = [...new Set(ids)];
    const rows = await this.db
      .select({ id: phoneFileUploads.id, status: phoneFileUploads.status })
      .from(phoneFileUploads)
      .innerJoin(phoneEnvs, eq(phoneEnvs.id, phoneFileUploads.envId))
      .where(and(visiblePhones(s), inArray(phoneFileUploads.id, unique)));
    if (rows.length !== unique.length) throw notFound('file upload');
    const again = rows.filter((r) => r.status === 'failed').map((r) => r.id);
    if (again.length)
      await this.db
        .update(phoneFileUploads)
        .set({ status: 'idle', error: '', updatedAt: this.opts.now() })
        .where(inArray(phoneFileUploads.id, again));
    this.background(again);
    return { count: again.length };
  }
}

function view(r: FileUploadRow, envName: string) {
  return {
    id: r.id,
    envId: r.envId,
    envName,
    fileName: r.fileName,
    size: r.size,
    remotePath: `${DOWNLOAD}/${r.fileName}`,
    status: r.status as UploadStatus,
    error: r.error,
    createdTime: formatCst(r.createdAt) ?? '',
    updatedTime: formatCst(r.updatedAt) ?? '',
  };
}
