import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signOutAdmin } from '@/data/staff/admin-auth';
import { testBackend } from '../setup/test-backend';
import { renderAdmin } from './admin-render';

/**
 * Toasts (issue 14): a toast replaces the stale toasts of the same action, an error is
 * shown once (the sign-in's refusal is a toast, not also a message in the form), and toasts use
 * the site's font rather than react-toastify's.
 */
const backend = testBackend();
const WRONG = 'Email ou mot de passe incorrect';

beforeAll(async () => {
  await backend.createUser('chef@example.cm', 'chef-password-123', { admin: true });
});
afterEach(async () => {
  await signOutAdmin();
  localStorage.clear();
});

/**
 * The toasts announced now (react-toastify takes the role away from a toast it is removing): each
 * toast is a polite status (announced once), inside the toasts' region.
 */
const alertsSaying = (text: string) => {
  const live = [...screen.queryAllByRole('alert'), ...screen.queryAllByRole('status')].filter(
    (el) => el.textContent?.includes(text),
  );
  // The innermost ones only: the region around the toasts says the same text.
  return live.filter((el) => !live.some((other) => other !== el && el.contains(other)));
};

describe('toasts', () => {
  it('a successful sign-in clears the stale "wrong password" toast; each refusal is shown once', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/login');
    const password = await screen.findByLabelText(/^Mot de passe/);
    await user.type(screen.getByLabelText(/^E-mail/), 'chef@example.cm');
    await user.type(password, 'mauvais-mot-de-passe');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));

    await waitFor(() => expect(alertsSaying(WRONG)).toHaveLength(1));
    // Once: the toast only, no copy of it in the form.
    expect(screen.getAllByText(WRONG)).toHaveLength(1);
    // In the site's font, inline (react-toastify's stylesheet sets its own).
    expect(alertsSaying(WRONG)[0]).toHaveClass('Toastify__toast');
    expect(alertsSaying(WRONG)[0].style.fontFamily).toBe('inherit');

    // A second refusal: still one error on screen, the latest.
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Se connecter' })).toBeEnabled());
    await waitFor(() => expect(alertsSaying(WRONG)).toHaveLength(1));

    await user.clear(password);
    await user.type(password, 'chef-password-123');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByRole('heading', { name: 'Tableau de bord' })).toBeVisible();
    await waitFor(() => expect(alertsSaying('Connexion réussie!')).toHaveLength(1));
    expect(alertsSaying(WRONG)).toEqual([]);

    // Signing out replaces the sign-in's toast: no "Connexion réussie!" beside the login form.
    await user.click(screen.getByRole('button', { name: 'Déconnexion' }));
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeVisible();
    await waitFor(() => expect(alertsSaying('Déconnexion réussie')).toHaveLength(1));
    await waitFor(() => expect(alertsSaying('Connexion réussie!')).toEqual([]));
  });
});
