import type { UserInfo } from '@facet/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api/calls';
import { useUserStore } from '../../stores/user';
import { renderWithQuery } from '../../test/render';
import { ImportProfilesDialog } from './ImportProfilesDialog';

vi.mock('../../api/calls', () => ({
  api: {
    groupList: vi.fn(async () => [
      { id: 1, name: 'Default', isDefault: true },
      { id: 5, name: 'Shops', isDefault: false },
    ]),
    profileImport: vi.fn(),
    groupMoveProfiles: vi.fn(async () => ({ count: 2 })),
  },
}));
const mocked = vi.mocked(api);

const csv = (text: string) => new File([text], 'list.csv', { type: 'text/csv' });

function choose(file: File) {
  fireEvent.change(screen.getByTestId('import-file-input'), { target: { files: [file] } });
}

describe('import wizard', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    useUserStore.setState({
      userInfo: { roleId: 'member', riskLevel: 0, menuCodes: ['group:list', 'browser:update'] } as UserInfo,
    });
  });

  it('previews the rows, sends the file as it is and lists the rows the server refused', async () => {
    mocked.profileImport.mockResolvedValue({
      count: 0,
      ids: [],
      errors: [{ row: 3, field: 'name', key: 'nameSchema' }],
    });
    const onImported = vi.fn();
    renderWithQuery(<ImportProfilesDialog open onClose={() => {}} onImported={onImported} />);
    const text = 'name,remark\nAlpha,one\nBad!,two\n';
    choose(csv(text));
    const preview = await screen.findByTestId('import-preview');
    expect(within(preview).getByTestId('preview-row-2').textContent).toContain('Alpha');
    expect(within(preview).getByTestId('preview-row-3').textContent).toContain(
      'A name cannot contain punctuation or symbols',
    );
    fireEvent.click(screen.getByTestId('import-start'));
    expect((await screen.findByTestId('import-refused')).textContent).toBe('Nothing was imported. Rows with errors: 1');
    expect(screen.getByTestId('import-error-row-3').textContent).toContain('name');
    const sent = mocked.profileImport.mock.calls[0]![0]!;
    expect(sent.fileName).toBe('list.csv');
    expect(atob(sent.content)).toBe(text);
    expect(onImported).not.toHaveBeenCalled();
  });

  it('says each problem once, in words, per field, and offers no import when no row is valid', async () => {
    renderWithQuery(<ImportProfilesDialog open onClose={() => {}} onImported={() => {}} />);
    choose(
      csv('name,proxyType,host,port,fingerprint\n,socks6,1.2.3.4,abc,\nShop,http,1.2.3.4,99999,{"os":"windows"}\n'),
    );
    const preview = await screen.findByTestId('import-preview');
    const first = within(preview).getByTestId('preview-row-2');
    expect([...first.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'name: Enter a name',
      "proxyType: Unknown proxy type: use one of the types the template's notes sheet lists",
      'port: The port must be from 1 to 65535',
    ]);
    const second = within(preview).getByTestId('preview-row-3');
    expect([...second.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'port: The port must be from 1 to 65535',
      'fingerprint: Not a complete fingerprint configuration: copy the cell from an export, or leave it empty for a new fingerprint',
    ]);
    expect(preview.textContent).not.toMatch(/Invalid|expected|received|punctuation|asocks/);
    expect(screen.getByTestId('import-precheck-warning').textContent).toBe(
      'No row can be imported: every row has a problem. Fix the file and choose it again.',
    );
    expect((screen.getByTestId('import-start') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByTestId('import-another'));
    choose(csv('name,port,host\nGood,1080,1.2.3.4\n,1080,1.2.3.4\n'));
    await screen.findByTestId('import-preview');
    expect((screen.getByTestId('import-start') as HTMLButtonElement).disabled).toBe(false);
  });

  it('moves the imported profiles to the chosen group and tells the grid', async () => {
    mocked.profileImport.mockResolvedValue({ count: 2, ids: [11, 12], errors: [] });
    const onImported = vi.fn();
    renderWithQuery(<ImportProfilesDialog open onClose={() => {}} onImported={onImported} />);
    choose(csv('name\nA\nB\n'));
    await screen.findByTestId('import-preview');
    fireEvent.mouseDown(within(screen.getByTestId('import-group')).getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: 'Shops' }));
    fireEvent.click(screen.getByTestId('import-start'));
    expect((await screen.findByTestId('import-success')).textContent).toBe('Profiles imported: 2');
    expect(mocked.groupMoveProfiles).toHaveBeenCalledWith({ ids: [11, 12], groupId: 5 }, { noPrompt: true });
    expect(onImported).toHaveBeenCalledTimes(1);
  });

  it('refuses a file without the template header before sending anything', async () => {
    renderWithQuery(<ImportProfilesDialog open onClose={() => {}} onImported={() => {}} />);
    choose(csv('title\nA\n'));
    expect((await screen.findByTestId('import-file-error')).textContent).toBe(
      "Row 1 must be the template's header: the name column is missing",
    );
    await waitFor(() => expect(mocked.groupList).toHaveBeenCalled());
    expect(mocked.profileImport).not.toHaveBeenCalled();
  });
});
