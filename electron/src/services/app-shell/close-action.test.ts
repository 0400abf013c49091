import { CLOSE_ACTIONS } from '@facet/shared';
import { describe, expect, it, vi } from 'vitest';
import { createQuitGuard, decideClose, parseCloseAction } from './close-action.js';

describe('parseCloseAction', () => {
  it('reads closeaction from the browserBaseSetting JSON', () => {
    expect(parseCloseAction('{"closeaction":2}')).toBe(CLOSE_ACTIONS.quit);
    expect(parseCloseAction('{"closeaction":"2"}')).toBe(CLOSE_ACTIONS.quit);
    expect(parseCloseAction('{"closeaction":1,"other":true}')).toBe(CLOSE_ACTIONS.tray);
  });
  it('falls back to the tray for anything unreadable', () => {
    for (const v of [null, undefined, '', 'not json', '[]', '{"closeaction":7}', '{}', 'null'])
      expect(parseCloseAction(v)).toBe(CLOSE_ACTIONS.tray);
  });
});

describe('decideClose', () => {
  it('hides to the tray, quits, or lets a quitting app close', () => {
    expect(decideClose({ action: CLOSE_ACTIONS.tray, quitting: false, hasTray: true })).toBe('hide');
    expect(decideClose({ action: CLOSE_ACTIONS.quit, quitting: false, hasTray: true })).toBe('quit');
    expect(decideClose({ action: CLOSE_ACTIONS.tray, quitting: true, hasTray: true })).toBe('allow');
    expect(decideClose({ action: CLOSE_ACTIONS.quit, quitting: true, hasTray: true })).toBe('allow');
  });
  it('quits instead of hiding when there is no tray to come back from', () => {
    expect(decideClose({ action: CLOSE_ACTIONS.tray, quitting: false, hasTray: false })).toBe('quit');
  });
});

describe('createQuitGuard', () => {
  it('holds the quit until the browsers are closed, once, then exits', async () => {
    let release!: () => void;
    const stop = vi.fn(() => new Promise<void>((r) => (release = r)));
    const exit = vi.fn();
    const g = createQuitGuard({ stop, exit });
    const ev = () => ({ preventDefault: vi.fn() });
    const first = ev();
    expect(g.quitting).toBe(false);
    g.onBeforeQuit(first);
    expect(first.preventDefault).toHaveBeenCalled();
    expect(g.quitting).toBe(true);
    const second = ev();
    g.onBeforeQuit(second);
    expect(second.preventDefault).toHaveBeenCalled();
    expect(stop).toHaveBeenCalledTimes(1);
    expect(exit).not.toHaveBeenCalled();
    release();
    await vi.waitFor(() => expect(exit).toHaveBeenCalledTimes(1));
    const after = ev();
    g.onBeforeQuit(after);
    expect(after.preventDefault).not.toHaveBeenCalled();
  });
  it('still exits when closing the browsers fails, and reports it', async () => {
    const exit = vi.fn();
    const onError = vi.fn();
    const g = createQuitGuard({ stop: () => Promise.reject(new Error('server away')), exit, onError });
    g.onBeforeQuit({ preventDefault() {} });
    await vi.waitFor(() => expect(exit).toHaveBeenCalled());
    expect(onError.mock.calls[0]?.[0].message).toBe('server away');
  });
});
