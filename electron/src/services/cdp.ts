import { EventEmitter } from 'node:events';
import WebSocket from 'ws';

interface Pending {
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
  method: string;
}

export interface CdpEvent {
  method: string;
  params: Record<string, unknown>;
  sessionId?: string;
}

/**
 * A minimal Chrome DevTools Protocol connection in flat-session mode: one WebSocket to the
 * browser target, child sessions addressed by sessionId. Small on purpose: the launcher needs
 * a handful of commands, and keeping it ours avoids a second automation stack in the process.
 */
export class CdpConnection extends EventEmitter {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private closed = false;

  private constructor(private readonly ws: WebSocket) {
    super();
    ws.on('message', (data) => this.onMessage(String(data)));
    ws.on('close', () => {
      this.closed = true;
      for (const p of this.pending.values()) p.reject(new Error(`CDP connection closed during ${p.method}`));
      this.pending.clear();
      this.emit('close');
    });
    ws.on('error', () => {});
  }

  static connect(wsEndpoint: string, timeoutMs = 10_000): Promise<CdpConnection> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(wsEndpoint, { perMessageDeflate: false, maxPayload: 256 * 1024 * 1024 });
      const timer = setTimeout(() => {
        ws.terminate();
        reject(new Error(`CDP connect timed out: ${wsEndpoint}`));
      }, timeoutMs);
      ws.once('open', () => {
        clearTimeout(timer);
        resolve(new CdpConnection(ws));
      });
      ws.once('error', (e) => {
        clearTimeout(timer);
        reject(e);
      });
    });
  }

  get isClosed() {
    return this.closed;
  }

  send<T = Record<string, unknown>>(method: string, params: object = {}, sessionId?: string): Promise<T> {
    if (this.closed) return Promise.reject(new Error(`CDP connection closed (${method})`));
    const id = this.nextId++;
    const msg = JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) });
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, method });
      this.ws.send(msg);
    });
  }

  close() {
    if (!this.closed) this.ws.close();
  }

  private onMessage(text: string) {
    const msg = JSON.parse(text) as {
      id?: number;
      result?: unknown;
      error?: { message: string };
      method?: string;
      params?: Record<string, unknown>;
      sessionId?: string;
    };
    if (msg.id !== undefined) {
      const p = this.pending.get(msg.id);
      if (!p) return;
      this.pending.delete(msg.id);
      if (msg.error) p.reject(new Error(`${p.method}: ${msg.error.message}`));
      else p.resolve(msg.result ?? {});
      return;
    }
    if (msg.method) {
      const ev: CdpEvent = {
        method: msg.method,
        params: msg.params ?? {},
        ...(msg.sessionId ? { sessionId: msg.sessionId } : {}),
      };
      this.emit('event', ev);
    }
  }
}
