/**
 * Two journeys of issue 15 with the keyboard alone, at desktop size, on the built site and its
 * embedded backend: a Night Party reservation (/night-party → the pass) and a contact message
 * (/ → /contact → sent).
 *
 * After every key press and every action, the focus must not be on <body> (where a keyboard
 * user loses their place), and after an action it must be where the result is. The key presses
 * are counted per journey, printed as a table and written to test-artifacts/keyboard-journeys.json
 * (support/keyboard-journeys.ts).
 */
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  backendAvailable,
  launchChromium,
  openSession,
  screenshot,
  type Session,
} from './support/browser';
import { is } from './support/keyboard';
import {
  GUEST,
  CONTACT,
  reportKeyPressesAfterAll,
  interactive,
  field,
  EMAIL_FIELD,
  keyboardUser,
  report,
} from './support/keyboard-journeys';

reportKeyPressesAfterAll();

describe('keyboard-only journeys (desktop)', () => {
  let browser: Browser;
  let session: Session;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail' && session) {
      const slug = ctx.task.name.slice(0, 30).replace(/[^a-z]+/gi, '-');
      await screenshot(session.page, 'desktop', `FAILED-keyboard-${slug}`).catch(() => undefined);
    }
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('reserves a Night Party place, then says where the pass was sent', async (ctx) => {
    if (!backendAvailable()) ctx.skip('embedded backend not mounted on vite preview');
    session = await openSession(browser, 'desktop');
    const { page } = session;
    const user = keyboardUser(page, 'reservation');
    await page.goto('/night-party/');
    await field(page, 'Nom complet').waitFor();
    await interactive(page, 'form input[name="fullName"]');

    await user.tabTo(is.field('Nom complet'), 'to Nom complet');
    await user.type(GUEST.name);
    await user.tabTo(is.field('Téléphone'), 'to Téléphone');
    await user.type(GUEST.phone);
    await user.tabTo(is.field('Ville'), 'to Ville');
    await user.type(GUEST.city);
    await user.tabTo(is.radio(/^Flyer/), 'to the first answer of "entendu parler"');
    await user.press('ArrowRight');
    await user.expectFocus(is.radio(/^Réseaux sociaux/), 'ArrowRight: Réseaux sociaux');
    expect(await page.getByRole('radio', { name: 'Réseaux sociaux' }).isChecked()).toBe(true);
    await user.tabTo(is.button('Réserver ma place'), 'to Réserver ma place');
    await user.press('Enter');
    await page.waitForURL((url) => url.pathname.startsWith('/reservation-success'));
    await user.expectFocus(is.heading(/./), 'Réserver: the confirmation’s h1', { timeout: 20_000 });
    await page.getByRole('heading', { level: 1, name: 'Réservation enregistrée' }).waitFor();
    await page.getByText(/^Votre pass vous est envoyé par SMS au/).waitFor();
    await user.check('where the pass was sent is shown (ADR 039)');

    report(user);
    expect(user.explained('lost'), 'steps that left the focus on <body>').toEqual([]);
    expect(
      user.explained('misplaced'),
      'steps that left the focus elsewhere than the result',
    ).toEqual([]);
    expect(session.pageErrors).toEqual([]);
  });

  it('follows the header link to /contact and sends a message', async (ctx) => {
    if (!backendAvailable()) ctx.skip('embedded backend not mounted on vite preview');
    session = await openSession(browser, 'desktop');
    const { page } = session;
    const user = keyboardUser(page, 'contact');
    await page.goto('/');
    await interactive(page, 'header nav a[href="/contact"]');

    await user.tabTo(is.link('Contact'), 'to the header’s Contact link');
    await user.press('Enter');
    await page.waitForURL((url) => url.pathname.startsWith('/contact'));
    await user.expectFocus(is.heading('Contactez-nous'), 'Contact link: the page’s h1');
    await field(page, 'Nom complet').waitFor();
    await user.tabTo(is.field('Nom complet'), 'to Nom complet');
    await user.type(CONTACT.name);
    await user.tabTo(is.field(EMAIL_FIELD), 'to E-mail');
    await user.type(CONTACT.email);
    await user.tabTo(is.field('Sujet'), 'to Sujet');
    await user.type(CONTACT.subject);
    await user.tabTo(is.field('Message'), 'to Message');
    await user.type(CONTACT.message);
    await user.tabTo(is.button('Envoyer le message'), 'to Envoyer le message');
    await user.press('Enter');
    await user.expectFocus(
      (f) => f.tag === 'P' && f.name.startsWith('Message envoyé'),
      'Envoyer: the line saying it is sent',
      { timeout: 30_000 },
    );
    expect(await field(page, 'Nom complet').inputValue()).toBe('');

    report(user);
    expect(user.explained('lost'), 'steps that left the focus on <body>').toEqual([]);
    expect(
      user.explained('misplaced'),
      'steps that left the focus elsewhere than the result',
    ).toEqual([]);
    expect(session.pageErrors).toEqual([]);
  });
});
