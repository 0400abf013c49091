import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { setApiBase } from '../api/base-url';

export interface Seen {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

type Handler = (req: Seen, res: ServerResponse) => void | Promise<void>;

/**
 * A real local HTTP server standing in for the API at the HTTP boundary: each test says how
 * it answers and reads what the console sent.
 */
export async function startHttpDouble() {
  const seen: Seen[] = [];
  let handler: Handler = (_req, res) => json(res, 200, { code: 0, message: 'success', result: null });
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const s: Seen = {
        method: req.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      seen.push(s);
      void handler(s, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    base: `http://127.0.0.1:${port}/api`,
    seen,
    on(h: Handler) {
      handler = h;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

export function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

export const envelope = (code: number | string, result: unknown = null, message = '') => ({ code, message, result });

export type HttpDouble = Awaited<ReturnType<typeof startHttpDouble>>;

/**
 * Starts the double before the file's tests and points the console at it, stops it after them.
 * Call it at the top of a test file; the returned double is usable inside tests and hooks.
 */
export function setupHttpDouble(): HttpDouble {
  let current: HttpDouble | undefined;
  const started = () => {
    if (!current) throw new Error('the HTTP double runs only inside tests and hooks');
    return current;
  };
  beforeAll(async () => {
    current = await startHttpDouble();
    setApiBase(current.base);
  });
  afterAll(async () => {
    setApiBase(null);
    await current?.close();
    current = undefined;
  });
  return {
    get base() {
      return started().base;
    },
    get seen() {
      return started().seen;
    },
    on: (h) => started().on(h),
    close: () => started().close(),
  };
}
