import { type BridgeEventPayload, UPDATE_POSTPONE_MS } from '@facet/shared';
import { toUpdateError, type UpdateErrorCode } from './errors.js';
import type { UpdateInfo, Updater } from './port.js';
import type { UpdatePrefsStore } from './prefs-store.js';

export type UpdateStateName = 'idle' | 'checking' | 'available' | 'downloading' | 'downloaded' | 'installing' | 'error';

export interface UpdateState {
  name: UpdateStateName;
  /** The release found by the last check (kept through download, install and errors). */
  info: UpdateInfo | null;
  /** Download progress, 0-100; reset to 0 on an error and on retry. */
  percent: number;
  error: { code: UpdateErrorCode; detail: string } | null;
}

/** The bridge events (shared/src/client/bridge.ts) the update flow sends to the console. */
export type UpdateEventName = 'update-available' | 'download-progress' | 'update-downloaded' | 'update-error';
type Listener<E extends UpdateEventName> = (payload: BridgeEventPayload<E>) => void;

export interface UpdateMachineOptions {
  updater: Updater;
  prefs: UpdatePrefsStore;
  /** Closes every open profile browser (cookies saved, reported closed) before installing. */
  closeAll: () => Promise<unknown>;
  /** The cleanup before install (local API, relays, temp files). */
  cleanup?: () => Promise<unknown>;
  now?: () => number;
}

const isForced = (info: UpdateInfo | null) => info?.updateAvailable === 2;

/**
 * The update flow in the client (docs/client.md, Self-update): check → available →
 * downloading{percent} → downloaded → installing, with error reachable from each step. Forced
 * updates (updateAvailable 2) are always offered and cannot be postponed or ignored; others are
 * not offered while the 6-hour postpone runs or when their version is ignored. Failures never
 * throw out of the public methods: they become the error state and an `update-error` event, the
 * way the console learns of them.
 */
export class UpdateMachine {
  private current: UpdateState = { name: 'idle', info: null, percent: 0, error: null };
  private readonly listeners = new Map<UpdateEventName, Set<(p: unknown) => void>>();
  private readonly stateListeners = new Set<(s: UpdateState) => void>();
  private checking: Promise<UpdateInfo | null> | null = null;
  private downloading: Promise<boolean> | null = null;
  private prefsLoaded = false;
  /** Why the last out-of-turn call (download before check, install before download) was refused. */
  lastRefusal: string | null = null;
  private readonly now: () => number;

  constructor(private readonly o: UpdateMachineOptions) {
    this.now = o.now ?? Date.now;
  }

  get state(): UpdateState {
    return this.current;
  }

  on<E extends UpdateEventName>(event: E, listener: Listener<E>): () => void {
    const set = this.listeners.get(event) ?? new Set();
    this.listeners.set(event, set);
    const l = listener as (p: unknown) => void;
    set.add(l);
    return () => set.delete(l);
  }

  onState(listener: (s: UpdateState) => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  /** Whether the console should be told of this release now (the postpone and ignore rules below). */
  offers(info: UpdateInfo): boolean {
    if (isForced(info)) return true;
    if (!info.updateAvailable) return false;
    const prefs = this.o.prefs.get();
    if (prefs.postponedUntil !== null && prefs.postponedUntil > this.now()) return false;
    return prefs.ignoredVersion !== info.version;
  }

  /**
   * Asks the feed for a newer release. `silent` (periodic checks): a failure is kept in the state
   * but not sent to the console, so a server that is briefly away does not raise a notice each time.
   */
  check(opts: { silent?: boolean } = {}): Promise<UpdateInfo | null> {
    const busy = this.current.name;
    if (busy === 'downloading' || busy === 'downloaded' || busy === 'installing')
      return Promise.resolve(this.current.info);
    this.checking ??= this.runCheck(opts.silent ?? false).finally(() => {
      this.checking = null;
    });
    return this.checking;
  }

  private async runCheck(silent: boolean): Promise<UpdateInfo | null> {
    await this.loadPrefs();
    this.set({ name: 'checking', error: null });
    let info: UpdateInfo | null;
    try {
      info = await this.o.updater.check();
    } catch (e) {
      this.fail(e, 'feed-unreachable', !silent);
      return null;
    }
    if (!info) {
      this.set({ name: 'idle', info: null, percent: 0 });
      return null;
    }
    this.set({ name: 'available', info, percent: 0 });
    if (this.offers(info)) this.emit('update-available', info);
    return info;
  }

  /**
   * Sends the current offer again (a console that loaded or reloaded after the check): the
   * release if it is offered, and a finished download. False when there is nothing to say.
   */
  announce(): boolean {
    const { info, name } = this.current;
    if (!info || !this.offers(info) || !['available', 'downloading', 'downloaded', 'error'].includes(name))
      return false;
    this.emit('update-available', info);
    if (name === 'downloaded') this.emit('update-downloaded', { version: info.version });
    return true;
  }

  /** Downloads the release found; true once it is downloaded. A second call joins the first. */
  download(): Promise<boolean> {
    if (this.current.name === 'downloaded') return Promise.resolve(true);
    this.downloading ??= this.runDownload().finally(() => {
      this.downloading = null;
    });
    return this.downloading;
  }

  /** Retry: progress back to 0, then download again. */
  retry(): Promise<boolean> {
    if (this.downloading) return this.downloading;
    if (this.current.name === 'downloaded') this.set({ name: 'available' });
    this.set({ percent: 0 });
    this.emit('download-progress', { percent: 0 });
    return this.download();
  }

  private async runDownload(): Promise<boolean> {
    const { info, name } = this.current;
    if (!info || !(name === 'available' || name === 'error')) {
      this.refuse('there is no update to download: check for updates first');
      return false;
    }
    this.set({ name: 'downloading', percent: 0, error: null });
    this.emit('download-progress', { percent: 0 });
    let sent = 0;
    try {
      await this.o.updater.download((p) => {
        const percent = Math.max(0, Math.min(100, Math.floor(p)));
        if (percent <= sent || percent >= 100) return;
        sent = percent;
        this.set({ percent });
        this.emit('download-progress', { percent });
      });
    } catch (e) {
      this.fail(e, 'download-failed');
      return false;
    }
    this.set({ name: 'downloaded', percent: 100 });
    this.emit('download-progress', { percent: 100 });
    this.emit('update-downloaded', { version: info.version });
    return true;
  }

  /**
   * Install: every browser is closed (their cookies go back to the server), the cleanup runs,
   * then the updater quits and installs. False, with an update error, when that is not possible.
   */
  async install(): Promise<boolean> {
    if (this.current.name !== 'downloaded') {
      this.refuse('there is no downloaded update to install');
      return false;
    }
    // Asked first: browsers are not closed for an install that cannot happen (headless client).
    const cannot = this.o.updater.cannotInstall?.() ?? null;
    if (cannot) {
      this.emit('update-error', { message: 'install-unavailable' });
      this.set({ error: { code: 'install-unavailable', detail: cannot } });
      return false;
    }
    this.set({ name: 'installing' });
    try {
      await this.o.closeAll();
      await this.o.cleanup?.();
      this.o.updater.quitAndInstall();
      return true;
    } catch (e) {
      this.fail(e, 'install-failed');
      return false;
    }
  }

  /** Closing the dialog postpones a non-forced update 6 hours. */
  async postpone(): Promise<boolean> {
    if (isForced(this.current.info)) return false;
    await this.o.prefs.save({ postponedUntil: this.now() + UPDATE_POSTPONE_MS });
    return true;
  }

  /** "Ignore this version": not offered again until a newer one comes (never for forced ones). */
  async ignore(version = this.current.info?.version): Promise<boolean> {
    if (!version || (isForced(this.current.info) && this.current.info?.version === version)) return false;
    await this.o.prefs.save({ ignoredVersion: version });
    return true;
  }

  /** Checks now and then every `intervalMs` (silently); returns the stop function. */
  checkEvery(intervalMs: number): () => void {
    void this.check({ silent: true });
    const timer = setInterval(() => void this.check({ silent: true }), intervalMs);
    timer.unref?.();
    return () => clearInterval(timer);
  }

  private async loadPrefs() {
    if (this.prefsLoaded) return;
    await this.o.prefs.load();
    this.prefsLoaded = true;
  }

  /** A call that does not fit the state: reported, the state left as it is. */
  private refuse(detail: string) {
    this.emit('update-error', { message: 'no-update' });
    this.lastRefusal = detail;
  }

  private fail(e: unknown, fallback: UpdateErrorCode, notify = true) {
    const err = toUpdateError(e, fallback);
    this.set({ name: 'error', percent: 0, error: { code: err.code, detail: err.message } });
    if (notify) this.emit('update-error', { message: err.code });
  }

  private set(patch: Partial<UpdateState>) {
    this.current = { ...this.current, ...patch };
    for (const l of this.stateListeners) l(this.current);
  }

  private emit<E extends UpdateEventName>(event: E, payload: BridgeEventPayload<E>) {
    for (const l of this.listeners.get(event) ?? []) l(payload);
  }
}
