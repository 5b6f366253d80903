import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EMAIL_NOT_CONFIRMED, getAuthSessionEmail, signOutAdmin } from '@/data/staff/admin-auth';
import { ADMIN_SESSION_KEY, readAdminSession, saveAdminSession } from '@/lib/admin-session';
import { SUPABASE_AUTH_STORAGE_KEY } from '@/data/shared/supabase';
import { testBackend } from '../setup/test-backend';
import { renderAdmin, signInAsAdmin } from './admin-render';
import { plain } from '../setup/french';

const backend = testBackend();

// Sign-out tells the server with the browser's fetch (src/data/staff/admin-auth.ts): this switch sits
// in front of it for the whole file and can hold the logout request until a test lets it go.
const logouts: string[] = [];
let holdLogout: Promise<void> | null = null;
const realFetch = globalThis.fetch;
globalThis.fetch = async (...args: Parameters<typeof fetch>) => {
  const url = String(args[0] instanceof Request ? args[0].url : args[0]);
  if (url.includes('/auth/v1/logout')) {
    logouts.push(url);
    if (holdLogout) await holdLogout;
  }
  return realFetch(...args);
};

/** The Supabase Auth sessions the server holds for an account. */
const serverSessions = async (email: string) =>
  Number(
    (
      await backend.sql<{ n: string }>(
        'select count(*) as n from auth.sessions s join auth.users u on u.id = s.user_id where u.email = $1',
        [email],
      )
    )[0].n,
  );

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
  holdLogout = null;
  logouts.length = 0;
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

  it('signs out at once while the server has not answered, and the server ends that session only', async () => {
    const user = await submitLogin('chef@example.cm', 'chef-password-123');
    expect(await screen.findByRole('heading', { name: 'Tableau de bord' })).toBeVisible();
    // The same account signed in elsewhere (another organiser's laptop).
    const elsewhere = await backend.signedInClient('chef@example.cm', 'chef-password-123');
    const before = await serverSessions('chef@example.cm');

    let answer = () => {};
    holdLogout = new Promise((resolve) => (answer = resolve));
    await user.click(await screen.findByRole('button', { name: 'Déconnexion' }));
    expect(await screen.findByRole('heading', { name: 'Connexion Administrateur' })).toBeVisible();
    expect(await screen.findByText('Déconnexion réussie')).toBeVisible();
    // Nothing of either session is left in this browser, and no page showed a loading error.
    expect(localStorage.getItem(ADMIN_SESSION_KEY)).toBeNull();
    expect(localStorage.getItem(SUPABASE_AUTH_STORAGE_KEY)).toBeNull();
    expect(await getAuthSessionEmail()).toBeNull();
    expect(screen.queryByText(/Erreur lors du chargement/)).toBeNull();
    expect(logouts).toEqual([expect.stringMatching(/\/auth\/v1\/logout\?scope=local$/)]);
    expect(await serverSessions('chef@example.cm')).toBe(before);

    answer();
    await expect.poll(() => serverSessions('chef@example.cm')).toBe(before - 1);
    const { data, error } = await elsewhere.auth.getUser();
    expect(error).toBeNull();
    expect(data.user?.email).toBe('chef@example.cm');
  });

  it('signs out offline: this browser keeps no session', async () => {
    await signInAsAdmin('chef@example.cm', 'chef-password-123');
    holdLogout = Promise.reject(new TypeError('Failed to fetch'));
    holdLogout.catch(() => undefined);
    const user = userEvent.setup();
    renderAdmin('/admin');
    await user.click(await screen.findByRole('button', { name: 'Déconnexion' }));
    expect(await screen.findByRole('heading', { name: 'Connexion Administrateur' })).toBeVisible();
    expect(localStorage.getItem(SUPABASE_AUTH_STORAGE_KEY)).toBeNull();
    expect(await getAuthSessionEmail()).toBeNull();
    expect(logouts).toHaveLength(1);
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
