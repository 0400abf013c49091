import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { useNoticeStore } from '../stores/notice';
import InsufficientBalanceDialog from './InsufficientBalanceDialog';

describe('insufficient-balance dialog (code 16011)', () => {
  it('offers recharge, which leads to Cost', async () => {
    render(
      <MemoryRouter initialEntries={['/dashboard']}>
        <Routes>
          <Route path="/dashboard" element={<InsufficientBalanceDialog />} />
          <Route path="/cost" element={<p>cost page</p>} />
        </Routes>
      </MemoryRouter>,
    );
    act(() => useNoticeStore.getState().setInsufficientBalanceOpen(true));
    expect(screen.getByText('Insufficient balance')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Recharge' }));
    expect(await screen.findByText('cost page')).toBeTruthy();
    expect(useNoticeStore.getState().insufficientBalanceOpen).toBe(false);
  });
});
