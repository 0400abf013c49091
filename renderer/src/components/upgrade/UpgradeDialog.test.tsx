import type { BridgeEventName, BridgeEventPayload } from '@facet/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientBridge, UpdateInfo } from '../../bridge';
import { i18n } from '../../i18n';
import { useClientStore } from '../../stores/client';
import { useNoticeStore } from '../../stores/notice';
import { envelope, json, setupHttpDouble } from '../../test/http-double';
import { renderWithQuery } from '../../test/render';
import { UpgradeDialog, upgradeDialogWidth } from './UpgradeDialog';
import {
  connectUpdateFlow,
  IGNORED_VERSION_KEY,
  POSTPONE_KEY,
  shouldOpenUpdateDialog,
  updateErrorText,
  updateLocaleOf,
  useUpdateStore,
} from './update-flow';

/** The server's getContent: notes per update locale for 7.1.0 only (the others 404, as a server without them does). */
const double = setupHttpDouble();
const NOTES: Record<string, string> = { ru: 'Быстрый запуск', zh: '启动更快', en: 'Quick start' };
const askedLocales = () =>
  double.seen.filter((s) => s.path.endsWith('/getContent')).map((s) => JSON.parse(s.body.toString()).locale);

/** A test double of the client bridge: records calls, lets the test emit client events. */
function bridgeDouble(platform = 'win32') {
  const listeners = new Map<string, Set<(p: unknown) => void>>();
  const bridge = {
    kind: 'electron',
    platform,
    clientVersion: '7.0.2',
    downloadUpdate: vi.fn(async () => {}),
    quitAndInstall: vi.fn(async () => {}),
    closeAllBrowsers: vi.fn(async () => ({ count: 0 })),
    openByDefaultBrowser: vi.fn(async () => {}),
    getPerformanceConfig: vi.fn(),
    savePerformanceConfig: vi.fn(),
    getGlobalConfigs: vi.fn(),
    saveSysProxyConfig: vi.fn(),
    activeProfiles: vi.fn(async () => []),
    showMainWindow: vi.fn(),
    on: (event: string, fn: (p: unknown) => void) => {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(fn);
      return () => listeners.get(event)?.delete(fn);
    },
  } as unknown as ClientBridge;
  const emit = <E extends BridgeEventName>(e: E, p: BridgeEventPayload<E>) =>
    act(() => {
      for (const fn of listeners.get(e) ?? []) fn(p);
    });
  return { bridge, emit };
}

/** The app connects the update flow at start (App.tsx); the dialog shows what it receives. */
let disconnect: (() => void) | null = null;
function mount(bridge: ClientBridge) {
  disconnect = connectUpdateFlow(bridge);
  return renderWithQuery(<UpgradeDialog bridge={bridge} />);
}
afterEach(() => {
  disconnect?.();
  disconnect = null;
});

const info = (over: Partial<UpdateInfo> = {}): UpdateInfo => ({
  version: '7.1.0',
  upgradeContent: 'Faster start\nNew proxy types',
  updateAvailable: 1,
  downloadUrl: 'http://127.0.0.1/download',
  ...over,
});
const button = (name: string) => screen.queryByRole('button', { name });

beforeEach(() => {
  double.seen.length = 0;
  // Until a test says otherwise the server has no notes in any language, so the feed's show.
  double.on((_q, res) => json(res, 404, envelope(404, null, 'no release notes')));
  localStorage.clear();
  useClientStore.setState({ showUpdateDialog: false, downloadPercent: 0, updateAvailable: 0, clientVersion: '7.0.2' });
  useUpdateStore.setState({ info: null, shownThisSession: false, downloading: false, applying: false, error: null });
  useNoticeStore.setState({ notices: [] });
});
afterEach(() => void i18n.changeLanguage('en'));

describe('upgrade dialog', () => {
  it('opens on update-available with version, release notes as a list and every button', () => {
    const { bridge, emit } = bridgeDouble();
    mount(bridge);
    emit('update-available', info());
    expect(screen.getByText('Upgrade available')).toBeTruthy();
    expect(screen.getByText('New version: 7.1.0')).toBeTruthy();
    expect(screen.getByTestId('release-notes').querySelectorAll('li')).toHaveLength(2);
    expect(button('Download in background')).toBeTruthy();
    expect(button('Upgrade now')).toBeTruthy();
    expect((button('Install') as HTMLButtonElement).disabled).toBe(true);
    // client 7.0.2 is below 7.0.4: the download page is offered
    expect(button('Go to download page')).toBeTruthy();
    expect(screen.getByLabelText('Ignore this version')).toBeTruthy();
    expect(button('Close')).toBeTruthy();
  });

  it('shows progress, enables install only at 100 percent, installs after closing browsers', async () => {
    const { bridge, emit } = bridgeDouble();
    mount(bridge);
    emit('update-available', info());
    fireEvent.click(button('Upgrade now')!);
    fireEvent.click(button('Upgrade now')!);
    expect(bridge.downloadUpdate).toHaveBeenCalledTimes(1);
    emit('download-progress', { percent: 42.4 });
    expect(screen.getByTestId('update-percent').textContent).toBe('42%');
    expect((button('Install') as HTMLButtonElement).disabled).toBe(true);
    emit('update-downloaded', { version: '7.1.0' });
    expect((button('Install') as HTMLButtonElement).disabled).toBe(false);
    await act(async () => fireEvent.click(button('Install')!));
    expect(bridge.closeAllBrowsers).toHaveBeenCalled();
    expect(bridge.quitAndInstall).toHaveBeenCalled();
    expect(screen.getByText('Applying updates…')).toBeTruthy();
  });

  it('forced: opens at once, no close control, no ignore box', () => {
    const { bridge, emit } = bridgeDouble();
    useUpdateStore.setState({ shownThisSession: true });
    localStorage.setItem(POSTPONE_KEY, String(Date.now() + 60_000));
    mount(bridge);
    emit('update-available', info({ updateAvailable: 2 }));
    expect(screen.getByText('Upgrade available')).toBeTruthy();
    expect(button('Close')).toBeNull();
    expect(screen.queryByLabelText('Ignore this version')).toBeNull();
    expect(button('Download in background')).toBeNull();
  });

  it('closing postpones 6 hours and the ticked box ignores the version', () => {
    const { bridge, emit } = bridgeDouble();
    mount(bridge);
    emit('update-available', info());
    fireEvent.click(screen.getByLabelText('Ignore this version'));
    fireEvent.click(button('Close')!);
    expect(localStorage.getItem(IGNORED_VERSION_KEY)).toBe('7.1.0');
    const until = Number(localStorage.getItem(POSTPONE_KEY));
    expect(until - Date.now()).toBeGreaterThan(6 * 3600_000 - 5000);
    expect(useClientStore.getState().showUpdateDialog).toBe(false);
  });

  it('an error in the dialog shows in red with retry, which restarts at 0', () => {
    const { bridge, emit } = bridgeDouble();
    mount(bridge);
    emit('update-available', info());
    emit('download-progress', { percent: 30 });
    emit('update-error', { message: 'unzip failed' });
    expect(screen.getByRole('alert').textContent).toBe('Update error');
    fireEvent.click(button('Retry')!);
    expect(useClientStore.getState().downloadPercent).toBe(0);
    expect(bridge.downloadUpdate).toHaveBeenCalled();
  });

  it('an error outside the dialog is a top notice: 8 s for file errors, 1 s otherwise', () => {
    const { bridge, emit } = bridgeDouble();
    mount(bridge);
    emit('update-error', { message: 'cannot-write to disk' });
    emit('update-error', { message: 'something else' });
    emit('update-error', { message: '更新出错，请重新下载或重启' });
    expect(useNoticeStore.getState().notices.map((n) => [n.durationMs, n.position])).toEqual([
      [8000, 'top'],
      [1000, 'top'],
    ]);
    expect(updateErrorText('file-write')).toBe('Update error');
    // The client's error codes are named in the user's language.
    expect(updateErrorText('sha512-mismatch')).toBe('The downloaded file is damaged (checksum mismatch)');
  });

  it('is 570 wide in Chinese and 670 otherwise; macOS offers the download page at any version', async () => {
    expect(upgradeDialogWidth('zh')).toBe(570);
    expect(upgradeDialogWidth('en')).toBe(670);
    const { bridge, emit } = bridgeDouble('darwin');
    useClientStore.setState({ clientVersion: '7.2.0' });
    mount(bridge);
    emit('update-available', info());
    expect(button('Go to download page')).toBeTruthy();
    fireEvent.click(button('Go to download page')!);
    expect(bridge.openByDefaultBrowser).toHaveBeenCalledWith('http://127.0.0.1/download');
  });

  it('non-forced updates open once per session, not while postponed, not when ignored', () => {
    expect(shouldOpenUpdateDialog(info(), false)).toBe(true);
    expect(shouldOpenUpdateDialog(info(), true)).toBe(false);
    expect(shouldOpenUpdateDialog(info({ updateAvailable: 0 }), false)).toBe(false);
    localStorage.setItem(POSTPONE_KEY, String(Date.now() + 1000));
    expect(shouldOpenUpdateDialog(info(), false)).toBe(false);
    localStorage.clear();
    localStorage.setItem(IGNORED_VERSION_KEY, '7.1.0');
    expect(shouldOpenUpdateDialog(info(), false)).toBe(false);
    expect(shouldOpenUpdateDialog(info({ version: '7.2.0' }), false)).toBe(true);
  });

  it('announces an offered and a downloaded update at the top for one second, not an ignored version', () => {
    const { bridge, emit } = bridgeDouble();
    mount(bridge);
    const shown = () =>
      useNoticeStore
        .getState()
        .notices.map(({ severity, text, durationMs, position }) => ({ severity, text, durationMs, position }));
    emit('update-available', info());
    expect(shown()).toEqual([
      { severity: 'info', text: 'Version 7.1.0 of the client is available', durationMs: 1000, position: 'top' },
    ]);
    // The newer news takes its place (stores/notice.ts).
    emit('update-downloaded', { version: '7.1.0' });
    localStorage.setItem(IGNORED_VERSION_KEY, '7.3.0');
    emit('update-available', info({ version: '7.3.0' }));
    expect(shown()).toEqual([
      {
        severity: 'success',
        text: 'Version 7.1.0 is downloaded and ready to install',
        durationMs: 1000,
        position: 'top',
      },
    ]);
  });

  it('shows the release notes in the console’s update locale, English for the other languages', async () => {
    expect(['zh', 'hk', 'ru', 'en', 'vi', 'uk', 'de'].map(updateLocaleOf)).toEqual([
      'zh',
      'hk',
      'ru',
      'en',
      'en',
      'en',
      'en',
    ]);
    double.on((q, res) => {
      const { locale } = JSON.parse(q.body.toString());
      json(
        res,
        200,
        envelope(0, {
          version: '7.1.0',
          content: NOTES[locale] ?? NOTES.en,
          releaseDate: null,
          updateAvailable: 1,
          downloads: [],
        }),
      );
    });
    await act(() => i18n.changeLanguage('ru'));
    const { bridge, emit } = bridgeDouble();
    mount(bridge);
    emit('update-available', info());
    await waitFor(() => expect(screen.getByTestId('release-notes').textContent).toBe('Быстрый запуск'));
    await act(() => i18n.changeLanguage('de'));
    await waitFor(() => expect(screen.getByTestId('release-notes').textContent).toBe('Quick start'));
    expect(askedLocales()).toEqual(['ru', 'en']);
  });

  it('keeps the feed’s notes when the server has none for the version', async () => {
    const { bridge, emit } = bridgeDouble();
    mount(bridge);
    emit('update-available', info());
    await waitFor(() => expect(askedLocales()).toEqual(['en']));
    expect(screen.getByTestId('release-notes').querySelectorAll('li')).toHaveLength(2);
    expect(useNoticeStore.getState().notices.map((n) => n.severity)).toEqual(['info']);
  });
});
