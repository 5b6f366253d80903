import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import App from '@/app/App';
import { testBackend } from '../setup/test-backend';

const backend = testBackend();
/** The first submit loads supabase-js on demand: give it time on a busy machine. */
const SLOW = { timeout: 8000 };
const realFetch = globalThis.fetch;

const RESERVATION_ERROR = 'Une erreur est survenue lors de la réservation. Veuillez réessayer.';

type Row = Record<string, string>;
const rows = async () => [
  ...(await backend.sql<Row>(
    `select full_name, phone, ville, attendance_status, heard_from, will_attend,
            attendance_barrier, follows_booster_page, consumes_booster_products
       from reservations order by created_at`,
  )),
];

/** Counts the requests that reach the reservations endpoint. */
function countReservationRequests() {
  const calls: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.includes('/rest/v1/reservations')) calls.push(url);
    return realFetch(input, init);
  });
  return calls;
}

async function openNightParty() {
  window.history.replaceState(null, '', '/night-party');
  render(<App />);
  const heading = await screen.findByRole('heading', {
    level: 1,
    name: 'Booster Night Party 2025',
  });
  // The form is its own chunk, loaded when the page mounts.
  await screen.findByRole('button', { name: 'Réserver ma place' });
  return heading;
}

const submitButton = () =>
  screen.getByRole('button', { name: /Réserver ma place|Réservation en cours/ });

async function fillValid(user: UserEvent, phone = '699112233') {
  await user.type(screen.getByLabelText(/Nom complet/), 'Jean Mbarga');
  await user.type(screen.getByLabelText(/Téléphone/), phone);
  await user.type(screen.getByLabelText(/Ville/), 'Yaoundé');
  await user.click(screen.getByRole('radio', { name: 'Réseaux sociaux' }));
  await user.click(screen.getByRole('radio', { name: 'La distance' }));
}

beforeEach(async () => {
  await backend.sql('delete from reservations');
});
afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('/night-party reservation', () => {
  it('shows every validation message under its field and sends nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = countReservationRequests();
    await openNightParty();
    expect(document.title).toBe('Night Party – Booster Challenge');
    // SPEC §4 defaults; heardFrom has none.
    expect(
      screen.getByRole('radiogroup', { name: /Confirmez-vous votre présence/ }),
    ).toHaveTextContent('Confirmé');
    expect(screen.getByRole('radio', { name: 'Confirmé' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Aucun obstacle' })).toBeChecked();
    for (const r of screen.getAllByRole('radio', { name: 'Oui' })) expect(r).toBeChecked();
    for (const label of ['Flyer / affiche', 'Réseaux sociaux', 'Bouche-à-oreille'])
      expect(screen.getByRole('radio', { name: label })).not.toBeChecked();

    await user.click(submitButton());
    const name = screen.getByLabelText(/Nom complet/);
    expect(await screen.findByText('Le nom est obligatoire')).toBeVisible();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Le nom est obligatoire');
    expect(name).toHaveFocus();
    expect(screen.getByLabelText(/Téléphone/)).toHaveAccessibleDescription(
      /Le numéro de téléphone est obligatoire/,
    );
    expect(screen.getByLabelText(/Ville/)).toHaveAccessibleDescription('La ville est obligatoire');
    const heardFrom = screen.getByRole('radiogroup', { name: /Comment avez-vous entendu parler/ });
    expect(heardFrom).toHaveAttribute('aria-invalid', 'true');
    expect(heardFrom).toHaveAccessibleDescription('Veuillez sélectionner une option');

    await user.type(name, 'Jo');
    await user.type(screen.getByLabelText(/Téléphone/), '699 112 23');
    await user.click(submitButton());
    expect(await screen.findByText('Le nom doit contenir au moins 3 caractères')).toBeVisible();
    expect(
      screen.getByText("Numéro de téléphone invalide (9 chiffres requis, Pas d'espace)"),
    ).toBeVisible();
    expect(calls).toHaveLength(0);
    expect(await rows()).toHaveLength(0);
  });

  it('stores exactly one row on a double click, then shows the success page', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = countReservationRequests();
    await openNightParty();
    await fillValid(user);
    await user.dblClick(submitButton());

    expect(
      await screen.findByText('Réservation enregistrée avec succès !', {}, SLOW),
    ).toBeVisible();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Votre place est réservée !' }, SLOW),
    ).toBeVisible();
    expect(window.location.pathname).toBe('/reservation-success');
    expect(calls).toHaveLength(1);
    expect(await rows()).toEqual([
      {
        full_name: 'Jean Mbarga',
        phone: '699112233',
        ville: 'Yaoundé',
        attendance_status: 'yes',
        heard_from: 'social',
        will_attend: 'yes',
        attendance_barrier: 'distance',
        follows_booster_page: 'yes',
        consumes_booster_products: 'yes',
      },
    ]);
  });

  it('backend unreachable: error toast, typed values kept; the retry stores one row', async () => {
    const user = userEvent.setup({ delay: null });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    await openNightParty();
    await fillValid(user);
    let down = true;
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) =>
      down ? Promise.reject(new TypeError('fetch failed')) : realFetch(input, init),
    );

    await user.click(submitButton());
    expect(await screen.findByText(RESERVATION_ERROR, {}, SLOW)).toBeVisible();
    expect(log).toHaveBeenCalled();
    expect(submitButton()).toBeEnabled();
    expect(screen.getByLabelText(/Nom complet/)).toHaveValue('Jean Mbarga');
    expect(screen.getByLabelText(/Téléphone/)).toHaveValue('699112233');
    expect(screen.getByLabelText(/Ville/)).toHaveValue('Yaoundé');
    expect(screen.getByRole('radio', { name: 'Réseaux sociaux' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'La distance' })).toBeChecked();
    expect(await rows()).toHaveLength(0);

    down = false;
    await user.click(submitButton());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Votre place est réservée !' }, SLOW),
    ).toBeVisible();
    expect(await rows()).toHaveLength(1);
  });

  it('a retry after a lost response (row stored, answer never came) stores one row and succeeds', async () => {
    const user = userEvent.setup({ delay: null });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    await openNightParty();
    await fillValid(user);
    let loseNextAnswer = true;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const response = await realFetch(input, init);
      if (loseNextAnswer) {
        loseNextAnswer = false;
        throw new TypeError('fetch failed'); // e.g. a timeout after the server committed
      }
      return response;
    });

    await user.click(submitButton());
    expect(await screen.findByText(RESERVATION_ERROR, {}, SLOW)).toBeVisible();
    expect(log).toHaveBeenCalled();
    expect(await rows()).toHaveLength(1);

    await user.click(submitButton());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Votre place est réservée !' }, SLOW),
    ).toBeVisible();
    expect(await rows()).toHaveLength(1);
  });

  it('a phone that already has a reservation gets a clear French message', async () => {
    const user = userEvent.setup({ delay: null });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    await backend.sql(`insert into reservations (full_name, phone, ville, heard_from)
      values ('Déjà Inscrite', '677445566', 'Douala', 'flyer')`);
    await openNightParty();
    await fillValid(user, '677445566');
    await user.click(submitButton());
    expect(
      await screen.findByText(
        'Ce numéro de téléphone a déjà une réservation pour la Night Party.',
        {},
        SLOW,
      ),
    ).toBeVisible();
    expect(log).toHaveBeenCalled();
    await waitFor(() => expect(submitButton()).toBeEnabled());
    expect(await rows()).toHaveLength(1);
  });
});
