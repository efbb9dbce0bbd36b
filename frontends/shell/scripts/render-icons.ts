/**
 * Renders the PWA icons (public/icons/*.png) from the MER mark with Debian's chromium.
 * Run after changing the mark: node --import tsx frontends/shell/scripts/render-icons.ts
 */
import { chromium } from 'playwright-core';
import { fileURLToPath } from 'node:url';

const out = fileURLToPath(new URL('../public/icons/', import.meta.url));
const mark = (
  size: number,
  padding: number,
  background: string,
) => `<!doctype html><html><body style="margin:0">
<div style="width:${size}px;height:${size}px;background:${background};display:grid;place-items:center">
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48" width="${size - 2 * padding}" height="${size - 2 * padding}"><circle cx="24" cy="24" r="24" fill="#2a2d57"/><path d="M24 11.5c4.2 5 5.6 11 0 21.5-5.6-10.5-4.2-16.5 0-21.5Z" fill="#efe6d6"/><path d="M23.2 33.5C15.8 33 11 27.6 10.2 20.4c6.7 1.2 11.4 5.8 13 13.1Z" fill="#a5bf99"/><path d="M24.8 33.5c7.4-.5 12.2-5.9 13-13.1-6.7 1.2-11.4 5.8-13 13.1Z" fill="#a5bf99"/><path d="M15.5 36.5h17" stroke="#cfb791" stroke-width="1.6" stroke-linecap="round"/></svg>
</div></body></html>`;

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage();
const icons: Array<[string, number, number, string]> = [
  ['icon-192.png', 192, 0, 'transparent'],
  ['icon-512.png', 512, 0, 'transparent'],
  // Maskable icons keep the mark inside the 80 % safe zone on a full-bleed background.
  ['icon-maskable-512.png', 512, 72, '#2a2d57'],
  ['apple-touch-icon-180.png', 180, 14, '#fdfbf7'],
];
for (const [name, size, padding, background] of icons) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(mark(size, padding, background));
  await page.screenshot({
    path: `${out}${name}`,
    omitBackground: background === 'transparent',
    clip: { x: 0, y: 0, width: size, height: size },
  });
}
await browser.close();
console.log('icons written to', out);
