/**
 * The pass → door journey, at phone and desktop size, on the run's seeded database:
 * 1. a visitor reserves a place and sees the pass and its QR code; its link opens in another context;
 * 2. door staff sign in at /porte (the seed's door account, role `controle`) in a browser whose
 *    camera films the rendered QR code (Chromium's fake camera fed with a picture of it), so the
 *    pass is read by the very decoder of the camera path: "Entrée validée", then "Déjà entré";
 * 3. the other verdicts (unknown, waitlisted, cancelled, an impossible code) typed;
 * 4. without a door list, a scan made offline is queued in IndexedDB, shown as pending, and sent
 *    once when the network returns.
 * axe on the pass page and every door state; a screenshot of each verdict.
 */
import { chromium, type Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  backendAvailable,
  baseUrl,
  CHROMIUM_FLAGS,
  CHROMIUM_PATH,
  launchChromium,
  openSession,
  screenshot,
  settle,
  VIEWPORTS,
  type Session,
  type ViewportName,
} from './support/browser';
import { expectAccessible } from './support/a11y';
import {
  checkInCodes,
  WAITLISTED_PASS,
  CANCELLED_PASS,
  passCodeSentTo,
  reserveThroughApi,
  fakeCameraFile,
  queuedInIndexedDb,
  entered,
  keyboardFocusRing,
  withoutDoorList,
} from './support/door';
import { expectScanInFirstScreen, IMPOSSIBLE, signInAtDoor } from './support/door-hand';

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('pass and door at %s size', (viewport) => {
  const n = viewport === 'desktop' ? '1' : '2';
  const guest = { name: 'Awa Ngono', phone: `69955510${n}` };
  const doorName = `Porte ${Number(n) + 1}`;
  let browser: Browser;
  let doorBrowser: Browser | undefined;
  let visitor: Session;
  let door: Session;
  let passCode = '';
  let qrPng: Buffer;

  beforeAll(async () => {
    browser = await launchChromium();
    visitor = await openSession(browser, viewport);
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state !== 'fail') return;
    const slug = ctx.task.name.slice(0, 40).replace(/[^a-z]+/gi, '-');
    await screenshot(visitor.page, viewport, `FAILED-door-${slug}-visitor`).catch(() => null);
    if (door) await screenshot(door.page, viewport, `FAILED-door-${slug}-door`).catch(() => null);
  });
  afterAll(async () => {
    await doorBrowser?.close();
    await browser?.close();
  });

  it('a visitor reserves; the pass opens with its QR code from the message’s link', async (ctx) => {
    if (!backendAvailable()) ctx.skip('embedded backend not mounted on vite preview');
    const { page } = visitor;
    await page.goto('/night-party/');
    await settle(page);
    await page.getByLabel(/^Nom complet/).fill(guest.name);
    await page.getByLabel(/^Téléphone/).fill(guest.phone);
    await page.getByLabel(/^Ville/).fill('Yaoundé');
    await page
      .getByRole('radiogroup', { name: 'Comment avez-vous entendu parler de la Night Party ?' })
      .getByLabel('Réseaux sociaux')
      .check();
    await page.getByRole('button', { name: 'Réserver ma place' }).click();
    // No code on screen (ADR 039): the pass is the message's link, sent to the phone.
    await page.getByText(/^Votre pass vous est envoyé par SMS au/).waitFor();
    await screenshot(page, viewport, 'door-journey-reservation-pass');
    passCode = await passCodeSentTo(guest.phone);
    expect(passCode).toMatch(/^[2-9A-HJKMNP-Z]{10}$/);
    expect(await page.content()).not.toContain(passCode);

    // The message's link, opened in another browser (the visitor's SMS, another phone).
    const other = await openSession(browser, viewport);
    await other.page.goto(`/pass/${passCode}`);
    const qr = other.page.getByRole('img', { name: /^QR code/ });
    await qr.waitFor();
    await settle(other.page);
    await other.page.getByText(/Awa/).first().waitFor();
    await screenshot(other.page, viewport, 'pass');
    await expectAccessible(other.page, `${viewport} /pass/{code}`);
    qrPng = await qr.screenshot();
    expect(other.pageErrors).toEqual([]);
    await other.context.close();
  });

  it('door staff scan the QR code with the camera: validated, then "déjà entré"', async (ctx) => {
    if (!backendAvailable()) ctx.skip('embedded backend not mounted on vite preview');
    expect(passCode, 'the reservation test ran').not.toBe('');
    const camera = await fakeCameraFile(visitor.page, qrPng, `door-fake-camera-${viewport}`);
    doorBrowser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [
        ...CHROMIUM_FLAGS,
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        `--use-file-for-fake-video-capture=${camera}`,
      ],
    });
    door = await openSession(doorBrowser, viewport);
    await door.context.grantPermissions(['camera'], { origin: baseUrl() });
    const { page } = door;
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    const checkedIn = checkInCodes(page); // the QR's token, not the pass code (ADR 042)

    await page.goto('/porte/');
    await page.getByRole('heading', { level: 1, name: 'Contrôle des entrées' }).waitFor();
    await page.getByRole('button', { name: 'Se connecter' }).waitFor();
    await screenshot(page, viewport, 'door-sign-in');
    await expectAccessible(page, `${viewport} /porte/ sign-in`);
    expect(await page.title()).toBe('Contrôle des entrées — Booster Night Party');

    // The door is chosen among those the admins declared, none ticked for the steward (ADR 043).
    await signInAtDoor(page, viewport, doorName);
    await page.locator('dd', { hasText: / \/ / }).first().waitFor();
    await settle(page);
    await screenshot(page, viewport, 'door-screen');
    await expectAccessible(page, `${viewport} /porte/ check-in screen`);
    // Nothing of the scanner before the camera opens.
    expect(requested.filter((u) => /ponyfill|CameraScanner|\.wasm/.test(u))).toEqual([]);
    const before = await entered(page);

    await page.getByRole('button', { name: 'Scanner avec la caméra' }).click();
    const heading = page.getByRole('heading', {
      level: 2,
      name: /^(Entrée validée|Déjà entré|Pass inconnu)/,
    });
    await heading.waitFor({ timeout: 30_000 });
    expect(await heading.textContent()).toBe(`Entrée validée — Awa N.`);
    await expect
      .poll(() =>
        page
          .getByRole('button', { name: 'Scanner le suivant' })
          .evaluate((el) => el === document.activeElement),
      )
      .toBe(true);
    expect(checkedIn).toEqual([expect.stringMatching(/^[A-Za-z0-9_-]{22}$/)]);
    await screenshot(page, viewport, 'door-verdict-validated');
    await expectAccessible(page, `${viewport} /porte/ verdict validated`);
    // The decoder's WebAssembly came from our own origin, nothing from a CDN.
    // (This Chromium has no native BarcodeDetector: the polyfill and its .wasm were loaded.)
    const native = await page.evaluate(() => 'BarcodeDetector' in window);
    const wasm = requested.filter((u) => u.endsWith('.wasm'));
    expect(wasm.length).toBe(native ? 0 : 1);
    for (const u of wasm) expect(new URL(u).origin).toBe(new URL(baseUrl()).origin);
    expect(door.externalRequests).toEqual([]);

    // The same pass still in front of the camera: the next reading says it has entered.
    await page.getByRole('button', { name: 'Scanner le suivant' }).click();
    const already = page.getByRole('heading', { level: 2, name: /^Déjà entré à \d+\sh/ });
    await already.waitFor({ timeout: 30_000 });
    expect(await already.textContent()).toMatch(
      new RegExp(`^Déjà entré à \\d{1,2}\\sh(?:\\s\\d\\d)? \\(porte ${Number(n) + 1}\\)$`),
    );
    await screenshot(page, viewport, 'door-verdict-already');
    await expectAccessible(page, `${viewport} /porte/ verdict already`);
    await page.getByRole('button', { name: 'Scanner le suivant' }).click();
    await page.getByRole('button', { name: 'Fermer la caméra' }).click();
    await expect.poll(() => entered(page)).toBe(before + 1);

    // The visitor's pass now says so.
    await visitor.page.goto(`/pass/${passCode}`);
    await visitor.page
      .getByText(/Entrée validée/)
      .first()
      .waitFor();
    expect(door.pageErrors).toEqual([]);
  });

  it('an admin undoes the entry from the reservations list, with a reason', async (ctx) => {
    if (!backendAvailable()) ctx.skip('embedded backend not mounted on vite preview');
    // docs/decisions/017-roles-and-door-window.md: the seed's admin, in a browser of their own.
    const admin = await openSession(browser, viewport);
    const { page } = admin;
    await page.goto('/admin/login/');
    await page.getByLabel(/^E-mail/).fill('admin@booster-challenge.local');
    await page.getByLabel(/^Mot de passe/).fill('BoosterAdmin2025');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL((url) => /^\/admin\/?$/.test(url.pathname));
    await page.goto(`/admin/reservations/?search=${guest.phone}&state=checked_in`);
    const undo = page.getByRole('button', { name: `Annuler l’entrée de ${guest.name}` }).first();
    await undo.waitFor();
    await undo.click();
    const dialog = page.getByRole('dialog', {
      name: new RegExp(`^Annuler l’entrée de ${guest.name}\\s\\?$`),
    });
    await dialog.getByRole('textbox', { name: /^Motif/ }).fill('Pass scanné pour l’essai');
    await settle(page);
    await screenshot(page, viewport, 'reservations-undo-check-in-dialog');
    await expectAccessible(page, `${viewport} /admin/reservations undo dialog`);
    await dialog.getByRole('button', { name: 'Annuler l’entrée' }).click();
    await page
      .getByText(`Entrée de ${guest.name} annulée : le pass est de nouveau valide`)
      .waitFor();
    // The pass is valid again: the door lets it in once more.
    await visitor.page.goto(`/pass/${passCode}`);
    await visitor.page.getByText('Place confirmée').first().waitFor();
    expect(admin.pageErrors).toEqual([]);
    await admin.context.close();
  });

  it('the other verdicts, typed: unknown, waitlisted, cancelled, an impossible code; the code field never leaves the first screen', async (ctx) => {
    if (!backendAvailable()) ctx.skip('embedded backend not mounted on vite preview');
    const { page } = door;
    const cases = [
      ['ZZZZZ-ZZZZZ', /^Pass inconnu$/, 'unknown', 'Aucun pass ne correspond à ce code.'],
      [WAITLISTED_PASS, /^Liste d’attente/, 'waitlisted', /^Pas de place confirmée/],
      [CANCELLED_PASS, /^Annulé$/, 'cancelled', /^Ce pass a été annulé/],
      // Read aloud wrong: its reason, as a verdict (ADR 043).
      ['ABCDE12345', /^Code impossible$/, 'impossible', IMPOSSIBLE],
    ] as const;
    // The camera button and the code field in the first screen, before and after each verdict.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectScanInFirstScreen(page, 'before a verdict');
    for (const [code, title, name, line] of cases) {
      await page.getByLabel('Code du pass').fill(code);
      await page.getByRole('button', { name: 'Valider le code' }).click();
      await page.getByRole('heading', { level: 2, name: title }).waitFor();
      await page.getByRole('alert').getByText(line).waitFor();
      await screenshot(page, viewport, `door-verdict-${name}`);
      await expectAccessible(page, `${viewport} /porte/ verdict ${name}`);
      await page.getByRole('button', { name: 'Scanner le suivant' }).click();
      await page.getByLabel('Code du pass').waitFor();
      await expectScanInFirstScreen(page, `after "${name}"`);
    }
  });

  it('without a door list, an offline scan is queued on the phone and sent once when the network returns', async (ctx) => {
    if (!backendAvailable()) ctx.skip('embedded backend not mounted on vite preview');
    const code = await reserveThroughApi('Paul Mbarga', `69955520${n}`);
    const { page, context } = door;
    await expect.poll(() => entered(page)).toBeGreaterThan(0);
    const before = await entered(page);

    // No door list on this phone (its download fails): without the network a scan can only wait
    // (the verdicts from the list: tests/e2e/door-offline.e2e.ts).
    await withoutDoorList(page, context);
    await context.setOffline(true);
    await page.getByLabel('Code du pass').fill(code);
    await page.getByRole('button', { name: 'Valider le code' }).click();
    await page
      .getByRole('heading', { level: 2, name: 'En attente de réseau — sera envoyé' })
      .waitFor();
    // The focus ring of "Scanner le suivant" on the offline blue (issue 31).
    const next = page.getByRole('button', { name: 'Scanner le suivant' });
    expect((await keyboardFocusRing(page, context, next)).outer).toBeGreaterThanOrEqual(3);
    await screenshot(page, viewport, 'door-verdict-queued');
    await expectAccessible(page, `${viewport} /porte/ verdict queued`);
    expect(await queuedInIndexedDb(page)).toBe(1);
    await page.getByRole('button', { name: 'Scanner le suivant' }).click();
    await page.getByText('1 contrôle en attente de réseau — sera envoyé').waitFor();
    await screenshot(page, viewport, 'door-pending');
    await expectAccessible(page, `${viewport} /porte/ scan pending`);

    // Signing out now would leave the scan on the phone: the steward is warned first.
    await page.getByRole('button', { name: 'Déconnexion' }).click();
    const warning = page.getByRole('region', { name: '1 contrôle n’est pas encore envoyé' });
    await warning.waitFor();
    expect(await warning.evaluate((el) => el === document.activeElement)).toBe(true);
    await screenshot(page, viewport, 'door-sign-out-pending');
    await expectAccessible(page, `${viewport} /porte/ sign-out with a scan pending`);
    await warning.getByRole('button', { name: 'Rester connecté' }).click();
    await warning.waitFor({ state: 'detached' });

    await context.setOffline(false);
    const sent = page.getByRole('region', { name: 'Envoyés après la coupure' });
    await sent.getByText(/Entrée validée — Paul M\./).waitFor({ timeout: 30_000 });
    await page.getByText(/en attente de réseau/).waitFor({ state: 'detached' });
    expect(await queuedInIndexedDb(page)).toBe(0);
    await expect.poll(() => entered(page), { timeout: 15_000 }).toBe(before + 1);
    await screenshot(page, viewport, 'door-sent-after-outage');
    await expectAccessible(page, `${viewport} /porte/ sent after the outage`);

    await context.unroute('**/rest/v1/rpc/door_list');
    // Scanned again, online: it has entered once.
    await page.getByLabel('Code du pass').fill(code);
    await page.getByRole('button', { name: 'Valider le code' }).click();
    await page.getByRole('heading', { level: 2, name: /^Déjà entré à/ }).waitFor();
    await page.getByRole('button', { name: 'Scanner le suivant' }).click();
    expect(await entered(page)).toBe(before + 1);
    expect(door.pageErrors).toEqual([]);
  });
});
