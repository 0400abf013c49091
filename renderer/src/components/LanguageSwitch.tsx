import type { Language } from '@facet/shared';
import TranslateIcon from '@mui/icons-material/Translate';
import Button from '@mui/material/Button';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getToken } from '../api/token-storage';
import { changeLanguage } from '../i18n';
import { LANGUAGE_NAMES } from '../i18n/language';
import { useSaveLanguage } from '../queries/account';

const LanguageMenu = lazy(() => import('./LanguageMenu'));

/** Switches among the 16 languages; a logged-in user's choice is saved on the server too. */
export function LanguageSwitch({ compact }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState(false);
  const current = i18n.language as Language;
  const saveOnAccount = useSaveLanguage({ quiet: true });
  const choose = async (lng: Language) => {
    setAnchor(null);
    await changeLanguage(lng);
    if (getToken()) saveOnAccount.mutate({ language: lng });
  };
  return (
    <>
      <Button
        color="inherit"
        startIcon={<TranslateIcon />}
        onClick={(e) => {
          setOpened(true);
          setAnchor(e.currentTarget);
        }}
        aria-label={t('header.language')}
        title={t('header.language')}
        data-testid="language-switch"
        sx={{ minWidth: 0, whiteSpace: 'nowrap', '& .MuiButton-startIcon': compact ? { mr: { xs: 0, sm: 1 } } : {} }}
      >
        <span className={compact ? 'lang-name-compact' : undefined}>{LANGUAGE_NAMES[current] ?? current}</span>
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <LanguageMenu
            anchor={anchor}
            current={current}
            onClose={() => setAnchor(null)}
            onChoose={(l) => void choose(l)}
          />
        </Suspense>
      )}
    </>
  );
}
