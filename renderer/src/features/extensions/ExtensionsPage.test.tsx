import { type Extension, MAIN_ACCOUNT_USER_TYPE, type UserInfo } from '@facet/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error';
import { api } from '../../api/calls';
import { useNoticeStore } from '../../stores/notice';
import { useUserStore } from '../../stores/user';
import { renderWithQuery } from '../../test/render';
import ExtensionsPage from './ExtensionsPage';

const ext = (over: Partial<Extension>): Extension => ({
  id: 1,
  name: 'Shop Helper',
  version: '1.2.0',
  description: 'Fills the shop forms',
  manifestVersion: 3,
  fileName: 'shop-helper.zip',
  size: 1536,
  sha256: 'ab',
  icon: '',
  permissions: [],
  hostPermissions: [],
  optionalPermissions: [],
  membersMayAssign: false,
  profileCount: 3,
  createdBy: 'lin_wei',
  createdTime: '2026-01-02 20:00:00',
  ...over,
});
const rows = [ext({}), ext({ id: 2, name: 'Ad Blocker', version: '4.0', profileCount: 0, manifestVersion: 2 })];

vi.mock('../../api/calls', () => ({
  api: {
    extensionList: vi.fn(),
    extensionUpload: vi.fn(),
    extensionDelete: vi.fn(async () => ({ count: 1 })),
    extensionMembersMayAssign: vi.fn(async () => ({ count: 1 })),
  },
}));
const mocked = vi.mocked(api);

const ALL = ['extension:list', 'extension:create', 'extension:delete', 'browser:list', 'browser:update'];
const setUser = (menuCodes: string[]) =>
  useUserStore.setState({
    timezone: 'Europe/Berlin',
    userInfo: { roleId: 'member', riskLevel: 0, menuCodes } as UserInfo,
  });
const choose = (...files: File[]) =>
  fireEvent.change(screen.getByTestId('extension-file-input'), { target: { files } });
const notices = () => useNoticeStore.getState().notices.map((n) => `${n.severity}: ${n.text}`);

describe('extensions screen', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    useNoticeStore.setState({ notices: [] });
    mocked.extensionList.mockResolvedValue({ total: 2, list: rows });
    setUser(ALL);
  });

  it('lists each extension with its version, manifest, size, profile count and upload time in the user zone', async () => {
    renderWithQuery(<ExtensionsPage />);
    const [first] = await screen.findAllByTestId('extension-row');
    const text = first!.textContent ?? '';
    for (const part of [
      'Shop Helper',
      '1.2.0',
      'Fills the shop forms',
      'MV3',
      '1.5 KB',
      'lin_wei',
      '2026-01-02 13:00:00',
    ])
      expect(text).toContain(part);
    expect(within(first!).getByRole('button', { name: 'Profiles loading Shop Helper: 3' }).textContent).toBe('3');
    // The data layer passes the request's abort signal along with the payload.
    expect(mocked.extensionList).toHaveBeenCalledWith({ page: 1, pageSize: 50 }, { signal: expect.any(AbortSignal) });
  });

  it('flags risky requested permissions, and the main account decides whether members may assign each', async () => {
    mocked.extensionList.mockResolvedValue({
      total: 1,
      list: [
        ext({ permissions: ['storage', 'debugger'], hostPermissions: ['file:///*'], optionalPermissions: ['tabs'] }),
      ],
    });
    useUserStore.setState({ userType: MAIN_ACCOUNT_USER_TYPE });
    try {
      renderWithQuery(<ExtensionsPage />);
      const [row] = await screen.findAllByTestId('extension-row');
      const risky = within(row!)
        .getAllByTestId('extension-risky-permission')
        .map((c) => c.textContent);
      expect(risky).toEqual(['debugger', 'Local files']);
      expect(within(row!).getByTestId('extension-permissions').textContent).toContain('Other permissions: 2');
      fireEvent.click(within(row!).getByRole('switch', { name: 'Members may assign Shop Helper' }));
      await waitFor(() =>
        expect(mocked.extensionMembersMayAssign.mock.calls[0]?.[0]).toEqual({ ids: [1], allowed: true }),
      );
    } finally {
      useUserStore.setState({ userType: 0 });
    }
  });

  it('explains what extensions do when there are none', async () => {
    mocked.extensionList.mockResolvedValue({ total: 0, list: [] });
    renderWithQuery(<ExtensionsPage />);
    const empty = await screen.findByTestId('extensions-empty');
    expect(empty.textContent).toContain('No extensions yet');
    expect(empty.textContent).toContain('it is loaded into the profile’s browser when the client opens it');
    expect(within(empty).getByRole('button', { name: 'Upload extension' })).toBeTruthy();
  });

  it('refuses a file that is no package before sending it, and words the server’s refusal', async () => {
    renderWithQuery(<ExtensionsPage />);
    await screen.findAllByTestId('extension-row');
    choose(new File(['hello'], 'notes.txt'));
    await waitFor(() =>
      expect(notices()).toEqual(['error: notes.txt was not uploaded: Only .zip and .crx files are extension packages']),
    );
    expect(mocked.extensionUpload).not.toHaveBeenCalled();

    useNoticeStore.setState({ notices: [] });
    mocked.extensionUpload.mockRejectedValueOnce(
      new ApiError(400, 'translated', 400, false, 'body.content: extensionZipInvalid (not a zip or crx file)'),
    );
    choose(new File(['not a zip at all'], 'bad.zip'));
    await waitFor(() =>
      expect(notices()).toEqual([
        'error: bad.zip was not uploaded: This is not a valid zip or crx file (not a zip or crx file)',
      ]),
    );
    const [body, options] = mocked.extensionUpload.mock.calls[0]!;
    expect(body).toEqual({ fileName: 'bad.zip', content: btoa('not a zip at all') });
    expect(options).toEqual({ noPrompt: true, kind: 'upload' });
  });

  it('uploads the picked packages one after another, then shows the list again', async () => {
    renderWithQuery(<ExtensionsPage />);
    await screen.findAllByTestId('extension-row');
    mocked.extensionUpload
      .mockResolvedValueOnce(ext({ id: 3, name: 'One', version: '1.0' }))
      .mockRejectedValueOnce(new ApiError(400, 'x', 400, false, 'body.content: extensionManifestMissing'))
      .mockResolvedValueOnce(ext({ id: 4, name: 'Two', version: '2.0' }));
    choose(new File(['a'], 'one.zip'), new File(['b'], 'broken.crx'), new File(['c'], 'two.zip'));
    await waitFor(() => expect(notices()).toContain('success: Extensions uploaded: 2'));
    expect(notices()).toContain(
      'error: broken.crx was not uploaded: The package has no manifest.json (at its top or in its single folder)',
    );
    expect(mocked.extensionUpload.mock.calls.map((c) => c[0]!.fileName)).toEqual(['one.zip', 'broken.crx', 'two.zip']);
    await waitFor(() => expect(mocked.extensionList).toHaveBeenCalledTimes(2));
  });

  it('asks before deleting, saying how many profiles load the extension', async () => {
    renderWithQuery(<ExtensionsPage />);
    await screen.findAllByTestId('extension-row');
    fireEvent.click(screen.getByRole('button', { name: 'Delete Shop Helper' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('extension-delete-text').textContent).toBe(
      'Delete Shop Helper 1.2.0? Profiles that load it: 3. They stop loading it.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(mocked.extensionDelete).toHaveBeenCalledWith({ ids: [1] }));
    await waitFor(() => expect(notices()).toContain('success: Extensions deleted: 1'));
  });

  it('deletes the selected extensions together, listing each with its profiles', async () => {
    renderWithQuery(<ExtensionsPage />);
    await screen.findAllByTestId('extension-row');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect(screen.getByTestId('extension-selected').textContent).toBe('Selected: 2');
    fireEvent.click(screen.getByTestId('extensions-delete-selected'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Delete the selected extensions (2)?');
    expect(dialog.textContent).toContain('Shop Helper 1.2.0Profiles: 3');
    expect(dialog.textContent).toContain('Ad Blocker 4.0Profiles: 0');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(mocked.extensionDelete).toHaveBeenCalledWith({ ids: [1, 2] }));
  });

  it('shows upload, delete and add only with their permissions', async () => {
    setUser(['extension:list']);
    renderWithQuery(<ExtensionsPage />);
    await screen.findAllByTestId('extension-row');
    const names = screen.queryAllByRole('button').map((b) => b.textContent);
    expect(names).not.toContain('Upload extension');
    expect(screen.queryByRole('button', { name: 'Delete Shop Helper' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Shop Helper to profiles' })).toBeNull();
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    // Without browser:list the count is a number, not a link to the profiles.
    expect(screen.queryByRole('button', { name: 'Profiles loading Shop Helper: 3' })).toBeNull();
  });
});
