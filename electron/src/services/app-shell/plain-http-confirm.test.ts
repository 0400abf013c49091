import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LANGUAGES } from '@facet/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { PlainHttpConsent, plainHttpConfirmTexts } from './plain-http-confirm.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const consentFile = () => {
  const d = mkdtempSync(join(tmpdir(), 'facet-plain-http-'));
  dirs.push(d);
  return join(d, 'client', 'plain-http.json');
};

describe('the desktop warning before plain http to another machine', () => {
  it('has every text in every language, naming the server', () => {
    const english = plainHttpConfirmTexts('en-US', 'http://192.168.1.5:7700');
    for (const lang of LANGUAGES) {
      const t = plainHttpConfirmTexts(lang === 'hk' ? 'zh-HK' : lang, 'http://192.168.1.5:7700');
      expect(t.message, lang).toContain('http://192.168.1.5:7700');
      for (const text of [t.title, t.message, t.continue, t.quit]) expect(text.trim(), lang).not.toBe('');
      if (lang !== 'en') expect(t.message, lang).not.toBe(english.message);
    }
    expect(plainHttpConfirmTexts('de-AT', 'http://x').quit).toBe('Beenden');
    expect(plainHttpConfirmTexts('sw-KE', 'http://x').quit).toBe('Quit');
  });

  it('asks once per server origin, again for a new one, and never for loopback or https', async () => {
    const file = consentFile();
    const consent = new PlainHttpConsent(file);
    const urls = ['http://192.168.1.5:7700/', 'http://127.0.0.1:7700', 'https://facet.example.com'];
    expect(await consent.unconfirmed(urls)).toEqual(['http://192.168.1.5:7700']);
    await consent.remember('http://192.168.1.5:7700');
    // A new process reading the same file: the answer was kept.
    const later = new PlainHttpConsent(file);
    expect(await later.unconfirmed(urls)).toEqual([]);
    expect(await later.unconfirmed(['http://192.168.1.5:7800'])).toEqual(['http://192.168.1.5:7800']);
    expect(await later.unconfirmed(['http://192.168.1.6:7700'])).toEqual(['http://192.168.1.6:7700']);
  });

  it('asks again when its file is damaged', async () => {
    const file = consentFile();
    const consent = new PlainHttpConsent(file);
    await consent.remember('http://192.168.1.5:7700');
    writeFileSync(file, '{ not json');
    expect(await consent.unconfirmed(['http://192.168.1.5:7700'])).toEqual(['http://192.168.1.5:7700']);
  });
});
