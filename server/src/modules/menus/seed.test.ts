import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbUnavailable, type TestServer } from '../../test/harness.js';

describe.skipIf(dbUnavailable())('menu seed: the client settings and extensions screens', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await createTestServer();
  });
  afterAll(() => t?.close());

  it('lists Local API, Open browser, System proxy and Close setting under Settings', async () => {
    const owner = await t.register();
    const tree = await t.call('getRouters', undefined, { token: owner.token });
    const settings = tree.result.find((m) => m.name === 'Settings');
    const children = (settings?.children ?? []).map((c) => [c.path, c.component, c.meta.title]);
    expect(children).toEqual(
      expect.arrayContaining([
        ['local-api', 'settings/localApi', 'menu.localApi'],
        ['open-browser', 'settings/openBrowser', 'menu.openBrowser'],
        ['system-proxy', 'settings/systemProxy', 'menu.systemProxy'],
        ['close', 'settings/closeSetting', 'menu.closeSetting'],
      ]),
    );
    // In the order the seed gives, after the API token screen.
    const paths = children.map((c) => c[0]);
    expect(paths.slice(paths.indexOf('api-token') + 1, paths.indexOf('close') + 1)).toEqual([
      'local-api',
      'open-browser',
      'system-proxy',
      'close',
    ]);
  });

  it('lists Bookmarks, Website credentials, Proxy and Auto paste after Close setting, each by its code', async () => {
    const owner = await t.register();
    const tree = await t.call('getRouters', undefined, { token: owner.token });
    const children = tree.result.find((m) => m.name === 'Settings')?.children ?? [];
    const paths = children.map((c) => c.path);
    expect(paths.slice(paths.indexOf('close') + 1, paths.indexOf('close') + 5)).toEqual([
      'bookmarks',
      'website-credentials',
      'proxy',
      'auto-paste',
    ]);
    expect(children.find((c) => c.path === 'proxy')?.component).toBe('settings/proxy');
    // A role with setting:view but not proxy:list sees the personal lists, not the team's proxy settings.
    const role = await t.call(
      'rolesCreate',
      { name: 'Settings only', codes: ['setting:view'] },
      { token: owner.token },
    );
    const sub = await t.call(
      'sysUsersCreate',
      { username: `lists_sub_${Date.now() % 1e6}`, password: 'Sub#pass123', roleId: role.result.id },
      { token: owner.token },
    );
    const session = await t.login(sub.result.username, 'Sub#pass123');
    const subTree = await t.call('getRouters', undefined, { token: session.token });
    const subPaths = (subTree.result.find((m) => m.name === 'Settings')?.children ?? []).map((c) => c.path);
    expect(subPaths).toEqual(expect.arrayContaining(['bookmarks', 'website-credentials', 'auto-paste']));
    expect(subPaths).not.toContain('proxy');
  });

  it('lists Extensions between Proxy IPs and the recycle bin, only with extension:list', async () => {
    const owner = await t.register();
    const tree = await t.call('getRouters', undefined, { token: owner.token });
    const top = tree.result.map((m) => m.name);
    expect(top.slice(top.indexOf('ProxyIp'), top.indexOf('RecycleBin') + 1)).toEqual([
      'ProxyIp',
      'Extensions',
      'RecycleBin',
    ]);
    const entry = tree.result.find((m) => m.name === 'Extensions');
    expect([entry?.path, entry?.component, entry?.meta.title, entry?.meta.icon, entry?.hidden]).toEqual([
      'extensions',
      'extensions/index',
      'menu.extensions',
      'extension',
      false,
    ]);

    // A sub-account whose role lacks extension:list does not get the entry.
    const role = await t.call('rolesCreate', { name: 'No extensions', codes: ['proxy:list'] }, { token: owner.token });
    const sub = await t.call(
      'sysUsersCreate',
      { username: `menu_sub_${Date.now() % 1e6}`, password: 'Sub#pass123', roleId: role.result.id },
      { token: owner.token },
    );
    const session = await t.login(sub.result.username, 'Sub#pass123');
    const subTree = await t.call('getRouters', undefined, { token: session.token });
    const names = subTree.result.map((m) => m.name);
    expect(names).toContain('ProxyIp');
    expect(names).not.toContain('Extensions');
  });

  it('lists the five preference screens under Settings after the settings lists, only with setting:view', async () => {
    const owner = await t.register();
    const tree = await t.call('getRouters', undefined, { token: owner.token });
    const children = tree.result.find((m) => m.name === 'Settings')?.children ?? [];
    const rows = children.map((c) => [c.path, c.component, c.meta.title]);
    const from = rows.findIndex((r) => r[0] === 'auto-paste') + 1;
    expect(rows.slice(from, from + 5)).toEqual([
      ['browser-preference', 'settings/browserPreference', 'preferences.menu.browser'],
      ['fingerprint-preference', 'settings/fingerprintPreference', 'preferences.menu.fingerprint'],
      ['page-zoom', 'settings/pageZoom', 'preferences.menu.zoom'],
      ['download-dir', 'settings/downloadDir', 'preferences.menu.download'],
      ['process-protect', 'settings/processProtect', 'preferences.menu.protect'],
    ]);
    const role = await t.call(
      'rolesCreate',
      { name: 'Profiles only', codes: ['browser:list'] },
      { token: owner.token },
    );
    const sub = await t.call(
      'sysUsersCreate',
      { username: `prefs_menu_${Date.now() % 1e6}`, password: 'Sub#pass123', roleId: role.result.id },
      { token: owner.token },
    );
    const session = await t.login(sub.result.username, 'Sub#pass123');
    const subTree = await t.call('getRouters', undefined, { token: session.token });
    const subPaths = (subTree.result.find((m) => m.name === 'Settings')?.children ?? []).map((c) => c.path);
    expect(subPaths).not.toContain('page-zoom');
  });

  it('lists Extensions between Proxy IPs and the recycle bin, only with extension:list', async () => {
    const owner = await t.register();
    const tree = await t.call('getRouters', undefined, { token: owner.token });
    const top = tree.result.map((m) => m.name);
    expect(top.slice(top.indexOf('ProxyIp'), top.indexOf('RecycleBin') + 1)).toEqual([
      'ProxyIp',
      'Extensions',
      'RecycleBin',
    ]);
    const entry = tree.result.find((m) => m.name === 'Extensions');
    expect([entry?.path, entry?.component, entry?.meta.title, entry?.meta.icon, entry?.hidden]).toEqual([
      'extensions',
      'extensions/index',
      'menu.extensions',
      'extension',
      false,
    ]);

    // A sub-account whose role lacks extension:list does not get the entry.
    const role = await t.call('rolesCreate', { name: 'No extensions', codes: ['proxy:list'] }, { token: owner.token });
    const sub = await t.call(
      'sysUsersCreate',
      { username: `menu_sub_${Date.now() % 1e6}`, password: 'Sub#pass123', roleId: role.result.id },
      { token: owner.token },
    );
    const session = await t.login(sub.result.username, 'Sub#pass123');
    const subTree = await t.call('getRouters', undefined, { token: session.token });
    const names = subTree.result.map((m) => m.name);
    expect(names).toContain('ProxyIp');
    expect(names).not.toContain('Extensions');
  });
  it('lists Cloud phones as a path-less parent with the environments, their daily screen and the computing power', async () => {
    const owner = await t.register();
    const tree = await t.call('getRouters', undefined, { token: owner.token });
    const phones = tree.result.find((m) => m.name === 'CloudPhones');
    expect(phones?.path).toBe('');
    expect((phones?.children ?? []).map((c) => [c.path, c.component]).slice(0, 3)).toEqual([
      ['environment', 'phone/index'],
      ['environmentdaily', 'environment/daily'],
      ['phone/power', 'phone/power'],
    ]);
    // Environment groups (docs/phones.md, Groups) hang under it too.
    expect(phones?.children?.find((c) => c.path === 'phone/groups')?.component).toBe('groups/phone');
  });

  it('lists RPA with its flows, tasks and defaults, the editor, task form, runs and logs as hidden routes', async () => {
    const owner = await t.register();
    const tree = await t.call('getRouters', undefined, { token: owner.token });
    const rpa = tree.result.find((m) => m.name === 'Rpa');
    expect([rpa?.path, rpa?.meta.title, rpa?.meta.icon]).toEqual(['rpa', 'rpa.menu.rpa', 'rpa']);
    expect((rpa?.children ?? []).map((c) => [c.path, c.component, c.hidden])).toEqual([
      ['flows', 'rpa/flows', false],
      ['flows/:id', 'rpa/editor', true],
      ['tasks', 'rpa/tasks', false],
      ['tasks/create', 'rpa/taskForm', true],
      ['tasks/:id', 'rpa/runs', true],
      ['runs/:id', 'rpa/logs', true],
      ['settings', 'rpa/concurrent', false],
    ]);
  });
});
