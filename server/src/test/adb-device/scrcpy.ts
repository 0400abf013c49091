// The test phone's scrcpy server: what `app_process / com.genymobile.scrcpy.Server <version> …`
// does on a real phone, over the real wire protocol (scrcpy's doc/develop.md): in forward-tunnel
// mode it listens on `localabstract:scrcpy_<scid>`, the first socket gets a dummy byte and the
// device name, the video socket the codec meta and H.264 packets, the control socket carries
// control messages in and device messages (clipboard, its acknowledgements) out.
import { H264Encoder } from './h264.js';
import { type DeviceState, displaySize } from './state.js';

/** A stream of the device as a service sees it. */
export interface ServiceStream {
  write(data: Uint8Array): void;
  end(): void;
  onData?: (data: Buffer) => void;
  onClose?: () => void;
}

export interface ScrcpyOptions {
  /** The version of the scrcpy-server file this phone runs; a client of another version is refused as the real server does. */
  version: string;
  /** Frames per second while nothing changes on the screen (the real server sends only changes; a test wants a steady stream). */
  fps: number;
}

const CODEC_H264 = 0x68_32_36_34;
const CONFIG_FLAG = 1n << 63n;
const KEY_FRAME_FLAG = 1n << 62n;
const SERVER_CLASS = 'com.genymobile.scrcpy.Server';

const KEY_ACTIONS = ['down', 'up'] as const;
const TOUCH_ACTIONS: Record<number, string> = { 0: 'down', 1: 'up', 2: 'move' };

interface Session {
  scid: string;
  options: Map<string, string>;
  process: ServiceStream;
  sockets: ServiceStream[];
  expected: number;
  video?: ServiceStream;
  control?: ServiceStream;
  encoder?: H264Encoder;
  timer?: NodeJS.Timeout;
  started: number;
  stopped: boolean;
}

function flag(options: Map<string, string>, name: string, fallback: boolean): boolean {
  const v = options.get(name);
  return v === undefined ? fallback : v === 'true';
}

/** Scrcpy's video size: the display scaled so its longer side fits max_size, both sides a multiple of 8. */
function videoSize(display: { width: number; height: number }, maxSize: number) {
  let { width, height } = display;
  const longer = Math.max(width, height);
  if (maxSize > 0 && longer > maxSize) {
    width = Math.round((width * maxSize) / longer);
    height = Math.round((height * maxSize) / longer);
  }
  return { width: width & ~7, height: height & ~7 };
}

function u32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n >>> 0);
  return b;
}

function packet(ptsAndFlags: bigint, data: Uint8Array): Buffer {
  const head = Buffer.alloc(12);
  head.writeBigUInt64BE(ptsAndFlags, 0);
  head.writeUInt32BE(data.length, 8);
  return Buffer.concat([head, data]);
}

export class ScrcpyServers {
  private readonly sessions = new Map<string, Session>();

  constructor(
    private readonly state: DeviceState,
    private readonly o: ScrcpyOptions,
  ) {}

  /** Starts a server when the shell line runs scrcpy's; false for any other line. */
  start(line: string, process: ServiceStream): boolean {
    const m = /^CLASSPATH=(\S+) app_process \/ (\S+) (\S+)(.*)$/.exec(line.trim());
    if (!m) return false;
    const [, classpath = '', main, version, rest = ''] = m;
    const say = (text: string) => process.write(Buffer.from(`${text}\n`));
    if (!this.state.files.has(classpath) || main !== SERVER_CLASS) {
      say(`Error: Could not find or load main class ${main}`);
      process.end();
      return true;
    }
    if (version !== this.o.version) {
      say(`[server] ERROR: The server version (${this.o.version}) does not match the client (${version})`);
      process.end();
      return true;
    }
    const options = new Map<string, string>();
    for (const word of rest.trim().split(/\s+/).filter(Boolean)) {
      const eq = word.indexOf('=');
      if (eq > 0) options.set(word.slice(0, eq), word.slice(eq + 1));
    }
    if ((options.get('video_codec') ?? 'h264') !== 'h264') {
      say(`[server] ERROR: Could not find a video encoder for ${options.get('video_codec')}`);
      process.end();
      return true;
    }
    if (!flag(options, 'tunnel_forward', false)) {
      // A reverse tunnel needs the client's `reverse:` service, which this phone does not offer.
      say('[server] ERROR: Could not connect to the client (reverse tunnel)');
      process.end();
      return true;
    }
    const scid = (options.get('scid') ?? '').padStart(8, '0');
    const expected =
      Number(flag(options, 'video', true)) +
      Number(flag(options, 'audio', true)) +
      Number(flag(options, 'control', true));
    const session: Session = { scid, options, process, sockets: [], expected, started: Date.now(), stopped: false };
    this.sessions.set(`scrcpy_${scid}`, session);
    const brand = this.state.props.get('ro.product.brand') ?? '';
    const model = this.state.props.get('ro.product.model') ?? '';
    say(`[server] INFO: Device: [${brand}] ${model} (Android ${this.state.props.get('ro.build.version.release')})`);
    process.onClose = () => this.stop(session);
    return true;
  }

  /** A connection to `localabstract:<name>`; false when no server listens there. */
  connect(service: string, stream: ServiceStream): boolean {
    const name = /^localabstract:(.+)$/.exec(service)?.[1];
    const s = name ? this.sessions.get(name) : undefined;
    if (!s || s.stopped || s.sockets.length >= s.expected) return false;
    s.sockets.push(stream);
    stream.onClose = () => this.stop(s);
    if (s.sockets.length === 1 && flag(s.options, 'send_dummy_byte', true)) stream.write(Buffer.from([0]));
    if (s.sockets.length === s.expected) this.begin(s);
    return true;
  }

  /** Something on the phone copied text: servers that sync the clipboard tell their client. */
  copied(text: string) {
    for (const s of this.sessions.values()) {
      if (!s.stopped && s.control && flag(s.options, 'clipboard_autosync', true)) this.sendClipboard(s, text);
    }
  }

  /** Running servers, for tests: their options. */
  running(): Map<string, string>[] {
    return [...this.sessions.values()].filter((s) => !s.stopped).map((s) => s.options);
  }

  stopAll() {
    for (const s of [...this.sessions.values()]) this.stop(s);
  }

  private begin(s: Session) {
    let i = 0;
    const video = flag(s.options, 'video', true) ? s.sockets[i++] : undefined;
    const audio = flag(s.options, 'audio', true) ? s.sockets[i++] : undefined;
    s.control = flag(s.options, 'control', true) ? s.sockets[i++] : undefined;
    s.video = video;
    const first = s.sockets[0];
    if (first && flag(s.options, 'send_device_meta', true)) {
      const name = Buffer.alloc(64);
      name.write((this.state.props.get('ro.product.model') ?? '').slice(0, 63), 'utf8');
      first.write(name);
    }
    // This phone records no sound: the audio stream says so with codec 0, as scrcpy does.
    if (audio) audio.write(u32(0));
    if (s.control) {
      let pending: Buffer = Buffer.alloc(0);
      s.control.onData = (data) => {
        pending = pending.length ? Buffer.concat([pending, data]) : data;
        let used = this.control(s, pending);
        while (used > 0) {
          pending = pending.subarray(used);
          used = pending.length ? this.control(s, pending) : 0;
        }
      };
    }
    if (video) {
      if (flag(s.options, 'send_codec_meta', true)) {
        const size = this.size(s);
        video.write(Buffer.concat([u32(CODEC_H264), u32(size.width), u32(size.height)]));
      }
      this.keyFrame(s);
      const every = Math.max(1, Math.round(1000 / this.o.fps));
      s.timer = setInterval(() => this.frame(s), every);
    }
  }

  private size(s: Session) {
    return videoSize(displaySize(this.state), Number(s.options.get('max_size') ?? 0));
  }

  private pts(s: Session): bigint {
    return BigInt(Date.now() - s.started) * 1000n;
  }

  private send(s: Session, flags: bigint, data: Uint8Array) {
    if (!s.video) return;
    // A configuration packet carries no time: its pts field is the flag alone, as scrcpy sends it.
    const ptsAndFlags = flags === CONFIG_FLAG ? CONFIG_FLAG : this.pts(s) | flags;
    if (flag(s.options, 'send_frame_meta', true)) s.video.write(packet(ptsAndFlags, data));
    else s.video.write(data);
  }

  /** A new encoder at the screen's size: configuration, then a key frame. */
  private keyFrame(s: Session) {
    const { width, height } = this.size(s);
    if (!s.encoder || s.encoder.width !== width || s.encoder.height !== height)
      s.encoder = new H264Encoder(width, height);
    this.send(s, CONFIG_FLAG, s.encoder.configuration());
    this.send(s, KEY_FRAME_FLAG, s.encoder.keyFrame(this.state.tint));
  }

  private frame(s: Session) {
    if (s.stopped || !s.encoder) return;
    const { width, height } = this.size(s);
    if (width !== s.encoder.width || height !== s.encoder.height) this.keyFrame(s);
    else this.send(s, 0n, s.encoder.unchanged());
  }

  private record(what: string) {
    this.state.inputs.push(`scrcpy ${what}`);
  }

  /** Device pixels of a point given in the video's size. */
  private point(x: number, y: number, w: number, h: number) {
    const d = displaySize(this.state);
    return `${Math.round((x * d.width) / Math.max(1, w))} ${Math.round((y * d.height) / Math.max(1, h))}`;
  }

  private sendClipboard(s: Session, text: string) {
    const bytes = Buffer.from(text, 'utf8');
    s.control?.write(Buffer.concat([Buffer.from([0]), u32(bytes.length), bytes]));
  }

  /** One control message from the front of `b`: how many bytes it used (0 when it is not whole yet). */
  private control(s: Session, b: Buffer): number {
    const type = b[0];
    const need = (n: number) => b.length >= n;
    switch (type) {
      case 0: {
        // INJECT_KEYCODE: action u8, keycode u32, repeat u32, metastate u32
        if (!need(14)) return 0;
        this.record(`key ${KEY_ACTIONS[b[1] as 0 | 1] ?? b[1]} ${b.readUInt32BE(2)}`);
        return 14;
      }
      case 1: {
        // INJECT_TEXT: u32 length, UTF-8
        if (!need(5) || !need(5 + b.readUInt32BE(1))) return 0;
        const n = b.readUInt32BE(1);
        this.record(`text ${b.subarray(5, 5 + n).toString('utf8')}`);
        return 5 + n;
      }
      case 2: {
        // INJECT_TOUCH_EVENT: action u8, pointer u64, x i32, y i32, w u16, h u16, pressure u16, action button u32, buttons u32
        if (!need(32)) return 0;
        const at = this.point(b.readInt32BE(10), b.readInt32BE(14), b.readUInt16BE(18), b.readUInt16BE(20));
        this.record(`touch ${TOUCH_ACTIONS[b[1] as number] ?? b[1]} ${at}`);
        return 32;
      }
      case 3: {
        // INJECT_SCROLL_EVENT: x i32, y i32, w u16, h u16, hscroll i16, vscroll i16 (fixed point, ×16), buttons u32
        if (!need(21)) return 0;
        const at = this.point(b.readInt32BE(1), b.readInt32BE(5), b.readUInt16BE(9), b.readUInt16BE(11));
        const amount = (v: number) => Math.round((v / 0x8000) * 16 * 100) / 100;
        this.record(`scroll ${at} ${amount(b.readInt16BE(13))} ${amount(b.readInt16BE(15))}`);
        return 21;
      }
      case 4:
        // BACK_OR_SCREEN_ON: action u8
        if (!need(2)) return 0;
        this.record(`back ${KEY_ACTIONS[b[1] as 0 | 1] ?? b[1]}`);
        return 2;
      case 5:
      case 6:
      case 7:
      case 11:
      case 15:
      case 17:
        if (type === 11) {
          // ROTATE_DEVICE: a quarter turn, the encoder restarts at the new size
          const system = this.state.settings.system;
          system.set('accelerometer_rotation', '0');
          system.set('user_rotation', system.get('user_rotation') === '1' ? '0' : '1');
          this.record('rotate');
        }
        if (type === 17) this.keyFrame(s);
        return 1;
      case 8:
        // GET_CLIPBOARD: copy key u8
        if (!need(2)) return 0;
        this.sendClipboard(s, this.state.clipboard);
        return 2;
      case 9: {
        // SET_CLIPBOARD: sequence u64, paste u8, u32 length, UTF-8
        if (!need(14) || !need(14 + b.readUInt32BE(10))) return 0;
        const n = b.readUInt32BE(10);
        const sequence = b.readBigUInt64BE(1);
        this.state.clipboard = b.subarray(14, 14 + n).toString('utf8');
        this.record(`clipboard ${this.state.clipboard}${b[9] ? ' paste' : ''}`);
        if (sequence !== 0n) {
          const ack = Buffer.alloc(9);
          ack[0] = 1;
          ack.writeBigUInt64BE(sequence, 1);
          s.control?.write(ack);
        }
        return 14 + n;
      }
      case 10:
        // SET_DISPLAY_POWER: on u8
        if (!need(2)) return 0;
        this.record(`display ${b[1] ? 'on' : 'off'}`);
        return 2;
      case 16: {
        // START_APP: u8 length, name
        if (!need(2) || !need(2 + (b[1] as number))) return 0;
        this.record(`start ${b.subarray(2, 2 + (b[1] as number)).toString('utf8')}`);
        return 2 + (b[1] as number);
      }
      default:
        // Not a message this server knows: scrcpy's server ends the session.
        this.stop(s);
        return 0;
    }
  }

  private stop(s: Session) {
    if (s.stopped) return;
    s.stopped = true;
    clearInterval(s.timer);
    this.sessions.delete(`scrcpy_${s.scid}`);
    for (const socket of s.sockets) socket.end();
    s.process.end();
  }
}
