/**
 * Shared by the jury's end-to-end test (tests/e2e/jury-scorecards.e2e.ts): the seed's accounts,
 * the API as the site's own pages call it (performers registered and convoked, what the database
 * holds), and the judge's page's helpers.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { LOCAL_ANON_KEY } from '../../../src/config/local-backend';
import { doualaDay } from '../../../src/lib/dates';
import { solveProofOfWork } from '../../setup/proof-of-work';
import { baseUrl } from './browser';

// The seed's accounts (supabase/seed.sql, README): the admin and the two demo judges.
export const ADMIN = ['admin@booster-challenge.local', 'BoosterAdmin2025'] as const;
export const JUDGE_1 = ['jury@booster-challenge.local', 'BoosterJury2025'] as const;
export const JUDGE_2 = ['jury2@booster-challenge.local', 'BoosterJury2025'] as const;

const headers = (token: string) => ({
  apikey: LOCAL_ANON_KEY,
  authorization: `Bearer ${token}`,
  'content-type': 'application/json',
});

/** A function of the database, called as the pages call it; its JSON answer. */
export async function rpc<T>(name: string, body: unknown, token = LOCAL_ANON_KEY): Promise<T> {
  const res = await fetch(`${baseUrl()}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: headers(token),
    body: JSON.stringify(body),
  });
  const text = await res.text();
  expect(res.status, `${name}: ${text}`).toBe(200);
  return JSON.parse(text) as T;
}

/** Rows of a table or view the token may read (PostgREST query string). */
export async function rows<T>(query: string, token: string): Promise<T[]> {
  const res = await fetch(`${baseUrl()}/rest/v1/${query}`, { headers: headers(token) });
  const text = await res.text();
  expect(res.status, `${query}: ${text}`).toBe(200);
  return JSON.parse(text) as T[];
}

export async function accessToken([email, password]: readonly [string, string]) {
  const res = await fetch(`${baseUrl()}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: LOCAL_ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as { access_token?: string };
  expect(body.access_token, JSON.stringify(body)).toBeTruthy();
  return body.access_token ?? '';
}

/** Registers a singer through the public form's function; returns the participant's id. */
export async function registerSinger(name: string, phone: string): Promise<string> {
  const id = crypto.randomUUID();
  await rpc('register_participant', {
    payload: {
      id,
      full_name: name,
      email: `${phone}@example.cm`,
      phone,
      city: 'Douala',
      region: 'Littoral',
      category: 'singing',
      participation_type: 'solo',
      agree_to_terms: true,
      team_members: [],
      website: '',
      pow: await solveProofOfWork(baseUrl()),
    },
  });
  return id;
}

/** The Douala day of now (yyyy-mm-dd). */
export const doualaToday = () => doualaDay();

/** Signs in on the jury's page and waits for the session's scorecard. */
export async function signInJury(page: Page, [email, password]: readonly [string, string]) {
  await page.goto('/jury/');
  await page.getByLabel(/^E-mail/).fill(email);
  await page.getByLabel(/^Mot de passe/).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.getByRole('heading', { level: 1, name: 'Jury des auditions' }).waitFor();
}

/** The scorecard of the performer shown. */
export const scorecard = (page: Page) => page.getByRole('form', { name: /^Notes de / });

export const currentPerformer = (page: Page) => page.locator('#jury-current-title').textContent();

/**
 * Every criterion to `value` with the keyboard: End on the unscored bar (10), then ← on the
 * slider it becomes, which keeps the focus.
 */
export async function scoreWithKeyboard(page: Page, value: number) {
  const groups = scorecard(page)
    .getByRole('group')
    .filter({ has: page.getByRole('spinbutton') });
  const n = await groups.count();
  for (let i = 0; i < n; i++) {
    // Each scored bar leaves the list: the first unscored one is always nth(0).
    const group = scorecard(page)
      .getByRole('group')
      .filter({ has: page.getByRole('spinbutton') })
      .first();
    const label = await group.getAttribute('aria-labelledby');
    await group.getByRole('spinbutton').focus();
    await page.keyboard.press('End');
    const slider = scorecard(page).locator(`input[type="range"][aria-labelledby="${label}"]`);
    await expect.poll(() => slider.evaluate((el) => el === document.activeElement)).toBe(true);
    for (let k = 0; k < Math.round((10 - value) * 2); k++) await page.keyboard.press('ArrowLeft');
    expect(await slider.getAttribute('aria-valuetext')).toBe(
      `${String(value).replace('.', ',')} sur 10`,
    );
  }
}

/** Every criterion to `value` with a tap on the bar where the note is, as a finger does. */
export async function scoreWithButtons(page: Page, value: number) {
  const bars = scorecard(page).getByRole('spinbutton');
  const n = await bars.count();
  for (let i = 0; i < n; i++) {
    const bar = scorecard(page).getByRole('spinbutton').first();
    const label = await bar.getAttribute('aria-labelledby');
    const box = await bar.boundingBox();
    if (!box) throw new Error('the bar is not on screen');
    await bar.click({ position: { x: (box.width * value) / 10, y: box.height / 2 } });
    const slider = scorecard(page).locator(`input[type="range"][aria-labelledby="${label}"]`);
    expect(await slider.getAttribute('aria-valuetext')).toBe(
      `${String(value).replace('.', ',')} sur 10`,
    );
  }
}

export async function next(page: Page, expectedNext: string | null) {
  await scorecard(page)
    .getByRole('button', { name: /^(Suivant|Enregistrer)$/ })
    .click();
  if (expectedNext) await expect.poll(() => currentPerformer(page)).toBe(expectedNext);
}

/**
 * Waits until the offline worker controls the page (a reload then works without network). Its
 * install fetches every file it keeps offline: in CI, with the two shards and their browsers on 2
 * cores, that once took more than 20 s.
 */
export async function controlledByWorker(page: Page) {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker?.controller !== null), {
      timeout: 60_000,
    })
    .toBe(true);
}
