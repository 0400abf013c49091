import { hasPermission } from '@facet/shared';
import type { ReactNode } from 'react';
import { useUserStore } from '../stores/user';

/**
 * True when the user holds every listed code (admins skip, except at riskLevel 1).
 * An empty list is a programming error: 'Please set value of permission tag'.
 */
export function usePermission(codes: ReadonlyArray<string>): boolean {
  const info = useUserStore((s) => s.userInfo);
  if (!info) {
    if (codes.length === 0) hasPermission({ roleId: '', riskLevel: 0, menuCodes: [] }, codes);
    return false;
  }
  return hasPermission(info, codes);
}

/** The element is removed when the user lacks any listed permission (docs/team.md, Permission codes). */
export function PermissionGate({ codes, children }: { codes: ReadonlyArray<string>; children: ReactNode }) {
  return usePermission(codes) ? children : null;
}
