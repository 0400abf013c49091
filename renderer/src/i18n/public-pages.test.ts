import { LANGUAGES } from '@facet/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { policyHref } from '../features/policies/policy-paths';
import { inviteLink } from '../features/promotion/invite-link';
import { currentLanguage, initialLanguage, LOCALE_STORAGE_KEY, rememberLanguage } from './language';
import { PUBLIC_PAGE_LOCALES, publicPageLocale, publicPageUrl } from './public-pages';

describe('public page locales', () => {
  const before = currentLanguage();
  afterEach(() => {
    initialLanguage('', '/');
    rememberLanguage(before);
    localStorage.removeItem(LOCALE_STORAGE_KEY);
  });

  it('keeps a language the page has and falls back to the list default otherwise', () => {
    expect(publicPageLocale('site', 'ru')).toBe('ru');
    expect(publicPageLocale('site', 'vi')).toBe('vi');
    expect(publicPageLocale('site', 'zh')).toBe('en');
    expect(publicPageLocale('site', 'de')).toBe('en');
    expect(publicPageLocale('marketing', 'zh')).toBe('zh');
    expect(publicPageLocale('marketing', 'hk')).toBe('zh');
    expect(publicPageLocale('marketing', 'vi')).toBe('en');
    expect(publicPageLocale('site', 'hk')).toBe('en');
  });

  it('answers a locale of the page’s own list for every console language', () => {
    for (const kind of ['site', 'marketing'] as const)
      for (const lng of LANGUAGES) expect(PUBLIC_PAGE_LOCALES[kind].locales).toContain(publicPageLocale(kind, lng));
  });

  it('puts the locale on the links the console makes', () => {
    expect(publicPageUrl('site', '/privacy', 'vi')).toBe('/privacy?lang=vi');
    expect(policyHref('logoff', 'ja')).toBe('/log-off-policy?lang=en');
    expect(inviteLink('AB C', 'ru', 'https://facet.test')).toBe('https://facet.test/register?inviteCode=AB+C&lang=ru');
    expect(inviteLink('X1', 'it', 'https://facet.test')).toBe('https://facet.test/register?inviteCode=X1&lang=en');
  });

  it('opens a site page in its link’s locale without changing the user’s saved language', () => {
    localStorage.setItem(LOCALE_STORAGE_KEY, 'de');
    expect(initialLanguage('?lang=vi', '/privacy')).toBe('vi');
    rememberLanguage('vi');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('de');
    expect(initialLanguage('?lang=ru', '/register')).toBe('ru');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('ru');
  });
});
