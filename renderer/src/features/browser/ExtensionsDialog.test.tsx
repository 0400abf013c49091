import { type Extension, SUB_ACCOUNT_USER_TYPE, type UserInfo } from '@facet/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api/calls';
import { useUserStore } from '../../stores/user';
import { renderWithQuery } from '../../test/render';
import { ExtensionsDialog } from './ExtensionsDialog';

const ext = (id: number, name: string, membersMayAssign: boolean): Extension => ({
  id,
  name,
  version: '1.0',
  description: '',
  manifestVersion: 3,
  fileName: `${name}.zip`,
  size: 10,
  sha256: '',
  icon: '',
  permissions: ['debugger'],
  hostPermissions: [],
  optionalPermissions: [],
  membersMayAssign,
  profileCount: 0,
  createdBy: 'lin_wei',
  createdTime: null,
});

vi.mock('../../api/calls', () => ({ api: { extensionList: vi.fn() } }));

describe('the grid’s extensions dialog', () => {
  afterEach(() => useUserStore.setState({ userType: 0 }));

  it('lets a sub-account add only allowed extensions, and take any off', async () => {
    vi.mocked(api).extensionList.mockResolvedValue({
      total: 2,
      list: [ext(1, 'Debug Tool', false), ext(2, 'Allowed', true)],
    });
    useUserStore.setState({
      userType: SUB_ACCOUNT_USER_TYPE,
      userInfo: { roleId: 'member', riskLevel: 0, menuCodes: ['extension:list', 'browser:update'] } as UserInfo,
    });
    const onConfirm = vi.fn(async () => {});
    renderWithQuery(
      <MemoryRouter>
        <ExtensionsDialog open count={2} target={null} onClose={() => {}} onConfirm={onConfirm} />
      </MemoryRouter>,
    );
    const blocked = await screen.findByRole('checkbox', { name: 'Debug Tool' });
    expect((blocked as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByTestId('extension-choices').textContent).toContain('Only an admin can add it');
    expect(screen.getByTestId('extension-choices').textContent).toContain('debugger');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Allowed' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Remove' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Debug Tool' }));
    expect((screen.getByRole('checkbox', { name: 'Debug Tool' }) as HTMLInputElement).disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith({ extendIds: [1, 2], mode: 'remove' }));
  });
});
