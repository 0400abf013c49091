import Cookies from 'js-cookie';

/** Forgets what a previous test left in the browser: cookies and local storage. */
export function clearBrowserState(): void {
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name);
  localStorage.clear();
}
