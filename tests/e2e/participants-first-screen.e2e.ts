/**
 * The participants list as organisers open it (issue 40, item 5;
 * docs/decisions/045-admin-on-a-phone-and-readable-journal.md), on the run's seeded database:
 * 1. at 1280×800 and 1366×768, at least eight participants are wholly in the first screen, under the title,
 *    the help and the filters (two before: the help box and seven filters took the screen), and
 *    the table keeps to the page's width (before, "Supprimer" ran off its right edge);
 * 2. at 360 px, the filters fold under "Filtres", the first participant's card is in the first
 *    screen and nothing runs off the right edge.
 * The first screen of each is screenshotted (test-artifacts/screenshots) and checked with axe.
 */
import type { Browser, Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as paths from '@/config/route-paths';
import {
  backendAvailable,
  launchChromium,
  openSession,
  SCREENSHOT_DIR,
  settle,
  type Session,
  type ViewportName,
} from './support/browser';
import { check, signIn } from './support/workspace';

/** What the organiser sees before scrolling, as a picture. */
async function firstScreen(page: Page, viewport: ViewportName, name: string) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${viewport}-${name}-first-screen.png`) });
}

/** The list, its rows in, scrolled to the top. */
async function openList(page: Page) {
  await page.goto(`${paths.adminParticipants}/`);
  await settle(page);
  await page
    .getByRole('link', { name: /^Voir / })
    .first()
    .waitFor();
  await page.evaluate(() => window.scrollTo(0, 0));
}

describe('the participants list, first screen', () => {
  let browser: Browser;
  const sessions: Session[] = [];

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    for (const s of sessions) await s.context.close();
    await browser?.close();
  });

  it.for([
    [1280, 800],
    [1366, 768],
  ] as const)('shows at least eight participants whole at %i×%i', async ([width, height], ctx) => {
    if (!backendAvailable()) ctx.skip('embedded backend not mounted on vite preview');
    const session = await openSession(browser, 'desktop');
    sessions.push(session);
    const { page } = session;
    await page.setViewportSize({ width, height });
    await signIn(page);
    await openList(page);
    const visible = await page.evaluate(
      () =>
        [...document.querySelectorAll('main table tbody tr')].filter((row) => {
          const box = row.getBoundingClientRect();
          return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
        }).length,
    );
    // Every column in view, the row's actions included: the table does not scroll sideways.
    const table = await page.evaluate(() => {
      const scroller = document.querySelector('main table')!.parentElement!;
      return { scroll: scroller.scrollWidth, client: scroller.clientWidth };
    });
    const size = `${width}x${height}`;
    await firstScreen(page, 'desktop', `admin-participants-${size}`);
    expect(visible).toBeGreaterThanOrEqual(8);
    expect(table.scroll).toBeLessThanOrEqual(table.client);
    await check(page, 'desktop', `admin-participants-list-${size}`);
    // Opened, the filters are all there, beside the search box.
    await page.getByText('Filtres', { exact: true }).click();
    expect(await page.getByRole('combobox', { name: 'Catégorie' }).isVisible()).toBe(true);
    await check(page, 'desktop', `admin-participants-filters-${size}`);
  });

  it('folds the filters and keeps to the screen’s width at 360 px', async (ctx) => {
    if (!backendAvailable()) ctx.skip('embedded backend not mounted on vite preview');
    const session = await openSession(browser, 'phone');
    sessions.push(session);
    const { page } = session;
    await signIn(page);
    await openList(page);
    const filters = page.getByRole('search').locator('details');
    expect(await filters.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    expect(await page.getByRole('combobox', { name: 'Catégorie' }).isVisible()).toBe(false);
    const card = await page
      .getByRole('link', { name: /^Voir / })
      .first()
      .boundingBox();
    expect(card!.y + card!.height).toBeLessThanOrEqual(page.viewportSize()!.height);
    const width = await page.evaluate(() => {
      const root = document.scrollingElement ?? document.documentElement;
      return { scroll: root.scrollWidth, client: root.clientWidth };
    });
    expect(width.scroll).toBeLessThanOrEqual(width.client);
    await firstScreen(page, 'phone', 'admin-participants-360');
    // Opened, the filters are all there.
    await page.getByText('Filtres', { exact: true }).click();
    expect(await page.getByRole('combobox', { name: 'Catégorie' }).isVisible()).toBe(true);
    await check(page, 'phone', 'admin-participants-filters-360');
  });
});
