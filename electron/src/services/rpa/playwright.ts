/**
 * playwright-core, loaded when a flow first runs rather than when the client starts: the desktop
 * app's main bundle leaves it out (it reads its own files beside it and cannot be bundled), so
 * the app starts without it and only RPA needs it (docs/client.md, Build and package).
 */
export const playwright = () => import('playwright-core');
