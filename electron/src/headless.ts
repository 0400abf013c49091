import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type FacetClient, settingsFromEnv, startClient } from './services/client.js';
import { plainHttpWarning } from './services/server-url.js';

/**
 * The client without Electron: the local API and the browser launcher, for servers, CI and
 * the all-in-one `npm start`. Profiles open headed unless FACET_HEADLESS=1.
 * Run directly (`npm run client`) it owns the process; imported (by `npm start`) it runs beside
 * the server and a failure to start is the caller's to report.
 */
export async function startHeadlessClient(env: NodeJS.ProcessEnv = process.env): Promise<FacetClient> {
  const settings = settingsFromEnv(env);
  // Before the first request: a headless client has no one to ask, so it says so and goes on.
  const insecure = plainHttpWarning(settings.serverUrl);
  if (insecure) console.warn(insecure);
  let client: FacetClient;
  // Codes made before the local API listens are printed once it does: the address comes first.
  const codes: string[] = [];
  let listening = false;
  const printCode = (code: string, why: string) => {
    const line =
      why === 'too-many-failures'
        ? `Facet client: too many wrong pairing codes; the new code is ${code}`
        : `Facet client: pairing code for the console in a browser: ${code} (Settings → Local API; one use)`;
    if (listening) console.log(line);
    else codes.push(line);
  };
  try {
    client = await startClient(settings, {
      pairing: { renew: true, onCode: printCode },
      // Phone screenshots (phone/saveimgs): ~/Downloads unless FACET_DOWNLOAD_DIR names a folder.
      ...(env.FACET_DOWNLOAD_DIR ? { downloadDir: env.FACET_DOWNLOAD_DIR } : {}),
    });
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    throw new Error(
      err.code === 'EADDRINUSE'
        ? `port ${settings.port} is in use on 127.0.0.1; set FACET_CLIENT_PORT to another port`
        : err.message,
    );
  }
  console.log(`Facet client: local API at ${client.url}, server ${settings.serverUrl}`);
  listening = true;
  for (const line of codes.splice(0)) console.log(line);
  const proxy = client.config.get().systemProxy;
  if (client.systemProxy.relayUrl)
    console.log(`Facet client: server traffic through the system proxy ${proxy.host}:${proxy.port}`);
  if (!settings.chromePath) console.warn('Facet client: no Chrome or Chromium found; set CHROME_PATH to open profiles');
  if (!settings.token)
    console.warn('Facet client: not signed in; pair from the console with the code above, or set FACET_TOKEN');
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      if (stopping) return;
      stopping = true;
      // Browsers are closed (cookies saved, reported closed) before the process goes.
      void client.stop().finally(() => process.exit(0));
    });
  }
  return client;
}

const runDirectly = (() => {
  try {
    return !!process.argv[1] && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
})();
if (runDirectly) {
  await startHeadlessClient().catch((e: Error) => {
    console.error(`Facet client: ${e.message}`);
    process.exit(1);
  });
}
