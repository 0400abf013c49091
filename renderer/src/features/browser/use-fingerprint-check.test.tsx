import type { ClientBridge, FingerprintCheck, ProfileSummary } from '@facet/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LocalApiError, setBridgeForTests } from '../../bridge';
import { renderWithQuery } from '../../test/render';
import { FingerprintCheckDialog } from './FingerprintCheckDialog';
import { useFingerprintCheckDialog } from './use-fingerprint-check';

const REPORT: FingerprintCheck = {
  id: 7,
  checkedAt: '2025-01-01T10:00:00.000Z',
  engine: 'Chrome/147.0.7727.55',
  contexts: [
    { context: 'page', ran: true, error: '', values: { timeZone: 'Europe/Berlin' } },
    { context: 'dedicatedWorker', ran: true, error: '', values: { timeZone: 'Europe/Berlin' } },
  ],
  findings: [],
  fingerprintHash: 'ab12cd34ef56ab12cd34',
  durationMs: 1800,
};
const row = { id: 7, name: 'Shop EU 01' } as ProfileSummary;

/** A double of the client bridge: the check answers when the test says so. */
function bridgeDouble() {
  let settle: { resolve: (r: FingerprintCheck) => void; reject: (e: Error) => void } | null = null;
  const checkFingerprint = vi.fn(
    ({ id: _ }: { id: number }) =>
      new Promise<FingerprintCheck>((resolve, reject) => {
        settle = { resolve, reject };
      }),
  );
  setBridgeForTests({ kind: 'local-api', checkFingerprint } as unknown as ClientBridge);
  return {
    checkFingerprint,
    answer: (r: FingerprintCheck) => settle?.resolve(r),
    refuse: (e: Error) => settle?.reject(e),
  };
}

function Harness({ onSettled }: { onSettled: () => void }) {
  const check = useFingerprintCheckDialog(onSettled);
  return (
    <>
      <button type="button" onClick={() => check.start(row)}>
        start
      </button>
      <FingerprintCheckDialog {...check.dialog} />
    </>
  );
}

afterEach(() => setBridgeForTests(undefined));

describe('fingerprint check through the client bridge', () => {
  it('asks the client for the row, shows progress, then its report; refreshes the rows; checks again', async () => {
    const bridge = bridgeDouble();
    const onSettled = vi.fn();
    renderWithQuery(<Harness onSettled={onSettled} />);
    fireEvent.click(screen.getByText('start'));
    expect(await screen.findByTestId('fp-check-running')).toBeTruthy();
    expect(bridge.checkFingerprint).toHaveBeenCalledWith({ id: 7 });

    bridge.answer(REPORT);
    await waitFor(() => expect(screen.getByTestId('fp-check-summary').textContent).toContain('2 contexts agree'));
    expect(screen.queryByTestId('fp-check-running')).toBeNull();
    expect(onSettled).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByTestId('fp-check-again'));
    expect(await screen.findByTestId('fp-check-running')).toBeTruthy();
    expect(bridge.checkFingerprint).toHaveBeenCalledTimes(2);
    bridge.answer({ ...REPORT, findings: [{ kind: 'claim', subject: 'x', where: [], expected: 'a', actual: 'b' }] });
    await waitFor(() => expect(screen.getByTestId('fp-check-summary').textContent).toBe('Findings: 1'));

    fireEvent.click(screen.getByTestId('fp-check-close'));
    await waitFor(() => expect(screen.queryByTestId('fp-check')).toBeNull());
  });

  it('a refusal of the client shows in the dialog with the client’s message', async () => {
    const bridge = bridgeDouble();
    const onSettled = vi.fn();
    renderWithQuery(<Harness onSettled={onSettled} />);
    fireEvent.click(screen.getByText('start'));
    await screen.findByTestId('fp-check-running');
    bridge.refuse(new LocalApiError('The profile could not open: Chromium exited with code 1', 500));
    await waitFor(() =>
      expect(screen.getByTestId('fp-check-error-message').textContent).toBe(
        'The profile could not open: Chromium exited with code 1',
      ),
    );
    expect(onSettled).toHaveBeenCalledTimes(1);
  });
});
