import {
  type CallResult,
  type GlobalBrowserSetting,
  type GlobalSetting,
  globalBrowserSettingSchema,
  globalSettingSchema,
} from '@facet/shared';
import {
  useGlobalBrowserSetting,
  useGlobalSetting,
  useSaveGlobalBrowserSetting,
  useSaveGlobalSetting,
} from '../../../queries/preferences';
import { usePreferenceForm } from './use-preference-form';

type SettingAnswer = CallResult<'globalSettingGet'>;
type BrowserAnswer = CallResult<'globalBrowserSettingGet'>;

const settingOf = ({ userId: _u, updatedAt: _t, ...rest }: SettingAnswer): GlobalSetting => rest;

/** A globalsetting screen edits its part (`pick`, stable) and saves it with the rest as saved. */
export function useGlobalSettingForm<P extends Partial<GlobalSetting>>(
  allowed: boolean,
  pick: (s: SettingAnswer) => P,
) {
  const save = useSaveGlobalSetting();
  return usePreferenceForm<SettingAnswer, P, GlobalSetting>({
    read: useGlobalSetting(allowed),
    pick,
    merge: (saved, part) => ({ ...settingOf(saved), ...part }),
    schema: globalSettingSchema,
    save: save.mutateAsync,
  });
}

const browserPart = (r: BrowserAnswer) => r.browser;
const fingerprintPart = (r: BrowserAnswer) => r.fingerprint;

export function useBrowserPreferenceForm(allowed: boolean) {
  const save = useSaveGlobalBrowserSetting();
  return usePreferenceForm<BrowserAnswer, GlobalBrowserSetting['browser'], GlobalBrowserSetting>({
    read: useGlobalBrowserSetting(allowed),
    pick: browserPart,
    merge: (saved, browser) => ({ browser, fingerprint: saved.fingerprint }),
    schema: globalBrowserSettingSchema,
    save: save.mutateAsync,
  });
}

export function useFingerprintPreferenceForm(allowed: boolean) {
  const save = useSaveGlobalBrowserSetting();
  return usePreferenceForm<BrowserAnswer, GlobalBrowserSetting['fingerprint'], GlobalBrowserSetting>({
    read: useGlobalBrowserSetting(allowed),
    pick: fingerprintPart,
    merge: (saved, fingerprint) => ({ browser: saved.browser, fingerprint }),
    schema: globalBrowserSettingSchema,
    save: save.mutateAsync,
  });
}

/** Lines of a text box as a list: trimmed, empty lines dropped. */
export const linesOf = (text: string) =>
  text
    .split(/[\n,]/)
    .map((l) => l.trim())
    .filter(Boolean);
