/**
 * Progressive hydration on the built site (docs/decisions/011-prerendered-public-pages.md, rule
 * 10): the home page's content and the footer are parts hydrated after the rest (lazyHydrated).
 * - the HTML does not preload their code (the home page's first load, build/bundle-budget.ts);
 *   the browser asks for it once the entry runs, and React hydrates the very elements the HTML
 *   painted: their links then navigate inside the app;
 * - while their code is held back, the header (mobile menu) works and their links are plain
 *   links to the prerendered pages; nothing is logged;
 * - on another page, the home page's content is fetched when the browser is idle, so the logo or
 *   "Accueil" shows it at once.
 */
import type { Browser, BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchChromium, VIEWPORTS } from './support/browser';

const LATER_CHUNK = /\/assets\/(HomeContent|PublicFooter)-[\w-]+\.js$/;

let browser: Browser;
let context: BrowserContext;
let messages: string[];

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await context?.close();
});

/** A phone-sized page that records console errors and warnings, and the chunks it fetched. */
async function phonePage(): Promise<{ page: Page; fetched: string[] }> {
  context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: VIEWPORTS.phone,
    isMobile: true,
    hasTouch: true,
    locale: 'fr-FR',
  });
  const page = await context.newPage();
  messages = [];
  const record = (text: string) => messages.push(text);
  page.on('console', (m: ConsoleMessage) => {
    if (m.type() === 'error' || m.type() === 'warning') record(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => record(`pageerror: ${e.message}`));
  const fetched: string[] = [];
  page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
  // Elements painted from the HTML, before any script (React keeps them when it hydrates).
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const w = window as unknown as { __painted: (Element | null)[] };
      w.__painted = ['main h1', 'main a[href="/faq"]', 'footer a[href="/reglement"]'].map((s) =>
        document.querySelector(s),
      );
    });
  });
  return { page, fetched };
}

const paintedKept = (page: Page) =>
  page.evaluate(() => {
    const painted = (window as unknown as { __painted: (Element | null)[] }).__painted;
    const now = ['main h1', 'main a[href="/faq"]', 'footer a[href="/reglement"]'].map((s) =>
      document.querySelector(s),
    );
    return painted.every((el, i) => el !== null && el === now[i]);
  });

/** Set on the window: still there after a click, the click navigated inside the app. */
const mark = (page: Page) =>
  page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

describe('progressive hydration of the home page', () => {
  it('the HTML preloads neither part; React hydrates the painted elements once they arrive', async () => {
    const res = await fetch(`${baseUrl()}/`, { headers: { accept: 'text/html' } });
    const html = await res.text();
    expect(html).toContain('Comment participer');
    expect(html).toContain('Liens utiles');
    expect(html).not.toMatch(/(HomeContent|PublicFooter)-[\w-]+\.js/);

    const { page, fetched } = await phonePage();
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(fetched.filter((p) => LATER_CHUNK.test(p))).toHaveLength(2);
    expect(await paintedKept(page)).toBe(true);

    // Hydrated: the footer's link navigates inside the app (same document).
    await mark(page);
    await page.locator('footer a[href="/reglement"]').click();
    await page.waitForURL(/\/reglement\/?$/);
    await page.locator('h1').first().waitFor();
    expect(await sameDocument(page)).toBe(true);
    expect(messages).toEqual([]);
  });

  it('while their code is held back, the menu works and their links are plain links', async () => {
    const { page } = await phonePage();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(LATER_CHUNK, async (route) => {
      await held;
      // The page may have gone meanwhile (the click loaded another one).
      await route.continue().catch(() => undefined);
    });
    const asked = page.waitForRequest(LATER_CHUNK);
    await page.goto('/');
    // React asks for a part's code once it has hydrated the page around it.
    await asked;
    const toggle = page.locator('header button[aria-controls="menu-principal"]');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await page.getByRole('navigation', { name: 'Menu mobile' }).count()).toBe(1);
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await paintedKept(page)).toBe(true);

    // The hero's link, not hydrated yet, loads the prerendered FAQ page.
    await mark(page);
    await page.locator('main a[href="/faq"]').click();
    await page.waitForURL(/\/faq\/?$/);
    await page.locator('h1').first().waitFor();
    expect(await sameDocument(page)).toBe(false);
    release();
    await page.waitForLoadState('networkidle');
    expect(messages).toEqual([]);
  });

  it('another page fetches the home page’s content when idle: "Accueil" shows it at once', async () => {
    const { page, fetched } = await phonePage();
    await page.goto('/faq/');
    await page.waitForLoadState('networkidle');
    await expect
      .poll(() => fetched.some((p) => /\/assets\/HomeContent-[\w-]+\.js$/.test(p)), {
        timeout: 10_000,
      })
      .toBe(true);
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    // Every change of the page from now on: the h1 it then has (none while a page is missing).
    await page.evaluate(() => {
      const w = window as unknown as { __h1s: (string | null)[] };
      w.__h1s = [];
      new MutationObserver(() =>
        w.__h1s.push(document.querySelector('main h1')?.textContent ?? null),
      ).observe(document.getElementById('root') as HTMLElement, { childList: true, subtree: true });
    });
    await page.locator('#menu-principal a[href="/"]').click();
    await page.waitForFunction(() =>
      document.querySelector('main h1')?.textContent?.startsWith('Booster Challenge'),
    );
    const h1s = await page.evaluate(() => (window as unknown as { __h1s: unknown[] }).__h1s);
    expect(h1s.length).toBeGreaterThan(0);
    expect(h1s, 'no frame without the page').not.toContain(null);
    expect(messages).toEqual([]);
  });
});
