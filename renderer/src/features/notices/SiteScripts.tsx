import type { Language } from '@facet/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n/language';
import { useSiteScripts } from '../../queries/notices';

/** Adds a script tag for a URL while mounted; none for null. */
function useScript(url: string | null | undefined, name: string) {
  useEffect(() => {
    if (!url) return;
    const tag = document.createElement('script');
    tag.src = url;
    tag.async = true;
    tag.dataset.siteScript = name;
    tag.referrerPolicy = 'no-referrer';
    document.head.appendChild(tag);
    return () => tag.remove();
  }, [url, name]);
}

/**
 * The external customer-service script and the analytics script of the current language, loaded
 * only when the operator set their URLs (docs/notices.md, Customer service): nothing by default.
 */
export function SiteScripts() {
  const { i18n } = useTranslation();
  const lng = (i18n.language || currentLanguage()) as Language;
  const scripts = useSiteScripts(lng).data;
  useScript(scripts?.kefuScriptUrl, 'kefu');
  useScript(scripts?.analyticsUrl, 'analytics');
  return null;
}
