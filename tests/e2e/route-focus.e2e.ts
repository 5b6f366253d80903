/**
 * Route changes as a keyboard or screen-reader user meets them (issue 15), on the built site:
 * - the first load (a prerendered page, hydrated) moves nothing;
 * - a client-side route change moves the focus to the new page's h1 and says its title in a
 *   polite live region, the layout staying mounted (the same header element);
 * - every route, public, standalone and administration, has a title of its own.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendAvailable, launchChromium, openSession, type Session } from './support/browser';

const ADMIN_EMAIL = 'admin@booster-challenge.local';
const ADMIN_PASSWORD = 'BoosterAdmin2025';
const ADMIN = 'Administration Booster Challenge';

/** The page's h1 and the live region's text once the route change has settled. */
async function landed(page: Page, heading: RegExp | string) {
  await page.waitForFunction(
    () => {
      const active = document.activeElement;
      const region = document.getElementById('annonce-de-page');
      return active?.tagName === 'H1' && region?.textContent === document.title;
    },
    null,
    { timeout: 15_000 },
  );
  const state = await page.evaluate(() => {
    const active = document.activeElement as HTMLElement;
    return {
      focused: active.textContent?.trim() ?? '',
      title: document.title,
      announced: document.getElementById('annonce-de-page')?.textContent ?? '',
      outline: getComputedStyle(active).outlineStyle,
      inMain: active.closest('main') !== null,
      scrollY: window.scrollY,
    };
  });
  if (typeof heading === 'string') expect(state.focused).toBe(heading);
  else expect(state.focused).toMatch(heading);
  expect(state.announced).toBe(state.title);
  expect(state.inMain).toBe(true);
  expect(state.outline, 'no focus ring drawn around a heading').toBe('none');
  expect(state.scrollY).toBe(0);
  return state;
}

/** Resolves once React has hydrated `selector` (a key press or a click then reaches React). */
async function interactive(page: Page, selector: string) {
  await page.waitForFunction(
    (sel) => {
      const el = document.querySelector(sel);
      return el !== null && Object.keys(el).some((key) => key.startsWith('__reactProps'));
    },
    selector,
    { timeout: 20_000 },
  );
}

async function signIn(page: Page) {
  await page.goto('/admin/login/');
  await page.getByLabel(/^E-?mail/).fill(ADMIN_EMAIL);
  await page.getByLabel(/^Mot de passe/).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL((url) => /^\/admin\/?$/.test(url.pathname));
}

describe('focus and title on a route change', () => {
  let browser: Browser;
  let visitor: Session;

  beforeAll(async () => {
    browser = await launchChromium();
    visitor = await openSession(browser, 'desktop');
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the first load moves nothing, a link moves the focus to the new h1 and says the title', async () => {
    const { page } = visitor;
    await page.goto('/faq/');
    await interactive(page, 'header nav a[href="/contact"]');
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    expect(await page.locator('#annonce-de-page').textContent()).toBe('');
    expect(await page.title()).toBe('FAQ – Booster Challenge');
    // The layout must stay mounted: the same <header> element after the navigation.
    await page.evaluate(() => {
      (window as unknown as { layoutHeader: Element | null }).layoutHeader =
        document.querySelector('header');
    });

    // A keyboard user follows a header link.
    const contact = page
      .getByRole('navigation', { name: 'Navigation principale' })
      .getByRole('link', { name: 'Contact', exact: true });
    await contact.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname.startsWith('/contact'));
    const state = await landed(page, 'Contactez-nous');
    expect(state.title).toBe('Contact – Booster Challenge');
    expect(
      await page.evaluate(
        () =>
          (window as unknown as { layoutHeader: Element | null }).layoutHeader ===
          document.querySelector('header'),
      ),
      'the public layout was mounted again',
    ).toBe(true);
    // The next Tab goes on in the page, not back to "Aller au contenu" at the top.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);

    // Every page of the header's menu, by a click this time.
    const menu: [string, RegExp, string][] = [
      ['FAQ', /./, 'FAQ – Booster Challenge'],
      ['Pré-inscription Concert', /./, 'Night Party – Booster Challenge'],
      ['Inscription Challenge', /./, 'Inscription – Booster Challenge'],
      ['Accueil', /./, 'Booster Challenge – Concours de danse et de chant au Cameroun'],
    ];
    for (const [label, heading, title] of menu) {
      await page
        .getByRole('navigation', { name: 'Navigation principale' })
        .getByRole('link', { name: label, exact: true })
        .click();
      const now = await landed(page, heading);
      expect(now.title, `title after the "${label}" link`).toBe(title);
    }

    expect(visitor.pageErrors).toEqual([]);
  });

  it('on the home page, hydrated without the router, a link starts the app as a navigation', async () => {
    const { page } = visitor;
    await page.goto('/');
    const contact = page
      .getByRole('navigation', { name: 'Navigation principale' })
      .getByRole('link', { name: 'Contact', exact: true });
    await interactive(page, 'header nav a[href="/contact"]');
    // The first load holds React and the home page, not the router (ADR 060).
    expect(await page.locator('#annonce-de-page').textContent()).toBe('');
    await contact.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname.startsWith('/contact'));
    const state = await landed(page, 'Contactez-nous');
    expect(state.title).toBe('Contact – Booster Challenge');
    // No page load: the app took over the home page's root (a marker set on window survives).
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    // Back home, then on: the router's layout now stays mounted.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(
      true,
    );
    await page.evaluate(() => {
      (window as unknown as { layoutHeader: Element | null }).layoutHeader =
        document.querySelector('header');
    });
    await page
      .getByRole('navigation', { name: 'Navigation principale' })
      .getByRole('link', { name: 'FAQ', exact: true })
      .click();
    const faq = await landed(page, /./);
    expect(faq.title).toBe('FAQ – Booster Challenge');
    expect(
      await page.evaluate(
        () =>
          (window as unknown as { layoutHeader: Element | null; stayed?: boolean }).layoutHeader ===
            document.querySelector('header') &&
          (window as unknown as { stayed?: boolean }).stayed === true,
      ),
    ).toBe(true);
    expect(visitor.pageErrors).toEqual([]);
  });

  it('gives every route its own title, and moves the focus in the administration too', async (ctx) => {
    if (!backendAvailable()) ctx.skip('embedded backend not mounted on vite preview');
    const { page } = await openSession(browser, 'desktop');
    const titles = new Map<string, string>();
    const titleOf = async (path: string) => {
      await page.goto(path);
      await page.locator('h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      titles.set(path, await page.title());
    };

    const publicTitles: Record<string, string> = {
      '/': 'Booster Challenge – Concours de danse et de chant au Cameroun',
      '/inscription/': 'Inscription – Booster Challenge',
      '/faq/': 'FAQ – Booster Challenge',
      '/contact/': 'Contact – Booster Challenge',
      '/night-party/': 'Night Party – Booster Challenge',
      '/reglement/': 'Règlement – Booster Challenge',
      '/success/': 'Inscription réussie – Booster Challenge',
      '/reservation-success/': 'Réservation enregistrée – Booster Challenge',
      '/pass/ABCDEFGHJK': 'Mon pass – Booster Challenge',
      '/cette-page-n-existe-pas': 'Page introuvable – Booster Challenge',
      '/admin/login/': `Connexion — ${ADMIN}`,
      '/porte/': 'Contrôle des entrées — Booster Night Party',
    };
    for (const path of Object.keys(publicTitles)) await titleOf(path);

    // The administration, page by page through its menu: title, focus and announcement.
    await signIn(page);
    await landed(page, 'Tableau de bord');
    titles.set('/admin/', await page.title());
    const adminTitles: Record<string, string> = { '/admin/': `Tableau de bord — ${ADMIN}` };
    const nav = page.getByRole('navigation', { name: 'Administration' });
    const links = await nav.getByRole('link').evaluateAll((as) =>
      as.map((a) => ({
        href: a.getAttribute('href') ?? '',
        label: a.firstChild?.textContent ?? '',
      })),
    );
    expect(links.length).toBeGreaterThanOrEqual(6);
    for (const { href, label } of links.filter((l) => l.href !== '/admin')) {
      await nav.locator(`a[href="${href}"]`).click();
      await page.waitForURL((url) => url.pathname.replace(/\/$/, '') === href);
      const state = await landed(page, /./);
      titles.set(href, state.title);
      adminTitles[href] = `${label.trim()} — ${ADMIN}`;
    }

    // A participant's page: their name.
    await nav.locator('a[href="/admin/participants"]').click();
    await landed(page, 'Participants');
    const view = page.getByRole('link', { name: /^Voir / }).first();
    const name = ((await view.getAttribute('aria-label')) ?? '').replace(/^Voir /, '');
    await view.click();
    await page.waitForURL((url) => /^\/admin\/participants\/[^/]+/.test(url.pathname));
    const detail = await landed(page, name);
    titles.set('/admin/participants/:id', detail.title);
    adminTitles['/admin/participants/:id'] = `${name} — ${ADMIN}`;

    expect(titles.get('/admin/participants')).toBe(`Participants — ${ADMIN}`);
    expect(Object.fromEntries(titles)).toEqual({ ...publicTitles, ...adminTitles });
    const distinct = new Set(titles.values());
    expect(distinct.size, 'two routes share a title').toBe(titles.size);
    expect(titles.size).toBeGreaterThanOrEqual(22);
  });
});
