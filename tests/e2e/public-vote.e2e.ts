/**
 * The Night Party's public vote end to end (issue 29), on the run's seeded database:
 * 1. an admin creates a round with three candidates at /admin/vote;
 * 2. the régie (the seed's régie account, its one page) opens it behind a confirmation;
 * 3. three passes validated at the door vote from their own browsers (one changes its vote); a
 *    fourth pass, not yet validated, is refused in French;
 * 4. the stage screen (/ecran, 1920×1080) shows the voters' count; the round closes by its timer
 *    (the database's clock); a late vote is refused;
 * 5. the régie reveals: the screen names the winner with the counts.
 * Screenshots: the stage screen in each state, the pass voting at 360 px, the régie at 360 and
 * 1280 px; axe on each.
 */
import { type Browser, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_ANON_KEY } from '../../src/config/local-backend';
import { expectAccessible } from './support/a11y';
import {
  backendAvailable,
  baseUrl,
  launchChromium,
  openSession,
  screenshot,
  settle,
  type Session,
} from './support/browser';
import { reserveThroughApi } from './support/door';

const ADMIN = ['admin@booster-challenge.local', 'BoosterAdmin2025'] as const;
const REGIE = ['regie@booster-challenge.local', 'BoosterRegie2025'] as const;
const DOOR = ['porte@booster-challenge.local', 'BoosterPorte2025'] as const;
const TITLE = `Battle de la nuit ${Date.now() % 100_000}`;
// Long enough for the steps before the close (screenshots, axe) on a busy machine.
const DURATION = 75;
const CANDIDATES = [
  ['Awa N.', 'Douala'],
  ['Les Lions', 'Yaoundé'],
  ['Yannick B.', 'Bafoussam'],
] as const;

const api = (path: string, body: unknown, token = LOCAL_ANON_KEY) =>
  fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    headers: {
      apikey: LOCAL_ANON_KEY,
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });

/** A reservation made through the API as a visitor's browser would; returns its pass code. */
const reserve = reserveThroughApi;

/** The door validates `code` (the seed's door account, through the API as its phone would). */
async function checkIn(token: string, code: string) {
  const res = await api('/rest/v1/rpc/check_in', { code, door: 'Porte 9' }, token);
  expect(res.status, await res.clone().text()).toBe(200);
}

async function signIn(page: Page, [email, password]: readonly [string, string]) {
  await page.goto('/admin/login/');
  await page.getByLabel(/^E-mail/).fill(email);
  await page.getByLabel(/^Mot de passe/).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

describe('the public vote, from the rounds to the stage screen', () => {
  let browser: Browser;
  const sessions: Session[] = [];
  let admin: Session;
  let regie: Session;
  let stage: Session;
  let voters: { code: string; session: Session }[] = [];
  let notValidated = '';

  const open = async (viewport: 'desktop' | 'phone') => {
    const s = await openSession(browser, viewport);
    sessions.push(s);
    return s;
  };

  beforeAll(async () => {
    if (!backendAvailable()) return;
    browser = await launchChromium();
    const codes = await Promise.all(
      [1, 2, 3, 4].map((i) => reserve(`Votant ${i} Ngono`, `69977740${i}`)),
    );
    const token = await fetch(`${baseUrl()}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: LOCAL_ANON_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ email: DOOR[0], password: DOOR[1] }),
    }).then(async (r) => ((await r.json()) as { access_token: string }).access_token);
    for (const code of codes.slice(0, 3)) await checkIn(token, code);
    notValidated = codes[3];
    voters = await Promise.all(
      codes.slice(0, 3).map(async (code) => ({ code, session: await open('phone') })),
    );
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state !== 'fail') return;
    const slug = ctx.task.name.slice(0, 40).replace(/[^a-z]+/gi, '-');
    for (const [i, s] of sessions.entries())
      await screenshot(s.page, 'phone', `FAILED-vote-${slug}-${i}`).catch(() => null);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('an admin creates a round with three candidates', async (ctx) => {
    if (!backendAvailable()) ctx.skip('embedded backend not mounted on vite preview');
    admin = await open('desktop');
    const { page } = admin;
    await signIn(page, ADMIN);
    await page.waitForURL((url) => /^\/admin\/?$/.test(url.pathname));
    await page.getByRole('link', { name: 'Vote du public' }).click();
    await page.getByRole('button', { name: 'Nouvelle manche' }).click();
    const form = page.getByRole('form', { name: 'Nouvelle manche' });
    await form.getByLabel(/^Titre/).fill(TITLE);
    await form.getByLabel(/^Durée/).fill(String(DURATION));
    await form.getByRole('button', { name: 'Ajouter un candidat' }).click();
    for (const [i, [name, line]] of CANDIDATES.entries()) {
      await page.locator(`#candidate-${i}-name`).fill(name);
      await page.locator(`#candidate-${i}-line`).fill(line);
    }
    await screenshot(page, 'desktop', 'vote-admin-editor');
    await expectAccessible(page, 'desktop /admin/vote editor');
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Manche créée').waitFor();
    await page.getByRole('heading', { name: new RegExp(`\\. ${TITLE}$`) }).waitFor();
    await settle(page);
    await expectAccessible(page, 'desktop /admin/vote');
    expect(admin.pageErrors).toEqual([]);
  });

  it('the stage screen waits, idle', async (ctx) => {
    if (!backendAvailable()) ctx.skip('embedded backend not mounted on vite preview');
    const s = await browser.newContext({
      baseURL: baseUrl(),
      viewport: { width: 1920, height: 1080 },
      locale: 'fr-FR',
      timezoneId: 'Africa/Douala',
    });
    const page = await s.newPage();
    const pageErrors: string[] = [];
    s.on('weberror', (e) => pageErrors.push(e.error().message));
    stage = { context: s, page, pageErrors, externalRequests: [] };
    sessions.push(stage);
    await page.goto('/ecran');
    await page.getByText('Préparez votre pass').waitFor();
    await page.screenshot({ path: 'test-artifacts/screenshots/ecran-1-idle.png' });
    await expectAccessible(page, '1920 /ecran idle');
  });

  it('the régie opens it behind a confirmation (its one page, at 360 and 1280 px)', async (ctx) => {
    if (!backendAvailable()) ctx.skip('embedded backend not mounted on vite preview');
    regie = await open('phone');
    const { page } = regie;
    await signIn(page, REGIE);
    await page.waitForURL((url) => url.pathname.startsWith('/admin/regie'));
    await page.getByRole('heading', { level: 1, name: 'Régie du vote' }).waitFor();
    const openButton = page.getByRole('button', { name: `Ouvrir ${TITLE}` });
    await openButton.waitFor();
    await settle(page);
    await screenshot(page, 'phone', 'vote-regie-ready');
    await expectAccessible(page, '360 /admin/regie');
    await openButton.click();
    const dialog = page.getByRole('alertdialog', { name: /^Ouvrir le vote\s\?$/ });
    await screenshot(page, 'phone', 'vote-regie-confirm-open');
    await expectAccessible(page, '360 /admin/regie confirmation');
    await dialog.getByRole('button', { name: 'Ouvrir le vote' }).click();
    await page.getByRole('timer').waitFor();
    await page.getByRole('button', { name: `Clore ${TITLE}` }).waitFor();
    await screenshot(page, 'phone', 'vote-regie-open');
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, 'desktop', 'vote-regie-open');
    await expectAccessible(page, '1280 /admin/regie open');
    await page.setViewportSize({ width: 360, height: 740 });
  });

  it('three validated passes vote (one changes); a pass not validated is refused', async (ctx) => {
    if (!backendAvailable()) ctx.skip('embedded backend not mounted on vite preview');
    const choices = [2, 2, 1];
    await Promise.all(
      voters.map(async ({ code, session: { page } }, i) => {
        await page.goto(`/pass/${code}`);
        const ballot = page.getByRole('region', { name: TITLE });
        const n = choices[i];
        await ballot.getByRole('button', { name: new RegExp(`^n° ${n} —`) }).click();
        await ballot
          .getByText(new RegExp(`^Vote enregistré\\s:\\sn° ${n} — ${CANDIDATES[n - 1][0]}`))
          .waitFor();
      }),
    );
    const { page } = voters[2].session;
    const ballot = page.getByRole('region', { name: TITLE });
    await ballot.getByRole('button', { name: /^n° 3 —/ }).click();
    await ballot
      .getByText(new RegExp(`^Vote enregistré\\s:\\sn° 3 — ${CANDIDATES[2][0]}`))
      .waitFor();
    await settle(page);
    await screenshot(page, 'phone', 'vote-pass-voting');
    await expectAccessible(page, '360 /pass/{code} voting');

    const refused = await open('phone');
    await refused.page.goto(`/pass/${notValidated}`);
    const panel = refused.page.getByRole('region', { name: TITLE });
    await panel.getByText(/pas encore été validé à l.entrée/).waitFor();
    expect(await panel.getByRole('button').count()).toBe(0);
    for (const v of [...voters.map((x) => x.session), refused]) expect(v.pageErrors).toEqual([]);
  });

  it('the stage screen shows the voters’ count, then the close by the timer; a late vote is refused', async (ctx) => {
    if (!backendAvailable()) ctx.skip('embedded backend not mounted on vite preview');
    const { page } = stage;
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await page.getByText('3 votants').waitFor();
    await page.screenshot({ path: 'test-artifacts/screenshots/ecran-2-open.png' });
    await expectAccessible(page, '1920 /ecran open');

    await page
      .getByRole('heading', { level: 1, name: 'Vote clos' })
      .waitFor({ timeout: (DURATION + 10) * 1000 });
    await page.getByText('3 votants').waitFor();
    await page.screenshot({ path: 'test-artifacts/screenshots/ecran-3-closed.png' });
    await expectAccessible(page, '1920 /ecran closed');

    // A late vote, as a phone that still showed the round would send it.
    const state = (await (
      await api('/rest/v1/rpc/vote_state', { code: voters[0].code })
    ).json()) as { round: unknown };
    expect(state.round).toBeNull();
    const screenState = (await (await api('/rest/v1/rpc/vote_screen_state', {})).json()) as {
      round: { id: string };
    };
    const late = await api('/rest/v1/rpc/cast_vote', {
      code: voters[0].code,
      round_id: screenState.round.id,
      candidate_id: crypto.randomUUID(),
      vote_id: crypto.randomUUID(),
    });
    const body = (await late.json()) as { message: string; hint: string };
    expect(late.status).toBeGreaterThanOrEqual(400);
    expect(body.hint).toBe('vote_closed');
    expect(body.message).toMatch(/clos/);
  }, 150_000);

  it('the régie reveals: the screen names the winner with the counts', async (ctx) => {
    if (!backendAvailable()) ctx.skip('embedded backend not mounted on vite preview');
    const { page } = regie;
    await page.getByRole('button', { name: `Révéler ${TITLE}` }).click();
    await page
      .getByRole('alertdialog', { name: /^Révéler les résultats\s\?$/ })
      .getByRole('button', { name: 'Révéler les résultats' })
      .click();
    await page.getByText(/n°\s2 — Les Lions\s:\s2 votes/).waitFor();
    await settle(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, 'desktop', 'vote-regie-revealed');
    await expectAccessible(page, '1280 /admin/regie revealed');

    const screenPage = stage.page;
    await screenPage.getByText(/^Vainqueur\s:\sn° 2 — Les Lions$/).waitFor();
    const results = screenPage.getByRole('list', { name: 'Résultats' });
    await results.getByText(/^66,7\s%/).waitFor();
    await results.getByText('2 votes').waitFor();
    // The bars rise one after the other, the winner's last, then the name.
    await screenPage.waitForTimeout(3 * 700 + 1500);
    await screenPage.screenshot({ path: 'test-artifacts/screenshots/ecran-4-revealed.png' });
    await expectAccessible(screenPage, '1920 /ecran revealed');

    await page.getByRole('button', { name: 'Remettre l’écran au repos' }).click();
    await screenPage.getByText('Préparez votre pass').waitFor();
    expect(regie.pageErrors).toEqual([]);
    expect(stage.pageErrors).toEqual([]);
  });
});
