import { EventEmitter } from 'node:events';
import { mkdir, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { OpenedPhone, PhoneBounds, PhoneInput } from '@facet/shared';
import { connectPhone, type PhoneLink } from '@facet/shared/node';
import { ClientError } from '../profile-sessions.js';
import { type ServerClient, ServerError } from '../server-client.js';
import type { ClientAdbKey } from './adb-key.js';
import { inputCommands, type PhoneScreen, parseWmSize, shellQuote } from './input.js';
import { ScrcpyMirror, scrcpyServerFile } from './scrcpy.js';

/** Links the client to an environment's phone; the default asks the server for a grant (phoneConnect). */
export type PhoneConnector = (id: number) => Promise<PhoneLink>;

export interface PhoneSessionsOptions {
  server: Pick<ServerClient, 'call'>;
  /** The client's ADB key (made on first use). */
  key: () => Promise<ClientAdbKey>;
  /** Replaces the server's grant + relay (tests and the bench link straight to a test phone). */
  connect?: PhoneConnector;
  /** Where saveimgs writes: the user's Downloads by default. */
  downloadDir?: () => string;
  /** Reconnection backoff: the first wait, doubled after each failure up to the last. */
  backoffMs?: { first: number; max: number };
  /** The screen is polled while someone asked for a frame within this long. */
  watchMs?: number;
  /** The scrcpy-server file to run on phones (scrcpy mode); null for screencap mode. Default: scrcpyServerFile(). */
  scrcpyServer?: () => string | null;
}

/** The link dropped and is being made again: the phone takes no input meanwhile. */
export class PhoneReconnecting extends ClientError {}

interface Session {
  id: number;
  name: string;
  link: PhoneLink;
  screen: PhoneScreen;
  state: OpenedPhone['state'];
  /** Scrcpy mode's server on the phone; null in screencap mode. */
  mirror: ScrcpyMirror | null;
  bounds: PhoneBounds | null;
  closing: boolean;
  /** Frames: the newest, its number, and when recent ones arrived (for fps). */
  seq: number;
  png: Uint8Array | null;
  frameTimes: number[];
  lastAsked: number;
  polling: boolean;
  frameWaiters: Set<() => void>;
  /** Reconnection: the running loop, what wakes its wait, who waits for the next attempt. */
  reconnecting: Promise<void> | null;
  wake: (() => void) | null;
  attemptWaiters: Set<(error: Error | null) => void>;
}

const FRAME_WAIT_MS = 1000;
const FIRST_FRAME_WAIT_MS = 10_000;
const FRAME_RETRY_MS = 250;
const DEFAULT_BACKOFF = { first: 500, max: 10_000 };
const DEFAULT_WATCH_MS = 5000;

/** The server answered and said no (not a network failure, not its own fault). */
function refusedByServer(e: Error): boolean {
  if (!(e instanceof ServerError)) return false;
  if (e.code === 'network') return false;
  const n = Number(e.code);
  return !(n >= 500 && n < 600);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A name for a file: what the phone is called, without characters file systems refuse. */
function fileSafe(name: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are refused in file names
  return name.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '_').slice(0, 80) || 'phone';
}

function stamp(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}${p(d.getMonth() + 1)}${p(d.getDate())}-${p(d.getHours())}${p(d.getMinutes())}${p(d.getSeconds())}`;
}

/**
 * The cloud phones this client has open (docs/phones.md, In the client): one ADB link each
 * through the server's relay, the screen polled while someone watches, input replayed on a
 * control group's followers, and the link made again with backoff when it drops.
 * Events: `phone-opened` / `phone-closed` {id}, `state` {id, state}, `bounds` {id, bounds}.
 */
export class PhoneSessions extends EventEmitter {
  private readonly sessions = new Map<number, Session>();
  private readonly opening = new Map<number, Promise<OpenedPhone>>();
  private groupMain: number | null = null;
  private followers: number[] = [];
  private readonly connect: PhoneConnector;
  private readonly backoff: { first: number; max: number };

  constructor(private readonly o: PhoneSessionsOptions) {
    super();
    this.backoff = o.backoffMs ?? DEFAULT_BACKOFF;
    this.connect =
      o.connect ??
      (async (id) => {
        const key = await o.key();
        const grant = await o.server.call('phoneConnect', { body: { id, publicKey: key.publicKey } });
        return connectPhone({ host: grant.host, port: grant.port }, key.pkcs8);
      });
  }

  /** Opens a phone: marks it open on the server, links to it, reads its screen size. */
  open(id: number): Promise<OpenedPhone> {
    const s = this.sessions.get(id);
    if (s) return Promise.resolve(this.view(s));
    const pending = this.opening.get(id);
    if (pending) return pending;
    const p = this.doOpen(id).finally(() => this.opening.delete(id));
    this.opening.set(id, p);
    return p;
  }

  private async doOpen(id: number): Promise<OpenedPhone> {
    const env = await this.o.server.call('phoneOpen', { body: { id } });
    let link: PhoneLink;
    let screen: PhoneScreen;
    let mirror: ScrcpyMirror | null;
    try {
      link = await this.connect(id);
      try {
        screen = { ...(await this.readSize(link)), rotated: false };
        mirror = await this.mirror(id, link);
      } catch (e) {
        await link.close();
        throw e;
      }
    } catch (e) {
      await this.o.server.call('phoneClose', { body: { id } }).catch(() => undefined);
      throw new ClientError(`phone ${id} could not be linked: ${(e as Error).message}`);
    }
    const s: Session = {
      id,
      name: env.name,
      link,
      screen,
      state: 'connected',
      mirror,
      bounds: null,
      closing: false,
      seq: 0,
      png: null,
      frameTimes: [],
      lastAsked: 0,
      polling: false,
      frameWaiters: new Set(),
      reconnecting: null,
      wake: null,
      attemptWaiters: new Set(),
    };
    this.sessions.set(id, s);
    this.watch(s, link);
    this.watchMirror(s);
    this.emit('phone-opened', { id });
    return this.view(s);
  }

  /**
   * Scrcpy mode when this machine has the server file and the phone runs it; otherwise (or when
   * it fails) screencap mode, with the reason in the extra log.
   */
  private async mirror(id: number, link: PhoneLink): Promise<ScrcpyMirror | null> {
    const file = (this.o.scrcpyServer ?? scrcpyServerFile)();
    if (!file) return null;
    try {
      return await ScrcpyMirror.start(link, file);
    } catch (e) {
      this.emit('warning', { id, message: `scrcpy mode unavailable, using screencap: ${(e as Error).message}` });
      return null;
    }
  }

  /** A scrcpy server that ends while the link stays: the phone goes on in screencap mode. */
  private watchMirror(s: Session) {
    const mirror = s.mirror;
    void mirror?.gone.then(() => {
      if (s.mirror !== mirror || s.closing) return;
      s.mirror = null;
      if (s.state === 'connected')
        this.emit('warning', { id: s.id, message: 'the scrcpy server ended: screencap mode' });
    });
  }

  private async readSize(link: PhoneLink) {
    const size = parseWmSize(await link.shell('wm size'));
    if (!size) throw new Error('the phone did not tell its screen size (wm size)');
    return size;
  }

  private get(id: number): Session {
    const s = this.sessions.get(id);
    if (!s) throw new ClientError(`phone ${id} is not open in this client`);
    return s;
  }

  private view(s: Session): OpenedPhone {
    const now = Date.now();
    return {
      id: s.id,
      name: s.name,
      width: s.screen.width,
      height: s.screen.height,
      rotated: s.screen.rotated,
      mode: s.mirror ? 'scrcpy' : 'screencap',
      state: s.state,
      bounds: s.bounds,
      fps: s.mirror ? s.mirror.fps() : s.frameTimes.filter((t) => now - t <= 1000).length,
    };
  }

  ids(): number[] {
    return [...this.sessions.keys()].sort((a, b) => a - b);
  }

  opened(): OpenedPhone[] {
    return this.ids().map((id) => this.view(this.get(id)));
  }

  configOf(id: number): OpenedPhone {
    return this.view(this.get(id));
  }

  // ---- the link and reconnection ----------------------------------------------------------------

  /** When the link drops without being closed, the phone is linked again. */
  private watch(s: Session, link: PhoneLink) {
    void link.gone.then(() => {
      if (s.closing || s.link !== link || s.reconnecting) return;
      this.startReconnecting(s);
    });
  }

  private setState(s: Session, state: OpenedPhone['state']) {
    if (s.state === state) return;
    s.state = state;
    this.emit('state', { id: s.id, state });
  }

  private startReconnecting(s: Session) {
    this.setState(s, 'reconnecting');
    s.reconnecting = (async () => {
      let wait = this.backoff.first;
      while (!s.closing) {
        const error = await this.attempt(s);
        for (const w of s.attemptWaiters) w(error);
        s.attemptWaiters.clear();
        if (!error || s.closing) break;
        if (refusedByServer(error)) {
          // The server will not let this phone be linked again (closed elsewhere, expired, disabled):
          // it closes here too, rather than asking forever.
          this.emit('warning', { id: s.id, message: `closed: ${error.message}` });
          s.reconnecting = null;
          void this.close(s.id);
          return;
        }
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, wait);
          s.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        s.wake = null;
        wait = Math.min(wait * 2, this.backoff.max);
      }
      s.reconnecting = null;
    })();
  }

  /** One try: a new grant and link; null when the phone is back. */
  private async attempt(s: Session): Promise<Error | null> {
    try {
      const link = await this.connect(s.id);
      if (s.closing) {
        await link.close();
        return null;
      }
      let mirror: ScrcpyMirror | null;
      try {
        const size = await this.readSize(link);
        s.screen = { ...s.screen, ...size };
        mirror = await this.mirror(s.id, link);
      } catch (e) {
        await link.close();
        throw e;
      }
      if (s.closing) {
        await mirror?.close();
        await link.close();
        return null;
      }
      s.link = link;
      s.mirror = mirror;
      this.setState(s, 'connected');
      this.watch(s, link);
      this.watchMirror(s);
      return null;
    } catch (e) {
      return e as Error;
    }
  }

  /** Links the phone again now (the window's reconnect button); answers once that try has ended. */
  async reconnect(id: number): Promise<OpenedPhone> {
    const s = this.get(id);
    const result = new Promise<Error | null>((resolve) => s.attemptWaiters.add(resolve));
    if (s.reconnecting) s.wake?.();
    else {
      const old = s.link;
      this.startReconnecting(s);
      void old.close();
    }
    const error = await result;
    if (error) throw new ClientError(`phone ${id} could not be linked again: ${error.message} (trying again)`);
    return this.view(s);
  }

  private usable(s: Session): PhoneLink {
    if (s.state !== 'connected')
      throw new PhoneReconnecting(`phone ${s.id} is reconnecting: it takes input again once it is linked`);
    return s.link;
  }

  // ---- the screen -------------------------------------------------------------------------------

  /** The newest frame; waits up to a second for one newer than `after`. Polling runs while frames are asked for. */
  async frame(id: number, after?: number): Promise<{ seq: number; png: Uint8Array }> {
    const s = this.get(id);
    s.lastAsked = Date.now();
    this.poll(s);
    const newer = () => s.png !== null && (after === undefined || s.seq > after);
    if (!newer()) {
      const wait = s.png === null ? FIRST_FRAME_WAIT_MS : FRAME_WAIT_MS;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          s.frameWaiters.delete(done);
          resolve();
        };
        const timer = setTimeout(done, wait);
        s.frameWaiters.add(done);
      });
    }
    if (!s.png) {
      if (s.state !== 'connected') throw new PhoneReconnecting(`phone ${id} is reconnecting: no screen yet`);
      throw new ClientError(`phone ${id} sent no screen in time`);
    }
    return { seq: s.seq, png: s.png };
  }

  private poll(s: Session) {
    if (s.polling) return;
    s.polling = true;
    void (async () => {
      const watchMs = this.o.watchMs ?? DEFAULT_WATCH_MS;
      while (!s.closing && s.state === 'connected' && Date.now() - s.lastAsked < watchMs) {
        try {
          const png = await s.link.screencap();
          if (s.closing) break;
          s.png = png;
          s.seq++;
          const now = Date.now();
          s.frameTimes.push(now);
          while (s.frameTimes.length && now - (s.frameTimes[0] as number) > 1000) s.frameTimes.shift();
          for (const w of [...s.frameWaiters]) w();
        } catch {
          // A dropped link is seen by watch(); anything else is tried again in a moment.
          await sleep(FRAME_RETRY_MS);
        }
      }
      s.polling = false;
    })();
  }

  /**
   * Scrcpy mode's video for a viewer: `write` gets scrcpy's framing (codec meta, configuration,
   * packets from the next key frame on); `end` when the stream stops. Returns what stops watching.
   */
  video(id: number, write: (chunk: Uint8Array) => boolean, end: () => void): () => void {
    const s = this.get(id);
    if (!s.mirror) throw new ClientError(`phone ${id} is in screencap mode: ask phone/frame for its screen`);
    return s.mirror.watch(write, end);
  }

  /** What the phone's clipboard holds (scrcpy mode syncs it as the phone copies). */
  clipboard(id: number): { text: string; seq: number } {
    const s = this.get(id);
    if (!s.mirror) throw new ClientError(`phone ${id} is in screencap mode: its clipboard is read in scrcpy mode only`);
    return s.mirror.clipboard;
  }

  // ---- input and group control -----------------------------------------------------------------

  /** One input on a phone; on the control group's main phone it is replayed on each follower at its size. */
  async input(id: number, input: PhoneInput): Promise<boolean> {
    const s = this.get(id);
    const link = this.usable(s);
    const followers =
      this.groupMain === id
        ? this.followers.map((f) => this.sessions.get(f)).filter((f): f is Session => !!f && f.state === 'connected')
        : [];
    const [own] = await Promise.allSettled([
      this.apply(s, link, input),
      ...followers.map((f) => this.apply(f, f.link, input)),
    ]);
    if (own?.status === 'rejected') throw new ClientError(`phone ${id}: ${(own.reason as Error).message}`);
    return true;
  }

  private async apply(s: Session, link: PhoneLink, input: PhoneInput) {
    if (s.mirror) {
      await s.mirror.input(input);
      if (input.type === 'rotate') s.screen = { ...s.screen, rotated: !s.screen.rotated };
      return;
    }
    if (input.type === 'clipboard' && !input.paste)
      throw new ClientError("the phone's clipboard is set in scrcpy mode only; paste types the text instead");
    for (const command of inputCommands(input, s.screen)) {
      const out = await link.shell(command);
      if (/^(Error|Exception|usage)/im.test(out.trim())) throw new Error(`${command}: ${out.trim().slice(0, 200)}`);
    }
    if (input.type === 'rotate') s.screen = { ...s.screen, rotated: !s.screen.rotated };
  }

  group(): { main: number | null; followers: number[] } {
    return { main: this.groupMain, followers: [...this.followers] };
  }

  /** Makes a control group of open phones: the main's input goes to every follower. */
  setGroup(main: number, followers: number[]) {
    this.get(main);
    const list = [...new Set(followers)].filter((f) => f !== main);
    for (const f of list) this.get(f);
    if (list.length === 0) throw new ClientError('a control group needs a follower besides the main phone');
    this.groupMain = main;
    this.followers = list;
    return this.group();
  }

  /** Ends group control for these phones (all of it without ids, or when the main is among them). */
  closeGroup(ids?: number[]) {
    if (!ids || (this.groupMain !== null && ids.includes(this.groupMain))) {
      this.groupMain = null;
      this.followers = [];
    } else {
      this.followers = this.followers.filter((f) => !ids.includes(f));
      if (this.followers.length === 0) this.groupMain = null;
    }
    return this.group();
  }

  // ---- files and screenshots --------------------------------------------------------------------

  /** A file to the phone's Download folder; an APK is installed instead (and not kept). */
  async push(id: number, name: string, bytes: Uint8Array): Promise<{ path: string; installed: boolean }> {
    const s = this.get(id);
    const link = this.usable(s);
    if (!/\.apk$/i.test(name)) {
      const path = `/sdcard/Download/${name}`;
      await link.push(path, bytes);
      return { path, installed: false };
    }
    const path = `/data/local/tmp/facet-${Date.now()}-${Math.random().toString(36).slice(2, 8)}.apk`;
    await link.push(path, bytes);
    try {
      const out = await link.shell(`pm install -r ${shellQuote(path)}`, { timeoutMs: 300_000 });
      if (!/\bSuccess\b/.test(out)) throw new ClientError(`${name} was not installed: ${out.trim().slice(0, 300)}`);
    } finally {
      await link.shell(`rm -f ${shellQuote(path)}`).catch(() => undefined);
    }
    return { path, installed: true };
  }

  /** A fresh screenshot of each phone, as PNG, into the download folder. */
  async saveImages(ids: number[]): Promise<{ files: { id: number; path: string }[] }> {
    const list = [...new Set(ids)].map((id) => this.get(id));
    const dir = this.o.downloadDir?.() ?? join(homedir(), 'Downloads');
    await mkdir(dir, { recursive: true });
    const when = stamp(new Date());
    const files = await Promise.all(
      list.map(async (s) => {
        const png = await this.usable(s).screencap();
        const path = join(dir, `${fileSafe(s.name)}-${s.id}-${when}.png`);
        await writeFile(path, png);
        return { id: s.id, path };
      }),
    );
    return { files };
  }

  // ---- windows ----------------------------------------------------------------------------------

  setBounds(id: number, bounds: PhoneBounds): OpenedPhone {
    const s = this.get(id);
    s.bounds = bounds;
    this.emit('bounds', { id, bounds });
    return this.view(s);
  }

  // ---- closing ----------------------------------------------------------------------------------

  /** Closes a phone here and tells the server (a failure there is ignored); false when it was not open. */
  async close(id: number): Promise<boolean> {
    const s = this.sessions.get(id);
    if (!s || s.closing) return false;
    s.closing = true;
    s.wake?.();
    for (const w of s.frameWaiters) w();
    this.sessions.delete(id);
    this.closeGroup([id]);
    // A try to link again that is under way sees `closing` and closes what it made.
    await s.mirror?.close();
    await s.link.close().catch(() => undefined);
    await this.o.server.call('phoneClose', { body: { id } }).catch(() => undefined);
    this.emit('phone-closed', { id });
    return true;
  }

  async closeAll(): Promise<number> {
    await Promise.allSettled([...this.opening.values()]);
    const results = await Promise.all(this.ids().map((id) => this.close(id)));
    this.groupMain = null;
    this.followers = [];
    return results.filter(Boolean).length;
  }
}
