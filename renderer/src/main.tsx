import './zod-config';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { StrictMode } from 'react';
import './base.css';
import { createRoot } from 'react-dom/client';
import { api } from './api/calls';
import { syncServerClock } from './api/server-clock';
import { App } from './app/App';
import { wireTransport } from './app/transport-wiring';
import { setupI18n } from './i18n';

async function start() {
  await setupI18n();
  wireTransport();
  // The time header is compensated for clock drift once the server's clock is known.
  void syncServerClock(() => api.getServiceTimes(undefined, { noPrompt: true })).catch(() => undefined);
  const root = document.getElementById('root');
  if (!root) throw new Error('no #root element');
  // In the desktop app the window's CSP allows only style elements with its nonce: MUI's styles
  // are written with it (docs/security.md, The packaged desktop app).
  const nonce = window.facet?.styleNonce;
  const app = nonce ? (
    <CacheProvider value={createCache({ key: 'css', nonce })}>
      <App />
    </CacheProvider>
  ) : (
    <App />
  );
  createRoot(root).render(<StrictMode>{app}</StrictMode>);
  // The device fingerprint is collected once per browser, when the page is idle.
  const collect = () => void import('./lib/fingerprint').then((m) => m.collectFingerprintOnce()).catch(() => undefined);
  if ('requestIdleCallback' in window) window.requestIdleCallback(collect, { timeout: 5000 });
  else setTimeout(collect, 2000);
}

void start();
