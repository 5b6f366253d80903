/**
 * The prerendered public pages (docs/decisions/011-prerendered-public-pages.md), on the built site:
 * - the HTML a browser gets before any script holds the page: its <h1> and its <title> are the
 *   ones the page shows once its JavaScript ran;
 * - React hydrates that HTML: the elements painted before the scripts are the ones on screen
 *   after (a hydration mismatch would make React throw them away and render anew), and the
 *   console shows no error and no warning (Lighthouse's best practices count console errors);
 * - what the build cannot know (a saved registration draft, a navigation's state, a query
 *   string) is rendered by the browser without an error;
 * - any other path gets the empty shell, and the page the browser renders there.
 */
import type { Browser, ConsoleMessage, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prerenderedPaths, routeSources, SPA_SHELL } from '../../build/prerender';
import { ROOT } from './support/server';
import { baseUrl, launchChromium, openSession, settle, type Session } from './support/browser';

const PATHS = prerenderedPaths(routeSources(ROOT)).map((p) => (p === '/' ? p : `${p}/`));

/**
 * Before any script: remembers the elements painted from the HTML (#root's first child, the page's
 * <main>). React keeps them when it hydrates; after a mismatch it renders a part anew.
 */
const REMEMBER_PRERENDERED = `document.addEventListener('DOMContentLoaded', () => {
  const root = document.getElementById('root');
  window.__prerendered = [root?.firstElementChild ?? null, root?.querySelector('main') ?? null];
});`;

/** In the page: are the elements remembered before the scripts still the ones on screen? */
function prerenderedKept() {
  const [first, main] = (window as { __prerendered?: (Element | null)[] }).__prerendered ?? [];
  const root = document.getElementById('root');
  return (
    Boolean(first && main) &&
    first === root?.firstElementChild &&
    main === root?.querySelector('main')
  );
}

const textOf = (html: string, pattern: RegExp) =>
  (pattern.exec(html)?.[1] ?? '')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();

async function rawHtml(path: string): Promise<string> {
  const res = await fetch(`${baseUrl()}${path}`, { headers: { accept: 'text/html' } });
  expect(res.status).toBe(200);
  return res.text();
}

describe('prerendered public pages', () => {
  let browser: Browser;
  let session: Session;
  let messages: string[];

  beforeAll(async () => {
    browser = await launchChromium();
    session = await openSession(browser, 'phone');
    await session.context.addInitScript(REMEMBER_PRERENDERED);
    messages = [];
    session.page.on('console', (message: ConsoleMessage) => {
      if (message.type() === 'error' || message.type() === 'warning')
        messages.push(`${message.type()}: ${message.text()}`);
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** Opens `path`; resolves when the page has settled and says whether React kept the HTML. */
  async function open(page: Page, path: string) {
    messages.length = 0;
    session.pageErrors.length = 0;
    await page.goto(path);
    await settle(page);
    return page.evaluate(prerenderedKept);
  }

  it.each(PATHS)('%s arrives as HTML and is hydrated without an error', async (path) => {
    const html = await rawHtml(path);
    expect(html).toMatch(/<div id="root" data-route="[^"]+"><div/);
    const h1 = textOf(html, /<h1[^>]*>([\s\S]*?)<\/h1>/);
    const title = textOf(html, /<title>([^<]*)<\/title>/);
    expect(h1).not.toBe('');

    const { page, pageErrors } = session;
    const kept = await open(page, path);
    // Compared as read: the HTML may carry a no-break space as an entity or a character.
    const read = (text: string) => text.replace(/\s+/g, ' ').trim();
    // A heading naming the edition gets its year once the settings answer (the HTML holds no
    // year: docs/decisions/024-one-edition-one-source.md).
    const escaped = read(h1).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    expect(read(await page.locator('h1').first().innerText())).toMatch(
      new RegExp(`^${escaped}( \\d{4})?$`),
    );
    expect(await page.title()).toBe(title);
    expect(kept, 'the prerendered elements are the ones on screen').toBe(true);
    expect(messages).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it('a page with a saved registration draft is rendered by the browser, no error', async () => {
    const { page, pageErrors } = session;
    await open(page, '/inscription/');
    await page.getByLabel('Nom complet').first().fill('Awa Prérendu');
    await page.waitForFunction(() =>
      sessionStorage.getItem('booster-registration-draft')?.includes('Prérendu'),
    );
    await open(page, '/inscription/');
    await expect
      .poll(() => page.getByLabel('Nom complet').first().inputValue())
      .toBe('Awa Prérendu');
    expect(messages).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it('a query string or a navigation state: the browser renders the page, no error', async () => {
    const { page, pageErrors } = session;
    expect(await open(page, '/inscription/?category=dance'), 'rendered anew').toBe(false);
    await open(page, '/success/');
    await page.evaluate(() => history.replaceState({ usr: { test: true }, key: 'test' }, ''));
    await page.reload();
    await settle(page);
    expect(await page.evaluate(prerenderedKept), 'rendered anew').toBe(false);
    expect(messages).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it(`any other path gets the empty shell (${SPA_SHELL}) and its page from the browser`, async () => {
    const shell = await rawHtml('/admin/login/');
    expect(shell).toContain('<div id="root"></div>');
    expect(shell).not.toContain('data-route');
    const { page } = session;
    await open(page, '/admin/login/');
    expect(await page.locator('h1').count()).toBe(1);
    expect(messages).toEqual([]);
  });
});
