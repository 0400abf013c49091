import { describe, expect, it } from 'vitest';
import { rowMenuActions } from './row-menu';

const none = { update: false, share: false, extensions: false, cookie: false, delete: false, deleteForever: false };

describe('row menu', () => {
  it('is empty for a role that may only list and open profiles, without a client', () => {
    expect(rowMenuActions(none, { checkFingerprint: false })).toEqual([]);
  });

  it('offers the fingerprint check once a client is connected, and only what the role may do', () => {
    expect(rowMenuActions(none, { checkFingerprint: true })).toEqual(['checkFingerprint']);
    expect(rowMenuActions({ ...none, cookie: true, delete: true }, { checkFingerprint: false })).toEqual(['delete']);
    expect(rowMenuActions({ ...none, update: true, cookie: true }, { checkFingerprint: false })).toEqual([
      'rename',
      'star',
      'importCookies',
    ]);
  });
});
