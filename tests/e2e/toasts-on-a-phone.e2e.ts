/**
 * Issue 15, beyond axe: toasts at 360 px: French names, one status, top-right, 5000 ms, paused by
 * focus (SPEC §9). Screenshot: test-artifacts/screenshots/reflow-toast-360.png.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backendAvailable,
  launchChromium,
  openSession,
  settle,
  type Session,
} from './support/browser';
import { contrast, type Rgb } from './support/pixels';
import { shoot } from './support/shoot';

describe('toasts on a phone', () => {
  let browser: Browser;
  let session: Session;

  beforeAll(async () => {
    browser = await launchChromium();
    session = await openSession(browser, 'phone');
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('French names, one status, top-right, 5000 ms, paused while focused', async (ctx) => {
    if (!backendAvailable()) ctx.skip('embedded backend not mounted on vite preview');
    const { page } = session;
    await page.goto('/night-party/');
    await settle(page);
    await page.getByLabel(/^Nom complet/).fill('Invitée Toast Mbida');
    await page.getByLabel(/^Téléphone/).fill('698777301');
    await page.getByLabel(/^Ville/).fill('Douala');
    await page
      .getByRole('radiogroup', { name: /Comment avez-vous entendu parler/ })
      .getByLabel('Réseaux sociaux')
      .check();
    await page.getByRole('button', { name: 'Réserver ma place' }).click();
    const text = 'Réservation enregistrée avec succès !';
    const toast = page.getByRole('status').filter({ hasText: text });
    await toast.waitFor();
    const shownAt = Date.now();
    await page.waitForURL((url) => url.pathname.startsWith('/reservation-success'));
    // The new page takes the focus to its heading (route focus, which may move it once more as
    // the page settles: a moment's wait); then the keyboard goes to the toast, before the checks
    // below, which take longer than a toast lives (5000 ms) on a busy machine.
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
    await page.waitForTimeout(300);
    const close = toast.getByRole('button', { name: 'Fermer la notification' });
    await close.focus();
    const focusedAt = Date.now() - shownAt;

    const region = page.getByRole('region', { name: 'Notifications (Alt+T)' });
    await expect.poll(() => region.count()).toBe(1);
    expect(await page.getByRole('alert').filter({ hasText: text }).count(), 'announced once').toBe(
      0,
    );
    // Its layout size: the box on screen is scaled by the toast's entry animation for a moment
    // (43.99993 px high in one run).
    const closeSize = await close.evaluate((el: HTMLElement) => [el.offsetWidth, el.offsetHeight]);
    expect(closeSize[0]).toBeGreaterThanOrEqual(44);
    expect(closeSize[1]).toBeGreaterThanOrEqual(44);
    expect(await page.getByRole('progressbar').count(), 'no English "notification timer"').toBe(0);

    // Top-right on a phone too, as the specification says: at the top, against the right edge
    // (within the container's small margin).
    const toastBox = await toast.boundingBox();
    const width = page.viewportSize()?.width ?? 0;
    expect(toastBox?.y ?? Infinity).toBeLessThan(40);
    expect(Math.round((toastBox?.x ?? 0) + (toastBox?.width ?? 0))).toBeGreaterThanOrEqual(
      width - 8,
    );
    await page.waitForTimeout(1000); // the toast's entrance
    await shoot(page, 'toast-360');
    // Its message is dark on the toast's white (it once inherited the container's white).
    const [colour, background] = await toast.evaluate((el) => {
      const style = getComputedStyle(el);
      return [style.color, style.backgroundColor];
    });
    const rgb = (css: string) => (css.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number) as Rgb;
    expect(contrast(rgb(colour), rgb(background))).toBeGreaterThanOrEqual(4.5);

    // Kept while the keyboard focus is in it (since just after it showed), past the 5000 ms;
    // gone once the focus leaves.
    await page.waitForTimeout(Math.max(0, shownAt + 7000 - Date.now()));
    const active = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 80));
    expect(await toast.isVisible(), `paused while focused (from ${focusedAt} ms, ${active})`).toBe(
      true,
    );
    await page.getByRole('heading', { level: 1 }).click();
    await toast.waitFor({ state: 'detached', timeout: 7000 });
    expect(session.pageErrors).toEqual([]);
  });
});
