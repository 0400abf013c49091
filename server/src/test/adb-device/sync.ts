// The `sync:` service (SYNC.TXT, v1): requests are a 4-byte id + a u32 length (little-endian) +
// that many bytes. STAT, LIST, RECV, SEND (+ DATA…, DONE), QUIT.
import { posix } from 'node:path';
import { type DeviceState, isDir, listDir, normalize, writeFile } from './state.js';

const S_IFDIR = 0o040000;
const S_IFREG = 0o100000;
const SYNC_DATA_MAX = 64 * 1024;
/** A fixed clock for the files' times: 2024-01-01. */
const MTIME = 1_704_067_200;

function frame(id: string, ...u32s: number[]): Buffer {
  const b = Buffer.alloc(4 + 4 * u32s.length);
  b.write(id, 0, 'latin1');
  for (const [i, v] of u32s.entries()) b.writeUInt32LE(v >>> 0, 4 + 4 * i);
  return b;
}

function failFrame(message: string): Buffer {
  const text = Buffer.from(message);
  return Buffer.concat([frame('FAIL', text.length), text]);
}

export class SyncSession {
  #buffer = Buffer.alloc(0);
  /** The file a SEND is writing: its path and the DATA received so far. */
  #sending: { path: string; mode: number; chunks: Buffer[] } | undefined;
  /** Set once the client sent QUIT or a request the device refuses: the stream is to be closed. */
  finished = false;

  constructor(private readonly state: DeviceState) {}

  /** Takes bytes from the client; returns the bytes to send back. */
  feed(data: Uint8Array): Buffer[] {
    this.#buffer = Buffer.concat([this.#buffer, data]);
    const out: Buffer[] = [];
    while (!this.finished && this.#buffer.length >= 8) {
      const id = this.#buffer.subarray(0, 4).toString('latin1');
      const length = this.#buffer.readUInt32LE(4);
      // DONE carries the mtime in its length field, not a length.
      const bodyLength = this.#sending && id === 'DONE' ? 0 : length;
      if (id !== 'QUIT' && this.#buffer.length < 8 + bodyLength) break;
      const body = this.#buffer.subarray(8, 8 + bodyLength);
      this.#buffer = this.#buffer.subarray(8 + bodyLength);
      out.push(...this.#handle(id, length, body));
    }
    return out;
  }

  #handle(id: string, length: number, body: Buffer): Buffer[] {
    if (this.#sending) {
      if (id === 'DATA') {
        if (length > SYNC_DATA_MAX) return this.#refuse('data chunk too large');
        this.#sending.chunks.push(Buffer.from(body));
        return [];
      }
      if (id === 'DONE') {
        const { path, chunks } = this.#sending;
        this.#sending = undefined;
        if (isDir(this.state, path)) return [failFrame(`couldn't create file: Is a directory`)];
        writeFile(this.state, path, Buffer.concat(chunks));
        return [frame('OKAY', 0)];
      }
      return this.#refuse(`unexpected ${id} during SEND`);
    }
    const path = body.toString('utf8');
    switch (id) {
      case 'STAT': {
        const p = normalize(path);
        const file = this.state.files.get(p);
        if (file) return [Buffer.concat([frame('STAT', S_IFREG | 0o644, file.length, MTIME)])];
        if (isDir(this.state, p)) return [frame('STAT', S_IFDIR | 0o771, 4096, MTIME)];
        return [frame('STAT', 0, 0, 0)];
      }
      case 'LIST': {
        const p = normalize(path);
        const out: Buffer[] = [];
        if (isDir(this.state, p)) {
          for (const name of listDir(this.state, p)) {
            const full = posix.join(p, name);
            const file = this.state.files.get(full);
            const mode = file ? S_IFREG | 0o644 : S_IFDIR | 0o771;
            const nameBytes = Buffer.from(name);
            out.push(frame('DENT', mode, file ? file.length : 4096, MTIME, nameBytes.length), nameBytes);
          }
        }
        out.push(frame('DONE', 0, 0, 0, 0));
        return out;
      }
      case 'RECV': {
        const file = this.state.files.get(normalize(path));
        if (!file) return [failFrame(`remote object '${path}' does not exist`)];
        const out: Buffer[] = [];
        for (let i = 0; i < file.length; i += SYNC_DATA_MAX) {
          const part = file.subarray(i, i + SYNC_DATA_MAX);
          out.push(frame('DATA', part.length), Buffer.from(part));
        }
        out.push(frame('DONE', 0));
        return out;
      }
      case 'SEND': {
        const comma = path.lastIndexOf(',');
        const target = normalize(comma === -1 ? path : path.slice(0, comma));
        const mode = comma === -1 ? 0o644 : Number(path.slice(comma + 1));
        this.#sending = { path: target, mode, chunks: [] };
        return [];
      }
      case 'QUIT':
        this.finished = true;
        return [];
      default:
        return this.#refuse(`unknown sync request ${JSON.stringify(id)}`);
    }
  }

  #refuse(message: string): Buffer[] {
    this.finished = true;
    return [failFrame(message)];
  }
}
