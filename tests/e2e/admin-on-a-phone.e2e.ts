/**
 * An administration that works on a phone and on a laptop (issue 40, item 5;
 * docs/decisions/045-admin-on-a-phone-and-readable-journal.md), on the run's seeded database:
 * 1. at 360 px, no admin page is wider than the screen (every list is cards, nothing runs off
 *    the right edge): document.scrollingElement.scrollWidth ≤ clientWidth on every route;
 * 2. at 1280×800 and 1366×768, the sidebar shows "Déconnexion" and "Retour au site" whole,
 *    without scrolling;
 * 3. the registration reference a participant quotes ("Référence à rappeler : 5FF79D36") finds
 *    them in the search.
 * Each page is screenshotted (test-artifacts/screenshots) and checked with axe.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrationReference } from '@/lib/registration-reference';
import * as paths from '@/config/route-paths';
import {
  backendAvailable,
  launchChromium,
  openSession,
  screenshot,
  settle,
  type Session,
} from './support/browser';
import { check, signIn } from './support/workspace';

/** Every admin page, the participant's own page included (its id read from the list). */
const ADMIN_PAGES = [
  paths.admin,
  paths.adminParticipants,
  paths.adminStats,
  paths.adminReservations,
  paths.adminAttendance,
  paths.adminSettings,
  paths.adminMessages,
  paths.adminOutbox,
  paths.adminJournal,
  paths.adminBin,
  paths.adminVote,
  paths.adminRegie,
  paths.adminAuditions,
];

/**
 * What runs off the right edge: the page itself (document.scrollingElement wider than the
 * screen), a box of the page that scrolls sideways (a table in its scroller, whose last columns
 * are off-screen: "Ouvrir" and "Marquer comme traité" in Messages), or a control (link, button,
 * field) not wholly on the screen. The sidebar's drawer is closed; visually hidden text is 1 px.
 */
const offTheEdge = (page: Page) =>
  page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    const found: string[] = [];
    if (root.scrollWidth > root.clientWidth)
      found.push(`page: ${root.scrollWidth} > ${root.clientWidth}`);
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
    for (const el of document.querySelectorAll('main *')) {
      const style = getComputedStyle(el);
      if (
        (style.overflowX === 'auto' || style.overflowX === 'scroll') &&
        el.scrollWidth > el.clientWidth + 1
      )
        found.push(`scrolls sideways: ${name(el)} ${el.scrollWidth} > ${el.clientWidth}`);
    }
    for (const el of document.querySelectorAll('main a, main button, main input, main select')) {
      const box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      if (box.right > root.clientWidth + 1 || box.left < -1)
        found.push(`off-screen: ${name(el)} at ${Math.round(box.left)}–${Math.round(box.right)}`);
    }
    return found;
  });

/** The first participant's page, from the list. */
async function firstParticipantPath(page: Page): Promise<string> {
  await page.goto(`${paths.adminParticipants}/`);
  await settle(page);
  const link = page.getByRole('link', { name: /^Voir / }).first();
  await link.waitFor();
  const href = await link.getAttribute('href');
  if (!href) throw new Error('no participant link');
  return href;
}

describe('the administration on a phone and a laptop', () => {
  let browser: Browser;
  const sessions: Session[] = [];

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    for (const s of sessions) await s.context.close();
    await browser?.close();
  });

  it('no admin page runs off the right edge at 360 px', async (ctx) => {
    if (!backendAvailable()) ctx.skip('embedded backend not mounted on vite preview');
    const session = await openSession(browser, 'phone');
    sessions.push(session);
    const { page } = session;
    await signIn(page);
    const participant = await firstParticipantPath(page);
    const wide: string[] = [];
    for (const path of [...ADMIN_PAGES, participant]) {
      await page.goto(path.endsWith('/') ? path : `${path}/`);
      await settle(page);
      // The lists' rows (or cards) are in before measuring.
      await page.waitForLoadState('networkidle');
      for (const what of await offTheEdge(page)) wide.push(`${path}: ${what}`);
      const name = `admin-360${path.replace(/\//g, '-').replace(/-[0-9a-f-]{36}$/, '-fiche')}`;
      await check(page, 'phone', name);
    }
    expect(wide).toEqual([]);
  });

  it.for([
    { width: 1280, height: 800 },
    { width: 1366, height: 768 },
  ])('the sidebar shows sign-out whole at $width×$height', async ({ width, height }, ctx) => {
    if (!backendAvailable()) ctx.skip('embedded backend not mounted on vite preview');
    const session = await openSession(browser, 'desktop');
    sessions.push(session);
    const { page } = session;
    await page.setViewportSize({ width, height });
    await signIn(page);
    await settle(page);
    const sidebar = page.locator('aside');
    for (const control of [
      sidebar.getByRole('button', { name: 'Déconnexion' }),
      sidebar.getByRole('link', { name: 'Retour au site' }),
    ]) {
      const box = await control.boundingBox();
      expect(box, `${await control.textContent()} at ${width}×${height}`).not.toBeNull();
      expect(box!.y).toBeGreaterThanOrEqual(0);
      expect(box!.y + box!.height).toBeLessThanOrEqual(height);
    }
    await screenshot(page, 'desktop', `admin-sidebar-${width}x${height}`);
    if (width !== 1280) return;
    // The pages this change touched, on a laptop: screenshots and axe.
    for (const path of [
      paths.adminMessages,
      paths.adminJournal,
      paths.adminBin,
      paths.adminStats,
    ]) {
      await page.goto(`${path}/`);
      await settle(page);
      await check(page, 'desktop', `admin-1280${path.replace(/\//g, '-')}`);
    }
  });

  it('finds a participant by the reference they were told to quote', async (ctx) => {
    if (!backendAvailable()) ctx.skip('embedded backend not mounted on vite preview');
    const session = await openSession(browser, 'desktop');
    sessions.push(session);
    const { page } = session;
    await signIn(page);
    await page.goto(`${paths.adminParticipants}/`);
    await settle(page);
    await page
      .getByRole('link', { name: /^Voir / })
      .first()
      .waitFor();
    await check(page, 'desktop', 'admin-participants-1280x800');

    // The reference /success gives (the id's first 8 characters, upper case).
    const href = (await page
      .getByRole('link', { name: /^Voir / })
      .nth(3)
      .getAttribute('href'))!;
    const name = (await page
      .getByRole('link', { name: /^Voir / })
      .nth(3)
      .getAttribute('aria-label'))!;
    const reference = registrationReference(href.split('/').filter(Boolean).pop()!);
    await page.getByRole('searchbox').fill(reference);
    // The box applies the search once typing pauses, then the list asks the database.
    await expect
      .poll(() => page.getByRole('link', { name: /^Voir / }).count(), { timeout: 10_000 })
      .toBe(1);
    expect(await page.getByRole('link', { name: /^Voir / }).getAttribute('aria-label')).toBe(name);
    await screenshot(page, 'desktop', 'admin-participants-reference');
  });
});
