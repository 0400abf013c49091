import { CLOSE_ACTIONS, type CloseAction } from '@facet/shared';

/** What the close setting screen offers: a saved close action, or ask each time (none saved). */
export type CloseChoice = 'ask' | CloseAction;

type BaseSetting = Record<string, unknown>;

/** The browserBaseSetting preference as an object; a missing or malformed value is empty. */
export function parseBaseSetting(json: string | null | undefined): BaseSetting {
  if (!json) return {};
  try {
    const v: unknown = JSON.parse(json);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as BaseSetting) : {};
  } catch {
    return {};
  }
}

export function closeChoiceOf(setting: BaseSetting): CloseChoice {
  const v = Number(setting.closeaction);
  return v === CLOSE_ACTIONS.tray || v === CLOSE_ACTIONS.quit ? v : 'ask';
}

/** The new value keeps the other preferences stored in browserBaseSetting. */
export function withCloseChoice(setting: BaseSetting, choice: CloseChoice): string {
  const { closeaction: _dropped, ...rest } = setting;
  return JSON.stringify(choice === 'ask' ? rest : { ...rest, closeaction: choice });
}
