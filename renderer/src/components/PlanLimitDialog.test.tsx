import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { transportEvents } from '../api/transport-events';
import { useNoticeStore } from '../stores/notice';
import PlanLimitDialog from './PlanLimitDialog';

describe('plan-limit dialog (code 16030)', () => {
  it("shows the server's refusal and leads to Plans", async () => {
    render(
      <MemoryRouter initialEntries={['/browser']}>
        <Routes>
          <Route path="/browser" element={<PlanLimitDialog />} />
          <Route path="/billing/plans" element={<p>plans page</p>} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.queryByText('Plan limit reached')).toBeNull();
    // The wiring of test/setup.ts turns the transport's report into the dialog.
    await act(() => transportEvents.emit('planLimit', { code: 16030, text: 'Your plan allows 5 profiles.' }));
    expect(screen.getByText('Plan limit reached')).toBeTruthy();
    expect(screen.getByTestId('plan-limit-text').textContent).toBe('Your plan allows 5 profiles.');
    fireEvent.click(screen.getByRole('button', { name: 'Change plan' }));
    expect(await screen.findByText('plans page')).toBeTruthy();
    expect(useNoticeStore.getState().planLimitText).toBeNull();
  });
});
