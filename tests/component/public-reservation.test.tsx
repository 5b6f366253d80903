import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import App from '@/app/App';
import { resetProofOfWork } from '@/data/shared/public-write';
import { testBackend } from '../setup/test-backend';
import { fr } from '../setup/french';

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

const urlOf = (input: string | URL | Request) =>
  String(input instanceof Request ? input.url : input);
/** The one endpoint that stores a reservation (proof of work, rate limit, honeypot, checks). */
const isReservationWrite = (input: string | URL | Request) =>
  urlOf(input).includes('/rest/v1/rpc/create_reservation');

/** Counts the requests that reach the reservation endpoints (the function and the table). */
function countReservationRequests() {
  const calls: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = urlOf(input);
    if (isReservationWrite(input) || url.includes('/rest/v1/reservations')) calls.push(url);
    return realFetch(input, init);
  });
  return calls;
}

/**
 * The failure shown next to the submit button. It must be the page's only alert: an error toast
 * (react-toastify's toasts are alerts too) would make getByRole throw.
 */
async function expectFailure(text: string | RegExp) {
  await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(text), SLOW);
  return screen.getByRole('alert');
}

async function openNightParty() {
  window.history.replaceState(null, '', '/night-party');
  const view = render(<App />);
  await screen.findByRole('heading', { level: 1, name: /^Booster Night Party/ });
  // The form is its own chunk, loaded when the page mounts.
  await screen.findByRole('button', { name: 'Réserver ma place' });
  return view;
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
afterEach(async () => {
  window.history.replaceState(null, '', '/');
  // The proof of work prepared ahead is module state: a test that cut the network must not hand
  // a failed one to the next test.
  resetProofOfWork();
  await backend.sql('update private.rate_limits set max_per_address = 100000');
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
      await screen.findByRole('heading', { level: 1, name: 'Réservation enregistrée' }, SLOW),
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

  it('backend unreachable: the failure shows next to the form, typed values kept; the retry stores one row', async () => {
    const user = userEvent.setup({ delay: null });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    await openNightParty();
    await fillValid(user);
    let down = true;
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) =>
      down ? Promise.reject(new TypeError('fetch failed')) : realFetch(input, init),
    );

    await user.click(submitButton());
    expect(await expectFailure(RESERVATION_ERROR)).toBeVisible();
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
      await screen.findByRole('heading', { level: 1, name: 'Réservation enregistrée' }, SLOW),
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
      // The write's answer, not the next proof-of-work challenge fetched beside it.
      if (loseNextAnswer && isReservationWrite(input)) {
        loseNextAnswer = false;
        throw new TypeError('fetch failed'); // e.g. a timeout after the server committed
      }
      return response;
    });

    await user.click(submitButton());
    expect(await expectFailure(RESERVATION_ERROR)).toBeVisible();
    expect(log).toHaveBeenCalled();
    expect(await rows()).toHaveLength(1);

    await user.click(submitButton());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Réservation enregistrée' }, SLOW),
    ).toBeVisible();
    expect(await rows()).toHaveLength(1);
  });

  it('a phone that already holds a pass gets the very screen a free phone gets, and no code (ADR 039)', async () => {
    const user = userEvent.setup({ delay: null });
    /** Reserves with 677445566 through the page; returns what the visitor then sees. */
    async function reserveAndLook() {
      const view = await openNightParty();
      await fillValid(user, '677445566');
      await user.click(submitButton());
      const done = { level: 1, name: 'Réservation enregistrée' } as const;
      // Compared once the focus is on the heading (a route change moves it there).
      await waitFor(() => expect(screen.getByRole('heading', done)).toHaveFocus(), SLOW);
      const main = screen.getByRole('main');
      const seen = { path: window.location.pathname, text: main.textContent, html: main.innerHTML };
      view.unmount();
      return seen;
    }
    const free = await reserveAndLook();
    const [{ pass_code }] = await backend.sql<{ pass_code: string }>(
      'select pass_code from reservations',
    );
    await backend.sql(`delete from reservations; delete from outbox;
      insert into reservations (full_name, phone, ville, heard_from)
      values ('Déjà Inscrite', '677445566', 'Douala', 'flyer')`);
    const [held] = await backend.sql<{ pass_code: string }>('select pass_code from reservations');
    const taken = await reserveAndLook();

    expect(taken).toEqual(free);
    expect(taken.text).toContain(fr('Votre pass vous est envoyé par SMS au 6•• •• •• 66.'));
    expect(free.text).not.toContain(pass_code);
    expect(taken.text).not.toContain(held.pass_code);
    expect(await rows()).toEqual([expect.objectContaining({ full_name: 'Déjà Inscrite' })]);
    expect(await backend.sql(`select template from outbox where recipient = '677445566'`)).toEqual([
      { template: 'pass_recovery' },
    ]);
  });

  it('a filled honeypot (a robot) stores nothing, and the robot sees the usual success', async () => {
    const user = userEvent.setup({ delay: null });
    await openNightParty();
    // Out of reach for people and assistive technology: only found when asking for hidden ones.
    expect(screen.queryByRole('textbox', { name: /Site web/ })).not.toBeInTheDocument();
    const honeypot = screen.getByRole('textbox', { name: /Site web/, hidden: true });
    expect(honeypot).not.toBeVisible();
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    await fillValid(user);
    await user.type(honeypot, 'https://spam.example');
    await user.click(submitButton());

    expect(
      await screen.findByText('Réservation enregistrée avec succès !', {}, SLOW),
    ).toBeVisible();
    // The robot gets the usual success, and no pass: nothing was stored.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Réservation enregistrée' }, SLOW),
    ).toBeVisible();
    expect(await backend.sql('select count(*)::int n from reservations')).toEqual([{ n: 0 }]);
  });

  it('too many reservations from one connection: the French refusal next to the form, values kept', async () => {
    const user = userEvent.setup({ delay: null });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    // One reservation per address per window: the visitor's own goes through, the next one
    // (for a friend, from the same connection) is refused.
    await backend.sql(`delete from private.rate_hits where action = 'reserve';
      update private.rate_limits set max_per_address = 1 where action = 'reserve'`);
    const first = await openNightParty();
    await fillValid(user);
    await user.click(submitButton());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Réservation enregistrée' }, SLOW),
    ).toBeVisible();

    first.unmount();
    await openNightParty();
    await fillValid(user, '677001122');
    await user.click(submitButton());
    const alert = await expectFailure(
      /^Trop de demandes depuis votre connexion\. Réessayez dans \d+ minutes?\.$/,
    );
    expect(alert).toBeVisible();
    expect(log).toHaveBeenCalled();
    expect(submitButton()).toBeEnabled();
    expect(window.location.pathname).toBe('/night-party');
    expect(screen.getByLabelText(/Nom complet/)).toHaveValue('Jean Mbarga');
    expect(screen.getByLabelText(/Téléphone/)).toHaveValue('677001122');
    expect(screen.getByLabelText(/Ville/)).toHaveValue('Yaoundé');
    expect(screen.getByRole('radio', { name: 'Réseaux sociaux' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'La distance' })).toBeChecked();
    expect(await rows()).toEqual([expect.objectContaining({ phone: '699112233' })]);
  });
});
