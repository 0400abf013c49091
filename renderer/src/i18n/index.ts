import type { Language } from '@facet/shared';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { initialLanguage, LANGUAGE_TAGS, rememberLanguage } from './language';

import { localeFiles, type Messages, mergeLocale } from './messages';

// Each locale is its own chunks: the login page loads one language, not sixteen.
const loaders = import.meta.glob<Messages>('./locales/**/*.json', { import: 'default' });

async function loadMessages(lng: Language): Promise<Messages> {
  const { core, areas } = localeFiles(Object.keys(loaders), lng);
  const loadCore = core ? loaders[core] : undefined;
  if (!loadCore) throw new Error(`no locale ${lng}`);
  const entries = await Promise.all(
    Object.entries(areas).map(async ([area, path]) => [area, await loaders[path]!()] as const),
  );
  return mergeLocale(await loadCore(), Object.fromEntries(entries));
}

export const i18n = i18next.createInstance();

export async function setupI18n(lng: Language = initialLanguage()): Promise<typeof i18n> {
  // Every locale has every key (a test checks it), so no fallback language is loaded.
  const resources: Record<string, { translation: Messages }> = { [lng]: { translation: await loadMessages(lng) } };
  await i18n.use(initReactI18next).init({
    lng,
    fallbackLng: false,
    resources,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  applyLanguage(lng);
  return i18n;
}

function applyLanguage(lng: Language) {
  rememberLanguage(lng);
  document.documentElement.lang = LANGUAGE_TAGS[lng];
}

export async function changeLanguage(lng: Language): Promise<void> {
  if (!i18n.hasResourceBundle(lng, 'translation')) i18n.addResourceBundle(lng, 'translation', await loadMessages(lng));
  await i18n.changeLanguage(lng);
  applyLanguage(lng);
}
