import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import RegistrationPage from '@/features/registration/RegistrationPage';
import { resetProofOfWork } from '@/data/shared/public-write';
import { DRAFT_KEY } from '@/features/registration/registration-draft';
import { MESSAGES } from '@/features/registration/registration-schema';
import {
  DUPLICATE_EMAIL,
  duplicateMemberPhone,
  REGISTRATION_NETWORK_ERROR,
} from '@/data/participants/register-participant';
import { PHONE_INVALID, PHONE_REQUIRED } from '@/lib/validation';
import { testBackend } from '../setup/test-backend';
import { plain } from '../setup/french';

const backend = testBackend();

function Success() {
  const { pathname } = useLocation();
  return <h1>Inscription réussie ! ({pathname})</h1>;
}

function renderPage(path = '/inscription') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/inscription" element={<RegistrationPage />} />
        <Route path="/success" element={<Success />} />
      </Routes>
    </MemoryRouter>,
  );
}

/** The form, once the opening check has answered and its chunk is loaded (slow on a cold start). */
const findForm = () =>
  screen.findByRole('form', { name: 'Formulaire d’inscription' }, { timeout: 10_000 });
const submit = () => screen.getByRole('button', { name: 'Valider mon inscription' });

async function fill(user: UserEvent, label: string | RegExp, value: string) {
  const field = screen.getByLabelText(label);
  await user.clear(field);
  await user.click(field);
  await user.paste(value);
}

async function fillSolo(user: UserEvent, n = 1) {
  await user.click(screen.getByRole('radio', { name: /Danse/ }));
  await user.click(screen.getByRole('radio', { name: /Solo/ }));
  await fill(user, 'Nom complet *', `Awa Ngono ${n}`);
  await fill(user, 'E-mail *', `awa${n}@example.cm`);
  await fill(user, 'Téléphone *', `69000000${n}`);
  await fill(user, 'Ville *', 'Douala');
  await user.selectOptions(screen.getByLabelText('Région *'), 'Littoral');
  await user.click(screen.getByRole('checkbox', { name: /J'accepte le règlement/ }));
}

async function fillMember(user: UserEvent, n: number, name: string, phone: string, email = '') {
  await fill(user, `Nom complet du membre ${n} *`, name);
  await fill(user, `Téléphone du membre ${n} *`, phone);
  if (email) await fill(user, `E-mail du membre ${n} (facultatif)`, email);
}

const rows = async (query: string, params: unknown[] = []) =>
  (await backend.sql(query, params)).rows;

beforeAll(async () => {
  await backend.sql(`update contest_settings set registration_opens_at = now() - interval '1 day',
    registration_closes_at = now() + interval '1 day', max_participants = 2000`);
});

beforeEach(async () => {
  sessionStorage.clear();
  await backend.sql('delete from participants');
});
afterEach(async () => {
  // The proof of work prepared ahead is module state: a test that cut the network must not hand
  // a failed one to the next test.
  resetProofOfWork();
  await backend.sql('update private.rate_limits set max_per_address = 100000');
});

describe('registration page', () => {
  it('shows its header at once and a status line while it checks the opening, then the form', async () => {
    renderPage();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Inscription au Booster Challenge' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/^Inscription gratuite, en danse ou en chant, en solo ou en équipe/),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      "Vérification de l'ouverture des inscriptions…",
    );
    expect(screen.queryByRole('form')).not.toBeInTheDocument();

    await findForm();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('shows every rule’s message under its field and focuses the first error', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    await findForm();
    await user.click(submit());

    for (const message of [
      MESSAGES.category,
      MESSAGES.participationType,
      MESSAGES.fullNameRequired,
      MESSAGES.emailRequired,
      PHONE_REQUIRED,
      MESSAGES.cityRequired,
      MESSAGES.region,
      MESSAGES.terms,
    ])
      expect(await screen.findByText(plain(message))).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Danse/ })).toHaveFocus();
    expect(screen.getByLabelText('Nom complet *')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Nom complet *')).toHaveAccessibleDescription(
      MESSAGES.fullNameRequired,
    );

    await fill(user, 'Nom complet *', 'A');
    await fill(user, 'E-mail *', 'awa@example');
    await fill(user, 'Téléphone *', '690 000 01');
    await fill(user, 'Ville *', 'D');
    await fill(user, /^Lien vers une vidéo/, 'ma vidéo');
    await fill(user, /^Présentez-vous/, 'd'.repeat(1001));
    await user.click(submit());
    expect(await screen.findByText(plain(MESSAGES.fullNameMin))).toBeInTheDocument();
    expect(screen.getByText(plain(MESSAGES.emailInvalid))).toBeInTheDocument();
    expect(screen.getByText(plain(PHONE_INVALID))).toBeInTheDocument();
    expect(screen.getByText(plain(MESSAGES.cityMin))).toBeInTheDocument();
    expect(screen.getByText(plain(MESSAGES.linkInvalid))).toBeInTheDocument();
    expect(screen.getByText(plain(MESSAGES.descriptionMax))).toBeInTheDocument();
    expect(screen.getByText('1001/1000 caractères')).toBeInTheDocument();
    expect(await rows('select id from participants')).toEqual([]);
  });

  it('preselects the category and mode from the home page links', async () => {
    renderPage('/inscription?category=singing&type=team');
    await findForm();
    expect(screen.getByRole('radio', { name: /Chant/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Équipe/ })).toBeChecked();
    expect(screen.getByRole('heading', { name: 'Membre 1' })).toBeInTheDocument();
  });

  it('registers a solo, clears the saved draft and goes to /success', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage('/inscription?category=dance');
    await findForm();
    await fillSolo(user);
    await fill(user, /^Lien vers une vidéo/, 'https://youtu.be/abc');
    await user.click(submit());

    expect(
      await screen.findByRole('heading', { name: 'Inscription réussie ! (/success)' }),
    ).toBeInTheDocument();
    expect(sessionStorage.getItem(DRAFT_KEY)).toBeNull();
    expect(
      await rows('select full_name, email, participation_type, link_to_work from participants'),
    ).toEqual([
      {
        full_name: 'Awa Ngono 1',
        email: 'awa1@example.cm',
        participation_type: 'solo',
        link_to_work: 'https://youtu.be/abc',
      },
    ]);
  });

  it('builds a team of 2 to 10 people with numbered, removable members, and stores it', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    await findForm();
    await fillSolo(user, 2);
    await user.click(screen.getByRole('radio', { name: /Équipe/ }));
    await fill(user, 'Nom de l’équipe *', 'Les Lions');

    // A team of 1 person cannot be submitted.
    await user.click(screen.getByRole('button', { name: 'Retirer le membre 1' }));
    expect(screen.getByText(/Votre équipe compte/)).toHaveTextContent('1 personne, vous compris');
    await user.click(submit());
    expect(await screen.findByText(plain(MESSAGES.teamTooSmall))).toHaveFocus();

    // Up to 9 other members: the 10th person is the last one that can be added.
    const add = screen.getByRole('button', { name: '+ Ajouter un membre' });
    for (let i = 0; i < 9; i++) await user.click(add);
    expect(screen.getByRole('heading', { name: 'Membre 9' })).toBeInTheDocument();
    expect(add).toBeDisabled();
    expect(screen.getByText(/maximum de 10 personnes/)).toBeInTheDocument();

    for (let i = 9; i > 3; i--)
      await user.click(screen.getByRole('button', { name: `Retirer le membre ${i}` }));
    expect(add).toBeEnabled();
    expect(screen.queryByRole('heading', { name: 'Membre 4' })).not.toBeInTheDocument();

    await fillMember(user, 1, 'Paul Eto', '670000001', 'paul@example.cm');
    await fillMember(user, 2, 'Marie Bella', '670000002');
    await fillMember(user, 3, 'Jean Mbappé', '12');
    await user.click(submit());
    expect(await screen.findByText(plain(PHONE_INVALID))).toBeInTheDocument();
    expect(screen.getByLabelText('Téléphone du membre 3 *')).toHaveFocus();
    await fill(user, 'Téléphone du membre 3 *', '670000003');
    await user.click(submit());

    expect(await screen.findByRole('heading', { name: /Inscription réussie/ })).toBeInTheDocument();
    const [participant] = await rows(`select id, team_name, participation_type from participants`);
    expect(participant).toMatchObject({ team_name: 'Les Lions', participation_type: 'team' });
    expect(
      await rows(
        'select position, full_name, phone, email from team_members where participant_id = $1 order by position',
        [(participant as { id: string }).id],
      ),
    ).toEqual([
      { position: 1, full_name: 'Paul Eto', phone: '670000001', email: 'paul@example.cm' },
      { position: 2, full_name: 'Marie Bella', phone: '670000002', email: null },
      { position: 3, full_name: 'Jean Mbappé', phone: '670000003', email: null },
    ]);
  });

  it('keeps everything typed when the backend is unreachable, and a retry stores one registration', async () => {
    const user = userEvent.setup({ delay: null });
    const view = renderPage();
    await findForm();
    await fillSolo(user, 3);
    await user.click(screen.getByRole('radio', { name: /Équipe/ }));
    await fill(user, 'Nom de l’équipe *', 'Les Voix');
    await user.click(screen.getByRole('button', { name: '+ Ajouter un membre' }));
    await fillMember(user, 1, 'Paul Eto', '670000001');
    await fillMember(user, 2, 'Marie Bella', '670000002');

    // The request reaches the database but the answer is lost on the way back.
    const realFetch = globalThis.fetch;
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (...args) => {
      await realFetch(...args);
      throw new TypeError('Failed to fetch');
    });
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(plain(REGISTRATION_NETWORK_ERROR));
    expect(submit()).toBeEnabled();
    fetchSpy.mockRestore();

    // A reload keeps every value, member rows included. (A reload also starts the modules afresh,
    // the proof of work prepared while the network was failing included.)
    view.unmount();
    resetProofOfWork();
    renderPage();
    await findForm();
    expect(screen.getByRole('radio', { name: /Danse/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Équipe/ })).toBeChecked();
    expect(screen.getByLabelText('Nom complet *')).toHaveValue('Awa Ngono 3');
    expect(screen.getByLabelText('E-mail *')).toHaveValue('awa3@example.cm');
    expect(screen.getByLabelText('Région *')).toHaveValue('Littoral');
    expect(screen.getByLabelText('Nom de l’équipe *')).toHaveValue('Les Voix');
    expect(screen.getByLabelText('Nom complet du membre 2 *')).toHaveValue('Marie Bella');
    expect(screen.getByLabelText('Téléphone du membre 1 *')).toHaveValue('670000001');
    expect(screen.getByRole('checkbox', { name: /J'accepte le règlement/ })).toBeChecked();

    await user.click(submit());
    expect(await screen.findByRole('heading', { name: /Inscription réussie/ })).toBeInTheDocument();
    expect(await rows('select team_name from participants')).toEqual([{ team_name: 'Les Voix' }]);
    expect(await rows('select full_name from team_members order by position')).toEqual([
      { full_name: 'Paul Eto' },
      { full_name: 'Marie Bella' },
    ]);
  });

  it('says the person is already registered, under the e-mail, and keeps the form', async () => {
    await backend.sql(`insert into participants (full_name, email, phone, city, region, category,
      participation_type, agree_to_terms) values ('Awa', 'awa4@example.cm', '699999999', 'Douala', 'Littoral',
      'dance', 'solo', true)`);
    const user = userEvent.setup({ delay: null });
    renderPage();
    await findForm();
    await fillSolo(user, 4);
    await user.click(submit());

    const email = screen.getByLabelText('E-mail *');
    await waitFor(() => expect(email).toHaveAccessibleDescription(DUPLICATE_EMAIL));
    expect(email).toHaveFocus();
    // Shown once, under the field it concerns (not again above the submit button).
    expect(within(screen.getByRole('form')).getAllByText(plain(DUPLICATE_EMAIL))).toHaveLength(1);
    expect(screen.getByLabelText('Nom complet *')).toHaveValue('Awa Ngono 4');
    expect(await rows('select email from participants')).toEqual([{ email: 'awa4@example.cm' }]);
  });
  it('says which team member is already registered, under that member’s phone', async () => {
    await backend.sql(`insert into participants (full_name, email, phone, city, region, category,
      participation_type, agree_to_terms) values ('Paul', 'paul@example.cm', '677001122', 'Douala',
      'Littoral', 'singing', 'solo', true)`);
    const user = userEvent.setup({ delay: null });
    renderPage();
    await findForm();
    await fillSolo(user, 5);
    await user.click(screen.getByRole('radio', { name: /Équipe/ }));
    await fill(user, 'Nom de l’équipe *', 'Les Lions');
    await fillMember(user, 1, 'Marie Bella', '670000001');
    await user.click(screen.getByRole('button', { name: '+ Ajouter un membre' }));
    await fillMember(user, 2, 'Paul Eto', '677001122');
    await user.click(submit());

    const memberPhone = screen.getByLabelText('Téléphone du membre 2 *');
    await waitFor(() => expect(memberPhone).toHaveAccessibleDescription(duplicateMemberPhone(2)));
    expect(memberPhone).toHaveFocus();
    expect(memberPhone).toHaveValue('677001122');
    expect(await rows('select count(*)::int as n from participants')).toEqual([{ n: 1 }]);
  });

  it('a filled honeypot (a robot) stores nothing, and the robot sees the usual success', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    await findForm();
    // Out of reach for people and assistive technology: only found when asking for hidden ones.
    expect(screen.queryByRole('textbox', { name: /Site web/ })).not.toBeInTheDocument();
    const honeypot = screen.getByRole('textbox', { name: /Site web/, hidden: true });
    expect(honeypot).not.toBeVisible();
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    await fillSolo(user, 6);
    await user.type(honeypot, 'https://spam.example');
    await user.click(submit());

    expect(
      await screen.findByRole('heading', { name: 'Inscription réussie ! (/success)' }),
    ).toBeInTheDocument();
    expect(await rows('select count(*)::int n from participants')).toEqual([{ n: 0 }]);
  });

  it('too many registrations from one connection: the French refusal above the button, values kept', async () => {
    // This connection already registered more than its share in the window.
    await backend.sql(`update private.rate_limits set max_per_address = 5 where action = 'register';
      insert into private.rate_hits (action, address)
        select 'register', '127.0.0.1'::inet from generate_series(1, 200)`);
    const user = userEvent.setup({ delay: null });
    renderPage();
    await findForm();
    await fillSolo(user, 7);
    await user.click(submit());

    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        /^Trop de demandes depuis votre connexion\. Réessayez dans \d+ minutes?\.$/,
      ),
    );
    expect(screen.getByRole('alert')).toBeVisible();
    // Not a refused field: neither the e-mail nor the phone is marked in error.
    expect(screen.getByLabelText('E-mail *')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Téléphone *')).not.toHaveAttribute('aria-invalid');
    await waitFor(() => expect(submit()).toBeEnabled());
    expect(screen.getByRole('radio', { name: /Danse/ })).toBeChecked();
    expect(screen.getByLabelText('Nom complet *')).toHaveValue('Awa Ngono 7');
    expect(screen.getByLabelText('E-mail *')).toHaveValue('awa7@example.cm');
    expect(screen.getByLabelText('Téléphone *')).toHaveValue('690000007');
    expect(screen.getByLabelText('Région *')).toHaveValue('Littoral');
    expect(screen.getByRole('checkbox', { name: /J'accepte le règlement/ })).toBeChecked();
    expect(await rows('select count(*)::int n from participants')).toEqual([{ n: 0 }]);
  });
});
