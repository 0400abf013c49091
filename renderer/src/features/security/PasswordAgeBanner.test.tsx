import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, json, setupHttpDouble } from '../../test/http-double';
import { renderWithQuery } from '../../test/render';
import { PasswordAgeBanner } from './PasswordAgeBanner';

const double = setupHttpDouble();

const answer = (mustChange: boolean, remind: boolean) =>
  double.on((q, res) => {
    if (q.path.endsWith('/isDivertPwd')) return json(res, 200, envelope(0, { mustChange }));
    if (q.path.endsWith('/isCheckPwd')) return json(res, 200, envelope(0, { remind, days: 120 }));
    return json(res, 200, envelope(0, true));
  });

describe('password age reminder', () => {
  it('names the age, offers the change, and tells the server when dismissed', async () => {
    double.seen.length = 0;
    answer(false, true);
    let change = 0;
    renderWithQuery(<PasswordAgeBanner onChangePassword={() => change++} />);
    expect(await screen.findByText(/has not been changed for 120 days/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(change).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(double.seen.map((s) => s.path)).toContain('/api/users/updateViewLog'));
    expect(screen.queryByTestId('password-reminder')).toBeNull();
  });

  it('a password set by someone else comes first; no reminder shows nothing', async () => {
    answer(true, true);
    const first = renderWithQuery(<PasswordAgeBanner onChangePassword={() => undefined} />);
    expect(await screen.findByText(/set by someone else/)).toBeTruthy();
    first.unmount();
    double.seen.length = 0;
    answer(false, false);
    renderWithQuery(<PasswordAgeBanner onChangePassword={() => undefined} />);
    await waitFor(() => expect(double.seen.map((s) => s.path)).toContain('/api/users/isCheckPwd'));
    expect(screen.queryByTestId('password-reminder')).toBeNull();
  });
});
