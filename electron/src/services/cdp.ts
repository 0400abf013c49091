import { EventEmitter } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import { type CdpTransport, PipeTransport } from './cdp-pipe.js';

interface Pending {
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
  method: string;
  /** A forwarded call (the DevTools relay's): gets the browser's whole answer, synchronously. */
  raw?: (answer: CdpMessage) => void;
}

export interface CdpEvent {
  method: string;
  params: Record<string, unknown>;
  sessionId?: string;
}

/** One protocol message as it crosses the pipe. */
export interface CdpMessage {
  id?: number;
  method?: string;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: { code?: number; message: string; data?: unknown };
  sessionId?: string;
}

/**
 * A minimal Chrome DevTools Protocol connection in flat-session mode: one pipe to the browser
 * target, child sessions addressed by sessionId. Small on purpose: the launcher needs a handful
 * of commands, and keeping it ours avoids a second automation stack in the process.
 *
 * The DevTools relay shares the pipe (docs/client.md, DevTools relay): sessions it claims for its
 * callers are handed to it, never emitted as this connection's events, so the client's own
 * listeners (fingerprint, relay auth) see only the client's own sessions.
 */
export class CdpConnection extends EventEmitter {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly claimed = new Map<string, (msg: CdpMessage) => void>();
  private closed = false;

  constructor(private readonly transport: CdpTransport) {
    super();
    transport.onMessage = (text) => this.onMessage(text);
    transport.onClose = () => {
      if (this.closed) return;
      this.closed = true;
      const pending = [...this.pending.values()];
      this.pending.clear();
      for (const p of pending) {
        if (p.raw) p.raw({ error: { code: -32000, message: `CDP connection closed during ${p.method}` } });
        else p.reject(new Error(`CDP connection closed during ${p.method}`));
      }
      this.emit('close');
    };
  }

  /** Over the pipe of a Chromium started with --remote-debugging-pipe (its fd 3 and fd 4). */
  static overPipe(input: Writable, output: Readable): CdpConnection {
    return new CdpConnection(new PipeTransport(input, output));
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
      this.transport.send(msg);
    });
  }

  /**
   * Sends a caller's command under an id of this connection (callers' ids may collide) and hands
   * back the browser's answer as it came, in order with the events around it.
   */
  forward(msg: { method: string; params?: unknown; sessionId?: string }, answer: (m: CdpMessage) => void) {
    if (this.closed) {
      answer({ error: { code: -32000, message: `CDP connection closed (${msg.method})` } });
      return;
    }
    const id = this.nextId++;
    this.pending.set(id, { resolve: () => {}, reject: () => {}, method: msg.method, raw: answer });
    this.transport.send(JSON.stringify({ ...msg, id }));
  }

  /** Messages of this session go to `to` from now on, not to this connection's listeners. */
  claim(sessionId: string, to: (msg: CdpMessage) => void) {
    this.claimed.set(sessionId, to);
  }

  release(sessionId: string) {
    this.claimed.delete(sessionId);
  }

  close() {
    if (!this.closed) this.transport.close();
  }

  private onMessage(text: string) {
    let msg: CdpMessage;
    try {
      msg = JSON.parse(text) as CdpMessage;
    } catch {
      return;
    }
    if (msg.id !== undefined) {
      const p = this.pending.get(msg.id);
      if (!p) return;
      this.pending.delete(msg.id);
      if (p.raw) p.raw(msg);
      else if (msg.error) p.reject(new Error(`${p.method}: ${msg.error.message}`));
      else p.resolve(msg.result ?? {});
      return;
    }
    const owner = msg.sessionId ? this.claimed.get(msg.sessionId) : undefined;
    if (owner) {
      owner(msg);
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
