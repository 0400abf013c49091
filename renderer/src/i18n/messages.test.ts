import { describe, expect, it } from 'vitest';
import { localeFiles, mergeLocale } from './messages';

describe('locale areas', () => {
  const paths = ['./locales/en.json', './locales/de.json', './locales/browsers/en.json', './locales/team/de.json'];

  it('finds the core file and the area files of one language', () => {
    expect(localeFiles(paths, 'en')).toEqual({
      core: './locales/en.json',
      areas: { browsers: './locales/browsers/en.json' },
    });
  });

  it('puts an area file under its area key and refuses a collision with a core key', () => {
    expect(mergeLocale({ common: { ok: 'OK' } }, { browsers: { title: 'Profiles' } })).toEqual({
      common: { ok: 'OK' },
      browsers: { title: 'Profiles' },
    });
    expect(() => mergeLocale({ common: { ok: 'OK' } }, { common: {} })).toThrow(/collides/);
  });
});
