import type { SubAccount, UserInfo } from '@facet/shared';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useUserStore } from '../../stores/user';
import { envelope, json, setupHttpDouble } from '../../test/http-double';
import { renderWithQuery } from '../../test/render';
import DashboardPage from '../dashboard/DashboardPage';
import UsersPage from './UsersPage';

const double = setupHttpDouble();
const sub: SubAccount = {
  id: 7,
  username: 'worker_1',
  roleId: 'member',
  roleName: 'member',
  status: 'active',
  remark: '',
  secondAuthStatus: 0,
  createdTime: '2026-11-01 10:00:00',
  lastLoginTime: null,
};

beforeEach(() => {
  double.seen.length = 0;
  double.on((q, res) => {
    if (q.path.endsWith('/sysUsers/list')) return json(res, 200, envelope(0, { total: 1, list: [sub] }));
    if (q.path.endsWith('/sysRoles/list')) return json(res, 200, envelope(0, []));
    return json(res, 200, envelope(0, null));
  });
});

const as = (over: Partial<UserInfo>) =>
  useUserStore.setState({
    userInfo: { roleId: 'member', riskLevel: 0, menuCodes: [], timeZone: 'UTC', ...over } as UserInfo,
  });
const controls = () => ({
  create: screen.queryByTestId('user-create'),
  edit: screen.queryByTestId('user-edit'),
  stop: screen.queryByTestId('user-stop'),
  remove: screen.queryByTestId('user-delete'),
});

describe('permission gate on the team and dashboard screens', () => {
  it('a sub-account that may only list sees the rows and no control that changes them', async () => {
    as({ menuCodes: ['user:list'] });
    renderWithQuery(<UsersPage />);
    expect(await screen.findByTestId('user-row-worker_1')).toBeTruthy();
    expect(controls()).toEqual({ create: null, edit: null, stop: null, remove: null });
  });

  it('each control appears with its own code', async () => {
    as({ menuCodes: ['user:list', 'user:stop'] });
    renderWithQuery(<UsersPage />);
    await screen.findByTestId('user-row-worker_1');
    const c = controls();
    expect(c.stop).not.toBeNull();
    expect([c.create, c.edit, c.remove]).toEqual([null, null, null]);
  });

  it('an admin skips the check; at riskLevel 1 an admin is checked like anyone', async () => {
    as({ roleId: 'admin', riskLevel: 0, menuCodes: [] });
    const view = renderWithQuery(<UsersPage />);
    await screen.findByTestId('user-row-worker_1');
    expect(Object.values(controls()).every((el) => el !== null)).toBe(true);
    view.unmount();
    as({ roleId: 'admin', riskLevel: 1, menuCodes: ['user:list', 'user:delete'] });
    renderWithQuery(<UsersPage />);
    await screen.findByTestId('user-row-worker_1');
    const c = controls();
    expect(c.remove).not.toBeNull();
    expect([c.create, c.edit, c.stop]).toEqual([null, null, null]);
  });

  it('the dashboard without dashboard:view says so and does not call the server', async () => {
    as({ menuCodes: ['user:list'] });
    renderWithQuery(<DashboardPage />);
    expect(await screen.findByTestId('dashboard-hidden')).toBeTruthy();
    expect(double.seen.filter((s) => s.path.includes('dashboard'))).toEqual([]);
  });
});
