import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Code } from '@facet/shared';
import { AppError } from '../lib/errors.js';

/**
 * A call's file (docs/contributing.md, Adding a call: `upload`): the raw body streamed to a
 * temporary file, never held in memory. The handler moves `path` where it keeps the file; whatever
 * is still at `path` when the answer has gone is deleted.
 */
export class ReceivedUpload {
  constructor(
    readonly path: string,
    readonly size: number,
    readonly sha256: string,
  ) {}
}

const MIB = 1024 * 1024;
const limitText = (bytes: number) => (bytes % MIB === 0 ? `${bytes / MIB} MiB` : `${bytes} bytes`);

export const uploadTooLarge = (maxBytes: number) =>
  new AppError(Code.BAD_REQUEST, `body: file too large (limit ${limitText(maxBytes)})`, 413, [
    { field: 'body', key: 'fileTooLarge', detail: limitText(maxBytes) },
  ]);

/**
 * Streams `body` into a new file under `dir`, hashing it on the way. Past `maxBytes` (announced by
 * content-length or counted) it stops, deletes what was written and refuses with 413.
 */
export async function receiveUpload(
  body: NodeJS.ReadableStream,
  contentLength: string | undefined,
  dir: string,
  maxBytes: number,
): Promise<ReceivedUpload> {
  if (contentLength !== undefined && Number(contentLength) > maxBytes) throw uploadTooLarge(maxBytes);
  await mkdir(dir, { recursive: true });
  const path = join(dir, `incoming-${randomUUID()}`);
  const hash = createHash('sha256');
  const out = createWriteStream(path, { flags: 'wx' });
  let size = 0;
  await new Promise<void>((resolve, reject) => {
    let over = false;
    const stop = (e: Error) => {
      if (over) return;
      over = true;
      // The request is left unread, as Fastify does past a body limit: the answer still goes out.
      body.removeListener('data', onData);
      out.destroy();
      reject(e);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) return stop(uploadTooLarge(maxBytes));
      hash.update(chunk);
      if (!out.write(chunk)) {
        body.pause();
        out.once('drain', () => body.resume());
      }
    };
    const cut = () =>
      stop(new AppError(Code.BAD_REQUEST, 'body: the upload was cut off', 400, [{ field: 'body', key: 'uploadCut' }]));
    body.on('data', onData);
    body.once('end', () => out.end());
    body.once('error', cut);
    body.once('aborted', cut);
    out.once('error', stop);
    out.once('finish', () => (over ? undefined : resolve()));
  }).catch(async (e: unknown) => {
    await rm(path, { force: true });
    throw e;
  });
  return new ReceivedUpload(path, size, hash.digest('hex'));
}
