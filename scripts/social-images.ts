/**
 * Renders the link-preview image (public/og-image.png, 1200x630) and the app icons
 * (public/icon-192.png, icon-512.png, apple-touch-icon.png) with Debian's Chromium.
 * Run `npx tsx scripts/social-images.ts` after changing the edition texts below, and commit
 * the PNG files (they are static assets, not built).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { EDITION } from '../src/config/edition';
import { ROOT } from '../tests/e2e/support/server';

const PUBLIC = join(ROOT, 'public');
const logo = readFileSync(join(PUBLIC, 'favicon.svg'), 'utf8');

const card = `<!doctype html><html lang="fr"><meta charset="utf-8"><style>
  * { margin: 0; box-sizing: border-box; }
  /* flat colours: the PNG stays well under WhatsApp's 300 kB limit for previews */
  body { width: 1200px; height: 630px; font-family: 'Liberation Sans', 'DejaVu Sans', sans-serif;
    color: #fff; background: #1c398e; position: relative; overflow: hidden;
    display: flex; flex-direction: column; justify-content: space-between; padding: 64px 72px; }
  .brand { display: flex; align-items: center; gap: 20px; font-size: 34px; font-weight: 700; }
  .brand svg { width: 72px; height: 72px; }
  h1 { font-size: 92px; line-height: 1; font-weight: 800; letter-spacing: -2px; }
  h1 span { color: #facc15; }
  p { font-size: 38px; color: #dbe4ff; margin-top: 20px; }
  ul { display: flex; gap: 18px; list-style: none; padding: 0; }
  body::before { content: ''; position: absolute; border-radius: 50%; }
  body::before { width: 560px; height: 560px; right: -160px; top: -220px; background: #23459f; }
  body > * { position: relative; z-index: 1; }
  li { white-space: nowrap; font-size: 26px; font-weight: 700; padding: 14px 24px; border-radius: 999px;
    background: rgba(255,255,255,.12); border: 2px solid rgba(255,255,255,.25); }
  li.hot { background: #facc15; color: #0f1d4d; border-color: #facc15; }
</style><body>
  <div class="brand">${logo}<span>${EDITION.name} ${EDITION.year}</span></div>
  <div><h1>Booster <span>Challenge</span></h1>
    <p>Concours de danse et de chant au Cameroun</p></div>
  <ul><li class="hot">Inscription gratuite</li><li>${EDITION.nightParty.date.replace('Samedi ', '')} · Night Party à ${EDITION.nightParty.city}</li><li>Finale à ${EDITION.final.city}</li></ul>
</body></html>`;

const icon = (size: number) =>
  `<!doctype html><style>*{margin:0}svg{display:block;width:${size}px;height:${size}px}</style>${logo}`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
  await page.setContent(card);
  await page.screenshot({ path: join(PUBLIC, 'og-image.png') });
  for (const [name, size] of [
    ['icon-192.png', 192],
    ['icon-512.png', 512],
    ['apple-touch-icon.png', 180],
  ] as const) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(icon(size));
    await page.screenshot({ path: join(PUBLIC, name), omitBackground: true });
  }
} finally {
  await browser.close();
}
console.log('public/og-image.png and the icons are up to date.');
