import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CHECK_CONTEXTS, type CheckContext } from '@facet/shared';
import { checkPage, DEDICATED_WORKER, FRAME_PAGE, SERVICE_WORKER, SHARED_WORKER } from './probe.js';

/** What one context's probe answered (the page posts them all at once). */
export interface RawContextResult {
  ran: boolean;
  error?: string;
  values?: Record<string, string>;
  signs?: { subject: string; expected: string; actual: string }[];
}

export interface RawCheck {
  results: Partial<Record<CheckContext, RawContextResult>>;
  /** The request headers each context's document or script was fetched with. */
  headers: Partial<Record<CheckContext, IncomingHttpHeaders>>;
}

interface Run {
  headers: RawCheck['headers'];
  resolve(r: RawCheck): void;
}

/** Which context a request under a run's folder belongs to, by its path and origin. */
function contextOf(rest: string, crossOrigin: boolean): CheckContext | 'report' | null {
  if (rest === '') return 'page';
  if (rest === 'frame') return crossOrigin ? 'crossOriginFrame' : 'sameOriginFrame';
  if (rest === 'worker.js') return 'dedicatedWorker';
  if (rest === 'shared.js') return 'sharedWorker';
  if (rest === 'sw.js') return 'serviceWorker';
  if (rest === 'report') return 'report';
  return null;
}

const MAX_REPORT_BYTES = 2 * 1024 * 1024;

/**
 * The pages the checker opens in a profile, served by the client on 127.0.0.1 and reached as
 * `127.0.0.1:<port>` (the page) and `localhost:<port>` (another site: the cross-origin frame runs
 * in its own process). Each check has its own unguessable folder; a request outside a running
 * check's folder gets 404, so a page in a profile learns nothing from the port.
 */
export class CheckSite {
  private readonly runs = new Map<string, Run>();
  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  /** The host:port pairs profile relays must connect directly instead of through the proxy. */
  get hosts(): string[] {
    return [`127.0.0.1:${this.port}`, `localhost:${this.port}`];
  }

  get origins(): string[] {
    return [`http://127.0.0.1:${this.port}`, `http://localhost:${this.port}`];
  }

  static async start(): Promise<CheckSite> {
    let site: CheckSite | null = null;
    const server = createServer((req, res) => site?.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    site = new CheckSite(server, (server.address() as AddressInfo).port);
    return site;
  }

  /** A new check: its page URL and the promise of what its contexts report. */
  newRun(timeoutMs: number): { url: string; done: Promise<RawCheck>; cancel(): void } {
    const token = randomBytes(18).toString('base64url');
    let timer: NodeJS.Timeout | undefined;
    const done = new Promise<RawCheck>((resolve, reject) => {
      this.runs.set(token, { headers: {}, resolve });
      timer = setTimeout(() => reject(new Error(`the check page did not report within ${timeoutMs} ms`)), timeoutMs);
    }).finally(() => {
      clearTimeout(timer);
      this.runs.delete(token);
    });
    return {
      url: `${this.origins[0]}/check/${token}/`,
      done,
      cancel: () => {
        clearTimeout(timer);
        this.runs.delete(token);
      },
    };
  }

  close(): Promise<void> {
    this.server.closeAllConnections?.();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) {
    const m = /^\/check\/([A-Za-z0-9_-]{24})\/(.*)$/.exec(req.url ?? '');
    const run = m ? this.runs.get(m[1]!) : undefined;
    const crossOrigin = (req.headers.host ?? '').startsWith('localhost:');
    const ctx = m ? contextOf(m[2]!, crossOrigin) : null;
    if (!run || !ctx) {
      res.writeHead(404).end();
      return;
    }
    res.setHeader('cache-control', 'no-store');
    if (ctx === 'report') return this.report(req, res, run);
    run.headers[ctx] = req.headers;
    const send = (type: string, body: string) => {
      res.writeHead(200, { 'content-type': type });
      res.end(body);
    };
    switch (ctx) {
      case 'page':
        return send('text/html; charset=utf-8', checkPage(this.origins[1]!));
      case 'sameOriginFrame':
      case 'crossOriginFrame':
        return send('text/html; charset=utf-8', FRAME_PAGE);
      case 'dedicatedWorker':
        return send('text/javascript', DEDICATED_WORKER);
      case 'sharedWorker':
        return send('text/javascript', SHARED_WORKER);
      case 'serviceWorker':
        return send('text/javascript', SERVICE_WORKER);
    }
  }

  private report(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, run: Run) {
    if (req.method !== 'POST') {
      res.writeHead(405).end();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_REPORT_BYTES) chunks.push(c);
    });
    req.on('end', () => {
      let body: unknown;
      try {
        body = size <= MAX_REPORT_BYTES ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : null;
      } catch {
        body = null;
      }
      if (typeof body !== 'object' || body === null) {
        res.writeHead(400).end();
        return;
      }
      res.writeHead(204).end();
      const results: RawCheck['results'] = {};
      for (const c of CHECK_CONTEXTS) {
        const r = (body as Record<string, unknown>)[c];
        if (typeof r === 'object' && r !== null) results[c] = r as RawContextResult;
      }
      run.resolve({ results, headers: run.headers });
    });
  }
}
