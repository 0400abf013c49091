import { randomInt } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { PhoneInput } from '@facet/shared';
import type { PhoneLink } from '@facet/shared/node';
import { AdbScrcpyClient, AdbScrcpyExitedError, AdbScrcpyOptions3_3_3 } from '@yume-chan/adb-scrcpy';
import {
  type AndroidKeyCode,
  AndroidKeyEventAction,
  AndroidMotionEventAction,
  DefaultServerPath,
  type ScrcpyMediaStreamPacket,
} from '@yume-chan/scrcpy';
import { WritableStream } from '@yume-chan/stream-extra';
import { PHONE_KEY_CODES, toPixel } from './input.js';

/**
 * Scrcpy mode (docs/phones.md, Screen modes): the scrcpy server runs on the phone, its H.264
 * stream goes to the viewers as it came (re-framed the way scrcpy frames it), and input goes
 * over its control socket instead of a shell command each.
 */

/** The scrcpy-server version @yume-chan/scrcpy speaks: the file must be this one (the server refuses any other client). */
export const SCRCPY_VERSION = '3.3.3';
/** Where a machine keeps the server file: Debian's and the upstream install's places. */
const KNOWN_PATHS = ['/usr/share/scrcpy/scrcpy-server', '/usr/local/share/scrcpy/scrcpy-server'];
/** Longer side of the video: enough for a window, and a fraction of a 1440p phone's encoder load. */
const MAX_SIZE = 1280;
const LONG_PRESS_MS = 800;
const SWIPE_MS = 300;
/** A swipe's finger moves this often (about a 60 Hz touch panel). */
const MOVE_EVERY_MS = 16;

const CODEC_META = 12;
const CONFIG_FLAG = 1n << 63n;
const KEY_FRAME_FLAG = 1n << 62n;

/** The scrcpy-server file this client pushes: FACET_SCRCPY_SERVER, else a known install path; null without one. */
export function scrcpyServerFile(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.FACET_SCRCPY_SERVER !== undefined)
    return env.FACET_SCRCPY_SERVER && existsSync(env.FACET_SCRCPY_SERVER) ? env.FACET_SCRCPY_SERVER : null;
  return KNOWN_PATHS.find((p) => existsSync(p)) ?? null;
}

/**
 * A viewer of the stream: gets bytes in scrcpy's own framing (codec meta, then packets). `write`
 * answers false when the viewer is behind: it then skips to the next key frame.
 */
type Viewer = { write: (chunk: Uint8Array) => boolean; end: () => void; needsKey: boolean };
/** A viewer behind asks the phone for a key frame at most this often. */
const RESET_EVERY_MS = 1000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function header(flags: bigint, size: number): Uint8Array {
  const b = Buffer.alloc(12);
  b.writeBigUInt64BE(flags, 0);
  b.writeUInt32BE(size, 8);
  return b;
}

/** One packet as scrcpy's video socket carries it: 8 bytes of pts and flags, 4 of size, the data. */
function frame(packet: ScrcpyMediaStreamPacket): Uint8Array {
  const flags =
    packet.type === 'configuration' ? CONFIG_FLAG : (packet.keyframe ? KEY_FRAME_FLAG : 0n) | (packet.pts ?? 0n);
  return Buffer.concat([header(flags, packet.data.length), packet.data]);
}

export class ScrcpyMirror {
  private readonly viewers = new Set<Viewer>();
  private config: Uint8Array | null = null;
  private codec = 0;
  private closed = false;
  /** The newest text the phone's clipboard held, numbered. */
  clipboard: { text: string; seq: number } = { text: '', seq: 0 };
  private clipSeq = 1n;
  private lastReset = 0;
  /** Video size now: the coordinates touches are given in. */
  width = 0;
  height = 0;
  /** Frames that arrived, for the frame rate. */
  readonly frameTimes: number[] = [];
  /** Settles when the server ended (its process or a socket closed). */
  readonly gone: Promise<void>;

  private constructor(private readonly client: AdbScrcpyClient<AdbScrcpyOptions3_3_3<true>>) {
    this.gone = client.exited.then(
      () => undefined,
      () => undefined,
    );
    void this.gone.then(() => this.end());
  }

  /**
   * Pushes the server file and starts it (forward tunnel: the client opens the sockets, so it
   * works through the Facet server's relay). Throws what the server said when it does not start.
   */
  static async start(link: PhoneLink, serverFile: string): Promise<ScrcpyMirror> {
    await link.push(DefaultServerPath, await readFile(serverFile));
    const options = new AdbScrcpyOptions3_3_3(
      {
        scid: randomInt(1, 0x7fff_ffff).toString(16),
        audio: false,
        tunnelForward: true,
        maxSize: MAX_SIZE,
        clipboardAutosync: true,
        logLevel: 'info',
      },
      { version: SCRCPY_VERSION },
    );
    let client: AdbScrcpyClient<AdbScrcpyOptions3_3_3<true>>;
    try {
      client = await AdbScrcpyClient.start(link.adb, DefaultServerPath, options);
    } catch (e) {
      if (e instanceof AdbScrcpyExitedError) {
        const said = e.output
          .filter((l) => /error|exception|could not/i.test(l))
          .join(' ')
          .slice(0, 300);
        throw new Error(`the scrcpy server did not start${said ? `: ${said}` : ''}`);
      }
      throw e;
    }
    const mirror = new ScrcpyMirror(client);
    try {
      await mirror.run();
    } catch (e) {
      await mirror.close();
      throw e;
    }
    return mirror;
  }

  private async run() {
    const video = await this.client.videoStream;
    if (!video) throw new Error('the scrcpy server sent no video');
    this.codec = video.metadata.codec;
    this.width = video.metadata.width ?? 0;
    this.height = video.metadata.height ?? 0;
    video.sizeChanged(({ width, height }) => {
      this.width = width;
      this.height = height;
    });
    const reader = video.stream.getReader();
    void (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          this.forward(value);
        }
      } catch {
        // The stream ends with the server; `gone` tells the session.
      }
      this.end();
    })();
    const clipboard = this.client.clipboard;
    if (clipboard) {
      void clipboard
        .pipeTo(
          new WritableStream<string>({
            write: (text) => {
              this.clipboard = { text, seq: this.clipboard.seq + 1 };
            },
          }),
        )
        .catch(() => undefined);
    }
  }

  private forward(packet: ScrcpyMediaStreamPacket) {
    if (packet.type === 'configuration') this.config = packet.data;
    else {
      const now = Date.now();
      this.frameTimes.push(now);
      while (this.frameTimes.length && now - (this.frameTimes[0] as number) > 1000) this.frameTimes.shift();
    }
    const bytes = frame(packet);
    for (const v of this.viewers) {
      if (packet.type === 'data' && v.needsKey) {
        if (!packet.keyframe) continue;
        v.needsKey = false;
      }
      if (!v.write(bytes) && packet.type === 'data') {
        v.needsKey = true;
        this.askKeyFrame();
      }
    }
  }

  private askKeyFrame() {
    const now = Date.now();
    if (now - this.lastReset < RESET_EVERY_MS) return;
    this.lastReset = now;
    void this.client.controller?.resetVideo().catch(() => undefined);
  }

  fps(): number {
    const now = Date.now();
    return this.frameTimes.filter((t) => now - t <= 1000).length;
  }

  /**
   * A new viewer: the codec meta and the last configuration at once, then packets from the next
   * key frame on (the server is asked for one now). Returns what stops watching.
   */
  watch(write: (chunk: Uint8Array) => boolean, end: () => void): () => void {
    if (this.closed) {
      end();
      return () => undefined;
    }
    const meta = Buffer.alloc(CODEC_META);
    meta.writeUInt32BE(this.codec, 0);
    meta.writeUInt32BE(this.width, 4);
    meta.writeUInt32BE(this.height, 8);
    write(meta);
    if (this.config) write(frame({ type: 'configuration', data: this.config }));
    const viewer: Viewer = { write, end, needsKey: true };
    this.viewers.add(viewer);
    this.lastReset = 0;
    this.askKeyFrame();
    return () => {
      this.viewers.delete(viewer);
    };
  }

  get watching(): number {
    return this.viewers.size;
  }

  private control() {
    const c = this.client.controller;
    if (!c || this.closed) throw new Error('the scrcpy control socket is closed');
    return c;
  }

  private async touch(action: AndroidMotionEventAction, x: number, y: number) {
    await this.control().injectTouch({
      action,
      pointerId: -2n, // a finger, not the mouse
      pointerX: toPixel(x, this.width),
      pointerY: toPixel(y, this.height),
      videoWidth: this.width,
      videoHeight: this.height,
      pressure: action === AndroidMotionEventAction.Up ? 0 : 1,
      actionButton: 0,
      buttons: 0,
    });
  }

  private async path(x1: number, y1: number, x2: number, y2: number, ms: number) {
    await this.touch(AndroidMotionEventAction.Down, x1, y1);
    const steps = Math.max(1, Math.round(ms / MOVE_EVERY_MS));
    for (let i = 1; i <= steps; i++) {
      await sleep(ms / steps);
      await this.touch(AndroidMotionEventAction.Move, x1 + ((x2 - x1) * i) / steps, y1 + ((y2 - y1) * i) / steps);
    }
    await this.touch(AndroidMotionEventAction.Up, x2, y2);
  }

  /** One input through the control socket: points are fractions of the video, as of the screen. */
  async input(input: PhoneInput) {
    const c = this.control();
    switch (input.type) {
      case 'tap':
        await this.touch(AndroidMotionEventAction.Down, input.x, input.y);
        await this.touch(AndroidMotionEventAction.Up, input.x, input.y);
        return;
      case 'longPress':
        await this.touch(AndroidMotionEventAction.Down, input.x, input.y);
        await sleep(input.ms ?? LONG_PRESS_MS);
        await this.touch(AndroidMotionEventAction.Up, input.x, input.y);
        return;
      case 'swipe':
        return this.path(input.x1, input.y1, input.x2, input.y2, input.ms ?? SWIPE_MS);
      case 'scroll':
        // A wheel's notches: scrcpy takes -1…1 per event, the page moving by dy of the screen.
        await c.injectScroll({
          pointerX: toPixel(input.x, this.width),
          pointerY: toPixel(input.y, this.height),
          videoWidth: this.width,
          videoHeight: this.height,
          scrollX: 0,
          scrollY: -Math.max(-1, Math.min(1, input.dy * 10)),
          buttons: 0,
        });
        return;
      case 'text':
        await c.injectText(input.text);
        return;
      case 'key': {
        const keyCode = PHONE_KEY_CODES[input.key] as AndroidKeyCode;
        for (const action of [AndroidKeyEventAction.Down, AndroidKeyEventAction.Up]) {
          await c.injectKeyCode({ action, keyCode, repeat: 0, metaState: 0 });
        }
        return;
      }
      case 'rotate':
        await c.rotateDevice();
        return;
      case 'clipboard':
        await c.setClipboard({ sequence: this.clipSeq++, paste: input.paste ?? false, content: input.text });
        return;
    }
  }

  private end() {
    if (this.closed) return;
    this.closed = true;
    for (const v of this.viewers) v.end();
    this.viewers.clear();
  }

  /** Stops the server on the phone (its process is killed; the phone removes the file itself). */
  async close() {
    this.end();
    await this.client.close().catch(() => undefined);
  }
}
