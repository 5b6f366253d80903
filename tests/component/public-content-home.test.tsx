/**
 * The public pages' true content (issue 14): the home page follows the organisers' settings
 * (registration open, closed or complet; the concert's places, waitlist or passé), the contacts
 * are the settings' everywhere, the rules page and its link from the registration checkbox, the
 * recap after registering, and an unknown path inside the site's header and footer.
 * Here: the home page.
 */
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import {
  backend,
  SLOW,
  inDays,
  setWindow,
  preloadPagesAndResetEdition,
  renderAt,
  banner,
  storeReservations,
} from './support/public-content';

preloadPagesAndResetEdition();

describe('home page: registration state from the settings', () => {
  it('open: "Je m’inscris", the closing date, and every registration link', async () => {
    renderAt('/');
    expect(await screen.findByText(/^Inscriptions ouvertes jusqu’au /, {}, SLOW)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Je m’inscris au challenge' })).toHaveAttribute(
      'href',
      '/inscription',
    );
    for (const name of ['S’inscrire en danse', 'S’inscrire en chant', 'S’inscrire en solo'])
      expect(screen.getByRole('link', { name })).toBeVisible();
  });

  it('closed: no invitation to register anywhere, says it is over, offers the Night Party', async () => {
    await setWindow(`registration_opens_at = now() - interval '9 days',
      registration_closes_at = now() - interval '1 day'`);
    renderAt('/');
    expect(
      await screen.findByText(/^Inscriptions clôturées\s:\sla période/, {}, SLOW),
    ).toBeVisible();
    expect(screen.queryByRole('link', { name: /Je m'inscris/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^S’inscrire en/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Découvrir la Night Party' })).toHaveAttribute(
      'href',
      '/night-party',
    );
  });

  it('complet: the maximum is reached, no "Je m’inscris"', async () => {
    await setWindow('max_participants = 1');
    await backend.sql(`insert into participants (full_name, email, phone, city, region, category,
      participation_type, agree_to_terms) values ('Paul Eto', 'paul@example.cm', '677001122',
      'Douala', 'Littoral', 'singing', 'solo', true)`);
    renderAt('/');
    expect(
      await screen.findByText('Complet : le nombre maximum de participants est atteint.', {}, SLOW),
    ).toBeVisible();
    expect(screen.queryByRole('link', { name: /Je m'inscris/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^S’inscrire en/ })).not.toBeInTheDocument();
  });

  it('not open yet: the opening date, and the rules to prepare', async () => {
    await setWindow(`registration_opens_at = now() + interval '3 days',
      registration_closes_at = now() + interval '9 days'`);
    renderAt('/');
    expect(await screen.findByText(/^Les inscriptions ouvriront le /, {}, SLOW)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Lire le règlement' })).toHaveAttribute(
      'href',
      '/reglement',
    );
    expect(screen.queryByRole('link', { name: /Je m'inscris/ })).not.toBeInTheDocument();
  });
});

describe('home page: the Night Party from the settings', () => {
  it('places left: the date from the settings, the count, "Réserver ma place"', async () => {
    await backend.setEdition({ capacity: 5 });
    await storeReservations(2);
    renderAt('/');
    expect(await within(banner()).findByText('Réservations ouvertes', {}, SLOW)).toBeVisible();
    expect(banner()).toHaveTextContent('Plus que 3 places disponibles !');
    const [{ day }] = await backend.sql<{ day: string }>(
      `select to_char(concert_starts_at at time zone 'Africa/Douala', 'FMDD') as day
         from edition_settings`,
    );
    expect(banner()).toHaveTextContent(
      new RegExp(`${day} .* à \\d+ h( \\d\\d)?, Palais des Sports`),
    );
    expect(within(banner()).getByRole('link', { name: 'Réserver ma place' })).toHaveAttribute(
      'href',
      '/night-party',
    );
  });

  it('full: complet, the waitlist is open', async () => {
    await backend.setEdition({ capacity: 1 });
    await storeReservations(1);
    renderAt('/');
    expect(await within(banner()).findByText('Complet', {}, SLOW)).toBeVisible();
    expect(banner()).toHaveTextContent('Liste d’attente ouverte');
    expect(
      within(banner()).getByRole('link', { name: 'M’inscrire sur la liste d’attente' }),
    ).toHaveAttribute('href', '/night-party');
  });

  it('passé: the concert took place, no reservation offered', async () => {
    await backend.setEdition({
      concert_starts_at: inDays(-1),
      doors_open_at: inDays(-1.1),
      reservations_open_at: inDays(-10),
    });
    renderAt('/');
    expect(await within(banner()).findByText('Passé', {}, SLOW)).toBeVisible();
    expect(banner()).toHaveTextContent(/La Night Party a eu lieu le /);
    expect(within(banner()).queryByRole('link', { name: 'Réserver ma place' })).toBeNull();
    expect(within(banner()).getByRole('link', { name: 'Découvrir la Night Party' })).toBeVisible();
  });
});
