import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testBackend } from '../setup/test-backend';
import { definitionOf, renderAdmin, signInAsAdmin } from './admin-render';
import { fr } from '../setup/french';

/**
 * The "Paramètres" page against the real database: what it shows (dates and times in Douala
 * whatever the machine's zone), what it saves through admin_update_settings (only the changed
 * settings), and a refusal of the database shown under its field with nothing stored.
 */
const backend = testBackend();

type Stored = Record<string, string | number | null>;
const stored = async () => {
  const [row] = await backend.sql<Stored>(`
    select to_char(concert_starts_at at time zone 'Africa/Douala', 'YYYY-MM-DD HH24:MI') concert,
           to_char(reservations_close_at at time zone 'Africa/Douala', 'YYYY-MM-DD HH24:MI') closes,
           venue_name, venue_address, capacity, overbooking_percent, contact_phone, contact_email,
           c.max_participants
      from edition_settings, contest_settings c`);
  return row;
};

beforeAll(async () => {
  await backend.createUser('chef@example.cm', 'chef-password-123', { admin: true });
  await backend.createUser('lecteur@example.cm', 'lecteur-password-123', { role: 'lecteur' });
});

beforeEach(async () => {
  await backend.setEdition({
    concert_starts_at: '2030-05-18 16:00+01',
    doors_open_at: '2030-05-18 14:00+01',
    reservations_open_at: '2030-03-01 00:00+01',
    reservations_close_at: null,
    venue_name: 'Palais des Sports de Yaoundé',
    venue_address: 'Quartier Warda, Yaoundé',
    capacity: 1500,
    overbooking_percent: 10,
    contact_phone: '699123456',
    contact_email: 'contact@booster-challenge.cm',
  });
  await backend.sql(`update contest_settings set registration_opens_at = '2030-01-01 00:00+01',
    registration_closes_at = '2030-02-28 23:59+01', max_participants = 2000`);
  await backend.sql('delete from reservations');
  await backend.sql('update edition_settings set personal_data_purge_at = null');
  await signInAsAdmin('chef@example.cm', 'chef-password-123');
});

const input = (label: RegExp) => screen.getByLabelText(label);
/** A datetime-local value as the browser's picker sets it. */
const setDateTime = (label: RegExp, value: string) =>
  fireEvent.change(input(label), { target: { value } });
const save = async (user: ReturnType<typeof userEvent.setup>) =>
  user.click(await screen.findByRole('button', { name: 'Enregistrer les paramètres' }));

describe('settings page', () => {
  it('shows every setting, dates and times in Douala, and the places that may be confirmed', async () => {
    renderAdmin('/admin/parametres');
    expect(await screen.findByRole('heading', { level: 1, name: 'Paramètres' })).toBeVisible();
    expect(await screen.findByLabelText(/^Début du concert/)).toHaveValue('2030-05-18T16:00');
    expect(input(/^Ouverture des portes/)).toHaveValue('2030-05-18T14:00');
    expect(input(/^Ouverture des réservations/)).toHaveValue('2030-03-01T00:00');
    expect(input(/^Clôture des réservations/)).toHaveValue('');
    expect(input(/^Clôture des inscriptions/)).toHaveValue('2030-02-28T23:59');
    expect(input(/^Lieu/)).toHaveValue('Palais des Sports de Yaoundé');
    expect(input(/^Capacité/)).toHaveValue('1500');
    expect(input(/^Nombre maximum de participants/)).toHaveValue('2000');
    expect(screen.getByText(/Places confirmables/)).toHaveTextContent(/1\s650/);
    expect(screen.getByText(/Dernière modification/)).toHaveTextContent(/heure de Douala/);
  });

  it('saves the changed settings, as +01:00 times, and shows them again after a reload', async () => {
    const user = userEvent.setup();
    const view = renderAdmin('/admin/parametres');
    await screen.findByLabelText(/^Début du concert/);
    // Another admin changes the address meanwhile: this page does not send it back.
    await backend.sql(`update edition_settings set venue_address = 'Nouvelle adresse, Yaoundé'`);

    setDateTime(/^Début du concert/, '2030-05-18T17:30');
    setDateTime(/^Clôture des réservations/, '2030-05-18T12:00');
    await user.clear(input(/^Lieu/));
    await user.type(input(/^Lieu/), '  Stade   Ahmadou Ahidjo ');
    await user.clear(input(/^Capacité/));
    await user.type(input(/^Capacité/), '2000');
    await user.clear(input(/^Téléphone de contact/));
    await user.type(input(/^Téléphone de contact/), '+237 6 77 12 34 56');
    await user.clear(input(/^Nombre maximum de participants/));
    await user.type(input(/^Nombre maximum de participants/), '3000');
    expect(screen.getByText(/Places confirmables/)).toHaveTextContent(/2\s200/);
    await save(user);

    expect(await screen.findByText('Paramètres enregistrés')).toBeVisible();
    expect(await stored()).toEqual({
      concert: '2030-05-18 17:30',
      closes: '2030-05-18 12:00',
      venue_name: 'Stade Ahmadou Ahidjo',
      venue_address: 'Nouvelle adresse, Yaoundé',
      capacity: 2000,
      overbooking_percent: 10,
      contact_phone: '677123456',
      contact_email: 'contact@booster-challenge.cm',
      max_participants: 3000,
    });
    // The form now holds what the database stored (the phone as 9 digits).
    expect(input(/^Téléphone de contact/)).toHaveValue('677123456');

    view.unmount();
    renderAdmin('/admin/parametres');
    expect(await screen.findByLabelText(/^Début du concert/)).toHaveValue('2030-05-18T17:30');
    expect(input(/^Clôture des réservations/)).toHaveValue('2030-05-18T12:00');
    expect(input(/^Lieu/)).toHaveValue('Stade Ahmadou Ahidjo');
    expect(input(/^Adresse du lieu/)).toHaveValue('Nouvelle adresse, Yaoundé');
    expect(input(/^Capacité/)).toHaveValue('2000');
  });

  it('checks each field before sending, with the database’s own French messages', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/parametres');
    await screen.findByLabelText(/^Début du concert/);
    await user.clear(input(/^Capacité/));
    await user.type(input(/^Capacité/), '0');
    await user.clear(input(/^Lien du plan/));
    await user.type(input(/^Lien du plan/), 'http://carte.example');
    setDateTime(/^Ouverture des portes/, '2030-05-18T18:00');
    await save(user);

    expect(input(/^Capacité/)).toHaveAccessibleDescription(
      'La capacité doit être un nombre entier de 1 à 100 000.',
    );
    expect(input(/^Capacité/)).toHaveAttribute('aria-invalid', 'true');
    expect(input(/^Lien du plan/)).toHaveAccessibleDescription(
      /Le lien du plan doit être une adresse https:\/\/ valide\./,
    );
    expect(input(/^Ouverture des portes/)).toHaveAccessibleDescription(
      /L’ouverture des portes doit précéder le début du concert\./,
    );
    expect(await stored()).toMatchObject({ capacity: 1500, concert: '2030-05-18 16:00' });
  });

  it('shows a refusal of the database under its field, and stores nothing', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/parametres');
    await screen.findByLabelText(/^Début du concert/);
    // Another admin brings the concert forward after this page loaded it.
    await backend.sql(`update edition_settings set concert_starts_at = '2030-04-10 16:00+01',
      doors_open_at = '2030-04-10 14:00+01'`);

    // Valid against the concert this page shows (18 May), not against the stored one (10 April).
    setDateTime(/^Clôture des réservations/, '2030-05-01T12:00');
    await user.clear(input(/^Capacité/));
    await user.type(input(/^Capacité/), '1800');
    await save(user);

    const close = input(/^Clôture des réservations/);
    await screen.findByText(
      'La clôture des réservations ne peut pas dépasser le début du concert.',
    );
    expect(close).toHaveAccessibleDescription(
      /La clôture des réservations ne peut pas dépasser le début du concert\./,
    );
    expect(close).toHaveAttribute('aria-invalid', 'true');
    expect(close).toHaveFocus();
    expect(screen.queryByText('Paramètres enregistrés')).toBeNull();
    // One transaction: the capacity sent with it is not stored either.
    expect(await stored()).toMatchObject({ closes: null, capacity: 1500 });
  });
});

/** Issue 27 (docs/decisions/023-honest-screens.md): what a role cannot do is not offered. */
describe('honest settings', () => {
  it('shows a reader (lecteur) the settings as text, read-only, saying why', async () => {
    await backend.sql(`update edition_settings set personal_data_purge_at = '2030-11-30'`);
    await signInAsAdmin('lecteur@example.cm', 'lecteur-password-123');
    renderAdmin('/admin/parametres');
    expect(await screen.findByRole('heading', { level: 1, name: 'Paramètres' })).toBeVisible();
    expect(
      await screen.findByText(
        'Lecture seule : seuls les administrateurs modifient les paramètres et programment la purge.',
      ),
    ).toBeVisible();
    const places = await screen.findByRole('region', { name: 'Places et réservations' });
    expect(definitionOf('Capacité (places)', places)).toHaveTextContent(/^1\s500$/);
    expect(definitionOf('Places confirmables', places)).toHaveTextContent(/^1\s650$/);
    expect(definitionOf('Début du concert')).toHaveTextContent(
      /18\s+mai 2030.*16\s+h.*heure de Douala/,
    );
    // No input, no save, no purge button: nothing the database would refuse.
    await screen.findByText(/Aucune purge n’est programmée/);
    expect(screen.queryAllByRole('textbox')).toEqual([]);
    expect(screen.queryAllByRole('spinbutton')).toEqual([]);
    expect(
      screen.queryAllByRole('button', { name: /Enregistrer|Annuler|Programmer|Purger/ }),
    ).toEqual([]);
    const nav = screen.getByRole('navigation', { name: 'Administration' });
    expect(within(nav).getByRole('link', { name: 'Paramètres' })).toBeVisible();
  });

  it('explains a limit below the confirmed places before saving it', async () => {
    await backend.sql(`insert into reservations (full_name, phone, ville, heard_from,
        attendance_barrier, follows_booster_page, consumes_booster_products, state)
      select 'Personne ' || i, '67700010' || i, 'Douala', 'social', 'none', 'yes', 'yes', 'confirmed'
        from generate_series(1, 3) i`);
    const user = userEvent.setup();
    renderAdmin('/admin/parametres');
    await screen.findByLabelText(/^Capacité/);
    await waitFor(() =>
      expect(screen.getByText(/Places confirmables/)).toHaveTextContent(/déjà confirmées : 3/),
    );
    await user.clear(input(/^Capacité/));
    await user.type(input(/^Capacité/), '2');
    await user.clear(input(/^Surbooking/));
    await user.type(input(/^Surbooking/), '0');
    const warning = await screen.findByText(/^3 places sont déjà confirmées, plus que ces 2/);
    expect(warning).toHaveTextContent(/aucune n’est retirée/);
    expect(warning).toHaveTextContent(/tant que les places confirmables ne dépasseront pas 3\.$/);

    await save(user);
    const dialog = await screen.findByRole('alertdialog', {
      name: fr('Passer à 2 places confirmables ?'),
    });
    expect(dialog).toHaveAccessibleDescription(/^3 places sont déjà confirmées/);
    await user.click(within(dialog).getByRole('button', { name: 'Revenir au formulaire' }));
    expect(await stored()).toMatchObject({ capacity: 1500, overbooking_percent: 10 });

    await save(user);
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Enregistrer quand même',
      }),
    );
    expect(await screen.findByText('Paramètres enregistrés')).toBeVisible();
    expect(await stored()).toMatchObject({ capacity: 2, overbooking_percent: 0 });
  });

  it('names the waitlist a raised limit confirms', async () => {
    await backend.setEdition({ capacity: 2, overbooking_percent: 0 });
    await backend.sql(`insert into reservations (full_name, phone, ville, heard_from,
        attendance_barrier, follows_booster_page, consumes_booster_products, state, queue_number)
      select 'Personne ' || i, '67700020' || i, 'Douala', 'social', 'none', 'yes', 'yes',
             case when i <= 2 then 'confirmed' else 'waitlisted' end,
             case when i > 2 then i end
        from generate_series(1, 5) i`);
    const user = userEvent.setup();
    renderAdmin('/admin/parametres');
    await screen.findByLabelText(/^Capacité/);
    await waitFor(() =>
      expect(screen.getByText(/Places confirmables/)).toHaveTextContent(/déjà confirmées : 2/),
    );
    await user.clear(input(/^Capacité/));
    await user.type(input(/^Capacité/), '4');
    await save(user);
    expect(
      await screen.findByText(
        'Paramètres enregistrés ; 2 réservations de la liste d’attente passent en « Confirmé »',
      ),
    ).toBeVisible();
    expect(
      await backend.sql(
        `select state, count(*)::int n from reservations group by state order by 1`,
      ),
    ).toEqual([
      { state: 'confirmed', n: 4 },
      { state: 'waitlisted', n: 1 },
    ]);
  });
});
