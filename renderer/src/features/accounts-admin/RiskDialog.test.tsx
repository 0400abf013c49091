import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetHttpState } from '../../api/http';
import { useNoticeStore } from '../../stores/notice';
import { envelope, json, setupHttpDouble } from '../../test/http-double';
import { renderWithQuery } from '../../test/render';
import { RiskDialog } from './RiskDialog';

const double = setupHttpDouble();
const account = { id: 5, username: 'shop_1', riskLevel: 0 };

beforeEach(() => {
  double.seen.length = 0;
  resetHttpState();
  useNoticeStore.setState({ notices: [] });
});

async function submit(onStale = vi.fn(), onClose = vi.fn()) {
  renderWithQuery(<RiskDialog open account={account} onClose={onClose} onStale={onStale} />);
  fireEvent.change(screen.getByTestId('risk-reason'), { target: { value: 'chargebacks' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  return { onStale, onClose };
}

describe('the risk level dialog', () => {
  it('sends the level the operator saw with the new one and the reason', async () => {
    double.on((_q, res) => json(res, 200, envelope(0, { ...account, riskLevel: 1 })));
    const { onClose } = await submit();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    const sent = double.seen.find((s) => s.path.endsWith('/v1/admin/accounts/riskLevel'))!;
    expect(JSON.parse(sent.body.toString())).toEqual({ id: 5, from: 0, riskLevel: 1, reason: 'chargebacks' });
  });

  it('shows a 16024 refusal in the dialog, in the user’s words, and no red notice', async () => {
    double.on((_q, res) =>
      json(res, 400, {
        ...envelope(16024, null, 'This account is closed: its risk level can no longer be changed.'),
        errors: [{ field: 'body.id', key: 'accountClosedRisk' }],
      }),
    );
    const { onClose } = await submit();
    expect((await screen.findByTestId('risk-refused')).textContent).toBe(
      'This account is closed: its risk level can no longer be changed.',
    );
    expect(onClose).not.toHaveBeenCalled();
    expect(useNoticeStore.getState().notices).toEqual([]);
  });

  it('takes a 16187 silently: no notice, and the screen reloads the level', async () => {
    double.on((_q, res) => json(res, 409, envelope(16187, null, 'the risk level is 1 now, not 0')));
    const { onStale } = await submit();
    await vi.waitFor(() => expect(onStale).toHaveBeenCalled());
    expect(useNoticeStore.getState().notices).toEqual([]);
    expect(screen.queryByTestId('risk-refused')).toBeNull();
  });
});
