import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EMAIL_NOT_CONFIRMED, getAuthSessionEmail, signOutAdmin } from '@/data/admin-auth';
import { ADMIN_SESSION_KEY, readAdminSession, saveAdminSession } from '@/lib/admin-session';
import { testBackend } from '../setup/test-backend';
import { renderAdmin, signInAsAdmin } from './admin-render';
import { plain } from '../setup/french';

const backend = testBackend();

beforeAll(async () => {
  await backend.createUser('chef@example.cm', 'chef-password-123', { admin: true });
  await backend.createUser('curieux@example.cm', 'curieux-password-123', { admin: false });
  await backend.createUser('nouveau@example.cm', 'nouveau-password-123', { admin: true });
  await backend.sql(
    `update auth.users set email_confirmed_at = null where email = 'nouveau@example.cm'`,
  );
  await backend.createUser('ancien@example.cm', 'ancien-password-123', { admin: true });
  await backend.sql(
    `update auth.users set banned_until = now() + interval '1 year' where email = 'ancien@example.cm'`,
  );
});

afterEach(async () => {
  await signOutAdmin();
  localStorage.clear();
});

async function submitLogin(email: string, password: string) {
  const user = userEvent.setup();
  renderAdmin('/admin/login');
  await user.type(await screen.findByLabelText(/^E-mail/), email);
  await user.type(screen.getByLabelText(/^Mot de passe/), password);
  await user.click(await screen.findByRole('button', { name: 'Se connecter' }));
  return user;
}

describe('admin sign-in', () => {
  it('explains empty fields under each field and focuses the first one', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/login');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Connexion Administrateur' }),
    ).toBeVisible();
    await user.click(await screen.findByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText("L'email est requis")).toBeVisible();
    expect(screen.getByText('Le mot de passe est requis')).toBeVisible();
    expect(screen.getByLabelText(/^E-mail/)).toHaveFocus();
    expect(screen.getByLabelText(/^E-mail/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses a wrong password with the catalogue message', async () => {
    await submitLogin('chef@example.cm', 'mauvais-mot-de-passe');
    expect((await screen.findAllByText('Email ou mot de passe incorrect')).length).toBeGreaterThan(
      0,
    );
    expect(localStorage.getItem(ADMIN_SESSION_KEY)).toBeNull();
    expect(screen.getByRole('heading', { name: 'Connexion Administrateur' })).toBeVisible();
  });

  it('says what to do when the account’s e-mail is not confirmed, rather than “wrong password”', async () => {
    await submitLogin('nouveau@example.cm', 'nouveau-password-123');
    expect((await screen.findAllByText(plain(EMAIL_NOT_CONFIRMED))).length).toBeGreaterThan(0);
    expect(localStorage.getItem(ADMIN_SESSION_KEY)).toBeNull();
  });

  it('answers a blocked account like a wrong password, whatever the password (nothing reveals the ban)', async () => {
    await submitLogin('ancien@example.cm', 'ancien-password-123');
    expect((await screen.findAllByText('Email ou mot de passe incorrect')).length).toBeGreaterThan(
      0,
    );
    expect(localStorage.getItem(ADMIN_SESSION_KEY)).toBeNull();
  });

  it('answers a wrong password on a blocked account like any wrong password', async () => {
    await submitLogin('ancien@example.cm', 'pas-le-bon-mot-de-passe');
    expect((await screen.findAllByText('Email ou mot de passe incorrect')).length).toBeGreaterThan(
      0,
    );
  });

  it('refuses an account that is not an administrator and signs it out', async () => {
    await submitLogin('curieux@example.cm', 'curieux-password-123');
    expect(
      (await screen.findAllByText('Ce compte n’a pas accès à l’espace administration.')).length,
    ).toBeGreaterThan(0);
    expect(localStorage.getItem(ADMIN_SESSION_KEY)).toBeNull();
    expect(await getAuthSessionEmail()).toBeNull();
  });

  it('lets an administrator in, stores admin_session, then logs out', async () => {
    const user = await submitLogin('chef@example.cm', 'chef-password-123');
    expect(await screen.findByRole('heading', { name: 'Tableau de bord' })).toBeVisible();
    expect(await screen.findByText('Connexion réussie!')).toBeVisible();
    expect(readAdminSession()).toMatchObject({ email: 'chef@example.cm', isAuthenticated: true });

    await user.click(await screen.findByRole('button', { name: 'Déconnexion' }));
    expect(await screen.findByRole('heading', { name: 'Connexion Administrateur' })).toBeVisible();
    expect(await screen.findByText('Déconnexion réussie')).toBeVisible();
    expect(localStorage.getItem(ADMIN_SESSION_KEY)).toBeNull();
    expect(await getAuthSessionEmail()).toBeNull();
  });

  it('sends a signed-in administrator from the login page to the dashboard', async () => {
    await signInAsAdmin('chef@example.cm', 'chef-password-123');
    renderAdmin('/admin/login');
    expect(await screen.findByRole('heading', { name: 'Tableau de bord' })).toBeVisible();
  });
});

describe('the /admin guard', () => {
  it('sends a visitor without admin_session to the login page', async () => {
    renderAdmin('/admin/participants');
    expect(await screen.findByRole('heading', { name: 'Connexion Administrateur' })).toBeVisible();
  });

  it('removes an admin_session older than 24 hours and signs out', async () => {
    await signInAsAdmin('chef@example.cm', 'chef-password-123');
    saveAdminSession('chef@example.cm', Date.now() - 24 * 3600 * 1000 - 1);
    renderAdmin('/admin/participants');
    expect(await screen.findByRole('heading', { name: 'Connexion Administrateur' })).toBeVisible();
    expect(localStorage.getItem(ADMIN_SESSION_KEY)).toBeNull();
    await expect.poll(() => getAuthSessionEmail()).toBeNull();
  });

  it('refuses an admin_session without a Supabase session', async () => {
    saveAdminSession('chef@example.cm');
    renderAdmin('/admin');
    expect(await screen.findByRole('heading', { name: 'Connexion Administrateur' })).toBeVisible();
    expect(localStorage.getItem(ADMIN_SESSION_KEY)).toBeNull();
  });

  it('shows the sidebar with the four sections and the way back to the site', async () => {
    await signInAsAdmin('chef@example.cm', 'chef-password-123');
    const user = userEvent.setup();
    renderAdmin('/admin');
    const nav = await screen.findByRole('navigation', { name: 'Administration' });
    for (const name of ['Tableau de bord', 'Participants', 'Réservations', 'Statistiques']) {
      expect(nav).toContainElement(screen.getAllByRole('link', { name })[0]);
    }
    await user.click(screen.getAllByRole('link', { name: 'Statistiques' })[0]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Statistiques' })).toBeVisible();
    await user.click(screen.getByRole('link', { name: 'Retour au site' }));
    expect(await screen.findByRole('heading', { name: 'Accueil du site' })).toBeVisible();
  });
});
