/**
 * The door that fits the hand (docs/decisions/043-the-door-fits-the-hand.md), for
 * tests/e2e/door.e2e.ts and door-offline.e2e.ts: doors declared as an admin does, the door chosen
 * at sign-in, and what must stay in a phone's first screen.
 */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { LOCAL_ANON_KEY } from '../../../src/config/local-backend';
import { baseUrl, screenshot, settle, type ViewportName } from './browser';
import { expectAccessible } from './a11y';
import { DOOR_EMAIL, DOOR_PASSWORD } from './door';

/** What the door says of a typed code holding a 1 (door.e2e.ts). */
export const IMPOSSIBLE = 'Ce code contient un 1 : les pass n’ont ni 0, 1, I, L ni O.';

/**
 * Adds `names` to the doors the admins declared (docs/decisions/043-the-door-fits-the-hand.md),
 * through the API as the seed's admin, keeping those already there.
 */
export async function declareDoors(...names: string[]): Promise<void> {
  const auth = await fetch(`${baseUrl()}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: LOCAL_ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@booster-challenge.local', password: 'BoosterAdmin2025' }),
  });
  const { access_token: token } = (await auth.json()) as { access_token: string };
  const call = async (fn: string, body: unknown) => {
    const res = await fetch(`${baseUrl()}/rest/v1/rpc/${fn}`, {
      method: 'POST',
      headers: {
        apikey: LOCAL_ANON_KEY,
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    expect(res.status, text).toBe(200);
    return JSON.parse(text) as string[];
  };
  const declared = await call('door_names', {});
  const missing = names.filter((n) => !declared.includes(n));
  if (missing.length > 0) await call('admin_save_door_names', { names: [...declared, ...missing] });
}

/** After the sign-in at /porte: the steward chooses their door among the declared ones. */
export async function chooseDoor(page: Page, door: string): Promise<void> {
  await page.getByRole('radio', { name: door, exact: true }).check();
  await page.getByRole('button', { name: 'Commencer le contrôle' }).click();
}

/**
 * Whether `locator` lies wholly within the first screen: the page not scrolled, the element
 * between the top and the bottom of the viewport (a 360×740 phone's first screen).
 */
async function inFirstScreen(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { top: r.top + window.scrollY, bottom: r.bottom + window.scrollY, h: innerHeight };
  });
  const scrolled = await page.evaluate(() => window.scrollY);
  return scrolled === 0 && box.top >= 0 && box.bottom <= box.h;
}

/**
 * The choice of the door right after the sign-in: the declared doors offered (the seed's among
 * them), none ticked for the steward, no text field to type a door of one's own.
 */
async function expectDoorChoice(page: Page): Promise<void> {
  const choice = page.getByRole('group', { name: 'À quelle porte contrôlez-vous ?' });
  await choice.waitFor();
  const offered = await choice
    .getByRole('radio')
    .evaluateAll((radios) =>
      radios.map((r) => [(r as HTMLInputElement).value, (r as HTMLInputElement).checked]),
    );
  expect(offered.map(([name]) => name)).toEqual(
    expect.arrayContaining(['Porte 1', 'Porte 2', 'Porte 3']),
  );
  expect(offered.filter(([, checked]) => checked)).toEqual([]);
  expect(await page.getByRole('textbox').count()).toBe(0);
}

/** The camera button, the code field and its button, all in the first screen (`when`: for the message). */
export async function expectScanInFirstScreen(page: Page, when: string): Promise<void> {
  for (const target of [
    page.getByRole('button', { name: 'Scanner avec la caméra' }),
    page.getByLabel('Code du pass'),
    page.getByRole('button', { name: 'Valider le code' }),
  ])
    expect(await inFirstScreen(page, target), `${when}: ${String(target)}`).toBe(true);
}

/**
 * Signs in at /porte (the page already open) with the seed's door account, checks the choice of the door (screenshot and axe
 * included), chooses `door` and waits for the check-in screen at that door.
 */
export async function signInAtDoor(
  page: Page,
  viewport: ViewportName,
  door: string,
): Promise<void> {
  await page.getByLabel(/^E-mail/).fill(DOOR_EMAIL);
  await page.getByLabel(/^Mot de passe/).fill(DOOR_PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expectDoorChoice(page);
  await settle(page);
  await screenshot(page, viewport, 'door-choice');
  await expectAccessible(page, `${viewport} /porte/ door choice`);
  await chooseDoor(page, door);
  await page.getByLabel('Code du pass').waitFor();
  await page.getByRole('heading', { level: 2, name: `Cette porte : ${door}` }).waitFor();
}
