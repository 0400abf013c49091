#!/usr/bin/env node
// `npm start`: builds what is missing, then runs the all-in-one process: the API server with
// the built console served from the same origin, and the headless client.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from './build.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
await build();
const consoleDir = join(root, 'renderer', 'dist');
if (!process.env.FACET_CONSOLE_DIR && existsSync(join(consoleDir, 'index.html')))
  process.env.FACET_CONSOLE_DIR = consoleDir;
// The headless client (local API on FACET_CLIENT_PORT, browser launcher) runs beside the server;
// FACET_CLIENT=0 leaves it out. A client that cannot start (its port taken) never stops the server.
const clientBundle = join(root, 'electron', 'dist', 'headless.js');
// With FACET_TLS_* the port speaks https for the certificate's name, which the client's default
// (http://127.0.0.1:PORT) is not: it runs only when told the server's https address (docs/deploy.md).
const tlsWithoutAddress = !!process.env.FACET_TLS_CERT && !process.env.FACET_SERVER_URL;
const startsClient = process.env.FACET_CLIENT !== '0' && !tlsWithoutAddress && existsSync(clientBundle);
// The server tells the console in a browser where this client listens, so it is found on any
// FACET_CLIENT_PORT without the user typing the port (docs/client.md, Finding the client).
if (startsClient && !process.env.FACET_CLIENT_URL)
  process.env.FACET_CLIENT_URL = `http://127.0.0.1:${process.env.FACET_CLIENT_PORT || 7701}`;
await import(pathToFileURL(join(root, 'server', 'dist', 'main.js')).href);
if (process.env.FACET_CLIENT !== '0' && tlsWithoutAddress)
  console.warn(
    'Facet client not started: the server speaks https; set FACET_SERVER_URL=https://<the name in the certificate>:<port>, or FACET_CLIENT=0',
  );
else if (startsClient) {
  const { startHeadlessClient } = await import(pathToFileURL(clientBundle).href);
  startHeadlessClient().catch((e) => console.warn(`Facet client not started: ${e.message}`));
}
