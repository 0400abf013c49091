import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLIENT_VERSION_HEADER, Code } from '@facet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbUnavailable, type TestServer } from '../../test/harness.js';
import { parseRanges } from './feed-routes.js';

const artifact = randomBytes(64 * 1024);
const sha512 = createHash('sha512').update(artifact).digest('base64');
const feed = (version: string, forced: boolean) => `version: ${version}
files:
  - url: Facet-${version}.AppImage
    sha512: ${sha512}
    size: ${artifact.length}
path: Facet-${version}.AppImage
sha512: ${sha512}
releaseDate: '2026-11-20T08:00:00.000Z'
${forced ? 'x-facet-forced: true\n' : ''}releaseNotes: |
  - Faster profile start
  - Proxy check names the failing step
`;

describe.skipIf(dbUnavailable())('self-update feed (/updates) and getContent', () => {
  let t: TestServer;
  let empty: TestServer;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'facet-releases-'));
    writeFileSync(join(dir, 'latest-linux.yml'), feed('7.1.0', false));
    writeFileSync(join(dir, 'latest.yml'), feed('7.2.0', true));
    writeFileSync(join(dir, 'Facet-7.1.0.AppImage'), artifact);
    writeFileSync(join(dir, '.secret'), 'TOPSECRET');
    mkdirSync(join(dir, 'notes'));
    writeFileSync(join(dir, 'notes', '7.0.4.md'), '# 7.0.4\n\n* Tray menu\n* Fix: cookies saved on close\n');
    writeFileSync(join(dir, 'notes', '7.0.4.ru.md'), '* Меню в трее\n');
    writeFileSync(join(dir, 'notes', '7.0.4.zh.md'), '* 托盘菜单\n');
    writeFileSync(join(dir, 'notes', '7.1.0.en.md'), '* Linux build\n');
    writeFileSync(join(dir, 'notes', '7.1.0.hk.md'), '* Linux 版本\n');
    t = await createTestServer({ releasesDir: dir });
    empty = await createTestServer();
  });
  afterAll(async () => {
    await t?.close();
    await empty?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves the feed files and artifacts without a session, with their content types', async () => {
    const yml = await t.app.inject({ method: 'GET', url: '/updates/latest-linux.yml' });
    expect(yml.statusCode).toBe(200);
    expect(yml.headers['content-type']).toMatch(/^text\/yaml/);
    expect(yml.headers['cache-control']).toBe('no-cache');
    expect(yml.body).toContain('version: 7.1.0');
    const bin = await t.app.inject({ method: 'GET', url: '/updates/Facet-7.1.0.AppImage' });
    expect(bin.statusCode).toBe(200);
    expect(bin.headers['content-type']).toBe('application/octet-stream');
    expect(Buffer.compare(bin.rawPayload, artifact)).toBe(0);
    const head = await t.app.inject({ method: 'HEAD', url: '/updates/Facet-7.1.0.AppImage' });
    expect(head.statusCode).toBe(200);
    expect(Number(head.headers['content-length'])).toBe(artifact.length);
    expect(head.headers['accept-ranges']).toBe('bytes');
  });

  it('refuses traversal, folders, dot files and unknown files with 404', async () => {
    for (const url of [
      '/updates/..%2fsecret.key',
      '/updates/../secret.key',
      '/updates/%2e%2e%2fx',
      '/updates/notes/7.0.4.md',
      '/updates/notes%2f7.0.4.md',
      '/updates/.secret',
      '/updates/latest-mac.yml',
      '/updates/',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('TOPSECRET');
    }
  });

  it('answers a range with 206, many ranges with multipart/byteranges, and 416 outside the file', async () => {
    const one = await t.app.inject({
      method: 'GET',
      url: '/updates/Facet-7.1.0.AppImage',
      headers: { range: 'bytes=100-199' },
    });
    expect(one.statusCode).toBe(206);
    expect(one.headers['content-range']).toBe(`bytes 100-199/${artifact.length}`);
    expect(Buffer.compare(one.rawPayload, artifact.subarray(100, 200))).toBe(0);

    const many = await t.app.inject({
      method: 'GET',
      url: '/updates/Facet-7.1.0.AppImage',
      headers: { range: 'bytes=0-9, 1000-1999,-5' },
    });
    expect(many.statusCode).toBe(206);
    const boundary = /boundary=(\S+)/.exec(String(many.headers['content-type']))?.[1];
    expect(boundary).toBeTruthy();
    expect(Number(many.headers['content-length'])).toBe(many.rawPayload.length);
    const parts = many.rawPayload.toString('latin1').split(`--${boundary}`).slice(1, -1);
    expect(parts).toHaveLength(3);
    const bodies = parts.map((p) => Buffer.from(p.slice(p.indexOf('\r\n\r\n') + 4).replace(/\r\n$/, ''), 'latin1'));
    expect(parts[1]).toContain(`content-range: bytes 1000-1999/${artifact.length}`);
    expect(Buffer.compare(bodies[0]!, artifact.subarray(0, 10))).toBe(0);
    expect(Buffer.compare(bodies[1]!, artifact.subarray(1000, 2000))).toBe(0);
    expect(Buffer.compare(bodies[2]!, artifact.subarray(artifact.length - 5))).toBe(0);

    const outside = await t.app.inject({
      method: 'GET',
      url: '/updates/Facet-7.1.0.AppImage',
      headers: { range: `bytes=${artifact.length + 10}-${artifact.length + 20},${artifact.length + 30}-` },
    });
    expect(outside.statusCode).toBe(416);
    expect(parseRanges('bytes=5-2', 10)).toBeNull();
    expect(parseRanges('items=0-1', 10)).toBeNull();
  });

  it('getContent answers the newest notes, a named version’s notes, and the update level', async () => {
    const newest = await t.call('getContent', {});
    expect(newest.code).toBe(0);
    expect(newest.result).toEqual({
      version: '7.2.0',
      content: 'Faster profile start\nProxy check names the failing step',
      releaseDate: '2026-11-20T08:00:00.000Z',
      updateAvailable: 0,
      // The newest release's installer where a platform's feed has that release (Linux's is older).
      downloads: [{ platform: 'windows', url: '/updates/Facet-7.2.0.AppImage' }],
    });
    // A desktop client below the newest (forced) release is told to update, forced.
    const forClient = await t.call('getContent', undefined, { headers: { [CLIENT_VERSION_HEADER]: '7.0.2' } });
    expect(forClient.result.updateAvailable).toBe(2);
    const upToDate = await t.call('getContent', {}, { headers: { [CLIENT_VERSION_HEADER]: '7.2.0' } });
    expect(upToDate.result.updateAvailable).toBe(0);

    const older = await t.call('getContent', { version: '7.0.4' });
    expect(older.result).toMatchObject({ version: '7.0.4', content: 'Tray menu\nFix: cookies saved on close' });
    const linux = await t.call('getContent', { version: '7.1.0' });
    expect(linux.result.version).toBe('7.1.0');

    const notesIn = async (version: string, locale?: 'zh' | 'en' | 'ru' | 'hk') =>
      (await t.call('getContent', { version, locale })).result.content;
    // Notes in the asked update locale, else English, else the file without a language.
    expect(await notesIn('7.0.4', 'ru')).toBe('Меню в трее');
    expect(await notesIn('7.0.4', 'zh')).toBe('托盘菜单');
    expect(await notesIn('7.0.4', 'hk')).toBe('Tray menu\nFix: cookies saved on close');
    expect(await notesIn('7.1.0', 'hk')).toBe('Linux 版本');
    expect(await notesIn('7.1.0', 'ru')).toBe('Linux build');
    expect(await notesIn('7.1.0')).toBe('Linux build');
    expect((await t.call('getContent', { version: '7.0.4', locale: 'de' as 'en' })).code).toBe(Code.BAD_REQUEST);

    const unknown = await t.call('getContent', { version: '6.0.0' });
    expect(unknown.status).toBe(404);
    expect(unknown.message).toBe('no release notes for version 6.0.0');
    const bad = await t.call('getContent', { version: '../../etc' });
    expect(bad.code).toBe(Code.BAD_REQUEST);
    expect(bad.message).toMatch(/version/);
  });

  it('the operator sees each feed, its installer and signature, a broken feed, and the notes files, and writes notes per language', async () => {
    writeFileSync(join(dir, 'latest-linux.yml.sig'), 'c2lnbmF0dXJl');
    writeFileSync(join(dir, 'latest-mac.yml'), 'version: [not, a, version]\n');
    const admin = await t.adminToken();
    const view = await t.call('adminReleases', undefined, { token: admin });
    expect(view.code).toBe(0);
    expect(view.result.folder).toBe(dir);
    expect(view.result.feeds).toEqual([
      {
        platform: 'windows',
        file: 'latest.yml',
        version: '7.2.0',
        releaseDate: '2026-11-20T08:00:00.000Z',
        forced: true,
        minimumVersion: null,
        signed: false,
        // The feed names an installer that was never copied in: the screen says so.
        installer: { name: 'Facet-7.2.0.AppImage', size: null },
      },
      {
        platform: 'linux',
        file: 'latest-linux.yml',
        version: '7.1.0',
        releaseDate: '2026-11-20T08:00:00.000Z',
        forced: false,
        minimumVersion: null,
        signed: true,
        installer: { name: 'Facet-7.1.0.AppImage', size: artifact.length },
      },
    ]);
    expect(view.result.broken).toEqual([
      { file: 'latest-mac.yml', reason: 'not an update feed: version must be text' },
    ]);
    expect(view.result.versions).toEqual([
      { version: '7.2.0', notes: [] },
      { version: '7.1.0', notes: ['en', 'hk'] },
      { version: '7.0.4', notes: ['default', 'zh', 'ru'] },
    ]);

    // Russian notes for 7.2.0: the clients asking in Russian get them at once, the others the feed's.
    const saved = await t.call(
      'adminReleaseNotesSave',
      { version: 'v7.2.0', key: 'ru', text: '- Быстрый запуск профиля' },
      { token: admin },
    );
    expect(saved.result.notes).toEqual({ default: '', zh: '', en: '', ru: '- Быстрый запуск профиля\n', hk: '' });
    expect((await t.call('getContent', { version: '7.2.0', locale: 'ru' })).result.content).toBe(
      'Быстрый запуск профиля',
    );
    expect((await t.call('getContent', { version: '7.2.0', locale: 'zh' })).result.content).toBe(
      'Faster profile start\nProxy check names the failing step',
    );
    expect((await t.call('adminReleaseNotes', { version: '7.0.4' }, { token: admin })).result.notes.zh).toBe(
      '* 托盘菜单\n',
    );
    // An empty text removes the file.
    await t.call('adminReleaseNotesSave', { version: '7.1.0', key: 'hk', text: '  ' }, { token: admin });
    expect(existsSync(join(dir, 'notes', '7.1.0.hk.md'))).toBe(false);
    expect((await t.call('adminReleases', undefined, { token: admin })).result.versions[1]).toEqual({
      version: '7.1.0',
      notes: ['en'],
    });
    // No temporary file is left where the feed could serve it.
    expect((await t.app.inject({ method: 'GET', url: '/updates/notes' })).statusCode).toBe(404);

    const bad = await t.call('adminReleaseNotesSave', { version: '../x', key: 'en', text: 'x' }, { token: admin });
    expect(bad.status).toBe(400);
    expect(bad.errors?.[0]?.field).toBe('body.version');
    const badKey = await t.call(
      'adminReleaseNotesSave',
      { version: '7.1.0', key: 'de' as 'en', text: 'x' },
      { token: admin },
    );
    expect(badKey.errors?.[0]?.field).toBe('body.key');
    // Only the operator: a user is refused.
    const { token } = await t.register();
    expect((await t.call('adminReleases', undefined, { token })).status).toBe(403);
    expect((await t.call('adminReleaseNotesSave', { version: '7.1.0', key: 'en', text: 'x' }, { token })).status).toBe(
      403,
    );
    // Without a folder the screen says there is none, and nothing can be written.
    const emptyAdmin = await empty.adminToken();
    expect((await empty.call('adminReleases', undefined, { token: emptyAdmin })).result).toEqual({
      folder: '',
      feeds: [],
      broken: [],
      versions: [],
    });
    const nowhere = await empty.call(
      'adminReleaseNotesSave',
      { version: '7.1.0', key: 'en', text: 'x' },
      { token: emptyAdmin },
    );
    expect(nowhere.status).toBe(400);
    expect(nowhere.errors?.[0]?.key).toBe('releasesNoFolder');
  });

  it('userInfo.updateAvailable compares the desktop client’s version with the newest release', async () => {
    const { token } = await t.register();
    const browser = await t.call('currentUser', undefined, { token });
    expect(browser.result.updateAvailable).toBe(0);
    const old = await t.call('currentUser', undefined, { token, headers: { [CLIENT_VERSION_HEADER]: '7.1.0' } });
    expect(old.result.updateAvailable).toBe(2);
  });

  it('without releases: an empty answer and 404 for feed files', async () => {
    const res = await empty.call('getContent', {});
    expect(res.result).toEqual({ version: '', content: '', releaseDate: null, updateAvailable: 0, downloads: [] });
    expect((await empty.app.inject({ method: 'GET', url: '/updates/latest.yml' })).statusCode).toBe(404);
    // A configured folder that does not exist yet is made, and is empty.
    const fresh = await createTestServer({ releasesDir: join(dir, 'fresh') });
    try {
      expect((await fresh.call('getContent', {})).result.version).toBe('');
      expect((await fresh.app.inject({ method: 'GET', url: '/updates/latest-linux.yml' })).statusCode).toBe(404);
      expect(existsSync(join(dir, 'fresh'))).toBe(true);
    } finally {
      await fresh.close();
    }
  });
});
