/**
 * Navigation for code outside React (the HTTP client, stores). The router registers its
 * navigate function; before that, a full page load does the job.
 */
type Navigate = (to: string, opts?: { replace?: boolean }) => void;

let navigator: Navigate = (to, opts) => {
  if (opts?.replace) window.location.replace(to);
  else window.location.assign(to);
};

export function setNavigator(fn: Navigate): void {
  navigator = fn;
}

export function navigateTo(to: string, opts?: { replace?: boolean }): void {
  navigator(to, opts);
}
