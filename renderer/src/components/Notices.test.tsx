import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notifyError, notifySuccess, useNoticeStore } from '../stores/notice';
import { Notices } from './Notices';

describe('notices', () => {
  beforeEach(() => useNoticeStore.setState({ notices: [] }));

  it('shows an error at the top and hides it after its duration', () => {
    vi.useFakeTimers();
    render(<Notices />);
    act(() => notifyError('boom', 2000));
    expect(screen.getByTestId('notice').textContent).toContain('boom');
    act(() => void vi.advanceTimersByTime(2100));
    expect(useNoticeStore.getState().notices).toHaveLength(0);
    vi.useRealTimers();
  });

  it('a newer notice replaces a success at once; errors wait their turn', () => {
    render(<Notices />);
    act(() => notifySuccess('Group A created'));
    act(() => notifySuccess('Profiles moved: 2'));
    expect(screen.getByTestId('notice').textContent).toContain('Profiles moved: 2');
    act(() => notifyError('name taken', 2000));
    act(() => notifySuccess('Sharing saved'));
    // The error stays until its time is up or it is closed; the success waits behind it.
    expect(screen.getByTestId('notice').textContent).toContain('name taken');
    expect(useNoticeStore.getState().notices.map((n) => n.text)).toEqual(['name taken', 'Sharing saved']);
    act(() => useNoticeStore.getState().dismiss(useNoticeStore.getState().notices[0]!.id));
    expect(screen.getByTestId('notice').textContent).toContain('Sharing saved');
  });

  it('other notifications default to 5000 ms at the bottom', () => {
    notifySuccess('saved');
    expect(useNoticeStore.getState().notices[0]).toMatchObject({ durationMs: 5000, position: 'bottom' });
  });
});
