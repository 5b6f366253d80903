/**
 * The identity on the built site (public/brand/, public/art/, src/components/brand/):
 * - the header's logo is a link home named "Booster Challenge — accueil", its image loaded;
 * - the pages with hero art keep their <h1> as the Largest Contentful Paint (the art is drawn
 *   smaller, the beams are CSS) at phone, Lighthouse-mobile and desktop sizes, the home page
 *   with no layout shift, and their art images load;
 * - the header links, the mobile menu's items and the footer links are at least 44 px tall;
 * - the favicon, manifest, icons and link-preview image are served with their types.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchChromium } from './support/browser';

const SIZES = {
  phone: { width: 360, height: 740 },
  // Lighthouse's mobile emulation (Moto G Power).
  lighthouse: { width: 412, height: 823 },
  desktop: { width: 1280, height: 800 },
} as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

async function open(size: keyof typeof SIZES, path: string): Promise<Page> {
  const page = await browser.newPage({
    baseURL: baseUrl(),
    viewport: SIZES[size],
    isMobile: size !== 'desktop',
    hasTouch: size !== 'desktop',
  });
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await page.locator('h1').first().waitFor();
  return page;
}

/** The LCP element's tag and the layout shift so far, read from the page's buffered entries. */
function paintFacts(page: Page) {
  return page.evaluate(async () => {
    const entries = (type: string) =>
      new Promise<PerformanceEntry[]>((resolve) => {
        new PerformanceObserver((list) => resolve(list.getEntries())).observe({
          type,
          buffered: true,
        });
        setTimeout(() => resolve([]), 500);
      });
    const lcp = (await entries('largest-contentful-paint')) as (PerformanceEntry & {
      element: Element | null;
    })[];
    const shifts = (await entries('layout-shift')) as (PerformanceEntry & { value: number })[];
    return {
      lcp: lcp.at(-1)?.element?.tagName ?? 'none',
      cls: shifts.reduce((sum, shift) => sum + shift.value, 0),
    };
  });
}

/** Heights of the visible links matched by `selector`, with their text. */
function linkHeights(page: Page, selector: string) {
  return page.evaluate(
    (sel) =>
      [...document.querySelectorAll<HTMLElement>(sel)]
        .filter((a) => a.offsetParent !== null)
        .map((a) => ({
          link: a.textContent?.trim() || a.querySelector('img')?.alt || a.outerHTML,
          height: Math.round(a.getBoundingClientRect().height),
        })),
    selector,
  );
}

describe.each(Object.keys(SIZES) as (keyof typeof SIZES)[])('identity at %s size', (size) => {
  it.each(['/', '/night-party/'])('%s: the h1 stays the LCP and the art loads', async (path) => {
    const page = await open(size, path);
    try {
      const { lcp, cls } = await paintFacts(page);
      expect(lcp).toBe('H1');
      // On /night-party the venue line still grows when the settings arrive on phones (a
      // shift of ~0.03 that the art does not cause); the home page must not move at all.
      if (path === '/') expect(cls).toBe(0);
      const images = await page.evaluate(() =>
        [...document.images]
          .filter((img) => /\/(art|brand)\//.test(img.src) && img.loading !== 'lazy')
          .map((img) => ({ src: img.src, loaded: img.complete && img.naturalWidth > 0 })),
      );
      expect(images.length).toBeGreaterThanOrEqual(2);
      for (const image of images) expect(image, image.src).toMatchObject({ loaded: true });
    } finally {
      await page.close();
    }
  });

  it('header logo link, and header, menu and footer links at least 44 px tall', async () => {
    const page = await open(size, '/');
    try {
      const home = page.getByRole('banner').getByRole('link', {
        name: 'Booster Challenge — accueil',
      });
      expect(await home.getAttribute('href')).toBe('/');
      expect(
        await home.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth),
      ).toBeGreaterThan(0);
      if (size !== 'desktop') await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
      const links = await linkHeights(page, 'header a, footer a');
      // logo, 5 navigation links, and the footer's links
      expect(links.length).toBeGreaterThanOrEqual(12);
      for (const link of links) expect(link.height, link.link).toBeGreaterThanOrEqual(44);
    } finally {
      await page.close();
    }
  });
});

it('serves the favicon, manifest, icons and link-preview image', async () => {
  const page = await browser.newPage({ baseURL: baseUrl() });
  try {
    for (const [path, type] of [
      ['/favicon.svg', 'image/svg+xml'],
      ['/manifest.webmanifest', 'application/manifest+json'],
      ['/icon-192.png', 'image/png'],
      ['/icon-512.png', 'image/png'],
      ['/apple-touch-icon.png', 'image/png'],
      ['/og-image.png', 'image/png'],
      ['/brand/booster-challenge.svg', 'image/svg+xml'],
      ['/art/hero-stage.svg', 'image/svg+xml'],
    ]) {
      const response = await page.request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()['content-type'], path).toContain(type);
    }
  } finally {
    await page.close();
  }
});
