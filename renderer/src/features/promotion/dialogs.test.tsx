import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api/calls';
import { useNoticeStore } from '../../stores/notice';
import { useUserStore } from '../../stores/user';
import { renderWithQuery } from '../../test/render';
import { PayoutDialog } from './PayoutDialog';
import { PolicyDialog } from './PolicyDialog';
import { WithdrawDialog } from './WithdrawDialog';

vi.mock('../../api/calls', () => ({
  api: {
    promotionWithdrawToWallet: vi.fn(async () => ({ balance: '15.00', available: '0.00' })),
    promotionPayoutRequest: vi.fn(async () => ({})),
    currentUser: vi.fn(async () => ({ username: 'alice', avatar: '', balance: '15.00' })),
  },
}));
const mocked = vi.mocked(api);
const money = (a: string) => `$${a}`;
const amount = () => screen.getByTestId('amount-input');
const dialog = () => screen.getByRole('dialog');

describe('withdraw to wallet', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    useNoticeStore.setState({ notices: [] });
    useUserStore.setState({ balance: '10.00' });
  });

  it('refuses more than is available before sending anything, and says how much is', async () => {
    renderWithQuery(<WithdrawDialog open onClose={() => {}} available="5.00" money={money} />);
    expect(dialog().textContent).toContain('Available: $5.00');
    fireEvent.change(amount(), { target: { value: '5.01' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('That is more than the available $5.00.')).toBeTruthy();
    fireEvent.change(amount(), { target: { value: '' } });
    expect(screen.getByText('Enter an amount.')).toBeTruthy();
    fireEvent.change(amount(), { target: { value: '1.005' } });
    expect(screen.getByText('Enter an amount with at most 2 decimals.')).toBeTruthy();
    expect(mocked.promotionWithdrawToWallet).not.toHaveBeenCalled();
  });

  it('sends what is available ("All"), closes and reloads the header balance', async () => {
    const onClose = vi.fn();
    renderWithQuery(<WithdrawDialog open onClose={onClose} available="5.00" money={money} />);
    fireEvent.click(within(dialog()).getByRole('button', { name: 'All' }));
    expect((amount() as HTMLInputElement).value).toBe('5.00');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(mocked.promotionWithdrawToWallet).toHaveBeenCalledWith({ amount: '5.00' });
    expect(mocked.currentUser).toHaveBeenCalled();
    expect(useUserStore.getState().balance).toBe('15.00');
    expect(useNoticeStore.getState().notices.map((n) => n.text)).toContain('$5.00 moved to your wallet');
  });
});

describe('request payout', () => {
  beforeEach(() => vi.clearAllMocks());
  const open = () =>
    renderWithQuery(<PayoutDialog open onClose={() => {}} available="80.00" minimum="50.00" money={money} />);
  const send = () => fireEvent.click(within(dialog()).getByRole('button', { name: 'Send request' }));

  it('shows the minimum and refuses below it, above what is available, and without an account', async () => {
    open();
    expect(dialog().textContent).toContain('The smallest payout is $50.00.');
    fireEvent.change(amount(), { target: { value: '49.99' } });
    send();
    expect(await screen.findByText('The smallest payout is $50.00.', { selector: 'p' })).toBeTruthy();
    expect(screen.getByText('Say where the money should go.')).toBeTruthy();
    fireEvent.change(amount(), { target: { value: '80.01' } });
    expect(screen.getByText('That is more than the available $80.00.')).toBeTruthy();
    expect(mocked.promotionPayoutRequest).not.toHaveBeenCalled();
  });

  it('sends the amount, the chosen method and the account', async () => {
    open();
    fireEvent.change(amount(), { target: { value: '60' } });
    fireEvent.mouseDown(within(dialog()).getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: 'PayPal' }));
    expect(within(dialog()).getByText('PayPal email')).toBeTruthy();
    fireEvent.change(screen.getByTestId('payout-account'), { target: { value: ' me@example.com ' } });
    send();
    await waitFor(() =>
      expect(mocked.promotionPayoutRequest).toHaveBeenCalledWith({
        amount: '60',
        method: 'paypal',
        account: 'me@example.com',
      }),
    );
  });
});

describe('policy', () => {
  it('shows the operator’s text as plain text with its line breaks, markup untouched', () => {
    renderWithQuery(<PolicyDialog open onClose={() => {}} policy={'Rule one.\n<b>Rule two</b>'} />);
    const text = screen.getByTestId('promotion-policy');
    expect(text.textContent).toBe('Rule one.\n<b>Rule two</b>');
    expect(text.querySelector('b')).toBeNull();
    expect(getComputedStyle(text).whiteSpace).toBe('pre-line');
  });

  it('says so when the operator has written none', () => {
    renderWithQuery(<PolicyDialog open onClose={() => {}} policy="  " />);
    expect(screen.getByTestId('promotion-policy').textContent).toBe(
      'The operator has not published a promotion policy yet.',
    );
  });
});
