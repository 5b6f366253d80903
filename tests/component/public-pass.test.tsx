import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import App from '@/app/App';
import { resetProofOfWork } from '@/data/shared/public-write';
import { testBackend } from '../setup/test-backend';
import { fr } from '../setup/french';

/**
 * The visitor's side of the Night Party's capacity: what the page says (places left, waitlist,
 * not open, closed, past), the pass shown at once after reserving, the pass page by its link,
 * and "Je ne pourrai pas venir" giving the place to the first on the waitlist.
 */
const backend = testBackend();
const SLOW = { timeout: 8000 };
const DAY = 24 * 3600 * 1000;
const inDays = (n: number) => new Date(Date.now() + n * DAY);

async function open(path: string) {
  window.history.replaceState(null, '', path);
  return render(<App />);
}

async function reserve(user: UserEvent, name: string, phone: string) {
  await user.type(await screen.findByLabelText(/Nom complet/, {}, SLOW), name);
  await user.type(screen.getByLabelText(/Téléphone/), phone);
  await user.type(screen.getByLabelText(/Ville/), 'Douala');
  await user.click(screen.getByRole('radio', { name: 'Réseaux sociaux' }));
  await user.click(screen.getByRole('button', { name: 'Réserver ma place' }));
}

/** A reservation stored straight in the database; returns its pass code. */
async function stored(
  name: string,
  phone: string,
  state = 'confirmed',
  queue: number | null = null,
) {
  const [row] = await backend.sql<{ pass_code: string }>(
    `insert into reservations (full_name, phone, ville, attendance_status, heard_from, will_attend,
       attendance_barrier, follows_booster_page, consumes_booster_products, state, queue_number)
     values ($1, $2, 'Douala', 'yes', 'social', 'yes', 'none', 'yes', 'yes', $3, $4)
     returning pass_code`,
    [name, phone, state, queue],
  );
  return row.pass_code;
}

beforeEach(async () => {
  await backend.sql('delete from reservations');
  await backend.setEdition({
    capacity: 2,
    overbooking_percent: 0,
    concert_starts_at: inDays(20),
    doors_open_at: inDays(20 - 1 / 24), // before the concert whatever the clock reads between the two
    reservations_open_at: inDays(-5),
    reservations_close_at: null,
  });
});
afterEach(() => {
  window.history.replaceState(null, '', '/');
  resetProofOfWork();
});

describe('/night-party availability', () => {
  it('says how many places are left, then reserves; the pass opens from the message’s link', async () => {
    const user = userEvent.setup({ delay: null });
    await stored('Awa Ngono', '690000001');
    const view = await open('/night-party');
    expect(await screen.findByText('Dernière place disponible !', {}, SLOW)).toBeVisible();
    await reserve(user, 'Jean Mbarga', '699112233');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Réservation enregistrée' }, SLOW),
    ).toBeVisible();
    expect(screen.getByText(/^Votre pass vous est envoyé par/)).toHaveTextContent(
      /^Votre pass vous est envoyé par SMS au 6•• •• •• 33\.$/,
    );
    const [row] = await backend.sql<{ pass_code: string; state: string }>(
      `select pass_code, state from reservations where phone = '699112233'`,
    );
    expect(row.state).toBe('confirmed');
    // No code on this page (ADR 039): the pass is the message's link.
    expect(document.body.textContent).not.toContain(row.pass_code.slice(0, 5));
    const [message] = await backend.sql<{ body: string }>(
      `select body from outbox where recipient = '699112233'`,
    );
    expect(message.body).toContain(`/pass/${row.pass_code}`);
    view.unmount();
    await open(`/pass/${row.pass_code}`);
    const pass = await screen.findByRole('article', { name: 'Booster Night Party' }, SLOW);
    expect(within(pass).getByText('Jean')).toBeVisible();
    expect(within(pass).getByText('Place confirmée')).toBeVisible();
    expect(within(pass).getByText('Téléphone 6•• •• •• 33')).toBeVisible();
    expect(within(pass).queryByText(/Mbarga/)).toBeNull();
    const grouped = `${row.pass_code.slice(0, 5)} ${row.pass_code.slice(5)}`;
    expect(within(pass).getByRole('img', { name: `QR code du pass ${grouped}` })).toBeVisible();
    expect(within(pass).getByText(grouped)).toBeVisible();
    expect(within(pass).getByRole('link', { name: /Voir sur la carte/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^https:\/\//),
    );
    expect(screen.getByRole('button', { name: 'Enregistrer mon pass' })).toBeVisible();
    const whatsapp = screen.getByRole('link', { name: /Envoyer sur WhatsApp/ });
    expect(decodeURIComponent(whatsapp.getAttribute('href') ?? '')).toContain(
      `${window.location.origin}/pass/${row.pass_code}`,
    );
  });

  it('puts a reservation beyond capacity on the waitlist; its pass says its rank', async () => {
    const user = userEvent.setup({ delay: null });
    await stored('Awa Ngono', '690000001');
    await stored('Boris Kamga', '690000002');
    const view = await open('/night-party');
    expect(await screen.findByText(/Complet : en réservant maintenant/, {}, SLOW)).toBeVisible();
    await reserve(user, 'Jean Mbarga', '699112233');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Réservation enregistrée' }, SLOW),
    ).toBeVisible();
    const [row] = await backend.sql<{ pass_code: string }>(
      `select pass_code from reservations where phone = '699112233'`,
    );
    view.unmount();
    await open(`/pass/${row.pass_code}`);
    expect(await screen.findByText('Liste d’attente · n° 1')).toBeVisible();
  });

  it.each([
    ['not open yet', { reservations_open_at: inDays(3) }, /ne sont pas encore ouvertes/],
    [
      'closed',
      { reservations_close_at: inDays(-1), reservations_open_at: inDays(-5) },
      /sont closes/,
    ],
    [
      'past',
      {
        concert_starts_at: inDays(-1),
        doors_open_at: inDays(-1 - 1 / 24),
        reservations_open_at: inDays(-9),
      },
      /La Night Party a eu lieu/,
    ],
  ])('shows no form when reservations are %s', async (_, values, message) => {
    await backend.setEdition(values);
    await open('/night-party');
    expect(await screen.findByText(message, {}, SLOW)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Réserver ma place' })).toBeNull();
  });

  it('asks the database for the edition once: the page, its contacts and the footer share the answer', async () => {
    await backend.setEdition({ contact_phone: '677001122' });
    const asked: string[] = [];
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.includes('/rest/v1/rpc/edition_info')) asked.push(url);
      return realFetch(input, init);
    });
    await open('/night-party');
    expect(await screen.findByText(/2 places disponibles/, {}, SLOW)).toBeVisible();
    const footer = screen.getByRole('contentinfo');
    expect(
      await within(footer).findByRole('link', {
        name: '+237\u00a06\u00a077\u00a000\u00a011\u00a022',
      }),
    ).toHaveAttribute('href', 'tel:+237677001122');
    // The footer asks once the page has painted: give it that time.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(asked).toHaveLength(1);
  });

  it('says so when the concert starts while the form is filled, and stores nothing', async () => {
    const user = userEvent.setup({ delay: null });
    await open('/night-party');
    await screen.findByRole('button', { name: 'Réserver ma place' }, SLOW);
    // The page's own first answer is in before the concert moves: the closed state then comes
    // from the refused submission, which is over when the page says so (an answer still in
    // flight would otherwise show the closed page first, and the submission, still solving its
    // proof of work, would land in a later test).
    expect(await screen.findByText(/2 places disponibles/, {}, SLOW)).toBeVisible();
    await backend.setEdition({
      concert_starts_at: inDays(-1),
      doors_open_at: inDays(-1 - 1 / 24),
      reservations_open_at: inDays(-9),
    });
    await reserve(user, 'Jean Mbarga', '699112233');
    expect(await screen.findByText(/La Night Party a eu lieu/, {}, SLOW)).toBeVisible();
    expect(await backend.sql('select 1 from reservations')).toHaveLength(0);
  });
});

describe('/pass/:code', () => {
  it('says an unknown pass is unknown', async () => {
    await open('/pass/ZZZZZZZZZZ');
    expect(await screen.findByRole('heading', { name: 'Pass inconnu' }, SLOW)).toBeVisible();
  });

  it('cancels with "Je ne pourrai pas venir" and gives the place to the first on the waitlist', async () => {
    const user = userEvent.setup({ delay: null });
    const code = await stored('Awa Ngono', '690000001');
    await stored('Boris Kamga', '690000002');
    await stored('Carine Fotso', '690000003', 'waitlisted', 1);
    await open(`/pass/${code.toLowerCase()}`);
    expect(await screen.findByText('Place confirmée', {}, SLOW)).toBeVisible();
    expect(document.title).toBe('Mon pass – Booster Challenge');

    await user.click(screen.getByRole('button', { name: 'Je ne pourrai pas venir' }));
    await waitFor(() =>
      expect(
        screen.getByRole('heading', { name: fr('Annuler votre réservation ?') }),
      ).toHaveFocus(),
    );
    await user.click(screen.getByRole('button', { name: 'Non, garder ma place' }));
    // Kept: the focus goes back to the button that asked (the confirmation is gone).
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Je ne pourrai pas venir' })).toHaveFocus(),
    );
    expect(await backend.sql(`select 1 from reservations where state = 'cancelled'`)).toHaveLength(
      0,
    );

    await user.click(screen.getByRole('button', { name: 'Je ne pourrai pas venir' }));
    await user.click(screen.getByRole('button', { name: 'Oui, annuler ma place' }));
    expect(await screen.findByText('Annulée', {}, SLOW)).toBeVisible();
    expect(screen.queryByRole('img', { name: /QR code/ })).toBeNull();
    // Cancelled, the actions are gone: the focus is on the pass's state, which says so.
    await waitFor(() => expect(screen.getByText('Annulée')).toHaveFocus());
    expect(
      await backend.sql(`select full_name, state from reservations order by full_name`),
    ).toEqual([
      { full_name: 'Awa Ngono', state: 'cancelled' },
      { full_name: 'Boris Kamga', state: 'confirmed' },
      { full_name: 'Carine Fotso', state: 'confirmed' },
    ]);
  });
});
