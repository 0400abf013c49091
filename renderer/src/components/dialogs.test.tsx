import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../stores/user';
import { ConfirmDialog } from './ConfirmDialog';
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

  it('does not carry the throttle into the next opening', () => {
    const onConfirm = vi.fn();
    const now = vi.spyOn(Date, 'now');
    now.mockReturnValue(1_000);
    const dialog = (open: boolean) => (
      <GenericDialog open={open} title="T" onClose={() => {}} onConfirm={onConfirm} confirmText="Go" />
    );
    const { rerender } = render(dialog(true));
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    rerender(dialog(false));
    rerender(dialog(true));
    now.mockReturnValue(1_100);
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
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

describe('generic dialog discard guard', () => {
  const Form = (p: { onClose: () => void }) => (
    <GenericDialog open title="T" onClose={p.onClose} onConfirm={() => {}}>
      <input aria-label="Name" />
      <input aria-label="Search" data-dirty-ignore />
    </GenericDialog>
  );

  it('closes at once by Esc, × and Cancel while nothing was typed (a search box does not count)', () => {
    const onClose = vi.fn();
    render(<Form onClose={onClose} />);
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'abc' } });
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(3);
    expect(screen.queryByText('Discard changes?')).toBeNull();
  });

  it('asks "Discard changes?" by Esc, × and Cancel once something was typed; keep editing stays', async () => {
    const onClose = vi.fn();
    render(<Form onClose={onClose} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ann' } });
    for (const close of [
      () => fireEvent.keyDown(screen.getAllByRole('dialog')[0]!, { key: 'Escape' }),
      () => fireEvent.click(screen.getByRole('button', { name: 'Close' })),
      () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })),
    ]) {
      close();
      expect(screen.getByText('Discard changes?')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
      await waitFor(() => expect(screen.queryByText('Discard changes?')).toBeNull());
    }
    expect(onClose).not.toHaveBeenCalled();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Ann');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('a dialog that only shows has one Close button and never asks', () => {
    const onClose = vi.fn();
    render(<GenericDialog open closeOnly title="T" onClose={onClose} onConfirm={() => {}} />);
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    const closes = screen.getAllByRole('button', { name: 'Close' });
    expect(closes).toHaveLength(2);
    fireEvent.click(closes[1]!);
    expect(onClose).toHaveBeenCalledTimes(1);
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

  it('minimize tells whether the box was ticked, and leaves keeping the choice to the caller', () => {
    useUserStore.setState({ token: 't' });
    const onMinimize = vi.fn();
    render(
      <ConfirmDialog
        open
        message="m"
        minimizable
        closable
        confirmLabel="Quit"
        onCancel={() => {}}
        onConfirm={() => {}}
        onMinimize={onMinimize}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Minimize' }));
    expect(onMinimize).toHaveBeenLastCalledWith(false);
    fireEvent.click(screen.getByLabelText('Remember my choice'));
    fireEvent.click(screen.getByRole('button', { name: 'Minimize' }));
    expect(onMinimize).toHaveBeenLastCalledWith(true);
    expect(localStorage.length).toBe(0);
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Quit' })).toBeTruthy();
  });
});
