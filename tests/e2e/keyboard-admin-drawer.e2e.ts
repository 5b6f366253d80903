/**
 * Issue 15 with the keyboard alone: the administration's drawer on a phone, which must behave
 * as a modal.
 *
 * After every key press and every action, the focus must not be on <body> (where a keyboard
 * user loses their place), and after an action it must be where the result is. The key presses
 * are counted per journey, printed as a table and written to test-artifacts/keyboard-journeys.json
 * (support/keyboard-journeys.ts).
 */
import { describe, expect, it } from 'vitest';
import { backendAvailable, launchChromium, openSession } from './support/browser';
import { is } from './support/keyboard';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  reportKeyPressesAfterAll,
  field,
  EMAIL,
  keyboardUser,
  report,
} from './support/keyboard-journeys';

reportKeyPressesAfterAll();

describe('the administration’s drawer on a phone', () => {
  it('is modal: focus inside, the rest inert, Escape and its close button back to Menu', async (ctx) => {
    if (!backendAvailable()) ctx.skip('embedded backend not mounted on vite preview');
    const browser = await launchChromium();
    try {
      const { page } = await openSession(browser, 'phone');
      await page.goto('/admin/login/');
      await field(page, EMAIL).fill(ADMIN_EMAIL);
      await field(page, 'Mot de passe').fill(ADMIN_PASSWORD);
      await page.getByRole('button', { name: 'Se connecter' }).click();
      await page.getByRole('heading', { level: 1, name: 'Tableau de bord' }).waitFor();
      const user = keyboardUser(page, 'admin drawer (phone)');
      const menu = page.getByRole('button', { name: 'Menu' });
      await menu.focus();

      await user.press('Enter');
      await user.expectFocus(
        (f) => f.inDrawer && f.tag === 'BUTTON' && f.name === 'Fermer le menu',
        'Menu: the drawer’s close button',
      );
      expect(await page.locator('main').evaluate((m) => (m as HTMLElement).inert)).toBe(true);
      expect(
        await page
          .locator('header')
          .first()
          .evaluate((h) => (h as HTMLElement).inert),
      ).toBe(true);
      // The close button lies wholly inside the drawer.
      const drawerBox = await page.locator('#admin-drawer').boundingBox();
      const closeBox = await page.getByRole('button', { name: 'Fermer le menu' }).boundingBox();
      expect(drawerBox && closeBox).toBeTruthy();
      if (drawerBox && closeBox) {
        expect(closeBox.x).toBeGreaterThanOrEqual(drawerBox.x);
        expect(closeBox.y).toBeGreaterThanOrEqual(drawerBox.y);
        expect(closeBox.x + closeBox.width).toBeLessThanOrEqual(drawerBox.x + drawerBox.width);
      }
      // Tab goes round the drawer: twice its number of controls, never out of it.
      const controls = await page.locator('#admin-drawer').locator('a[href], button').count();
      for (let i = 0; i < controls * 2; i++) {
        await user.press('Tab');
        const now = await user.expectFocus((f) => f.inDrawer, `Tab ${i + 1} inside the drawer`, {
          timeout: 0,
        });
        expect(now.inDrawer, `Tab ${i + 1} left the drawer for ${now.tag} "${now.name}"`).toBe(
          true,
        );
      }
      await user.press('Shift+Tab');
      await user.expectFocus((f) => f.inDrawer, 'Shift+Tab inside the drawer', { timeout: 0 });

      await user.press('Escape');
      await user.expectFocus(is.button('Menu'), 'Escape: back to Menu');
      expect(await page.locator('#admin-drawer').count()).toBe(0);
      expect(await page.locator('main').evaluate((m) => (m as HTMLElement).inert)).toBe(false);

      await user.press('Enter');
      await user.expectFocus((f) => f.name === 'Fermer le menu', 'Menu again: close button');
      await user.press('Enter');
      await user.expectFocus(is.button('Menu'), 'close button: back to Menu');

      // A link of the drawer: the drawer closes and the new page's h1 gets the focus.
      await user.press('Enter');
      await user.tabTo(is.link('Statistiques'), 'to the drawer’s Statistiques');
      await user.press('Enter');
      await page.waitForURL((url) => url.pathname.startsWith('/admin/stats'));
      await user.expectFocus(is.heading('Statistiques'), 'Statistiques: the page’s h1');

      report(user);
      expect(user.explained('lost'), 'steps that left the focus on <body>').toEqual([]);
      expect(
        user.explained('misplaced'),
        'steps that left the focus elsewhere than expected',
      ).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
