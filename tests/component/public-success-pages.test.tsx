import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import ReservationSuccessPage from '@/features/reservation/ReservationSuccessPage';
import { fr } from '../setup/french';
import RegistrationSuccessPage from '@/features/registration/RegistrationSuccessPage';
import RegistrationClosed from '@/features/registration/RegistrationClosed';

const sharedText = (href: string) => {
  const url = new URL(href);
  expect(`${url.origin}${url.pathname}`).toBe('https://wa.me/');
  return url.searchParams.get('text') ?? '';
};

describe('success and closed pages', () => {
  it('/reservation-success: where the pass was sent (no code), reminder, contact, invite friends', () => {
    render(
      <MemoryRouter
        initialEntries={[
          {
            pathname: '/reservation-success',
            state: { sentTo: '6•• •• •• 33', channel: 'whatsapp' },
          },
        ]}
      >
        <ReservationSuccessPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Réservation enregistrée');
    expect(screen.getByText(/^Votre pass vous est envoyé par/)).toHaveTextContent(
      /^Votre pass vous est envoyé par WhatsApp au 6•• •• •• 33\.$/,
    );
    // Nothing came: "Retrouver mon pass" is asked on this page (issue 40), not on another one.
    const recover = screen.getByRole('region', { name: fr('Pass perdu ?') });
    expect(within(recover).getByRole('button', { name: 'Retrouver mon pass' })).toBeVisible();
    expect(screen.getByText(/smartphone bien chargé/)).toBeVisible();
    expect(screen.getByText(/Je ne pourrai pas venir/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'contact@booster-challenge.cm' })).toHaveAttribute(
      'href',
      'mailto:contact@booster-challenge.cm',
    );
    expect(screen.getByRole('link', { name: 'Retour à l’accueil' })).toHaveAttribute('href', '/');
    const share = screen.getByRole('link', { name: /Inviter des amis/ });
    expect(share).toHaveAttribute('target', '_blank');
    const text = sharedText(share.getAttribute('href')!);
    expect(text).toMatch(/^J’ai réservé ma place pour la Booster Night Party\s/);
    expect(text.endsWith(`${window.location.origin}/night-party`)).toBe(true);
  });

  it('/reservation-success reloaded (no state): the pass went to the reservation’s number', () => {
    render(<ReservationSuccessPage />, { wrapper: MemoryRouter });
    expect(
      screen.getByText('Votre pass vous est envoyé par message au numéro de la réservation.'),
    ).toBeVisible();
  });

  it('/success: title, three next steps, home link and WhatsApp share', () => {
    render(<RegistrationSuccessPage />, { wrapper: MemoryRouter });
    expect(screen.getByRole('heading', { level: 1, name: 'Inscription réussie !' })).toBeVisible();
    expect(screen.getByRole('list')).toBeVisible();
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(3);
    expect(screen.getByText(/72 heures/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Retour à l’accueil' })).toHaveAttribute('href', '/');
    const text = sharedText(
      screen.getByRole('link', { name: /Partager sur WhatsApp/ }).getAttribute('href')!,
    );
    // No year in a shared message: the year is the settings' (ADR 024).
    expect(text).toContain('Booster Challenge, le concours');
    expect(text.endsWith(`${window.location.origin}/inscription`)).toBe(true);
  });

  it.each([
    ['full', 'Inscriptions Clôturées', /nombre maximum de participants a été atteint/],
    ['closed', 'Inscriptions Clôturées', /période d’inscription au Booster Challenge est terminée/],
    ['not_open', 'Inscriptions pas encore ouvertes', /ne sont pas encore ouvertes/],
  ] as const)('registration closed (%s) says why and links home', (reason, title, text) => {
    render(<RegistrationClosed reason={reason} />, { wrapper: MemoryRouter });
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeVisible();
    expect(screen.getByRole('main')).toHaveTextContent(text);
    expect(screen.getByRole('link', { name: 'Retour à l’accueil' })).toHaveAttribute('href', '/');
  });
});
