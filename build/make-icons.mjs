// Renders the Facet icons (build/icon.png, build/icons/NxN.png, resources/tray*.png, resources/icon.png)
// from one SVG with headless Chromium: `node build/make-icons.mjs` (CHROMIUM_PATH, default /usr/bin/chromium).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** A rounded square in indigo-violet with a white faceted "F": each stroke is cut like a gem (light and shade facets). */
function svg(size, { background = true } = {}) {
  const bg = background
    ? `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
         <stop offset="0" stop-color="#5B5CF0"/><stop offset="1" stop-color="#8B3FE0"/></linearGradient></defs>
       <rect x="16" y="16" width="480" height="480" rx="108" fill="url(#g)"/>`
    : '';
  const ink = background ? '#FFFFFF' : '#6D4AEB';
  // Facets: a cooler shade and a lighter cut, so the letter reads as a cut stone.
  const shade = background ? '#D9D3FF' : '#5234C9';
  const light = background ? '#EEEBFF' : '#8C6CF2';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 512 512">
    ${bg}
    <g>
      <!-- stem -->
      <polygon points="150,104 226,104 226,408 150,408" fill="${ink}"/>
      <polygon points="150,104 226,104 188,146" fill="${shade}"/>
      <polygon points="150,408 226,408 188,366" fill="${shade}"/>
      <!-- top bar -->
      <polygon points="226,104 378,104 352,180 226,180" fill="${ink}"/>
      <polygon points="226,104 378,104 340,142 226,142" fill="${light}"/>
      <!-- middle bar -->
      <polygon points="226,226 336,226 312,296 226,296" fill="${ink}"/>
      <polygon points="226,226 336,226 300,260 226,260" fill="${light}"/>
    </g>
    <polygon points="362,330 398,366 362,402 326,366" fill="${background ? '#C8F3FF' : '#22B8CF'}"/>
  </svg>`;
}

const targets = [
  ['build/icon.png', 512, true],
  ['resources/icon.png', 512, true],
  ...[16, 32, 48, 64, 128, 256, 512].map((n) => [`build/icons/${n}x${n}.png`, n, true]),
  ['resources/tray.png', 16, true],
  ['resources/tray@2x.png', 32, true],
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const [file, size, background] of targets) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${svg(size, { background })}</body></html>`,
    );
    const png = await page.locator('svg').screenshot({ omitBackground: true });
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), png);
    console.log(`${file} ${size}x${size}`);
  }
} finally {
  await browser.close();
}
