import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../stores/user';
import { CLOSE_ACTION_KEY, ConfirmDialog } from './ConfirmDialog';
import { GenericDialog } from './GenericDialog';

describe('generic dialog', () => {
  it('throttles confirm to once per 300 ms', () => {
    const onConfirm = vi.fn();
    const now = vi.spyOn(Date, 'now');
    now.mockReturnValue(1_000);
    render(<GenericDialog open title="T" onClose={() => {}} onConfirm={onConfirm} confirmText="Go" />);
    const go = screen.getByRole('button', { name: 'Go' });
    fireEvent.click(go);
    now.mockReturnValue(1_200);
    fireEvent.click(go);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    now.mockReturnValue(1_301);
    fireEvent.click(go);
    expect(onConfirm).toHaveBeenCalledTimes(2);
    now.mockRestore();
  });

  it('refuses confirm while loading and offers minimize only when asked', () => {
    const onConfirm = vi.fn();
    const { rerender } = render(
      <GenericDialog open title="T" onClose={() => {}} onConfirm={onConfirm} confirmText="Go" loading />,
    );
    fireEvent.click(screen.getByRole('button', { name: /Go/ }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Minimize' })).toBeNull();
    rerender(<GenericDialog open title="T" onClose={() => {}} onConfirm={onConfirm} onMinimize={() => {}} />);
    expect(screen.getByRole('button', { name: 'Minimize' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
  });
});

describe('confirm dialog', () => {
  beforeEach(() => {
    localStorage.clear();
    useUserStore.setState({ token: '' });
  });

  it('shows remember-my-choice only when logged in', () => {
    const props = { open: true, message: 'm', onCancel: () => {}, onConfirm: () => {} };
    const { rerender } = render(<ConfirmDialog {...props} />);
    expect(screen.getByText('Reminder')).toBeTruthy();
    expect(screen.queryByLabelText('Remember my choice')).toBeNull();
    useUserStore.setState({ token: 't' });
    rerender(<ConfirmDialog {...props} />);
    expect(screen.getByLabelText('Remember my choice')).toBeTruthy();
  });

  it('minimize with the box ticked saves the close action as minimize; without it saves nothing', () => {
    useUserStore.setState({ token: 't' });
    const onMinimize = vi.fn();
    render(
      <ConfirmDialog
        open
        message="m"
        minimizable
        closable
        onCancel={() => {}}
        onConfirm={() => {}}
        onMinimize={onMinimize}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Minimize' }));
    expect(localStorage.getItem(CLOSE_ACTION_KEY)).toBeNull();
    fireEvent.click(screen.getByLabelText('Remember my choice'));
    fireEvent.click(screen.getByRole('button', { name: 'Minimize' }));
    expect(localStorage.getItem(CLOSE_ACTION_KEY)).toBe('minimize');
    expect(onMinimize).toHaveBeenLastCalledWith(true);
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'OK' })).toBeTruthy();
  });
});
