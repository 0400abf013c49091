import { PERMISSION_TAG_EMPTY_ERROR, type UserInfo } from '@facet/shared';
import { render, renderHook, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useUserStore } from '../stores/user';
import { PermissionGate, usePermission } from './PermissionGate';

const user = (over: Partial<UserInfo>): UserInfo =>
  ({ roleId: 'member', riskLevel: 0, menuCodes: ['browser:list', 'recycle:delete:all'], ...over }) as UserInfo;
const setUser = (info: UserInfo | null) => useUserStore.setState({ userInfo: info });

describe('permission gate', () => {
  beforeEach(() => setUser(null));

  it('renders children only when the user holds every listed code', () => {
    setUser(user({}));
    render(
      <>
        <PermissionGate codes={['browser:list']}>
          <span>visible</span>
        </PermissionGate>
        <PermissionGate codes={['browser:list', 'browser:create']}>
          <span>hidden</span>
        </PermissionGate>
      </>,
    );
    expect(screen.queryByText('visible')).not.toBeNull();
    expect(screen.queryByText('hidden')).toBeNull();
  });

  it('admins skip the check, except at riskLevel 1 for the three removed codes', () => {
    setUser(user({ roleId: 'admin', menuCodes: [] }));
    expect(renderHook(() => usePermission(['browser:delete:forever'])).result.current).toBe(true);
    setUser(user({ roleId: 'admin', riskLevel: 1, menuCodes: ['browser:delete:forever', 'browser:list'] }));
    expect(renderHook(() => usePermission(['browser:delete:forever'])).result.current).toBe(false);
    expect(renderHook(() => usePermission(['browser:list'])).result.current).toBe(true);
  });

  it('riskLevel 1 removes recycle:delete:selection, recycle:delete:all, browser:delete:forever', () => {
    setUser(user({ riskLevel: 1 }));
    expect(renderHook(() => usePermission(['recycle:delete:all'])).result.current).toBe(false);
    setUser(user({ riskLevel: 0 }));
    expect(renderHook(() => usePermission(['recycle:delete:all'])).result.current).toBe(true);
  });

  it('an empty list is an error', () => {
    setUser(user({}));
    expect(() => renderHook(() => usePermission([]))).toThrow(PERMISSION_TAG_EMPTY_ERROR);
    setUser(null);
    expect(() => renderHook(() => usePermission([]))).toThrow(PERMISSION_TAG_EMPTY_ERROR);
  });

  it('shows nothing before the user info is loaded', () => {
    render(
      <PermissionGate codes={['browser:list']}>
        <span>early</span>
      </PermissionGate>,
    );
    expect(screen.queryByText('early')).toBeNull();
  });
});
