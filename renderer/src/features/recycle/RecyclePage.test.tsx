import type { UserInfo } from '@facet/shared';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../../stores/user';
import { renderWithQuery } from '../../test/render';
import RecyclePage from './RecyclePage';

const row = {
  id: 7,
  serialNumber: 12,
  name: 'Shop one',
  groupId: 1,
  groupName: 'Default',
  remark: 'old',
  deletedTime: '2026-01-02 20:00:00',
};

vi.mock('../../api/calls', () => ({
  api: {
    profileList: vi.fn(async () => ({ total: 1, list: [row] })),
    groupList: vi.fn(async () => [{ id: 1, name: 'Default', isDefault: true }]),
  },
}));

const setUser = (over: Partial<UserInfo>) =>
  useUserStore.setState({
    timezone: 'Europe/Berlin',
    userInfo: { roleId: 'member', riskLevel: 0, menuCodes: ['recycle:list', 'group:list'], ...over } as UserInfo,
  });

const buttons = () => screen.queryAllByRole('button').map((b) => b.textContent);

describe('recycle bin screen', () => {
  beforeEach(() => setUser({}));

  it('shows a deleted profile with its group in the user language and the time in the user zone', async () => {
    renderWithQuery(<RecyclePage />);
    const cellRow = await screen.findByTestId('recycle-row-12');
    // 20:00 China Standard Time is 13:00 in Berlin in winter.
    expect(cellRow.textContent).toContain('2026-01-02 13:00:00');
    await waitFor(() => expect(cellRow.textContent).toContain('Default group'));
  });

  it('has no action and no checkbox without the recycle permissions', async () => {
    renderWithQuery(<RecyclePage />);
    await screen.findByTestId('recycle-row-12');
    expect(buttons()).not.toContain('Restore selected');
    expect(buttons()).not.toContain('Delete forever');
    expect(buttons()).not.toContain('Empty bin');
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
  });

  it('shows each action only with its permission; riskLevel 1 removes the forever-deleting ones', async () => {
    const all = ['recycle:list', 'recycle:recover', 'recycle:delete:selection', 'recycle:delete:all'];
    setUser({ menuCodes: all });
    const { unmount } = renderWithQuery(<RecyclePage />);
    await screen.findByTestId('recycle-row-12');
    expect(buttons()).toEqual(
      expect.arrayContaining(['Restore selected', 'Restore all', 'Delete forever', 'Empty bin']),
    );
    unmount();

    setUser({ menuCodes: all, riskLevel: 1 });
    renderWithQuery(<RecyclePage />);
    await screen.findByTestId('recycle-row-12');
    expect(buttons()).toEqual(expect.arrayContaining(['Restore selected', 'Restore all']));
    expect(buttons()).not.toContain('Delete forever');
    expect(buttons()).not.toContain('Empty bin');
  });
});
