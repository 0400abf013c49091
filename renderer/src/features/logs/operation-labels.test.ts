import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES, OPERATION_ACTIONS } from '@facet/shared';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { actionText, detailParts, detailText, type Lookup, type OperationEntry, targetText } from './operation-labels';

const logsArea = (lng: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, '../../i18n/locales/logs', `${lng}.json`), 'utf8'));

/** The screen's lookup over the real texts of the log area, in one language. */
function lookupIn(lng: string): Lookup {
  const i = i18next.createInstance();
  void i.init({
    lng,
    initAsync: false,
    resources: { [lng]: { translation: { logs: logsArea(lng) } } },
    interpolation: { escapeValue: false },
  });
  return { exists: (k) => i.exists(k), t: (k, v) => i.t(k, v) };
}

const entry = (e: Partial<OperationEntry>): OperationEntry => ({
  action: 'profile.update',
  targetType: 'profile',
  targetId: '',
  targetName: '',
  detail: {},
  ...e,
});

describe('operation log labels', () => {
  const en = lookupIn('en');
  const zh = lookupIn('zh');

  it('has a text of its own for every action the server writes, in every language', () => {
    for (const lng of LANGUAGES) {
      const l = lookupIn(lng);
      for (const a of OPERATION_ACTIONS)
        expect(l.exists(`logs.actions.${a.replace(/\./g, '_')}`), `${lng} ${a}`).toBe(true);
    }
    expect(actionText(en, 'profile.deleteForever')).toBe('Deleted profiles for good');
    expect(actionText(zh, 'profile.deleteForever')).toBe('彻底删除了环境');
    expect(actionText(en, 'profile.open')).toBe('Opened a profile');
    expect(actionText(zh, 'profile.close')).toBe('关闭了环境');
    // A code this console does not know yet: its known parts in words, the rest as written.
    expect(actionText(en, 'profile.frobnicate')).toBe('Profile: frobnicate');
    expect(actionText(zh, 'widget.delete')).toBe('widget: 删除');
  });

  it('names the target as it was called, counts several, and shows the id of an entry that kept no name', () => {
    expect(targetText(en, entry({ targetId: '7', targetName: 'Shop B' }))).toEqual({
      text: 'Shop B',
      title: '#7',
      kind: 'name',
    });
    expect(targetText(en, entry({ targetId: 'r_ZiX56SjvdJ9-', targetType: 'role' })).text).toBe('r_ZiX56SjvdJ9-');
    const many = entry({ detail: { count: 3, ids: [1, 2, 3], names: ['A', 'B'] } });
    expect(targetText(en, many).text).toBe('Profiles: 3 (A, B, …)');
    expect(targetText(zh, many).text).toBe('3 个环境 (A, B, …)');
    // Written before targets were named.
    expect(targetText(en, entry({ targetId: '12 proxies', targetType: 'proxy' })).text).toBe('Proxies: 12');
    expect(targetText(zh, entry({ targetId: '12 proxies', targetType: 'proxy' })).text).toBe('12 个代理');
  });

  it('labels the detail from its keys and values, in the reader’s language', () => {
    const edit = entry({ targetId: '7', targetName: 'Shop B', detail: { fields: ['name', 'cookie', 'future'] } });
    expect(detailParts(en, edit)).toEqual(['Fields: Name, Cookies, future']);
    expect(detailParts(zh, edit)).toEqual(['字段：名称, Cookie, future']);
    const open = entry({ action: 'profile.open', targetId: '7', targetName: 'Shop B', detail: { device: 'PC-1' } });
    expect(detailText(en, open)).toBe('Device: PC-1');
    expect(detailText(zh, open)).toBe('设备：PC-1');
    const share = entry({
      action: 'profile.share',
      detail: { count: 2, ids: [1, 2], mode: 'add', userIds: [5, 6, 7] },
    });
    expect(detailParts(en, share)).toEqual(['Mode: Add', 'Sub-accounts: 3']);
    expect(detailParts(zh, share)).toEqual(['方式：添加', '子账号：3']);
    const sms = entry({ action: 'security.smsSecondAuth', targetType: 'security', detail: { status: 1 } });
    expect(detailText(zh, sms)).toBe('状态：开启');
    // What the target column says is not said again.
    expect(detailParts(en, entry({ targetName: 'Shop A', detail: { name: 'Shop A', serialNumber: 4 } }))).toEqual([
      'Number: 4',
    ]);
    expect(detailText(en, entry({ detail: { text: 'x'.repeat(300) } }))).toHaveLength(160);
  });
});
