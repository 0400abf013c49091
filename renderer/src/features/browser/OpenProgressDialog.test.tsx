import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { OpenProgressDialog } from './OpenProgressDialog';
import { initialQueueState } from './open-queue';

const names: Record<number, string> = { 1: 'Shop EU 01', 2: 'Ads US 01' };
const nameOf = (id: number) => names[id] ?? `#${id}`;

describe('batch open progress dialog', () => {
  it('while running: counts, the client’s message per failure, and cancel of the rest', () => {
    const onCancel = vi.fn();
    const state = {
      ...initialQueueState(5),
      done: 2,
      opened: 1,
      failures: [{ id: 2, error: 'CPU use is 97%, above the 95% limit of the performance settings' }],
    };
    const { rerender } = render(
      <OpenProgressDialog state={state} cancelling={false} nameOf={nameOf} onCancel={onCancel} onClose={vi.fn()} />,
    );
    expect(screen.getByTestId('open-progress-count').textContent).toBe('2 of 5 done');
    expect(screen.getByText('1 opened, 1 failed')).toBeTruthy();
    expect(screen.getByText('Ads US 01')).toBeTruthy();
    expect(screen.getByText('CPU use is 97%, above the 95% limit of the performance settings')).toBeTruthy();
    expect(screen.queryByTestId('open-progress-close')).toBeNull();
    fireEvent.click(screen.getByTestId('open-progress-cancel'));
    expect(onCancel).toHaveBeenCalledTimes(1);
    rerender(<OpenProgressDialog state={state} cancelling nameOf={nameOf} onCancel={onCancel} onClose={vi.fn()} />);
    expect((screen.getByTestId('open-progress-cancel') as HTMLButtonElement).disabled).toBe(true);
  });

  it('when finished: says what was opened and what was never started, and closes', () => {
    const onClose = vi.fn();
    render(
      <OpenProgressDialog
        state={{ ...initialQueueState(5), done: 3, opened: 3, cancelled: 2, running: false }}
        cancelling={false}
        nameOf={nameOf}
        onCancel={vi.fn()}
        onClose={onClose}
      />,
    );
    expect(screen.getByTestId('open-progress-result').textContent).toContain('Stopped: 3 opened, 2 not started.');
    fireEvent.click(screen.getByTestId('open-progress-close'));
    expect(onClose).toHaveBeenCalled();
  });
});
