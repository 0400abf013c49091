import { describe, expect, it } from 'vitest';
import { isSuccessCode } from './codes.js';
import { hasPermission, PERMISSION_TAG_EMPTY_ERROR } from './permissions.js';
import { formatCst, parseCst } from './time.js';

describe('CST times', () => {
  it('formats a UTC instant as China Standard Time and back', () => {
    expect(formatCst('2026-01-31T20:30:05Z')).toBe('2026-02-01 04:30:05');
    expect(parseCst('2026-02-01 04:30:05')?.toISOString()).toBe('2026-01-31T20:30:05.000Z');
    expect(formatCst(null)).toBeNull();
    expect(parseCst('yesterday')).toBeNull();
  });
});

describe('success codes', () => {
  it('accepts exactly the six success codes', () => {
    for (const c of [200, 0, '200', '0', '20000', 20000]) expect(isSuccessCode(c)).toBe(true);
    for (const c of [201, '1', 400, null, undefined, true]) expect(isSuccessCode(c)).toBe(false);
  });
});

describe('permissions', () => {
  const member = { roleId: 'member', riskLevel: 0, menuCodes: ['browser:list', 'browser:delete:forever'] };
  it('needs every listed code', () => {
    expect(hasPermission(member, ['browser:list'])).toBe(true);
    expect(hasPermission(member, ['browser:list', 'user:list'])).toBe(false);
  });
  it('lets admins skip the check except at riskLevel 1, which removes three codes for everyone', () => {
    const admin = { roleId: 'admin', riskLevel: 0, menuCodes: [] };
    expect(hasPermission(admin, ['user:list'])).toBe(true);
    const riskyAdmin = { roleId: 'admin', riskLevel: 1, menuCodes: ['browser:delete:forever', 'user:list'] };
    expect(hasPermission(riskyAdmin, ['browser:delete:forever'])).toBe(false);
    expect(hasPermission(riskyAdmin, ['user:list'])).toBe(true);
    expect(hasPermission({ ...member, riskLevel: 1 }, ['browser:delete:forever'])).toBe(false);
  });
  it('refuses an empty list', () => {
    expect(() => hasPermission(member, [])).toThrow(PERMISSION_TAG_EMPTY_ERROR);
  });
});
