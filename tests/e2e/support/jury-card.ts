/**
 * A judge's card that cannot mislead (issue 40, item 4), for tests/e2e/jury-scorecards.e2e.ts:
 * an unscored card shows no value, and the lock's confirmation names the missing notes.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { screenshot } from './browser';
import { expectAccessible } from './a11y';
import { scorecard } from './jury';

/**
 * The first card on a phone, before any note: nothing says the notes are all sent, and no
 * criterion has a value: no slider (a thumb in the middle read as a 5), bars without
 * aria-valuenow; − on one gives nothing (it used to give 5). Screenshot and axe included.
 */
export async function expectUnscoredCard(page: Page): Promise<void> {
  await page.getByText('Candidat 1 sur 3').waitFor();
  expect(await page.getByText('Toutes vos notes sont envoyées.').count()).toBe(0);
  expect(await scorecard(page).getByRole('slider').count()).toBe(0);
  expect(await scorecard(page).locator('input[type="range"]').count()).toBe(0);
  const bars = scorecard(page).getByRole('spinbutton');
  expect(await bars.count()).toBe(4);
  for (const bar of await bars.all()) {
    expect(await bar.getAttribute('aria-valuenow')).toBeNull();
    expect(await bar.getAttribute('aria-valuetext')).toBe('pas encore noté');
  }
  await screenshot(page, 'phone', 'jury-scorecard-unscored');
  await expectAccessible(page, 'phone /jury/ scorecard unscored');
  await scorecard(page)
    .getByRole('button', { name: /un demi-point de moins$/ })
    .first()
    // aria-disabled, as it should be: the tap is forced to show it does nothing.
    .click({ force: true });
  expect(await bars.count()).toBe(4);
  expect(await scorecard(page).locator('output').first().textContent()).toBe('— / 10');
}

/**
 * The lead judge's lock asks before anything: its confirmation names `missing`; cancelled here
 * (screenshot and axe included).
 */
export async function expectLockAsks(page: Page, missing: RegExp): Promise<void> {
  const lock = page.getByRole('region', { name: 'Verrouiller la session' });
  await lock.getByRole('button', { name: 'Verrouiller la session…' }).click();
  const confirm = lock.getByRole('group', {
    name: /^Verrouiller la session sans toutes les notes/,
  });
  await confirm.getByText(missing).waitFor();
  await screenshot(page, 'phone', 'jury-lock-confirm');
  await expectAccessible(page, 'phone /jury/ lock confirmation');
  await confirm.getByRole('button', { name: 'Annuler' }).click();
}

/** After the last performer: "Fin de la session", saying `text`. */
export const expectEnd = (page: Page, text: string | RegExp) =>
  page.getByRole('region', { name: 'Fin de la session' }).getByText(text).waitFor();
