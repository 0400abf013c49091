import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import type { CdpConnection, CdpMessage } from './cdp.js';

const PREFIX = '/devtools/browser/';
/** Chromium's own answer to a sessionId it does not know. */
const NO_SESSION = { code: -32001, message: 'Session with given id not found.' };

interface Served {
  /** sha256 of the token: compared in constant time, never looked up by the token itself. */
  digest: Buffer;
  cdp: CdpConnection;
  callers: Set<Caller>;
}

interface Caller {
  ws: WebSocket;
  /** The browser session the relay attached for this caller; its sessionless messages go there. */
  browserSession: string | null;
  /** Every session this caller may address: its browser session and what it attached from there. */
  sessions: Set<string>;
  early: RawData[];
  gone: boolean;
}

const digestOf = (token: string) => createHash('sha256').update(token).digest();

/**
 * The only way a caller reaches a profile's DevTools (docs/client.md, DevTools relay). The browser
 * listens on no port; the client holds its pipe and serves it here as
 * `ws://127.0.0.1:<port>/devtools/browser/<token>`, with a 256-bit token per open profile. There
 * is no discovery (`/json/*`): every other path and every wrong token is a 404 that names nothing.
 *
 * Callers share the one pipe with the client and with each other. Each caller gets a browser
 * session of its own (`Target.attachToBrowserTarget`, flat): its sessionless messages go there,
 * and it may address only the sessions it attached from there, so it never sees or drives the
 * client's own sessions or another caller's.
 */
export class DevToolsRelay {
  private readonly served = new Set<Served>();
  private readonly wss = new WebSocketServer({
    noServer: true,
    perMessageDeflate: false,
    maxPayload: 256 * 1024 * 1024,
  });

  private constructor(private readonly server: Server) {
    server.on('request', (_req, res) => {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    });
    server.on('upgrade', (req, socket, head) => this.upgrade(req, socket, head));
  }

  static async start(): Promise<DevToolsRelay> {
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    // Only a caller's connection keeps the process alive, never the relay waiting for one.
    server.unref();
    return new DevToolsRelay(server);
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  /** Serves this browser under a fresh token until `stop` (or its pipe closes). */
  serve(cdp: CdpConnection): { wsEndpoint: string; stop: () => void } {
    const token = randomBytes(32).toString('base64url');
    const entry: Served = { digest: digestOf(token), cdp, callers: new Set() };
    this.served.add(entry);
    const stop = () => {
      if (!this.served.delete(entry)) return;
      for (const c of entry.callers) c.ws.close(1001, 'the profile was closed');
    };
    cdp.once('close', stop);
    return { wsEndpoint: `ws://127.0.0.1:${this.port}${PREFIX}${token}`, stop };
  }

  async close(): Promise<void> {
    for (const entry of [...this.served]) {
      this.served.delete(entry);
      for (const c of entry.callers) c.ws.terminate();
    }
    await new Promise<void>((r) => this.wss.close(() => r()));
    await new Promise<void>((r) => this.server.close(() => r()));
  }

  private find(url: string | undefined): Served | null {
    const path = url ?? '';
    if (!path.startsWith(PREFIX)) return null;
    const digest = digestOf(path.slice(PREFIX.length));
    let found: Served | null = null;
    // Every entry is compared, so the time taken says nothing about which token came close.
    for (const entry of this.served) if (timingSafeEqual(entry.digest, digest)) found = entry;
    return found;
  }

  private upgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    socket.on('error', () => {});
    // A web page can open WebSockets to loopback; no automation tool sends an Origin.
    const entry = req.headers.origin === undefined ? this.find(req.url) : null;
    if (!entry) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => this.attach(entry, ws));
  }

  private attach(entry: Served, ws: WebSocket) {
    if (!this.served.has(entry)) return ws.close(1001, 'the profile was closed');
    const caller: Caller = { ws, browserSession: null, sessions: new Set(), early: [], gone: false };
    entry.callers.add(caller);
    ws.on('error', () => {});
    ws.on('message', (data) => {
      if (caller.browserSession) this.fromCaller(entry, caller, data);
      else caller.early.push(data);
    });
    ws.on('close', () => this.drop(entry, caller));
    entry.cdp.forward({ method: 'Target.attachToBrowserTarget' }, (answer) => {
      const sessionId = answer.result?.sessionId;
      if (typeof sessionId !== 'string') return ws.close(1011, 'the browser did not answer');
      this.own(entry, caller, sessionId);
      caller.browserSession = sessionId;
      if (caller.gone) return this.drop(entry, caller);
      for (const data of caller.early.splice(0)) this.fromCaller(entry, caller, data);
    });
  }

  private own(entry: Served, caller: Caller, sessionId: string) {
    caller.sessions.add(sessionId);
    entry.cdp.claim(sessionId, (msg) => this.toCaller(entry, caller, msg));
  }

  private fromCaller(entry: Served, caller: Caller, data: RawData) {
    let msg: { id?: unknown; method?: unknown; params?: unknown; sessionId?: unknown };
    try {
      msg = JSON.parse(String(data));
    } catch {
      return;
    }
    if (typeof msg !== 'object' || msg === null || typeof msg.id !== 'number') return;
    const { id } = msg;
    const echo = typeof msg.sessionId === 'string' ? { sessionId: msg.sessionId } : {};
    if (typeof msg.method !== 'string')
      return this.send(caller, { id, error: { code: -32600, message: 'Message must have string "method" property' } });
    const sessionId = msg.sessionId === undefined ? caller.browserSession : msg.sessionId;
    if (typeof sessionId !== 'string' || !caller.sessions.has(sessionId))
      return this.send(caller, { id, error: NO_SESSION, ...echo });
    const method = msg.method;
    const params = typeof msg.params === 'object' && msg.params !== null ? msg.params : {};
    entry.cdp.forward({ method, params, sessionId }, (answer) => {
      const attached = answer.result?.sessionId;
      if (
        typeof attached === 'string' &&
        (method === 'Target.attachToTarget' || method === 'Target.attachToBrowserTarget')
      )
        this.own(entry, caller, attached);
      const { id: _pipeId, sessionId: _s, ...rest } = answer;
      this.send(caller, { ...rest, id, ...echo });
    });
  }

  private toCaller(entry: Served, caller: Caller, msg: CdpMessage) {
    if (caller.gone) return;
    const child = msg.params?.sessionId;
    if (msg.method === 'Target.attachedToTarget' && typeof child === 'string') this.own(entry, caller, child);
    const { sessionId, ...rest } = msg;
    this.send(caller, sessionId === caller.browserSession ? rest : msg);
    if (msg.method === 'Target.detachedFromTarget' && typeof child === 'string' && child !== caller.browserSession) {
      caller.sessions.delete(child);
      entry.cdp.release(child);
    }
  }

  private send(caller: Caller, msg: object) {
    if (!caller.gone && caller.ws.readyState === caller.ws.OPEN) caller.ws.send(JSON.stringify(msg));
  }

  /**
   * The caller's browser session is detached (its own child sessions go with it); its sessions
   * stay claimed until the browser confirms, so no late message of theirs reaches the client's
   * own listeners.
   */
  private drop(entry: Served, caller: Caller) {
    caller.gone = true;
    entry.callers.delete(caller);
    const browserSession = caller.browserSession;
    if (!browserSession) return;
    caller.browserSession = null;
    const release = () => {
      for (const s of caller.sessions) entry.cdp.release(s);
      caller.sessions.clear();
    };
    if (entry.cdp.isClosed) return release();
    entry.cdp.forward({ method: 'Target.detachFromTarget', params: { sessionId: browserSession } }, release);
  }
}
