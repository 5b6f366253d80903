/**
 * The organisers' workspace (issue 13) across the whole stack, on the run's seeded database: a
 * visitor writes from /contact; the admin finds the message in "Messages" (the sidebar counts
 * it), opens it, replies on WhatsApp (the number in the text) and marks it handled. Issue 27: an
 * opened message wraps at 320 px, with text at 100 % and 200 % (no box wider than the screen).
 * The contact step needs this address's contact quota: tests/e2e/contact-rate-limit.e2e.ts
 * spends it, so this file must run before that one (vitest.e2e.config.ts, report of issue 13).
 */
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { enlargeText } from './support/reflow';
import {
  backendAvailable,
  launchChromium,
  openSession,
  screenshot,
  settle,
  type Session,
} from './support/browser';
import { expectAccessible } from './support/a11y';
import { waitForToast, signIn, check } from './support/workspace';

const VISITOR = {
  name: 'Carine Essomba',
  email: 'carine.essomba@example.cm',
  subject: 'Inscription de mon groupe (e2e)',
  message: 'Bonjour, pouvez-vous me rappeler au +237 6 55 44 33 22 pour notre inscription ?',
};

describe('the organisers’ workspace', () => {
  let browser: Browser;
  const sessions: Session[] = [];

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state !== 'fail') return;
    const slug = ctx.task.name.slice(0, 40).replace(/[^a-z]+/gi, '-');
    for (const [i, s] of sessions.entries())
      await screenshot(s.page, 'desktop', `FAILED-${slug}-${i}`).catch(() => undefined);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a message sent from /contact reaches the inbox and is marked handled', async (ctx) => {
    if (!backendAvailable()) ctx.skip('embedded backend not mounted on vite preview');
    const visitor = await openSession(browser, 'desktop');
    sessions.push(visitor);
    await visitor.page.goto('/contact/');
    await settle(visitor.page);
    await visitor.page.getByLabel(/^Nom complet/).fill(VISITOR.name);
    await visitor.page.getByLabel(/^E-mail/).fill(VISITOR.email);
    await visitor.page.getByLabel(/^Sujet/).fill(VISITOR.subject);
    await visitor.page.getByLabel(/^Message/).fill(VISITOR.message);
    await visitor.page.getByRole('button', { name: 'Envoyer le message' }).click();
    const sent = visitor.page.getByText('Votre message a été envoyé avec succès !').first();
    const limited = visitor.page.getByText(/Trop de demandes/).first();
    await sent.or(limited).waitFor();
    expect(await limited.count(), 'contact quota already spent: run before public-pages').toBe(0);
    expect(visitor.pageErrors).toEqual([]);

    const admin = await openSession(browser, 'desktop');
    sessions.push(admin);
    const { page } = admin;
    await signIn(page);
    const nav = page.getByRole('navigation', { name: 'Administration' });
    const inbox = nav.getByRole('link', { name: /^Messages \d+ non traités?$/ });
    // The badge's words for screen readers: "5 non traités".
    const before = Number((await inbox.locator('.sr-only').textContent())?.match(/\d+/)?.[0]);
    await inbox.click();
    await page.getByRole('heading', { level: 1, name: 'Messages' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: VISITOR.subject });
    await row.waitFor();
    expect(await row.getByText('Non traité').isVisible()).toBe(true);
    await row.getByRole('button', { name: `Ouvrir le message de ${VISITOR.name}` }).click();
    await page.getByText(VISITOR.message).waitFor();
    const reply = page.getByRole('link', { name: `Répondre par e-mail à ${VISITOR.name}` });
    expect(await reply.getAttribute('href')).toContain(
      `subject=${encodeURIComponent(`Re: ${VISITOR.subject}`)}`,
    );

    const popupPromise = page.context().waitForEvent('page');
    await page.getByRole('link', { name: /^Répondre sur WhatsApp à Carine Essomba/ }).click();
    const popup = await popupPromise;
    await popup.waitForLoadState();
    const wa = new URL(popup.url());
    expect(`${wa.origin}${wa.pathname}`).toBe('https://wa.me/237655443322');
    expect(wa.searchParams.get('text')).toContain(VISITOR.subject);
    await popup.close();
    await check(page, 'desktop', 'admin-messages-open');

    await page
      .getByRole('button', { name: `Marquer comme traité : message de ${VISITOR.name}` })
      .click();
    await waitForToast(page, `Message de ${VISITOR.name} marqué comme traité`);
    const left = before - 1;
    const badge = left === 0 ? 'Messages' : `Messages ${left} non traité${left > 1 ? 's' : ''}`;
    await nav.getByRole('link', { name: badge, exact: true }).waitFor();
    await page.getByLabel('État').selectOption('unhandled');
    await page.waitForURL((url) => url.searchParams.get('state') === 'unhandled');
    await page
      .getByRole('row')
      .filter({ hasText: VISITOR.subject })
      .first()
      .waitFor({ state: 'detached' });
    expect(admin.pageErrors).toEqual([]);
  });

  describe.each([{ text: 100 }, { text: 200 }])(
    'an opened message at 320 px, text $text',
    ({ text }) => {
      it('wraps inside the screen', async (ctx) => {
        if (!backendAvailable()) ctx.skip('embedded backend not mounted on vite preview');
        const admin = await openSession(browser, 'phone');
        sessions.push(admin);
        const { page } = admin;
        await page.setViewportSize({ width: 320, height: 740 });
        if (text !== 100) await enlargeText(admin.context, text);
        await signIn(page);
        await page.goto('/admin/messages/');
        await settle(page);
        const open = page.getByRole('button', { name: /^Ouvrir le message de / }).first();
        await open.click();
        // aria-controls names the message once it is open.
        const controls = await page
          .getByRole('button', { name: /^Fermer le message de / })
          .first()
          .getAttribute('aria-controls');
        // A phone shows cards: the message opens inside its card (docs/decisions/045-…).
        const detail = page.locator(`[id="${controls}"]`);
        await detail.waitFor();
        await detail.scrollIntoViewIfNeeded();
        const box = await detail.evaluate((el) => {
          const r = el.getBoundingClientRect();
          return {
            left: r.left,
            right: r.right,
            inner: window.innerWidth,
            scroll: el.scrollWidth,
            client: el.clientWidth,
          };
        });
        expect(box.right, JSON.stringify(box)).toBeLessThanOrEqual(box.inner);
        expect(box.left).toBeGreaterThanOrEqual(0);
        expect(box.scroll).toBeLessThanOrEqual(box.client);
        await screenshot(page, 'phone', `admin-message-open-320-text-${text}`);
        await expectAccessible(page, `320 px text ${text} % opened message`);
        expect(admin.pageErrors).toEqual([]);
      });
    },
  );
});
