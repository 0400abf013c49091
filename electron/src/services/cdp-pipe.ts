import type { Readable, Writable } from 'node:stream';

/**
 * Chromium's --remote-debugging-pipe framing: each message is JSON followed by a NUL byte. A
 * read may end inside a message, or hold several: the framer keeps the unfinished tail (as
 * bytes, so a UTF-8 character split across reads stays whole) until its NUL arrives.
 */
export class NulFramer {
  private tail: Buffer[] = [];

  /** The complete messages this chunk finishes, in order. */
  push(chunk: Buffer): string[] {
    const out: string[] = [];
    let start = 0;
    for (let end = chunk.indexOf(0, start); end !== -1; end = chunk.indexOf(0, start)) {
      const part = chunk.subarray(start, end);
      if (this.tail.length) {
        this.tail.push(part);
        out.push(Buffer.concat(this.tail).toString('utf8'));
        this.tail = [];
      } else out.push(part.toString('utf8'));
      start = end + 1;
    }
    if (start < chunk.length) this.tail.push(chunk.subarray(start));
    return out;
  }
}

/** How a CdpConnection talks to the browser (docs/client.md, DevTools). */
export interface CdpTransport {
  send(message: string): void;
  close(): void;
  /** Set by the connection: each whole message, and once when the transport is gone. */
  onMessage: (message: string) => void;
  onClose: () => void;
}

/**
 * The pipe a Chromium started with --remote-debugging-pipe reads (its fd 3, our `input`) and
 * writes (its fd 4, our `output`). No port: only the process that started the browser holds it.
 */
export class PipeTransport implements CdpTransport {
  onMessage: (message: string) => void = () => {};
  onClose: () => void = () => {};
  private closed = false;
  private readonly framer = new NulFramer();

  constructor(
    private readonly input: Writable,
    private readonly output: Readable,
  ) {
    output.on('data', (chunk: Buffer) => {
      for (const m of this.framer.push(chunk)) if (!this.closed) this.onMessage(m);
    });
    const gone = () => this.finish();
    output.once('end', gone);
    output.once('close', gone);
    output.on('error', gone);
    input.on('error', gone);
    input.once('close', gone);
  }

  send(message: string) {
    if (this.closed) return;
    this.input.write(`${message}\0`);
  }

  close() {
    this.input.destroy();
    this.output.destroy();
    this.finish();
  }

  private finish() {
    if (this.closed) return;
    this.closed = true;
    this.onClose();
  }
}
