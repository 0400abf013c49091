import { CLOSE_ACTIONS } from '@facet/shared';
import { describe, expect, it, vi } from 'vitest';
import { answerDecision, createQuitGuard, decideClose, parseCloseAction } from './close-action.js';

describe('parseCloseAction', () => {
  it('reads closeaction from the browserBaseSetting JSON', () => {
    expect(parseCloseAction('{"closeaction":2}')).toBe(CLOSE_ACTIONS.quit);
    expect(parseCloseAction('{"closeaction":"2"}')).toBe(CLOSE_ACTIONS.quit);
    expect(parseCloseAction('{"closeaction":1,"other":true}')).toBe(CLOSE_ACTIONS.tray);
  });
  it('asks when nothing is saved (the setting\'s "ask each time") or the value cannot be read', () => {
    for (const v of [null, undefined, '', 'not json', '[]', '{"closeaction":7}', '{}', 'null'])
      expect(parseCloseAction(v)).toBe('ask');
  });
});

describe('decideClose', () => {
  const base = { quitting: false, hasTray: true, canAsk: true };
  it('hides to the tray, quits, or lets a quitting app close', () => {
    expect(decideClose({ ...base, action: CLOSE_ACTIONS.tray })).toBe('hide');
    expect(decideClose({ ...base, action: CLOSE_ACTIONS.quit })).toBe('quit');
    expect(decideClose({ ...base, action: CLOSE_ACTIONS.tray, quitting: true })).toBe('allow');
    expect(decideClose({ ...base, action: CLOSE_ACTIONS.quit, quitting: true })).toBe('allow');
  });
  it('quits instead of hiding when there is no tray to come back from', () => {
    expect(decideClose({ ...base, action: CLOSE_ACTIONS.tray, hasTray: false })).toBe('quit');
  });
  it('asks through the console when the setting says so, and keeps to the tray when the console cannot ask', () => {
    expect(decideClose({ ...base, action: 'ask' })).toBe('ask');
    expect(decideClose({ ...base, action: 'ask', canAsk: false })).toBe('hide');
    expect(decideClose({ ...base, action: 'ask', canAsk: false, hasTray: false })).toBe('quit');
    expect(decideClose({ ...base, action: 'ask', quitting: true })).toBe('allow');
  });
  it('does what the user answered: the tray (quit without one), quit, or stay', () => {
    expect(answerDecision('tray', true)).toBe('hide');
    expect(answerDecision('tray', false)).toBe('quit');
    expect(answerDecision('quit', true)).toBe('quit');
    expect(answerDecision('stay', true)).toBe('stay');
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
