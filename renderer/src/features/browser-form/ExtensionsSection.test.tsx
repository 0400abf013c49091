import { type Extension, SUB_ACCOUNT_USER_TYPE, type UserInfo } from '@facet/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api/calls';
import { useUserStore } from '../../stores/user';
import { renderWithQuery } from '../../test/render';
import { ExtensionsSection } from './ExtensionsSection';
import { emptyValues, type FormValues } from './form-values';

const ext = (id: number, name: string, version: string): Extension => ({
  id,
  name,
  version,
  description: '',
  manifestVersion: 3,
  fileName: `${name}.zip`,
  size: 10,
  sha256: '',
  icon: '',
  permissions: [],
  hostPermissions: [],
  optionalPermissions: [],
  membersMayAssign: false,
  profileCount: 0,
  createdBy: 'lin_wei',
  createdTime: null,
});

vi.mock('../../api/calls', () => ({ api: { extensionList: vi.fn() } }));
const mocked = vi.mocked(api);

function mount(extendIds: number[], codes = ['extension:list']) {
  useUserStore.setState({ userInfo: { roleId: 'member', riskLevel: 0, menuCodes: codes } as UserInfo });
  const set = vi.fn();
  const values: FormValues = { ...emptyValues(), extendIds };
  renderWithQuery(
    <MemoryRouter>
      <ExtensionsSection values={values} set={set} err={() => undefined} />
    </MemoryRouter>,
  );
  return set;
}

describe('the profile form’s extensions section', () => {
  beforeEach(() => vi.clearAllMocks());

  it('shows the profile’s extensions in load order (an unknown id as its number) and adds a picked one after them', async () => {
    mocked.extensionList.mockResolvedValue({
      total: 2,
      list: [ext(1, 'Shop Helper', '1.2.0'), ext(2, 'Ad Shield', '4.1')],
    });
    const set = mount([2, 9]);
    const section = await screen.findByRole('region', { name: 'Extensions' });
    await waitFor(() => expect(section.textContent).toContain('Ad Shield 4.1'));
    expect(section.textContent).toContain('Extension #9');
    expect(section.textContent).toContain('Loaded into the profile’s browser when the client opens it, in this order.');
    fireEvent.mouseDown(within(section).getByTestId('extensions-select'));
    fireEvent.click(await screen.findByRole('option', { name: /Shop Helper/ }));
    expect(set).toHaveBeenCalledWith('extendIds', [2, 9, 1]);
  });

  it('shows what each asks for, and a sub-account cannot pick one an admin has not allowed (one already on the profile stays)', async () => {
    mocked.extensionList.mockResolvedValue({
      total: 3,
      list: [
        { ...ext(1, 'Cookie Tool', '1.0'), permissions: ['cookies', 'storage'], hostPermissions: ['<all_urls>'] },
        { ...ext(2, 'Allowed', '2.0'), membersMayAssign: true },
        { ...ext(3, 'Kept', '3.0'), hostPermissions: ['file:///*'] },
      ],
    });
    useUserStore.setState({ userType: SUB_ACCOUNT_USER_TYPE });
    try {
      const set = mount([3]);
      const section = await screen.findByRole('region', { name: 'Extensions' });
      await waitFor(() => expect(section.textContent).toContain('Kept 3.0'));
      fireEvent.mouseDown(within(section).getByTestId('extensions-select'));
      const blocked = await screen.findByRole('option', { name: /Cookie Tool/ });
      expect(blocked.getAttribute('aria-disabled')).toBe('true');
      expect(blocked.textContent).toContain('cookies');
      expect(blocked.textContent).toContain('All sites');
      expect(blocked.textContent).toContain('Other permissions: 1');
      expect(blocked.textContent).toContain('Only an admin can add it');
      expect(screen.getByRole('option', { name: /Allowed/ }).getAttribute('aria-disabled')).not.toBe('true');
      expect(screen.getByRole('option', { name: /Kept/ }).textContent).toContain('Local files');
      fireEvent.click(screen.getByRole('option', { name: /Allowed/ }));
      expect(set).toHaveBeenCalledWith('extendIds', [3, 2]);
    } finally {
      useUserStore.setState({ userType: 0 });
    }
  });

  it('says there are none yet and links to the extensions screen', async () => {
    mocked.extensionList.mockResolvedValue({ total: 0, list: [] });
    mount([]);
    const none = await screen.findByTestId('extensions-none');
    expect(none.textContent).toContain('No extensions uploaded yet.');
    expect(within(none).getByRole('link').getAttribute('href')).toBe('/extensions');
  });

  it('is not shown, and asks nothing, without extension:list', () => {
    mount([1], ['browser:update']);
    expect(screen.queryByRole('region', { name: 'Extensions' })).toBeNull();
    expect(mocked.extensionList).not.toHaveBeenCalled();
  });
});
