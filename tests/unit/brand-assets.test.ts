/**
 * The identity's static files (public/, written by scripts/brand-assets.ts and by hand): the sizes
 * the pages declare match the files (no distortion, no layout shift), the SVGs stay small and
 * self-contained, every file the code names exists, and the icons and preview have the sizes the
 * manifest and the link-preview tags announce.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as brand from '@/components/brand/Logo';

const LOGOS = Object.values(brand).filter(
  (value): value is brand.LogoFile => typeof value === 'object' && 'src' in value,
);

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PUBLIC = join(ROOT, 'public');

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });

/** The width and height attributes of an SVG file's root element. */
function svgSize(svg: string): { width: number; height: number } | null {
  const root = /<svg\b[^>]*>/.exec(svg)?.[0] ?? '';
  const width = /\swidth="(\d+(?:\.\d+)?)"/.exec(root)?.[1];
  const height = /\sheight="(\d+(?:\.\d+)?)"/.exec(root)?.[1];
  return width && height ? { width: Number(width), height: Number(height) } : null;
}

/** A PNG's pixel size, from its IHDR chunk. */
function pngSize(path: string): { width: number; height: number } {
  const bytes = readFileSync(path);
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

const svgFiles = walk(PUBLIC).filter((path) => path.endsWith('.svg'));

describe('brand assets', () => {
  it('every logo of <Logo> exists with the width and height the component declares', () => {
    expect(LOGOS).toHaveLength(4);
    for (const logo of LOGOS) {
      const svg = readFileSync(join(PUBLIC, logo.src), 'utf8');
      expect(svgSize(svg), logo.src).toEqual({ width: logo.width, height: logo.height });
      expect(svg, logo.src).toMatch(/viewBox="0 0 \d+ \d+"/);
    }
  });

  it.each(svgFiles.map((path) => [relative(PUBLIC, path), path]))(
    '%s is small, self-contained and drawn (no text that depends on installed fonts)',
    (_name, path) => {
      const svg = readFileSync(path, 'utf8');
      expect(Buffer.byteLength(svg)).toBeLessThan(4_000);
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(svg).not.toMatch(/<script|<text|<image|<foreignObject|href="(?!#)/i);
    },
  );

  it('every /art/ and /brand/ file the code names exists', () => {
    const sources = walk(join(ROOT, 'src'))
      .filter((path) => /\.(tsx?|css)$/.test(path))
      .map((path) => readFileSync(path, 'utf8'))
      .join('\n');
    const named = [...new Set(sources.match(/\/(?:art|brand)\/[\w-]+\.svg/g) ?? [])];
    expect(named.length).toBeGreaterThanOrEqual(6);
    for (const path of named) expect(statSync(join(PUBLIC, path)).isFile(), path).toBe(true);
  });

  it('the logos and icons use the palette of src/styles.css', () => {
    const css = readFileSync(join(ROOT, 'src', 'styles.css'), 'utf8');
    const token = (name: string) =>
      new RegExp(`--color-${name}: (#[0-9a-f]{6});`).exec(css)?.[1] ?? `missing ${name}`;
    const favicon = readFileSync(join(PUBLIC, 'favicon.svg'), 'utf8');
    expect(favicon).toContain(`fill="${token('brand-900')}"`);
    expect(favicon).toContain(`stroke="${token('accent-400')}"`);
    const night = readFileSync(join(PUBLIC, 'brand', 'night-party.svg'), 'utf8');
    expect(night).toContain(token('night-300'));
    const nightLight = readFileSync(join(PUBLIC, 'brand', 'night-party-light.svg'), 'utf8');
    expect(nightLight).toContain(token('night-950'));
    const html = readFileSync(join(ROOT, 'index.html'), 'utf8');
    expect(html).toContain(`name="theme-color" content="${token('brand-900')}"`);
  });

  it('the manifest icons exist at the sizes they announce, with a maskable 512 px icon', () => {
    const manifest = JSON.parse(readFileSync(join(PUBLIC, 'manifest.webmanifest'), 'utf8')) as {
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
    };
    for (const icon of manifest.icons) {
      const path = join(PUBLIC, icon.src);
      if (icon.type === 'image/svg+xml') {
        expect(statSync(path).isFile()).toBe(true);
        continue;
      }
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(pngSize(path), icon.src).toEqual({ width, height });
    }
    expect(manifest.icons).toContainEqual(expect.objectContaining({ sizes: '192x192' }));
    expect(manifest.icons).toContainEqual(
      expect.objectContaining({ sizes: '512x512', purpose: 'maskable' }),
    );
  });

  it('the touch icon and the link preview have their sizes; the preview stays under 300 kB', () => {
    expect(pngSize(join(PUBLIC, 'apple-touch-icon.png'))).toEqual({ width: 180, height: 180 });
    const og = join(PUBLIC, 'og-image.png');
    expect(pngSize(og)).toEqual({ width: 1200, height: 630 });
    // WhatsApp shows no preview above 300 kB.
    expect(statSync(og).size).toBeLessThan(300_000);
    const html = readFileSync(join(ROOT, 'index.html'), 'utf8');
    expect(html).toContain('property="og:image:width" content="1200"');
    expect(html).toContain('property="og:image:height" content="630"');
    expect(html).toMatch(/property="og:image:alt"\s+content="[^"]{20,}"/);
  });
});
