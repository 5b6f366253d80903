/**
 * Shared by the organisers' workspace journeys (tests/e2e/workspace*.e2e.ts): the seed's admin,
 * their sign-in, and a page's screenshot with its axe check.
 */
import type { Page } from 'playwright-core';
import { screenshot, settle, type ViewportName } from './browser';
import { expectAccessible } from './a11y';

const ADMIN_EMAIL = 'admin@booster-challenge.local';
const ADMIN_PASSWORD = 'BoosterAdmin2025';

export async function waitForToast(page: Page, text: string | RegExp) {
  await page.getByText(text).first().waitFor();
}

export async function signIn(page: Page, email = ADMIN_EMAIL, password = ADMIN_PASSWORD) {
  await page.goto('/admin/login/');
  await page.getByLabel(/^E-mail/).fill(email);
  await page.getByLabel(/^Mot de passe/).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await waitForToast(page, 'Connexion réussie!');
  await page.waitForURL((url) => /^\/admin\/?$/.test(url.pathname));
}

/** Screenshot and axe of the page as it is now. */
export async function check(page: Page, viewport: ViewportName, name: string) {
  await settle(page);
  await screenshot(page, viewport, name);
  await expectAccessible(page, `${viewport} ${name}`);
}
