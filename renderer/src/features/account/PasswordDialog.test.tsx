import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, json, setupHttpDouble } from '../../test/http-double';
import { renderWithQuery } from '../../test/render';
import { PasswordDialog } from './PasswordDialog';

const double = setupHttpDouble();

describe('password dialog', () => {
  it('checks the fields with the shared rules, then calls modifyPwd', async () => {
    const { generateX1KeyPair } = await import('@facet/shared');
    const pair = await generateX1KeyPair();
    double.on((q, res) =>
      q.path.endsWith('/x1Key')
        ? json(res, 200, envelope(0, { publicKey: pair.publicKey, algorithm: 'x' }))
        : json(res, 200, envelope(0, true)),
    );
    let closed = false;
    renderWithQuery(<PasswordDialog open onClose={() => (closed = true)} />);
    const type = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    type('Current password', 'Passw0rd!x');
    type('New password', 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The password is too short')).toBeTruthy();
    expect(double.seen).toHaveLength(0);
    await new Promise((r) => setTimeout(r, 350));
    type('New password', 'N3w-Passw0rd!');
    type('Confirm new password', 'N3w-Passw0rd!');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(closed).toBe(true));
    expect(double.seen.map((s) => s.path)).toContain('/api/users/modifyPwd');
  });
});
