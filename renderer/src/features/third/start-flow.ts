/**
 * Leaving for the provider: where to go afterwards is kept in this tab's session storage, since
 * the provider brings the browser back to /authorized-login with only its code and state.
 */
const AFTER_KEY = 'thirdAfter';

export function leaveForProvider(url: string, after: string): void {
  sessionStorage.setItem(AFTER_KEY, after);
  window.location.assign(url);
}

/** Where the flow wanted to end (a path inside the console), once. */
export function takeAfter(fallback: string): string {
  const after = sessionStorage.getItem(AFTER_KEY);
  sessionStorage.removeItem(AFTER_KEY);
  return after?.startsWith('/') && !after.startsWith('//') ? after : fallback;
}

/** The text of a refusal: the area's own key, else the generic one. */
export function refusalKey(e: unknown): string {
  const key = (e as { errors?: { key: string }[] })?.errors?.[0]?.key;
  return key?.startsWith('third') ? `third.errors.${key}` : 'third.errors.generic';
}
