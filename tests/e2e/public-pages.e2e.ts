/**
 * Every public page at desktop and phone size: it renders its <h1>, no uncaught error, a
 * screenshot, and axe finds no violation. Forms are checked empty and with their errors shown.
 * Also: the error page for an unknown path, the trailing slash added on load, and a backend that
 * does not answer. The contact form's rate limit: contact-rate-limit.e2e.ts.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchChromium,
  openSession,
  screenshot,
  settle,
  VIEWPORTS,
  type Session,
  type ViewportName,
} from './support/browser';
import { expectAccessible } from './support/a11y';

/** Route, screenshot name, and the submit button whose click shows the form's errors. */
const PAGES: { path: string; name: string; submit?: string }[] = [
  { path: '/', name: 'home' },
  { path: '/inscription/', name: 'inscription', submit: 'Valider mon inscription' },
  {
    path: '/inscription/?category=dance&type=team',
    name: 'inscription-team',
    submit: 'Valider mon inscription',
  },
  { path: '/faq/', name: 'faq' },
  { path: '/contact/', name: 'contact', submit: 'Envoyer le message' },
  { path: '/success/', name: 'success' },
  { path: '/night-party/', name: 'night-party', submit: 'Réserver ma place' },
  { path: '/reservation-success/', name: 'reservation-success' },
  { path: '/reglement/', name: 'reglement' },
  { path: '/admin/login/', name: 'admin-login', submit: 'Se connecter' },
];

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('public pages at %s size', (viewport) => {
  let browser: Browser;
  let session: Session;

  beforeAll(async () => {
    browser = await launchChromium();
    session = await openSession(browser, viewport);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each(PAGES)(
    '$path renders, is accessible, and shows accessible form errors',
    async ({ path, name, submit }) => {
      const { page, pageErrors } = session;
      await page.goto(path);
      await settle(page);
      expect(await page.locator('h1').count()).toBe(1);
      await screenshot(page, viewport, name);
      await expectAccessible(page, `${viewport} ${path}`);

      if (submit) {
        const button = page.getByRole('button', { name: submit });
        if ((await button.count()) === 0) {
          // e.g. /inscription while registrations are closed: nothing to submit
          expect(name).toBe('inscription');
        } else {
          await button.click();
          await page.locator('[aria-invalid="true"]').first().waitFor();
          // focus goes to the first field in error (or into it, for a group of radio cards)
          const focusedInError = await page.evaluate(
            () => document.activeElement?.closest('[aria-invalid="true"]') !== null,
          );
          expect(focusedInError, 'focus on the first field in error').toBe(true);
          await screenshot(page, viewport, `${name}-errors`);
          await expectAccessible(page, `${viewport} ${path} with errors`);
        }
      }
      expect(pageErrors).toEqual([]);
    },
  );

  it('the phone menu, opened, is accessible and closes with Escape', async (ctx) => {
    if (viewport !== 'phone') ctx.skip('the menu toggle only exists at phone size');
    const { page } = session;
    await page.goto('/');
    await settle(page);
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    const toggle = page.getByRole('button', { name: 'Fermer le menu' });
    await page.getByRole('navigation', { name: 'Menu mobile' }).waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await screenshot(page, viewport, 'menu-open');
    await expectAccessible(page, `${viewport} / with the menu open`);
    await page.keyboard.press('Escape');
    await page.getByRole('navigation', { name: 'Menu mobile' }).waitFor({ state: 'hidden' });
  });

  it('an unknown path shows the error page (accessible)', async () => {
    const { page } = session;
    await page.goto('/cette-page-n-existe-pas');
    await page.getByRole('heading', { level: 1, name: 'Oops! Une erreur est survenue' }).waitFor();
    await settle(page);
    await screenshot(page, viewport, 'error-page');
    await expectAccessible(page, `${viewport} unknown path`);
  });

  it('the ?error= message is shown on the error page', async () => {
    const { page } = session;
    await page.goto('/introuvable/?error=Lien%20expir%C3%A9');
    await page.getByText('Lien expiré').waitFor();
  });

  it('a path without a trailing slash is rewritten with one, query kept', async () => {
    const { page } = session;
    await page.goto('/faq?source=test');
    await page.getByRole('heading', { level: 1 }).waitFor();
    // The prerendered page is on screen first; the scripts, asked for once it is painted, rewrite
    // the address (src/lib/startup.ts).
    await page.waitForURL((url) => url.pathname === '/faq/');
    expect(new URL(page.url()).search).toBe('?source=test');
    await page.goto('/robots.txt');
    expect(new URL(page.url()).pathname).toBe('/robots.txt');
  });
});

// Vite fires `vite:preloadError` for any rejection inside the loader it wraps around a dynamic
// import; the site reloads on it (a chunk a new deployment removed). A database question that
// failed used to count: the page reloaded once the backend did not answer, and what the visitor
// had typed was gone (src/lib/chunk-reload.ts).
describe('a backend that does not answer', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each(['/inscription/', '/night-party/'])(
    '%s is not reloaded, and what the visitor typed stays',
    async (path) => {
      const { context, page } = await openSession(browser, 'phone');
      let failed = 0;
      await context.route('**/rest/v1/rpc/**', (route) => {
        failed += 1;
        return route.abort('internetdisconnected');
      });
      await page.goto(path);
      const name = page.getByLabel(/^Nom complet/);
      await name.fill('Awa Ndongo');
      // The page and its footer ask the database once painted: every question has failed by now.
      await expect.poll(() => failed, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
      await page.waitForLoadState('networkidle');
      const navigation = await page.evaluate(
        () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).type,
      );
      expect(navigation).toBe('navigate');
      expect(await name.inputValue()).toBe('Awa Ndongo');
      await context.close();
    },
  );
});
