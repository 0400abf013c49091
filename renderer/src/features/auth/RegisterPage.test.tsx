import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { renderWithQuery } from '../../test/render';
import RegisterPage from './RegisterPage';

const at = (url: string) =>
  renderWithQuery(
    <MemoryRouter initialEntries={[url]}>
      <RegisterPage />
    </MemoryRouter>,
  );
const inviteField = () => document.querySelector<HTMLInputElement>('input[name=inviteCode]');

describe('register page', () => {
  it('fills the invite code from the invite link (?inviteCode=)', () => {
    at('/register?inviteCode=K7PQ2M9X');
    expect(screen.getByLabelText('Invite code (optional)')).toBe(inviteField());
    expect(inviteField()?.value).toBe('K7PQ2M9X');
  });

  it('leaves it empty without one', () => {
    at('/register');
    expect(inviteField()?.value).toBe('');
  });
});
