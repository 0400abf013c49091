import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UPDATE_POSTPONE_MS } from '@facet/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UpdateError } from './errors.js';
import { UpdateMachine } from './machine.js';
import type { UpdateInfo, Updater } from './port.js';
import { UpdatePrefsStore } from './prefs-store.js';

/** A scripted updater: what check finds, how download goes, and what was called in which order. */
class FakeUpdater implements Updater {
  info: UpdateInfo | null = { version: '7.1.0', updateAvailable: 1, upgradeContent: 'Faster start' };
  checkError: Error | null = null;
  downloadSteps: number[] = [10, 10.4, 55, 100];
  downloadError: Error | null = null;
  downloads = 0;
  calls: string[];
  constructor(calls: string[]) {
    this.calls = calls;
  }
  async check() {
    if (this.checkError) throw this.checkError;
    return this.info;
  }
  async download(onProgress: (p: number) => void) {
    this.downloads++;
    for (const p of this.downloadSteps) onProgress(p);
    if (this.downloadError) throw this.downloadError;
  }
  quitAndInstall() {
    this.calls.push('quitAndInstall');
  }
}

describe('update state machine', () => {
  let dir: string;
  let calls: string[];
  let updater: FakeUpdater;
  let prefs: UpdatePrefsStore;
  let clock: number;
  let events: [string, unknown][];
  let machine: UpdateMachine;

  const make = () => {
    const m = new UpdateMachine({
      updater,
      prefs,
      now: () => clock,
      closeAll: async () => {
        await new Promise((r) => setTimeout(r, 5));
        calls.push('closeAll');
      },
      cleanup: async () => {
        calls.push('cleanup');
      },
    });
    for (const e of ['update-available', 'download-progress', 'update-downloaded', 'update-error'] as const)
      m.on(e, (p) => events.push([e, p]));
    return m;
  };

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'facet-update-'));
    calls = [];
    updater = new FakeUpdater(calls);
    prefs = new UpdatePrefsStore(join(dir, 'client', 'update.json'));
    clock = 1_800_000_000_000;
    events = [];
    machine = make();
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const names = () => events.map(([e]) => e);

  it('check → available → downloading with progress → downloaded → install in order', async () => {
    const states: string[] = [];
    machine.onState((s) => states.push(s.name));
    expect(await machine.check()).toMatchObject({ version: '7.1.0' });
    expect(machine.state.name).toBe('available');
    expect(events[0]).toEqual(['update-available', updater.info]);

    expect(await machine.download()).toBe(true);
    expect(machine.state).toMatchObject({ name: 'downloaded', percent: 100 });
    // Whole percents, each once, ending at 100, then downloaded.
    expect(events.slice(1)).toEqual([
      ['download-progress', { percent: 0 }],
      ['download-progress', { percent: 10 }],
      ['download-progress', { percent: 55 }],
      ['download-progress', { percent: 100 }],
      ['update-downloaded', { version: '7.1.0' }],
    ]);

    expect(await machine.install()).toBe(true);
    expect(calls).toEqual(['closeAll', 'cleanup', 'quitAndInstall']);
    expect(states).toEqual([
      'checking',
      'available',
      'downloading',
      'downloading',
      'downloading',
      'downloaded',
      'installing',
    ]);
  });

  it('announce repeats the offer for a console that (re)loaded, but not a postponed one', async () => {
    expect(machine.announce()).toBe(false);
    await machine.check();
    await machine.download();
    events = [];
    expect(machine.announce()).toBe(true);
    expect(names()).toEqual(['update-available', 'update-downloaded']);
    await machine.postpone();
    events = [];
    expect(machine.announce()).toBe(false);
    expect(events).toEqual([]);
  });

  it('no newer release: idle, nothing sent', async () => {
    updater.info = null;
    expect(await machine.check()).toBeNull();
    expect(machine.state.name).toBe('idle');
    expect(events).toEqual([]);
  });

  it('postpone hides a normal update for 6 hours, kept on disk', async () => {
    await machine.check();
    expect(await machine.postpone()).toBe(true);
    const stored = JSON.parse(readFileSync(prefs.file, 'utf8'));
    expect(stored.postponedUntil).toBe(clock + UPDATE_POSTPONE_MS);

    events = [];
    const again = make(); // a new client start reads the store
    clock += UPDATE_POSTPONE_MS - 1000;
    await again.check();
    expect(again.state.name).toBe('available');
    expect(names()).toEqual([]);
    clock += 2000;
    await again.check();
    expect(names()).toEqual(['update-available']);
  });

  it('an ignored version is not offered again; a newer one is', async () => {
    await machine.check();
    expect(await machine.ignore()).toBe(true);
    events = [];
    await make().check();
    expect(names()).toEqual([]);
    updater.info = { version: '7.2.0', updateAvailable: 1 };
    await machine.check();
    expect(names()).toEqual(['update-available']);
  });

  it('a forced update is always offered and cannot be postponed or ignored', async () => {
    await prefs.save({ postponedUntil: clock + UPDATE_POSTPONE_MS, ignoredVersion: '7.1.0' });
    updater.info = { version: '7.1.0', updateAvailable: 2 };
    await machine.check();
    expect(events).toEqual([['update-available', { version: '7.1.0', updateAvailable: 2 }]]);
    expect(await machine.postpone()).toBe(false);
    expect(await machine.ignore()).toBe(false);
    expect(machine.offers(updater.info)).toBe(true);
  });

  it('a failed download is an update error with percent 0; retry downloads again from 0', async () => {
    await machine.check();
    updater.downloadError = Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
    expect(await machine.download()).toBe(false);
    expect(machine.state).toMatchObject({ name: 'error', percent: 0, error: { code: 'file-write' } });
    expect(events.at(-1)).toEqual(['update-error', { message: 'file-write' }]);
    expect(machine.state.info?.version).toBe('7.1.0');

    updater.downloadError = null;
    events = [];
    expect(await machine.retry()).toBe(true);
    expect(updater.downloads).toBe(2);
    expect(events[0]).toEqual(['download-progress', { percent: 0 }]);
    expect(names().at(-1)).toBe('update-downloaded');
  });

  it('errors are named: checksum, unreachable feed, our own codes; silent checks send nothing', async () => {
    updater.checkError = new Error('fetch failed: ECONNREFUSED');
    await machine.check({ silent: true });
    expect(machine.state.error?.code).toBe('feed-unreachable');
    expect(events).toEqual([]);
    await machine.check();
    expect(events).toEqual([['update-error', { message: 'feed-unreachable' }]]);

    updater.checkError = null;
    await machine.check();
    updater.downloadError = Object.assign(new Error('sha512 checksum mismatch, expected a, got b'), {
      code: 'ERR_CHECKSUM_MISMATCH',
    });
    await machine.download();
    expect(machine.state.error).toEqual({
      code: 'sha512-mismatch',
      detail: 'sha512 checksum mismatch, expected a, got b',
    });
    updater.downloadError = new UpdateError('download-failed', 'HTTP 500');
    await machine.retry();
    expect(events.at(-1)).toEqual(['update-error', { message: 'download-failed' }]);
  });

  it('out-of-turn calls are refused without breaking the state; a second download joins the first', async () => {
    expect(await machine.download()).toBe(false);
    expect(await machine.install()).toBe(false);
    expect(machine.state.name).toBe('idle');
    expect(names()).toEqual(['update-error', 'update-error']);
    expect(machine.lastRefusal).toMatch(/no downloaded update/);

    await machine.check();
    const [a, b] = await Promise.all([machine.download(), machine.download()]);
    expect([a, b]).toEqual([true, true]);
    expect(updater.downloads).toBe(1);
  });

  it('install: a failing close is an install error and nothing is installed', async () => {
    const m = new UpdateMachine({
      updater,
      prefs,
      closeAll: async () => {
        throw new Error('browser 12 did not close');
      },
    });
    const errors: string[] = [];
    m.on('update-error', (e) => errors.push(e.message));
    await m.check();
    await m.download();
    expect(await m.install()).toBe(false);
    expect(calls).toEqual([]);
    expect(m.state.error).toEqual({ code: 'install-failed', detail: 'browser 12 did not close' });
    expect(errors).toEqual(['install-failed']);
  });

  it('an updater that cannot install says so before any browser closes', async () => {
    const headless = Object.assign(updater, { cannotInstall: () => 'the headless client cannot install updates' });
    const m = new UpdateMachine({ updater: headless, prefs, closeAll: async () => calls.push('closeAll') });
    const errors: string[] = [];
    m.on('update-error', (e) => errors.push(e.message));
    await m.check();
    await m.download();
    expect(await m.install()).toBe(false);
    expect(calls).toEqual([]);
    expect(errors).toEqual(['install-unavailable']);
    expect(m.state).toMatchObject({
      name: 'downloaded',
      error: { detail: 'the headless client cannot install updates' },
    });
  });

  it('an unreadable prefs file counts as empty', async () => {
    const { writeFileSync, mkdirSync } = await import('node:fs');
    mkdirSync(join(dir, 'client'), { recursive: true });
    writeFileSync(prefs.file, '{broken');
    expect(await prefs.load()).toEqual({ postponedUntil: null, ignoredVersion: null });
  });
});
