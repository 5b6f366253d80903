/**
 * The critical CSS of the prerendered pages (build/prerender.ts, `inlineCriticalCss`;
 * docs/decisions/011-prerendered-public-pages.md): every public page but home carries the rules
 * its HTML uses in a <style>, and links the whole site's stylesheet at the end of <body>, so the
 * first paint waits for no file. What is painted from the HTML and its own rules alone (the
 * stylesheet refused, no script) must be what the whole stylesheet paints: pixel for pixel, at
 * phone and desktop sizes, over the first screen and what follows it.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prerenderedPaths, routeSources } from '../../build/prerender';
import { ROOT } from './support/server';
import { baseUrl, launchChromium, VIEWPORTS, type ViewportName } from './support/browser';
import { PngDecoder } from './support/pixels';

const PATHS = prerenderedPaths(routeSources(ROOT))
  .filter((p) => p !== '/')
  .map((p) => `${p}/`);

describe('critical CSS of the prerendered pages', () => {
  let browser: Browser;
  const contexts = new Map<ViewportName, BrowserContext>();

  beforeAll(async () => {
    browser = await launchChromium();
    for (const name of Object.keys(VIEWPORTS) as ViewportName[])
      contexts.set(
        name,
        await browser.newContext({
          baseURL: baseUrl(),
          viewport: VIEWPORTS[name],
          javaScriptEnabled: false,
          locale: 'fr-FR',
        }),
      );
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** The page without any script, its site stylesheet refused (or not), as painted. */
  async function painted(viewport: ViewportName, path: string, withStylesheet: boolean) {
    const page = await contexts.get(viewport)!.newPage();
    let refused = 0;
    await page.route(/\/assets\/[^/]+\.css$/, (route) => {
      if (withStylesheet) return route.continue();
      refused += 1;
      return route.abort();
    });
    await page.goto(path, { waitUntil: 'load' });
    const html = await page.content();
    const png = await page.screenshot({ fullPage: true });
    await page.close();
    return { png, html, refused };
  }

  it.each(PATHS)(
    '%s paints the same from its own rules as with the whole stylesheet',
    async (path) => {
      for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
        const own = await painted(viewport, path, false);
        const whole = await painted(viewport, path, true);
        // The page did ask for the stylesheet, at the end of <body>, and it was refused.
        expect(own.refused).toBeGreaterThan(0);
        expect(own.html).toMatch(/<link rel="stylesheet"[^>]*>\s*<\/body>/);

        const decoder = new PngDecoder(contexts.get(viewport)!);
        const [a, b] = [await decoder.decode(own.png), await decoder.decode(whole.png)];
        await decoder.close();
        expect({ width: a.width, height: a.height }, `${path} at ${viewport}`).toEqual({
          width: b.width,
          height: b.height,
        });
        let different = 0;
        for (let i = 0; i < a.data.length; i += 4)
          if (
            a.data[i] !== b.data[i] ||
            a.data[i + 1] !== b.data[i + 1] ||
            a.data[i + 2] !== b.data[i + 2]
          )
            different += 1;
        expect(different, `${path} at ${viewport}: pixels that differ`).toBe(0);
      }
    },
  );
});
