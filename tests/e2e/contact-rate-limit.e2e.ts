/**
 * The contact form sends a message (proof of work solved in the page's Web Worker), then shows
 * the rate-limit refusal next to the form once this address has used up its quota.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_ANON_KEY } from '../../src/config/local-backend';
import {
  backendAvailable,
  baseUrl,
  launchChromium,
  openSession,
  screenshot,
  settle,
  VIEWPORTS,
  type ViewportName,
} from './support/browser';
import { solveProofOfWork } from '../setup/proof-of-work';
import { expectAccessible } from './support/a11y';

const API_HEADERS = {
  apikey: LOCAL_ANON_KEY,
  authorization: `Bearer ${LOCAL_ANON_KEY}`,
  'content-type': 'application/json',
};

const proofOfWork = () => solveProofOfWork(baseUrl());

/** Sends one valid contact message through the API (from this address); returns the status. */
async function sendContactThroughApi(n: number): Promise<number> {
  const res = await fetch(`${baseUrl()}/rest/v1/rpc/send_contact_message`, {
    method: 'POST',
    headers: API_HEADERS,
    body: JSON.stringify({
      payload: {
        name: `Visiteur ${n}`,
        email: `visiteur.${n}@example.cm`,
        subject: 'Question',
        message: `Bonjour, ceci est le message numéro ${n}.`,
        pow: await proofOfWork(),
      },
    }),
  });
  await res.body?.cancel();
  return res.status;
}

const MESSAGE = {
  name: 'Awa Ndongo',
  email: 'awa@example.cm',
  subject: 'Auditions de Garoua',
  message: 'Bonjour, à quelle date ont lieu les auditions ?',
};

async function fillContact(page: Page, m: typeof MESSAGE) {
  await page.getByLabel(/^Nom complet/).fill(m.name);
  await page.getByLabel(/^E-mail/).fill(m.email);
  await page.getByLabel(/^Sujet/).fill(m.subject);
  await page.getByLabel(/^Message/).fill(m.message);
}

// Spends this address's contact quota (every request of the run comes from 127.0.0.1) for the
// rest of the window (10 minutes): no other test of the run sends a contact message.
describe('the contact form and its rate limit', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('sends a message, then shows the refusal in French next to the form, values kept', async (ctx) => {
    if (!backendAvailable()) ctx.skip('embedded backend not mounted on vite preview');

    // A message goes through: the form solves its proof of work at the real difficulty.
    const sender = await openSession(browser, 'desktop');
    await sender.page.goto('/contact/');
    await settle(sender.page);
    await fillContact(sender.page, MESSAGE);
    await sender.page.getByRole('button', { name: 'Envoyer le message' }).click();
    await sender.page
      .getByText('Votre message a été envoyé avec succès !', { exact: true })
      .first()
      .waitFor();
    expect(await sender.page.getByLabel(/^Nom complet/).inputValue()).toBe('');
    expect(sender.pageErrors).toEqual([]);
    await sender.context.close();

    // Part of the quota from the home page, its header link first: the contact page is reached
    // before its code and stays the same page through the visit's first toast (it was mounted
    // anew about once in ten: empty form, no confirmation, focus on <body>; src/lib/lazy-page.ts).
    for (let n = 1; n <= 8; n++) {
      const visitor = await openSession(browser, 'desktop');
      await visitor.page.goto('/');
      await visitor.page.waitForFunction(() => {
        const link = document.querySelector('header nav a[href="/contact"]');
        return link !== null && Object.keys(link).some((k) => k.startsWith('__reactProps'));
      });
      await visitor.page.locator('header nav a[href="/contact"]').press('Enter');
      await visitor.page.getByLabel(/^Nom complet/).waitFor();
      await fillContact(visitor.page, { ...MESSAGE, email: `visiteur.${n}@example.cm` });
      const form = await visitor.page.locator('main form').elementHandle();
      await visitor.page.getByRole('button', { name: 'Envoyer le message' }).press('Enter');
      await visitor.page.getByText(/^Message envoyé/).waitFor();
      expect(await form!.evaluate((el) => el.isConnected), `send ${n}: the same form`).toBe(true);
      expect(await visitor.page.evaluate(() => document.activeElement?.textContent ?? '')).toMatch(
        /^Message envoyé/,
      );
      expect(visitor.pageErrors).toEqual([]);
      await visitor.context.close();
    }

    // The rest of the quota, through the API, until the database refuses (429).
    const statuses: number[] = [];
    for (let n = 1; n <= 30 && statuses.at(-1) !== 429; n++)
      statuses.push(await sendContactThroughApi(n));
    expect(statuses.at(-1), `statuses: ${statuses.join(' ')}`).toBe(429);
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);

    for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
      const { page, pageErrors, context } = await openSession(browser, viewport);
      await page.goto('/contact/');
      await settle(page);
      const typed = { ...MESSAGE, name: `${MESSAGE.name} ${viewport}` };
      await fillContact(page, typed);
      await page.getByRole('button', { name: 'Envoyer le message' }).click();

      const alert = page.getByRole('alert').filter({ hasText: /Trop de demandes/ });
      await alert.waitFor();
      expect(await alert.textContent()).toMatch(
        /^Trop de demandes depuis votre connexion\. Réessayez dans (une minute|\d+ minutes)\.$/,
      );
      expect(await alert.isVisible()).toBe(true);
      // Next to the form: inside it, just above its submit button, not in a toast.
      const form = page.locator('form').filter({ has: alert });
      expect(await form.getByRole('button', { name: 'Envoyer le message' }).count()).toBe(1);
      expect(await alert.evaluate((el) => el.nextElementSibling?.textContent)).toBe(
        'Envoyer le message',
      );
      expect(await page.getByText(/Trop de demandes/).count()).toBe(1);
      expect(await page.getByLabel(/^Nom complet/).inputValue()).toBe(typed.name);
      expect(await page.getByLabel(/^E-mail/).inputValue()).toBe(typed.email);
      expect(await page.getByLabel(/^Sujet/).inputValue()).toBe(typed.subject);
      expect(await page.getByLabel(/^Message/).inputValue()).toBe(typed.message);

      await screenshot(page, viewport, 'contact-rate-limited');
      await expectAccessible(page, `${viewport} /contact/ refused by the rate limit`);
      expect(pageErrors).toEqual([]);
      await context.close();
    }
  });
});
