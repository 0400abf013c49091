import { API_PREFIX, Code } from '@facet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbUnavailable, type TestServer } from '../../test/harness.js';

const PW = 'Prefs#Pass123';

describe.skipIf(dbUnavailable())('preferences (globalsetting, globalbrowsersetting)', () => {
  let t: TestServer;
  let token: string;
  let me: number;
  beforeAll(async () => {
    t = await createTestServer();
    token = (await t.register()).token;
    me = (await t.call('currentUser', undefined, { token })).result.id;
  });
  afterAll(() => t?.close());

  const getSetting = (id: number | string, tk = token) =>
    t.call('globalSettingGet', undefined, { token: tk, url: `${API_PREFIX}/v1/globalsetting/${id}` });
  const getBrowser = (id: number | string, tk = token) =>
    t.call('globalBrowserSettingGet', undefined, { token: tk, url: `${API_PREFIX}/v1/globalbrowsersetting/${id}` });

  it('answers the defaults before anything is saved, then what was saved', async () => {
    const before = await getSetting(me);
    expect(before.result).toEqual({
      zoomPercent: 100,
      downloadDir: '',
      downloadPerProfile: true,
      processProtect: false,
      processProtectMax: 3,
      userId: me,
      updatedAt: null,
    });
    const saved = await t.call(
      'globalSettingSave',
      { zoomPercent: 125, downloadDir: '/home/me/Downloads', processProtect: true, processProtectMax: 2 },
      { token },
    );
    expect(saved.code).toBe(0);
    const after = (await getSetting(me)).result;
    expect(after).toMatchObject({ zoomPercent: 125, downloadDir: '/home/me/Downloads', processProtect: true });
    expect(after.processProtectMax).toBe(2);
    expect(after.updatedAt).not.toBeNull();

    expect((await getBrowser(me)).result.browser).toMatchObject({ os: 'windows', blockImages: false });
    await t.call(
      'globalBrowserSettingSave',
      {
        browser: { os: 'macos', browserVersion: '130', startupUrls: ['https://start.example'], muteAudio: true },
        fingerprint: {
          languageMode: 'custom',
          languages: ['de-DE'],
          timeZoneMode: 'custom',
          timeZone: 'Europe/Berlin',
        },
      },
      { token },
    );
    const b = (await getBrowser(me)).result;
    expect(b.browser).toEqual({
      os: 'macos',
      browserVersion: '130',
      startupUrls: ['https://start.example'],
      blockImages: false,
      muteAudio: true,
      blockNotifications: false,
    });
    expect(b.fingerprint).toMatchObject({
      languageMode: 'custom',
      languages: ['de-DE'],
      timeZone: 'Europe/Berlin',
      webrtc: 'proxy',
    });
  });

  it('refuses bad values with 400 naming the field', async () => {
    const zoom = await t.call('globalSettingSave', { zoomPercent: 1000 }, { token });
    expect(zoom.status).toBe(400);
    expect(zoom.errors).toContainEqual({ field: 'body.zoomPercent', key: 'zoomInvalid' });
    const dir = await t.call('globalSettingSave', { downloadDir: 'relative/folder' }, { token });
    expect(dir.errors).toContainEqual({ field: 'body.downloadDir', key: 'folderNotAbsolute' });
    const nul = await t.call('globalSettingSave', { downloadDir: '/tmp/a\u0000b' }, { token });
    expect(nul.status).toBe(400);
    expect(nul.errors[0]!.field).toBe('body.downloadDir');
    const lang = await t.call('globalBrowserSettingSave', { fingerprint: { languageMode: 'custom' } }, { token });
    expect(lang.errors).toContainEqual({ field: 'body.fingerprint.languages', key: 'languagesRequired' });
    const url = await t.call('globalBrowserSettingSave', { browser: { startupUrls: ['ftp://x'] } }, { token });
    expect(url.errors).toContainEqual({ field: 'body.browser.startupUrls.0', key: 'urlInvalid' });
    const id = await getSetting('abc');
    expect(id.status).toBe(400);
    expect(id.errors[0]!.field).toBe('params.id');
    // Nothing refused changed what was saved.
    expect((await getSetting(me)).result.zoomPercent).toBe(125);
  });

  it("keeps each user's own: another user's id answers 404, a sub-account has its own", async () => {
    const other = (await t.register()).token;
    expect((await getSetting(me, other)).code).toBe(Code.NOT_FOUND);
    expect((await getBrowser(me, other)).code).toBe(Code.NOT_FOUND);
    const role = await t.call('rolesCreate', { name: 'Viewers', codes: ['setting:view'] }, { token });
    await t.call('sysUsersCreate', { username: 'prefs_sub', password: PW, roleId: role.result.id }, { token });
    const sub = (await t.login('prefs_sub', PW)).token;
    const subId = (await t.call('currentUser', undefined, { token: sub })).result.id;
    expect((await getSetting(subId, sub)).result.zoomPercent).toBe(100);
    expect((await getSetting(me, sub)).code).toBe(Code.NOT_FOUND);
    await t.call('globalSettingSave', { zoomPercent: 90 }, { token: sub });
    expect((await getSetting(subId, sub)).result.zoomPercent).toBe(90);
    expect((await getSetting(me)).result.zoomPercent).toBe(125);
    // Saving asks for setting:view; reading does not (the client reads it to open a profile).
    const role2 = await t.call('rolesCreate', { name: 'Openers', codes: ['browser:open'] }, { token });
    await t.call('sysUsersCreate', { username: 'prefs_sub2', password: PW, roleId: role2.result.id }, { token });
    const sub2 = (await t.login('prefs_sub2', PW)).token;
    const sub2Id = (await t.call('currentUser', undefined, { token: sub2 })).result.id;
    expect((await t.call('globalSettingSave', { zoomPercent: 80 }, { token: sub2 })).code).toBe(Code.FORBIDDEN);
    expect((await getSetting(sub2Id, sub2)).result.zoomPercent).toBe(100);
  });
});
