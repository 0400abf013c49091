import { API_PREFIX } from '@facet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbUnavailable, type TestServer } from '../../test/harness.js';

const PW = 'Passw0rd!';

describe.skipIf(dbUnavailable())('notices, policies, customer service, presence', () => {
  let t: TestServer;
  let admin: string;
  let owner: Awaited<ReturnType<TestServer['register']>>;
  let sub: string;

  beforeAll(async () => {
    t = await createTestServer();
    admin = await t.adminToken();
    owner = await t.register();
    await t.call('sysUsersCreate', { username: 'notice_sub', password: PW, roleId: 'member' }, { token: owner.token });
    sub = (await t.login('notice_sub', PW)).token;
  });
  afterAll(() => t?.close());

  const save = (body: Record<string, unknown>, token = admin) =>
    t.call(
      'adminNoticeSave',
      { title: 'T', content: 'Body', pinned: false, published: true, audience: 'all', locale: '', ...body },
      { token },
    );

  it('publishes notices to their audience and language, pinned first, with read marks per user', async () => {
    const draft = await save({ title: 'Draft', published: false });
    expect(draft.result.publishedTime).toBeNull();
    const old = await save({ title: 'Old news' });
    const pinned = await save({ title: 'Maintenance', pinned: true, content: '**Sunday** <script>x()</script>' });
    await save({ title: 'Main only', audience: 'main' });
    await save({ title: 'Russian only', locale: 'ru' });

    const ownerList = await t.call('noticeList', { page: 1, pageSize: 20 }, { token: owner.token });
    expect(ownerList.result.list.map((n) => n.title)).toEqual(['Maintenance', 'Main only', 'Old news']);
    expect(ownerList.result.unread).toBe(3);
    // The Markdown is served as written; the console sanitises it when it renders.
    expect(ownerList.result.list[0]?.content).toContain('<script>');
    const subList = await t.call('noticeList', undefined, { token: sub });
    expect(subList.result.list.map((n) => n.title)).toEqual(['Maintenance', 'Old news']);

    expect((await t.call('noticeTopList', undefined, { token: owner.token })).result.map((n) => n.id)).toEqual([
      pinned.result.id,
    ]);
    // A draft, or another audience's notice, cannot be marked read.
    expect((await t.call('noticeRead', { ids: [draft.result.id] }, { token: owner.token })).result.count).toBe(0);
    expect(
      (await t.call('noticeRead', { ids: [pinned.result.id, old.result.id] }, { token: owner.token })).result.count,
    ).toBe(2);
    expect((await t.call('noticeRead', { ids: [pinned.result.id] }, { token: owner.token })).result.count).toBe(0);
    const after = await t.call('noticeList', undefined, { token: owner.token });
    expect(after.result.unread).toBe(1);
    expect(after.result.list.find((n) => n.id === pinned.result.id)?.read).toBe(true);
    expect((await t.call('noticeTopList', undefined, { token: owner.token })).result).toEqual([]);
    // The sub-account's marks are its own.
    expect((await t.call('noticeList', { page: 1, pageSize: 20, unreadOnly: true }, { token: sub })).result.total).toBe(
      2,
    );
    expect((await t.call('noticeTopList', undefined, { token: sub })).result).toHaveLength(1);

    await t.call('setLanguage', { language: 'ru' }, { token: owner.token });
    const ru = await t.call('noticeList', undefined, { token: owner.token });
    expect(ru.result.list.map((n) => n.title)).toContain('Russian only');

    const adminList = await t.call('adminNoticeList', undefined, { token: admin });
    expect(adminList.result.total).toBe(5);
    expect(adminList.result.list.find((n) => n.id === pinned.result.id)?.reads).toBe(1);
    // Publishing a draft stamps its time; unpublishing hides it.
    const published = await save({ id: draft.result.id, title: 'Draft', published: true });
    expect(published.result.publishedTime).not.toBeNull();
    await save({ id: old.result.id, title: 'Old news', published: false });
    const titles = (await t.call('noticeList', undefined, { token: sub })).result.list.map((n) => n.title);
    expect(titles).toContain('Draft');
    expect(titles).not.toContain('Old news');

    expect((await t.call('adminNoticeDelete', { ids: [pinned.result.id] }, { token: admin })).result.count).toBe(1);
    expect((await t.call('adminNoticeList', undefined, { token: admin })).result.total).toBe(4);
    expect((await save({ id: 999_999 })).status).toBe(404);
  });

  it('refuses the operator calls to users and names the broken field', async () => {
    for (const name of ['adminNoticeList', 'adminPolicyList', 'adminSupport'] as const) {
      expect((await t.call(name, undefined, { token: owner.token })).status).toBe(403);
    }
    expect((await save({}, owner.token)).status).toBe(403);
    expect((await t.call('noticeList', undefined)).status).toBe(401);
    const bad = await save({ title: ' ', audience: 'nobody', locale: 'xx' });
    expect(bad.status).toBe(400);
    expect(bad.errors.map((e) => e.field).sort()).toEqual(['body.audience', 'body.locale', 'body.title']);
    const badIds = await t.call('noticeRead', { ids: [] }, { token: owner.token });
    expect(badIds.errors[0]?.field).toBe('body.ids');
  });

  it('serves policies publicly per language, English when the language has none', async () => {
    const get = (kind: string, locale?: string) =>
      t.call('policyGet', undefined, {
        url: `${API_PREFIX}/v1/policies/${kind}`,
        ...(locale ? { query: { locale } } : {}),
      });
    expect((await get('agreement', 'de')).result).toEqual({
      kind: 'agreement',
      locale: '',
      content: '',
      updatedTime: null,
    });
    await t.call('adminPolicySave', { kind: 'agreement', locale: 'en', content: '# Terms' }, { token: admin });
    await t.call('adminPolicySave', { kind: 'agreement', locale: 'de', content: '# Bedingungen' }, { token: admin });
    expect((await get('agreement', 'de')).result.content).toBe('# Bedingungen');
    expect((await get('agreement', 'fr')).result).toMatchObject({ locale: 'en', content: '# Terms' });
    expect((await get('agreement')).result.content).toBe('# Terms');
    // Empty text removes that language.
    await t.call('adminPolicySave', { kind: 'agreement', locale: 'de', content: '' }, { token: admin });
    expect((await get('agreement', 'de')).result.locale).toBe('en');
    expect((await t.call('adminPolicyList', undefined, { token: admin })).result.map((p) => p.locale)).toEqual(['en']);
    expect((await get('nothing')).status).toBe(400);
    const bad = await t.call('adminPolicySave', { kind: 'promo', locale: 'en', content: 'x' }, { token: admin });
    expect(bad.errors.map((e) => e.field)).toEqual(['body.kind']);
  });

  it('gives the customer-service contact and scripts only once the operator set them', async () => {
    expect((await t.call('getSoftKefu', undefined, { token: owner.token })).result).toEqual({
      code: 0,
      weixinimage: '',
      url: '',
    });
    expect((await t.call('siteScripts', undefined, { query: { locale: 'en' } })).result).toEqual({
      kefuScriptUrl: null,
      analyticsUrl: null,
    });
    const bad = await t.call(
      'adminSupportSave',
      { kefuImage: 'javascript:alert(1)', kefuUrl: '', kefuScriptUrl: '', analytics: { en: 'data:x' } },
      { token: admin },
    );
    expect(bad.errors.map((e) => e.field).sort()).toEqual(['body.analytics.en', 'body.kefuImage']);
    await t.call(
      'adminSupportSave',
      {
        kefuImage: 'https://cdn.example.org/qr.png',
        kefuUrl: '',
        kefuScriptUrl: 'https://chat.example.org/widget.js',
        analytics: { en: 'https://stats.example.org/en.js' },
      },
      { token: admin },
    );
    expect((await t.call('getSoftKefu', undefined, { token: owner.token })).result).toEqual({
      code: 1,
      weixinimage: 'https://cdn.example.org/qr.png',
      url: '',
    });
    expect((await t.call('siteScripts', undefined, { query: { locale: 'en' } })).result).toEqual({
      kefuScriptUrl: 'https://chat.example.org/widget.js',
      analyticsUrl: 'https://stats.example.org/en.js',
    });
    expect((await t.call('siteScripts', undefined, { query: { locale: 'ru' } })).result.analyticsUrl).toBeNull();
  });

  it("shows the main account its team's clients online, and offline after closeSoft", async () => {
    const beat = await t.call('softHeartBeat', { clientId: 'pc-1', kind: 'desktop', version: '7.0.2' }, { token: sub });
    expect(beat.result.intervalSeconds).toBe(60);
    await t.call('softHeartBeat', { clientId: 'web-1', kind: 'web' }, { token: owner.token });
    const other = await t.register();
    await t.call('softHeartBeat', { clientId: 'elsewhere', kind: 'web' }, { token: other.token });

    const team = await t.call('onlineClients', undefined, { token: owner.token });
    expect(team.result.map((c) => [c.userName, c.clientId, c.online]).sort()).toEqual([
      ['notice_sub', 'pc-1', true],
      [owner.username, 'web-1', true],
    ]);
    expect((await t.call('closeSoft', undefined, { token: sub, query: { clientId: 'pc-1' } })).result).toBe(true);
    const later = await t.call('onlineClients', undefined, { token: owner.token });
    expect(later.result.find((c) => c.clientId === 'pc-1')?.online).toBe(false);
    // A reload: the new page beats before the old page's close arrives; the console stays online.
    await t.call('softHeartBeat', { clientId: 'web-1', kind: 'web', page: 'load-2' }, { token: owner.token });
    const late = await t.call('closeSoft', undefined, {
      token: owner.token,
      query: { clientId: 'web-1', page: 'load-1' },
    });
    expect(late.result).toBe(false);
    const webOnline = async () =>
      (await t.call('onlineClients', undefined, { token: owner.token })).result.find((c) => c.clientId === 'web-1')
        ?.online;
    expect(await webOnline()).toBe(true);
    await t.call('closeSoft', undefined, { token: owner.token, query: { clientId: 'web-1', page: 'load-2' } });
    expect(await webOnline()).toBe(false);
    // A member without user:list does not see the team's clients.
    expect((await t.call('onlineClients', undefined, { token: sub })).status).toBe(403);
    const bad = await t.call('softHeartBeat', { clientId: 'has space', kind: 'tablet' }, { token: sub });
    expect(bad.errors.map((e) => e.field).sort()).toEqual(['body.clientId', 'body.kind']);
  });
});
