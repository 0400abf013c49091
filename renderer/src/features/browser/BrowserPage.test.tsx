import type { ProfileSummary } from '@facet/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setBridgeForTests } from '../../bridge';
import { useNoticeStore } from '../../stores/notice';
import { useUserStore } from '../../stores/user';
import { envelope, json, setupHttpDouble } from '../../test/http-double';
import { renderWithQuery } from '../../test/render';
import BrowserPage from './BrowserPage';

const double = setupHttpDouble();
beforeAll(() => {
  setBridgeForTests(null);
});
afterAll(() => {
  setBridgeForTests(undefined);
});

const profile = (id: number): ProfileSummary => ({
  id,
  serialNumber: id,
  name: `Shop ${id}`,
  groupId: 1,
  groupName: 'Default',
  remark: '',
  tags: [],
  siteUrl: '',
  accountUsername: '',
  proxyMethod: 1,
  proxyType: 'noproxy',
  proxyAgreementType: 'http',
  host: '',
  port: null,
  country: '',
  province: '',
  city: '',
  agentIpId: null,
  userAgent: '',
  os: 'windows',
  sort: id,
  isMostCommon: false,
  ip: '',
  lastIp: '',
  lastCountry: '',
  openStatus: 0,
  openUserId: null,
  openDevice: '',
  ownerId: 1,
  cookieCount: 0,
  createdTime: null,
  updateTime: null,
  lastOpenTime: null,
  closeTime: null,
  operTime: null,
  deletedTime: null,
});

describe('browser profiles page', () => {
  it('changes the remark of every matching profile through the batch table and refreshes the grid', async () => {
    useUserStore.setState({
      userInfo: {
        id: 1,
        roleId: 'user',
        riskLevel: 0,
        menuCodes: ['browser:list', 'browser:update', 'group:list'],
      } as never,
    });
    let remarked = false;
    double.on((q, res) => {
      if (q.path === '/api/v1/browserGroups/list')
        return json(res, 200, envelope(0, [{ id: 1, name: 'Default', isDefault: true, sort: 0, profileCount: 3 }]));
      if (q.path === '/api/v1/browserInfos/list')
        return json(res, 200, envelope(0, { total: 3, list: [1, 2, 3].map(profile) }));
      if (q.path === '/api/v1/browserInfos/batchUpdateRemark') {
        remarked = true;
        return json(res, 200, envelope(0, { count: 3 }));
      }
      return json(res, 404, envelope(404, null, 'not found'));
    });
    renderWithQuery(
      <MemoryRouter initialEntries={['/browser']}>
        <BrowserPage />
      </MemoryRouter>,
    );
    expect((await screen.findByTestId('profile-total', {}, { timeout: 15_000 })).textContent).toBe('3 profiles');

    fireEvent.click(within(screen.getByTestId('header-check')).getByRole('checkbox'));
    expect(screen.getByTestId('selected-count').textContent).toBe('Selected: 3');
    fireEvent.click(screen.getByTestId('batch-remark'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Remark'), { target: { value: 'checked' } });
    const listsBefore = double.seen.filter((s) => s.path === '/api/v1/browserInfos/list').length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(remarked).toBe(true));
    const sent = double.seen.find((s) => s.path === '/api/v1/browserInfos/batchUpdateRemark')!;
    expect(JSON.parse(sent.body.toString())).toEqual({ ids: [1, 2, 3], remark: 'checked' });
    await waitFor(() =>
      expect(useNoticeStore.getState().notices.map((n) => n.text)).toContain('Remark changed on 3 profiles.'),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The grid asked again (the ids of "all matching" and the refresh after the change).
    expect(double.seen.filter((s) => s.path === '/api/v1/browserInfos/list').length).toBeGreaterThan(listsBefore);
    // A remark does not take the profiles out of the list: the selection stays.
    expect(screen.getByTestId('selected-count').textContent).toBe('Selected: 3');
  }, 60_000);
});
