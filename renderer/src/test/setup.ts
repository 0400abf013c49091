import { cleanup } from '@testing-library/react';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll } from 'vitest';
import { i18n } from '../i18n';
import en from '../i18n/locales/en.json';
import zh from '../i18n/locales/zh.json';

// Tests read English texts; the real app loads locales lazily (see i18n/index.ts).
beforeAll(async () => {
  if (i18n.isInitialized) return;
  await i18n.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: { translation: en }, zh: { translation: zh } },
    interpolation: { escapeValue: false },
  });
});

afterEach(() => {
  cleanup();
});
