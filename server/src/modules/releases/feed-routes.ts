import { createReadStream } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { UPDATES_PATH } from '@facet/shared';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PLAIN_FILE_NAME } from './service.js';

/** The content types electron-updater and browsers expect for the feed's files. */
const TYPES: Record<string, string> = {
  yml: 'text/yaml; charset=utf-8',
  yaml: 'text/yaml; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  blockmap: 'application/octet-stream',
  appimage: 'application/octet-stream',
  exe: 'application/vnd.microsoft.portable-executable',
  dmg: 'application/x-apple-diskimage',
  zip: 'application/zip',
  deb: 'application/vnd.debian.binary-package',
  rpm: 'application/x-rpm',
};
export const contentTypeOf = (name: string) =>
  TYPES[name.slice(name.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';

/** The plain file name a /updates/<name> URL asks for, or null (folders, dot files, traversal). */
export function feedFileName(url: string): string | null {
  const raw = url.split('?')[0]!.slice(UPDATES_PATH.length + 1);
  let name: string;
  try {
    name = decodeURIComponent(raw);
  } catch {
    return null;
  }
  return PLAIN_FILE_NAME.test(name) ? name : null;
}

/**
 * GET/HEAD /updates/<file>: electron-updater's generic feed, without auth (the updater sends no
 * session). @fastify/static answers plain and single-range requests; differential downloads ask
 * for many ranges at once, which it would answer with the whole file, so those get a
 * multipart/byteranges answer here.
 */
export async function registerUpdateFeed(app: FastifyInstance, dir: string | undefined) {
  // No folder configured (tests, embedding): /updates/* is the API's 404.
  if (!dir) return;
  // Made at start so publishing is copying files in; a folder we cannot make is logged, not fatal.
  await mkdir(dir, { recursive: true }).catch((e: Error) => app.log.warn(`releases folder ${dir}: ${e.message}`));
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (req, reply) => {
      const name = feedFileName(req.url);
      if (!name) return reply.callNotFound();
      const range = req.headers.range;
      if (req.method === 'GET' && typeof range === 'string' && range.includes(','))
        return sendRanges(req, reply, join(dir, name), range);
    });
    await scope.register(fastifyStatic, {
      root: dir,
      prefix: `${UPDATES_PATH}/`,
      decorateReply: false,
      index: false,
      dotfiles: 'deny',
      acceptRanges: true,
      cacheControl: false,
      allowedPath: (pathname) => feedFileName(UPDATES_PATH + pathname) !== null,
      setHeaders: (res, path) => {
        res.setHeader('content-type', contentTypeOf(path));
        // The feed files change with every release, and a version may be republished: always revalidate.
        res.setHeader('cache-control', 'no-cache');
      },
    });
  });
}

/** Parses `bytes=a-b,c-,-n` for a file of `size` bytes; null when no range is satisfiable. */
export function parseRanges(header: string, size: number): { start: number; end: number }[] | null {
  const m = /^bytes=(.+)$/.exec(header.trim());
  if (!m) return null;
  const out: { start: number; end: number }[] = [];
  for (const part of m[1]!.split(',')) {
    const r = /^\s*(\d*)-(\d*)\s*$/.exec(part);
    if (!r || (r[1] === '' && r[2] === '')) return null;
    let start: number;
    let end: number;
    if (r[1] === '') {
      start = Math.max(size - Number(r[2]), 0);
      end = size - 1;
    } else {
      start = Number(r[1]);
      end = r[2] === '' ? size - 1 : Math.min(Number(r[2]), size - 1);
    }
    if (start <= end && start < size) out.push({ start, end });
  }
  return out.length ? out : null;
}

async function sendRanges(req: FastifyRequest, reply: FastifyReply, file: string, header: string) {
  let size: number;
  try {
    const s = await stat(file);
    if (!s.isFile()) return reply.callNotFound();
    size = s.size;
  } catch {
    return reply.callNotFound();
  }
  const ranges = parseRanges(header, size);
  if (!ranges) return reply.code(416).header('content-range', `bytes */${size}`).send();
  const boundary = `facet-${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
  const type = contentTypeOf(file);
  const heads = ranges.map(
    (r, k) =>
      `${k ? '\r\n' : ''}--${boundary}\r\ncontent-type: ${type}\r\ncontent-range: bytes ${r.start}-${r.end}/${size}\r\n\r\n`,
  );
  const tail = `\r\n--${boundary}--\r\n`;
  const length =
    heads.reduce((n, h) => n + Buffer.byteLength(h), 0) +
    ranges.reduce((n, r) => n + r.end - r.start + 1, 0) +
    Buffer.byteLength(tail);
  const body = new PassThrough();
  void (async () => {
    try {
      for (const [k, r] of ranges.entries()) {
        body.write(heads[k]);
        for await (const chunk of createReadStream(file, { start: r.start, end: r.end })) {
          if (!body.write(chunk)) await new Promise((ok) => body.once('drain', ok));
        }
      }
      body.end(tail);
    } catch (e) {
      req.log.warn({ err: e }, 'update feed: range read failed');
      body.destroy(e as Error);
    }
  })();
  return reply
    .code(206)
    .header('accept-ranges', 'bytes')
    .header('content-type', `multipart/byteranges; boundary=${boundary}`)
    .header('content-length', length)
    .send(body);
}
