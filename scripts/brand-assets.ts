/**
 * The Booster identity, drawn in code: writes the logo SVGs and renders the PNG icons and the
 * link-preview image from them with Debian's Chromium.
 *
 *   npx tsx scripts/brand-assets.ts
 *
 * Regenerate after changing the lettering or colours below, the edition facts in
 * src/config/edition.ts (the preview prints the cities; no date: the concert's date is the
 * organisers' setting, which a static image cannot follow) or public/art/hero-stage.svg, then
 * commit what it wrote (static files, not built):
 * - public/favicon.svg: the mark (a speeding "B") on its blue badge;
 * - public/brand/booster-challenge.svg, night-party.svg (dark backgrounds) and their -light.svg
 *   versions (white and light backgrounds): mark + wordmark lockups;
 * - public/icon-192.png, icon-512.png, apple-touch-icon.png: full-bleed squares with the mark
 *   inside the central 60 % (safe for maskable icons, whose visible part is a circle of 80 %);
 * - public/og-image.png (1200×630): the link preview, flat colours so it stays far below
 *   WhatsApp's 300 kB limit for previews.
 * The other illustrations (public/art/*.svg but can.svg, which wears the lettering) are
 * hand-written files; the preview image reads hero-stage.svg.
 * CHROMIUM_PATH overrides /usr/bin/chromium.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { EDITION } from '../src/config/edition';

const PUBLIC = fileURLToPath(new URL('../public', import.meta.url));

/** The palette (the same values as the theme tokens in src/styles.css). */
const C = {
  blue: '#1c398e',
  blueDeep: '#162556',
  yellow: '#fdc700',
  night: '#3c0366',
  neon: '#f4a8ff',
  white: '#fff',
};

/*
 * The lettering: rounded monoline capitals on a 10-unit cap height, drawn as centre lines
 * (stroke 2.6 units, round ends) and slanted 9°, like the mark. Each glyph is [advance, path];
 * paths use absolute M, H, V, L, A and Z only, so they can be moved along x (shiftX).
 */
const STROKE = 2.6;
const SLANT = Math.tan((9 * Math.PI) / 180);
const GLYPHS: Record<string, [number, string]> = {
  A: [6.4, 'M0 10V3.2A3.2 3.2 0 0 1 6.4 3.2V10M0 6.2H6.4'],
  B: [5.6, 'M0 5H3A2.5 2.5 0 0 0 3 0H0V10H3.1A2.5 2.5 0 0 0 3.1 5'],
  C: [6, 'M5.9 1.6A3.2 3.2 0 0 0 0 3.2V6.8A3.2 3.2 0 0 0 5.9 8.4'],
  E: [4.8, 'M4.8 0H0V10H4.8M0 5H4'],
  G: [6.4, 'M5.9 1.6A3.2 3.2 0 0 0 0 3.2V6.8A3.2 3.2 0 0 0 6.4 6.8V5.2H3.8'],
  H: [6, 'M0 0V10M6 0V10M0 5H6'],
  I: [0, 'M0 0V10'],
  L: [4.6, 'M0 0V10H4.6'],
  N: [6, 'M0 10V0L6 10V0'],
  O: [6.4, 'M0 3.2A3.2 3.2 0 0 1 6.4 3.2V6.8A3.2 3.2 0 0 1 0 6.8Z'],
  P: [5.4, 'M0 10V0H3A2.5 2.5 0 0 1 3 5H0'],
  R: [5.8, 'M0 10V0H3A2.5 2.5 0 0 1 3 5H0M3 5L5.8 10'],
  S: [5.8, 'M5.5 1.3A2.9 2.5 0 1 0 2.9 5A2.9 2.5 0 1 1 .3 8.7'],
  T: [6, 'M0 0H6M3 0V10'],
  Y: [6.4, 'M0 0L3.2 5L6.4 0M3.2 5V10'],
  ' ': [1.2, ''],
};
const TRACKING = 3.4;

const num = (n: number) => String(Math.round(n * 100) / 100);

function shiftX(d: string, dx: number): string {
  return d.replace(/([MLHVAZ])([^MLHVAZ]*)/g, (_, cmd: string, raw: string) => {
    const n = raw.trim()
      ? raw
          .trim()
          .split(/[\s,]+/)
          .map(Number)
      : [];
    if (cmd === 'H') return `H${num(n[0] + dx)}`;
    if (cmd === 'M' || cmd === 'L') return `${cmd}${num(n[0] + dx)} ${num(n[1])}`;
    if (cmd === 'A') return `A${n.slice(0, 5).join(' ')} ${num(n[5] + dx)} ${num(n[6])}`;
    return cmd + n.join(' ');
  });
}

/** A word as one path in glyph units, and its width between the outer centre lines. */
function word(text: string): { d: string; width: number } {
  let x = 0;
  const parts: string[] = [];
  for (const ch of text) {
    const glyph = GLYPHS[ch];
    if (!glyph) throw new Error(`No glyph for "${ch}"`);
    if (glyph[1]) parts.push(shiftX(glyph[1], x));
    x += glyph[0] + TRACKING;
  }
  return { d: parts.join(''), width: x - TRACKING };
}

/** Glyph units to user units: scale, slant around the baseline (y = 10), then move. */
const placed = (scale: number, x: number, y: number) =>
  `matrix(${num(scale)} 0 ${num(-scale * SLANT)} ${num(scale)} ${num(x + 10 * scale * SLANT)} ${num(y)})`;

const strokePath = (d: string, colour: string, transform: string) =>
  `<path d="${d}" stroke="${colour}" stroke-width="${STROKE}" transform="${transform}"/>`;

/** The mark in a 64-unit box: the slanted "B" with three speed lines (and a moon at night). */
function markBody(b: string, lines: string, night: boolean): string {
  const moon = night
    ? `<path d="M53 5a7 7 0 1 0 7 9.5a5.5 5.5 0 0 1-7-9.5z" fill="${C.neon}"/>`
    : '';
  return (
    `<path d="M9 25h10M6 32h11M9 39h7" stroke="${lines}" stroke-width="4"/>` +
    strokePath(GLYPHS.B[1], b, 'matrix(3.8 0 -.6 3.8 31 13)') +
    moon
  );
}

const ROUND = 'fill="none" stroke-linecap="round" stroke-linejoin="round"';

/** The badge's rounded square: Booster blue, or night purple fading to blue for the concert. */
function badgeRect(night: boolean): string {
  if (!night) return `<rect width="64" height="64" rx="15" fill="${C.blue}"/>`;
  return (
    `<defs><linearGradient id="n" x2="0" y2="1"><stop offset="0" stop-color="${C.night}"/>` +
    `<stop offset="1" stop-color="${C.blue}"/></linearGradient></defs>` +
    `<rect width="64" height="64" rx="15" fill="url(#n)"/>`
  );
}

function badge(night = false): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${badgeRect(night)}<g ${ROUND}>${markBody(C.yellow, C.white, night)}</g></svg>`;
}

/**
 * Mark + two lines of lettering set to the same width ("BOOSTER" over the sub-brand), 48 units
 * tall. Dark: for blue, night and gray backgrounds; light: the mark on its badge, blue lettering
 * (the concert's second line in night purple).
 */
function lockup(sub: 'CHALLENGE' | 'NIGHT PARTY', theme: 'dark' | 'light'): string {
  const night = sub === 'NIGHT PARTY';
  const top = word('BOOSTER');
  const bottom = word(sub);
  const height = 48;
  const half = STROKE / 2;
  const gap = 2.2;
  // Both lines as wide as each other: the sub-brand's scale follows from the widths.
  const ratio = top.width / bottom.width;
  const s1 = height / (10 + STROKE + gap + (10 + STROKE) * ratio);
  const s2 = s1 * ratio;
  const y1 = half * s1;
  const y2 = y1 + (10 + half + gap) * s1 + half * s2;
  // The badge fills the height; without it, the B and its lines (x 4-57, y 8-56 of the 64-unit
  // box; the moon reaches x 61 and y 5) are scaled to fill it.
  const top0 = night ? 5 : 8;
  const k = height / (56 - top0);
  const markWidth = theme === 'light' ? height : ((night ? 61 : 57) - 4) * k;
  const x0 = markWidth + 6 + half * s1;
  const width = x0 + top.width * s1 + (10 * SLANT + half) * s1;
  const mark =
    theme === 'light'
      ? `<g transform="scale(.75)">${badgeRect(night)}${markBody(C.yellow, C.white, night)}</g>`
      : `<g transform="matrix(${num(k)} 0 0 ${num(k)} ${num(-4 * k)} ${num(-top0 * k)})">${markBody(C.yellow, C.white, night)}</g>`;
  const [ink, accent] =
    theme === 'light' ? [C.blue, night ? C.night : C.blue] : [C.white, night ? C.neon : C.yellow];
  const w = Math.ceil(width);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${height}" width="${w}" height="${height}"><g ${ROUND}>` +
    mark +
    strokePath(top.d, ink, placed(s1, x0, y1)) +
    strokePath(bottom.d, accent, placed(s2, x0, y2)) +
    `</g></svg>`
  );
}

/** The drink: a yellow can with the word and the mark on its slanted blue band. */
function can(): string {
  const name = word('BOOSTER');
  const scale = 48 / (name.width + 10 * SLANT + STROKE);
  const drops = [
    [38, 54],
    [66, 150],
    [30, 142],
    [74, 136],
  ]
    .map(([x, y]) => `<ellipse cx="${x}" cy="${y}" rx="2" ry="3"/>`)
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 180" width="100" height="180">` +
    `<path d="M26 6h48l8 14v140l-6 12H24l-6-12V20z" fill="${C.yellow}"/>` +
    `<path d="M26 6h48l8 14H18z" fill="#cbd5e1"/><path d="M18 160h64l-6 12H24z" fill="#94a3b8"/>` +
    `<path d="M18 70L82 56v64L18 134z" fill="${C.blue}"/>` +
    `<rect x="24" y="24" width="6" height="130" rx="3" fill="#fff" opacity=".4"/>` +
    `<g ${ROUND}>` +
    strokePath(name.d, C.blue, placed(scale, 26 + (STROKE / 2) * scale, 34)) +
    `<g transform="matrix(.62 0 0 .62 32 68)">${markBody(C.yellow, C.white, false)}</g></g>` +
    `<g fill="#fff" opacity=".7">${drops}</g></svg>`
  );
}

const BRAND = join(PUBLIC, 'brand');
mkdirSync(BRAND, { recursive: true });
const files: Record<string, string> = {
  [join(PUBLIC, 'favicon.svg')]: badge(),
  [join(BRAND, 'booster-challenge.svg')]: lockup('CHALLENGE', 'dark'),
  [join(BRAND, 'booster-challenge-light.svg')]: lockup('CHALLENGE', 'light'),
  [join(BRAND, 'night-party.svg')]: lockup('NIGHT PARTY', 'dark'),
  [join(BRAND, 'night-party-light.svg')]: lockup('NIGHT PARTY', 'light'),
  [join(PUBLIC, 'art', 'can.svg')]: can(),
};
for (const [path, svg] of Object.entries(files)) writeFileSync(path, svg + '\n');

if (process.argv.includes('--svg-only')) process.exit(0);

/** Icons: the mark on a full-bleed square, inside the central 60 % (maskable safe zone: 80 %). */
const icon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${C.blue}"/><g ${ROUND} transform="matrix(.7 0 0 .7 10.65 9.6)">${markBody(C.yellow, C.white, false)}</g></svg>`;

const read = (path: string) => readFileSync(join(PUBLIC, path), 'utf8');
// No edition place or date on the card: those are the settings' (docs/decisions/024-one-edition-one-source.md).
const { auditionCities } = EDITION;
const card = `<!doctype html><html lang="fr"><meta charset="utf-8"><style>
  * { margin: 0; box-sizing: border-box; }
  body { width: 1200px; height: 630px; overflow: hidden; position: relative; color: #fff;
    font-family: 'Liberation Sans', 'DejaVu Sans', sans-serif; padding: 64px 72px;
    background: ${C.blue}; }
  /* Flat colours only (beams as flat shapes): gradients would triple the file's size. */
  .beams { position: absolute; inset: 0; }
  .logo, h1, ul { position: relative; }
  .logo svg { width: auto; height: 120px; display: block; }
  h1 { font-size: 50px; line-height: 1.1; font-weight: 700; margin-top: 44px; max-width: 600px; }
  ul { display: flex; flex-wrap: wrap; gap: 14px; list-style: none; padding: 0; margin-top: 40px; max-width: 640px; }
  li { font-size: 25px; font-weight: 700; padding: 12px 22px; border-radius: 999px;
    background: rgb(255 255 255 / .14); border: 2px solid rgb(255 255 255 / .3); }
  li.hot { background: ${C.yellow}; color: ${C.blueDeep}; border-color: ${C.yellow}; }
  .art { position: absolute; right: 24px; bottom: 36px; width: 520px; }
  .art svg { display: block; width: 100%; height: auto; }
</style><body>
  <svg class="beams" viewBox="0 0 1200 630"><path d="M840 0 980 630H700z" fill="${C.yellow}" opacity=".16"/><path d="M960 0 1090 630H850z" fill="#fff" opacity=".1"/><path d="M1100 0 1180 630H950z" fill="${C.neon}" opacity=".14"/></svg>
  <div class="logo">${read('brand/booster-challenge.svg')}</div>
  <h1>Concours de danse et de chant au Cameroun</h1>
  <ul><li class="hot">Inscription gratuite</li><li>Auditions dans ${auditionCities.length} villes</li>
    <li>Grande finale</li><li>Night Party gratuite</li></ul>
  <div class="art">${read('art/hero-stage.svg')}</div>
</body></html>`;

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
    await page.setContent(
      `<!doctype html><style>*{margin:0}svg{display:block;width:${size}px;height:${size}px}</style>${icon}`,
    );
    await page.screenshot({ path: join(PUBLIC, name) });
  }
} finally {
  await browser.close();
}
console.log(
  'public/favicon.svg, public/brand/, public/art/can.svg, the icons and og-image.png are up to date.',
);
