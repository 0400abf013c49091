import { describe, expect, it } from 'vitest';
import { bookmarkEntrySchema, parseGlobalList, websiteCredentialSchema } from './global-values.js';

describe('global values the client applies', () => {
  it('keeps the valid bookmarks, with name accepted for title', () => {
    const json = JSON.stringify([
      { title: 'Shop', url: 'https://shop.example' },
      { name: 'Mail', url: 'http://mail.example/inbox' },
      { title: 'Script', url: 'javascript:alert(1)' },
      'nonsense',
    ]);
    expect(parseGlobalList(json, bookmarkEntrySchema)).toEqual([
      { title: 'Shop', url: 'https://shop.example' },
      { title: 'Mail', url: 'http://mail.example/inbox' },
    ]);
  });

  it('reads credentials with url/username aliases; nothing from null, bad JSON or a non-array', () => {
    const json = JSON.stringify([
      { site: 'shop.example', user: 'me', password: 'pw' },
      { url: 'https://b.example', username: 'you', password: 'x' },
      { user: 'no site' },
    ]);
    expect(parseGlobalList(json, websiteCredentialSchema)).toEqual([
      { site: 'shop.example', user: 'me', password: 'pw' },
      { site: 'https://b.example', user: 'you', password: 'x' },
    ]);
    expect(parseGlobalList(null, websiteCredentialSchema)).toEqual([]);
    expect(parseGlobalList('{', websiteCredentialSchema)).toEqual([]);
    expect(parseGlobalList('{"a":1}', websiteCredentialSchema)).toEqual([]);
  });
});
