/**
 * The final's rules form (/admin/auditions?finale=singing, issue 41 item 1,
 * docs/decisions/047-the-final.md) at 360 and 1280 px: shown, then with a refused share beside
 * its field; screenshots and axe of both. Nothing is saved: the e2e database is shared, and the
 * saving itself is tests/component/admin-final-rules.test.tsx.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backendAvailable,
  launchChromium,
  openSession,
  type ViewportName,
} from './support/browser';
import { check, signIn } from './support/workspace';

describe('the final’s rules form', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const viewport of ['phone', 'desktop'] as ViewportName[])
    it(`is readable and accessible on ${viewport}`, async (ctx) => {
      if (!backendAvailable()) ctx.skip('embedded backend not mounted on vite preview');
      const { page, context } = await openSession(browser, viewport);
      await signIn(page);
      await page.goto('/admin/auditions/?finale=singing');
      const form = page.getByRole('form', { name: 'Règles de la finale (chant)' });
      await form.waitFor();
      await check(page, viewport, 'final-rules');
      const share = form.getByRole('textbox', { name: /Part du jury/ });
      await share.fill('150');
      await form.getByRole('button', { name: 'Enregistrer les règles' }).click();
      await expect.poll(() => share.getAttribute('aria-describedby')).toMatch(/-error/);
      await expect
        .poll(() => form.getByText('La part du jury est un nombre entier de 0 à 100.').count())
        .toBe(1);
      await check(page, viewport, 'final-rules-error');
      await context.close();
    });
});
