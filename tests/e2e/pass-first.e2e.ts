/**
 * Issue 40, item 1, "the pass comes first", in Chromium on the built site at 360×740 and
 * 1280×800 (docs/decisions/046-the-pass-comes-first.md):
 * - the pass page's QR code and code are in the first screen, with no scrolling;
 * - the header offers "Retrouver mon pass", then "Mon pass" once this phone opened a pass;
 * - each dead end offers its way out: an unknown pass ("Retrouver mon pass", which opens the
 *   form), a cancelled pass ("Réserver une nouvelle place"), the reservation's success page;
 * - the home page's next event (the Night Party) is in the first screen.
 * axe on every screen; screenshots: test-artifacts/screenshots/<viewport>-pass-first-*.png.
 */
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backendAvailable,
  launchChromium,
  openSession,
  screenshot,
  SCREENSHOT_DIR,
  settle,
  VIEWPORTS,
  type ViewportName,
} from './support/browser';
import { expectAccessible } from './support/a11y';
import { CANCELLED_PASS } from './support/door';

const PASS = 'FETE234567';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** Asserts that `target` is on screen without scrolling: its bottom within the viewport. */
async function inFirstScreen(page: Page, target: Locator, viewport: ViewportName, what: string) {
  await target.waitFor();
  expect(await page.evaluate(() => window.scrollY), `${what}: the page was not scrolled`).toBe(0);
  const box = await target.boundingBox();
  expect(box, `${what} is rendered`).not.toBeNull();
  expect(box!.y, `${what}: top`).toBeGreaterThanOrEqual(0);
  expect(
    box!.y + box!.height,
    `${what}: bottom ≤ ${VIEWPORTS[viewport].height}`,
  ).toBeLessThanOrEqual(VIEWPORTS[viewport].height);
}

const headerLink = (page: Page, name: string) =>
  page.getByRole('banner').getByRole('link', { name, exact: true });

describe.each(['phone', 'desktop'] as const)('the pass comes first (%s)', (viewport) => {
  it('the QR code and the code in the first screen', async (ctx) => {
    if (!backendAvailable()) ctx.skip('embedded backend not mounted on vite preview');
    const { page, context } = await openSession(browser, viewport);
    await page.goto(`/pass/${PASS}`);
    await settle(page);
    await inFirstScreen(page, page.getByRole('img', { name: /^QR code du pass/ }), viewport, 'QR');
    await inFirstScreen(page, page.getByText('FETE2 34567', { exact: true }), viewport, 'code');
    await expectAccessible(page, `${viewport} pass page`);
    await page.screenshot({ path: join(SCREENSHOT_DIR, `${viewport}-pass-first-screen.png`) });
    await screenshot(page, viewport, 'pass-first-page');
    await context.close();
  }, 60_000);

  it('the header: "Retrouver mon pass", then "Mon pass" once the pass was opened', async (ctx) => {
    if (!backendAvailable()) ctx.skip('embedded backend not mounted on vite preview');
    const { page, context } = await openSession(browser, viewport);
    await page.goto('/faq/');
    await settle(page);
    await expect
      .poll(() => headerLink(page, 'Retrouver mon pass').getAttribute('href'))
      .toBe('/night-party#retrouver-pass');
    await page.goto(`/pass/${PASS}`);
    await settle(page);
    const mine = headerLink(page, 'Mon pass');
    await expect.poll(() => mine.getAttribute('href')).toBe(`/pass/${PASS}`);
    expect(await mine.isVisible()).toBe(true);
    // Elsewhere on the site, the header leads back to the pass.
    await page.goto('/contact/');
    await settle(page);
    await headerLink(page, 'Mon pass').click();
    await page.waitForURL(`**/pass/${PASS}`);
    await page.getByRole('img', { name: /^QR code du pass/ }).waitFor();
    await expectAccessible(page, `${viewport} pass page, from the header`);
    await context.close();
  }, 60_000);

  it('an unknown pass: "Retrouver mon pass" opens the form; "Réserver ma place"', async (ctx) => {
    if (!backendAvailable()) ctx.skip('embedded backend not mounted on vite preview');
    const { page, context } = await openSession(browser, viewport);
    await page.goto('/pass/ZZZZZZZZZZ');
    await settle(page);
    const main = page.getByRole('main');
    await main.getByRole('heading', { name: 'Pass inconnu' }).waitFor();
    expect(await main.getByRole('link', { name: 'Réserver ma place' }).getAttribute('href')).toBe(
      '/night-party',
    );
    await expectAccessible(page, `${viewport} unknown pass`);
    await screenshot(page, viewport, 'pass-first-unknown');
    await main.getByRole('link', { name: 'Retrouver mon pass' }).click();
    await page.waitForURL('**/night-party#retrouver-pass');
    const phone = page.getByLabel(/^Téléphone de la réservation/);
    await expect.poll(() => phone.evaluate((el) => el === document.activeElement)).toBe(true);
    const box = await phone.boundingBox();
    expect(box!.y + box!.height).toBeLessThanOrEqual(VIEWPORTS[viewport].height);
    expect(box!.y).toBeGreaterThanOrEqual(0);
    await context.close();
  }, 60_000);

  it('a cancelled pass: "Réserver une nouvelle place" and "Retrouver mon pass"', async (ctx) => {
    if (!backendAvailable()) ctx.skip('embedded backend not mounted on vite preview');
    const { page, context } = await openSession(browser, viewport);
    await page.goto(`/pass/${CANCELLED_PASS}`);
    await settle(page);
    const dead = page.getByRole('region', { name: 'Réservation annulée' });
    await dead.waitFor();
    await inFirstScreen(
      page,
      dead.getByRole('link', { name: 'Réserver une nouvelle place' }),
      viewport,
      'a new place',
    );
    expect(await dead.getByRole('link', { name: 'Retrouver mon pass' }).getAttribute('href')).toBe(
      '/night-party#retrouver-pass',
    );
    expect(await headerLink(page, 'Retrouver mon pass').isVisible()).toBe(true);
    await expectAccessible(page, `${viewport} cancelled pass`);
    await screenshot(page, viewport, 'pass-first-cancelled');
    await context.close();
  }, 60_000);

  it('the reservation’s success page: "Retrouver mon pass" on the page', async (ctx) => {
    if (!backendAvailable()) ctx.skip('embedded backend not mounted on vite preview');
    const { page, context } = await openSession(browser, viewport);
    await page.goto('/reservation-success/');
    await settle(page);
    const section = page.getByRole('region', { name: /^Pass perdu/ });
    await section.getByRole('button', { name: 'Retrouver mon pass' }).click();
    await section.getByLabel(/^Téléphone de la réservation/).waitFor();
    await expectAccessible(page, `${viewport} reservation success`);
    await screenshot(page, viewport, 'pass-first-reservation-success');
    await context.close();
  }, 60_000);

  it('the home page: the next event (the Night Party) in the first screen', async (ctx) => {
    if (!backendAvailable()) ctx.skip('embedded backend not mounted on vite preview');
    const { page, context } = await openSession(browser, viewport);
    await page.goto('/');
    await settle(page);
    const next = page
      .getByRole('main')
      .getByRole('link', { name: /^Booster Night Party/ })
      .first();
    await inFirstScreen(page, next, viewport, 'the next event');
    expect(await next.textContent()).toMatch(/\d{4} à \d{1,2}\sh(?:\s\d\d)?/);
    expect(await next.getAttribute('href')).toBe('/night-party');
    await expectAccessible(page, `${viewport} home`);
    await page.screenshot({ path: join(SCREENSHOT_DIR, `${viewport}-pass-first-home.png`) });
    await context.close();
  }, 60_000);
});
