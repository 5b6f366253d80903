import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import PublicLayout from '@/app/layouts/PublicLayout';
import HomePage from '@/features/home/HomePage';
import { preloadRoute } from '@/app/routes';
import { testBackend } from '../setup/test-backend';

const backend = testBackend();

// Registration open: the home page's registration links are shown (see
// public-content-home.test.tsx for the other states).
beforeAll(async () => {
  await backend.sql(`update contest_settings set registration_opens_at = now() - interval '1 day',
    registration_closes_at = now() + interval '1 day', max_participants = 2000`);
});
// The home page's content and the footer are hydrated later in the browser (lazyHydrated): loaded
// before the first render, as src/main.tsx does for a page rendered anew.
beforeAll(() => preloadRoute('/', { parts: true }));

function renderSite(path = '/') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/" element={<PublicLayout />}>
          <Route index element={<HomePage />} />
          <Route
            path="contact"
            element={
              <main>
                <h1>Contact test</h1>
              </main>
            }
          />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

describe('public layout and home', () => {
  it('has the header links, the footer with support hours and the admin link', () => {
    renderSite();
    const nav = screen.getByRole('navigation', { name: 'Navigation principale' });
    expect(within(nav).getByRole('link', { name: 'Accueil' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Inscription Challenge' })).toHaveAttribute(
      'href',
      '/inscription',
    );
    expect(within(nav).getByRole('link', { name: 'Pré-inscription Concert' })).toHaveAttribute(
      'href',
      '/night-party',
    );
    expect(within(nav).getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/faq');
    expect(within(nav).getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText('Du lundi au vendredi : 8 h – 17 h')).toBeVisible();
    expect(within(footer).getByText('Samedi : 9 h – 13 h')).toBeVisible();
    expect(within(footer).getByRole('link', { name: 'Espace Administration' })).toHaveAttribute(
      'href',
      '/admin/login',
    );
  });

  it('opens the mobile menu, closes it on navigation and with Escape', async () => {
    const user = userEvent.setup();
    renderSite();
    const toggle = screen.getByRole('button', { name: 'Ouvrir le menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Menu mobile' })).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('navigation', { name: 'Menu mobile' });
    await user.click(within(menu).getByRole('link', { name: 'Contact' }));
    expect(await screen.findByRole('heading', { name: 'Contact test' })).toBeVisible();
    expect(screen.queryByRole('navigation', { name: 'Menu mobile' })).not.toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    toggle.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('navigation', { name: 'Menu mobile' })).toBeVisible();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Menu mobile' })).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();
  });

  it('home: one h1, category and mode links, the Night Party banner', async () => {
    renderSite();
    // The settings' date (tests/setup/backend.ts puts the concert 30 days ahead), then the links.
    const banner = screen.getByRole('region', { name: /^Booster Night Party/ });
    await within(banner).findByText(/, Palais des Sports de Yaoundé\.$/);
    await screen.findByText(/^Inscriptions ouvertes jusqu’au/);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(document.title).toBe('Booster Challenge – Concours de danse et de chant au Cameroun');
    expect(screen.getByRole('link', { name: 'S’inscrire en danse' })).toHaveAttribute(
      'href',
      '/inscription?category=dance',
    );
    expect(screen.getByRole('link', { name: 'S’inscrire en chant' })).toHaveAttribute(
      'href',
      '/inscription?category=singing',
    );
    expect(screen.getByRole('link', { name: 'S’inscrire en solo' })).toHaveAttribute(
      'href',
      '/inscription?type=solo',
    );
    expect(screen.getByRole('link', { name: 'S’inscrire en équipe' })).toHaveAttribute(
      'href',
      '/inscription?type=team',
    );
    expect(screen.getByText(/De 2 à 10 personnes/)).toBeVisible();
    expect(banner).toHaveTextContent(/^.* à \d{1,2} h( \d\d)?, Palais des Sports de Yaoundé/);
    expect(banner).toHaveTextContent(/smartphone/);
    expect(within(banner).getByRole('link', { name: 'Réserver ma place' })).toHaveAttribute(
      'href',
      '/night-party',
    );
    expect(screen.getAllByRole('listitem').length).toBeGreaterThan(4);
  });
});
