import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, json, setupHttpDouble } from '../../test/http-double';
import { renderWithQuery } from '../../test/render';
import { PersonalForm } from './PersonalForm';

const double = setupHttpDouble();

const status = {
  kind: null,
  status: 'none' as const,
  reason: '',
  submittedAt: null,
  reviewedAt: null,
  documents: [{ id: 1, kind: 'idPhoto' as const, fileName: 'id.png', contentType: 'image/png', size: 10 }],
  unlocks: [],
  canSubmit: true,
};

describe('personal verification form', () => {
  it('refuses a wrong check digit at its field without a request, then submits the right number', async () => {
    double.on((_q, res) => json(res, 200, envelope(0, { ...status, status: 'pending', documents: [] })));
    renderWithQuery(<PersonalForm status={status} />);
    fireEvent.change(screen.getByLabelText('Real name'), { target: { value: 'Zhang San' } });
    fireEvent.change(screen.getByLabelText('National ID number'), { target: { value: '110105194912310021' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit for review' }));
    expect(await screen.findByText('The check character of this ID number is wrong')).toBeTruthy();
    expect(double.seen).toHaveLength(0);
    // Typed in small letters, sent in capitals as printed.
    fireEvent.change(screen.getByLabelText('National ID number'), { target: { value: '11010519491231002x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit for review' }));
    await waitFor(() => expect(double.seen.map((s) => s.path)).toContain('/api/v1/sysUserAuthentications/authUser'));
    const sent = double.seen.find((s) => s.path.endsWith('/authUser'))!;
    expect(JSON.parse(sent.body.toString())).toEqual({
      realName: 'Zhang San',
      idNumber: '11010519491231002X',
    });
  });
});
