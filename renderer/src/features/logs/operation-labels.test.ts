import { describe, expect, it } from 'vitest';
import { actionText, detailText, type Lookup, targetTypeText } from './operation-labels';

const texts: Record<string, string> = {
  'logs.actions.setting_apiToken_generate': 'Generated an API token',
  'logs.targetTypes.profile': 'Profile',
  'logs.targetTypes.subAccount': 'Sub-account',
  'logs.verbs.delete': 'Delete',
};
const l: Lookup = { exists: (k) => k in texts, t: (k) => texts[k] ?? k };

describe('operation log labels', () => {
  it('uses a whole-action text first, then target and verb, then the code as written', () => {
    expect(actionText(l, 'setting.apiToken.generate')).toBe('Generated an API token');
    expect(actionText(l, 'profile.delete')).toBe('Profile: Delete');
    expect(actionText(l, 'subAccount.frobnicate')).toBe('Sub-account: frobnicate');
    expect(actionText(l, 'widget.delete')).toBe('widget: Delete');
    expect(actionText(l, 'import')).toBe('import');
    expect(targetTypeText(l, 'subAccount')).toBe('Sub-account');
    expect(targetTypeText(l, 'robot')).toBe('robot');
  });

  it('summarises the detail on one line and cuts it', () => {
    expect(detailText({ username: 'ann', count: 3, ok: true, none: null })).toBe(
      'username: ann; count: 3; ok: true; none: —',
    );
    expect(detailText({ ids: [1, 2, 3, 4, 5, 6, 7] })).toBe('ids: 1, 2, 3, 4, 5, … (7)');
    expect(detailText({ entries: ['10.0.0.0/8'] })).toBe('entries: 10.0.0.0/8');
    expect(detailText({ a: { b: 1 } })).toBe('a: {"b":1}');
    expect(detailText({ text: 'x'.repeat(300) })).toHaveLength(160);
    expect(detailText({})).toBe('');
  });
});
