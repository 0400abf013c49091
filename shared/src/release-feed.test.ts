import { describe, expect, it } from 'vitest';
import { compareVersions, feedFileFor, parseFeedYaml, parseReleaseFeed, updateLevel } from './release-feed.js';

// What electron-builder writes for a Linux AppImage, plus our forced key.
const LATEST = `version: 7.10.0
files:
  - url: Facet-7.10.0.AppImage
    sha512: q2v0Zm9vYmFy+/==
    size: 104857600
    blockMapSize: 110312
  - url: facet_7.10.0_amd64.deb
    sha512: YmF6
    size: 70000000
path: Facet-7.10.0.AppImage
sha512: q2v0Zm9vYmFy+/==
releaseDate: '2026-11-20T08:00:00.000Z'
# our own key: forced update
x-facet-forced: true
releaseNotes: |-
  Faster profile start
  Fix: proxy check on "ssh"

  Second paragraph
`;

describe('release feed', () => {
  it('reads what electron-builder writes', () => {
    const f = parseReleaseFeed(LATEST);
    expect(f.version).toBe('7.10.0');
    expect(f.files).toEqual([
      { url: 'Facet-7.10.0.AppImage', sha512: 'q2v0Zm9vYmFy+/==', size: 104857600 },
      { url: 'facet_7.10.0_amd64.deb', sha512: 'YmF6', size: 70000000 },
    ]);
    expect(f.releaseDate).toBe('2026-11-20T08:00:00.000Z');
    expect(f.forced).toBe(true);
    expect(f.releaseNotes).toBe('Faster profile start\nFix: proxy check on "ssh"\n\nSecond paragraph');
  });

  it('takes path + sha512 when files is missing, and note lists', () => {
    const f = parseReleaseFeed(
      'version: "1.0.1"\npath: a.exe\nsha512: abc\nreleaseNotes:\n  - version: 1.0.1\n    note: one\n  - version: 1.0.0\n    note: two\n',
    );
    expect(f.files).toEqual([{ url: 'a.exe', sha512: 'abc' }]);
    expect(f.releaseNotes).toBe('one\ntwo');
    expect(f.forced).toBe(false);
  });

  it('names the missing field', () => {
    expect(() => parseReleaseFeed('files: []\n')).toThrow(/version/);
    expect(() => parseReleaseFeed('version: 1.0.0\nfiles:\n  - url: x\n')).toThrow(/files\.0\.sha512/);
  });

  it('keeps scalars as text and folds > blocks', () => {
    expect(parseFeedYaml("a: 7.10\nb: 'it''s'\nc: >\n  one\n  two\nd: x # comment\n")).toEqual({
      a: '7.10',
      b: "it's",
      c: 'one two\n',
      d: 'x',
    });
  });

  it('orders versions semantically', () => {
    expect(compareVersions('7.10.0', '7.9.9')).toBe(1);
    expect(compareVersions('7.0.2', '7.0.2')).toBe(0);
    expect(compareVersions('v1.2.0', '1.2.1')).toBe(-1);
    expect(compareVersions('1.2.0-beta.2', '1.2.0')).toBe(-1);
    expect(compareVersions('1.2.0-beta.10', '1.2.0-beta.2')).toBe(1);
  });

  it('says what a release means to a client', () => {
    const r = parseReleaseFeed(LATEST);
    expect(updateLevel('7.0.2', r)).toBe(2);
    expect(updateLevel('7.10.0', r)).toBe(0);
    expect(updateLevel(null, r)).toBe(0);
    expect(updateLevel('7.0.2', { ...r, forced: false })).toBe(1);
  });

  it('forces the release on a client below its minimum version', () => {
    const r = parseReleaseFeed('version: 7.2.0\npath: a.exe\nsha512: abc\nx-facet-minimum-version: 7.1.0\n');
    expect(r.minimumVersion).toBe('7.1.0');
    expect(updateLevel('7.0.9', r)).toBe(2);
    expect(updateLevel('7.1.0', r)).toBe(1);
    expect(updateLevel('7.2.0', r)).toBe(0);
  });

  it('names the feed file electron-updater asks for', () => {
    expect(feedFileFor('win32')).toBe('latest.yml');
    expect(feedFileFor('darwin')).toBe('latest-mac.yml');
    expect(feedFileFor('linux')).toBe('latest-linux.yml');
    expect(feedFileFor('linux', 'arm64')).toBe('latest-linux-arm64.yml');
  });
});
