/**
 * The usage examples of the Local API screen (docs/client.md): code, so not translated; the
 * address is the one the user paired with.
 */
export const EXAMPLE_LIBRARIES = ['Puppeteer', 'Playwright'] as const;
export type ExampleLibrary = (typeof EXAMPLE_LIBRARIES)[number];

const startCall = (url: string) => `const res = await fetch('${url}/api/v1/profiles/start', {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'x-api-key': process.env.FACET_API_KEY },
  body: JSON.stringify({ id: 42 }), // the profile's ID
});
const { success, data, msg } = await res.json();
if (!success) throw new Error(msg);`;

export function usageExample(library: ExampleLibrary, url: string): string {
  if (library === 'Puppeteer') {
    return `import puppeteer from 'puppeteer-core';

${startCall(url)}
const browser = await puppeteer.connect({ browserWSEndpoint: data.wsEndpoint, defaultViewport: null });
const page = await browser.newPage();
await page.goto('https://example.com');
await browser.disconnect(); // the profile stays open; POST /api/v1/profiles/stop closes it`;
  }
  return `import { chromium } from 'playwright';

${startCall(url)}
const browser = await chromium.connectOverCDP(data.wsEndpoint);
const page = await browser.contexts()[0].newPage(); // the profile's own cookies and fingerprint
await page.goto('https://example.com');
await browser.close(); // disconnects; POST /api/v1/profiles/stop closes the profile`;
}
