import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import App from '@/app/App';
import RegistrationPage from '@/features/registration/RegistrationPage';
import { MESSAGES } from '@/features/registration/registration-schema';
import { resetProofOfWork } from '@/data/shared/public-write';
import { PHONE_INVALID } from '@/lib/validation';
import { testBackend } from '../setup/test-backend';
import { plain } from '../setup/french';

/**
 * The public forms take a phone and a link as people write them (+237, spaces, dots, dashes; a
 * link without https://) and send and store the 9 digits and the full address.
 */
const backend = testBackend();
/** The first submit loads supabase-js on demand: give it time on a busy machine. */
const SLOW = { timeout: 10_000 };
const realFetch = globalThis.fetch;

const urlOf = (input: string | URL | Request) =>
  String(input instanceof Request ? input.url : input);

/** The JSON bodies sent to one RPC, as the browser sent them. */
function bodiesSentTo(rpc: string) {
  const bodies: Record<string, unknown>[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    if (urlOf(input).includes(`/rest/v1/rpc/${rpc}`) && typeof init?.body === 'string')
      bodies.push(JSON.parse(init.body) as Record<string, unknown>);
    return realFetch(input, init);
  });
  return bodies;
}

async function paste(user: UserEvent, label: string | RegExp, value: string) {
  const field = screen.getByLabelText(label);
  await user.clear(field);
  await user.click(field);
  await user.paste(value);
}

beforeAll(async () => {
  await backend.sql(`update contest_settings set registration_opens_at = now() - interval '1 day',
    registration_closes_at = now() + interval '1 day', max_participants = 2000`);
});
beforeEach(async () => {
  sessionStorage.clear();
  await backend.sql('delete from reservations; delete from participants');
});
afterEach(() => {
  window.history.replaceState(null, '', '/');
  resetProofOfWork();
});

describe('Night Party reservation', () => {
  async function openNightParty() {
    window.history.replaceState(null, '', '/night-party');
    render(<App />);
    await screen.findByRole('button', { name: 'Réserver ma place' }, SLOW);
  }

  async function fillOthers(user: UserEvent) {
    await user.type(screen.getByLabelText(/Nom complet/), 'Jean Mbarga');
    await user.type(screen.getByLabelText(/Ville/), 'Yaoundé');
    await user.click(screen.getByRole('radio', { name: 'Réseaux sociaux' }));
  }

  it('says on the phone field that spaces and +237 are accepted', async () => {
    await openNightParty();
    expect(screen.getByLabelText(/Téléphone/)).toHaveAccessibleDescription(
      /^9 chiffres, par ex\. 6\s77\s12\s34\s56\s; espaces et \+237 acceptés\.$/,
    );
    // A phone keypad, which has the + and the space, not the digits-only one.
    expect(screen.getByLabelText(/Téléphone/)).toHaveAttribute('inputmode', 'tel');
  });

  it('sends and stores "+237 6 77 12 34 56" as 677123456', async () => {
    const user = userEvent.setup({ delay: null });
    const sent = bodiesSentTo('create_reservation');
    await openNightParty();
    await fillOthers(user);
    await user.type(screen.getByLabelText(/Téléphone/), '+237 6 77 12 34 56');
    await user.click(screen.getByRole('button', { name: 'Réserver ma place' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Réservation enregistrée' }, SLOW),
    ).toBeVisible();
    expect(sent).toHaveLength(1);
    expect(sent[0].payload).toMatchObject({ phone: '677123456' });
    expect(await backend.sql('select full_name, phone from reservations')).toEqual([
      { full_name: 'Jean Mbarga', phone: '677123456' },
    ]);
  });

  it('refuses what is still not 9 digits with the specification’s message, sending nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const sent = bodiesSentTo('create_reservation');
    await openNightParty();
    await fillOthers(user);
    const phone = screen.getByLabelText(/Téléphone/);
    await user.type(phone, '+237 6 77 12 34 5');
    await user.click(screen.getByRole('button', { name: 'Réserver ma place' }));

    expect(await screen.findByText(plain(PHONE_INVALID))).toBeVisible();
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveAccessibleDescription(expect.stringContaining(PHONE_INVALID));
    expect(sent).toHaveLength(0);
    expect(await backend.sql('select id from reservations')).toEqual([]);
  });
});

describe('registration', () => {
  function renderRegistration() {
    render(
      <MemoryRouter initialEntries={['/inscription']}>
        <Routes>
          <Route path="/inscription" element={<RegistrationPage />} />
          <Route path="/success" element={<h1>Inscription réussie !</h1>} />
        </Routes>
      </MemoryRouter>,
    );
    return screen.findByRole('form', { name: 'Formulaire d’inscription' }, SLOW);
  }

  async function fillTeam(user: UserEvent, phone: string, memberPhone: string) {
    await user.click(screen.getByRole('radio', { name: /Danse/ }));
    await user.click(screen.getByRole('radio', { name: /Équipe/ }));
    await paste(user, 'Nom complet *', 'Awa Ngono');
    await paste(user, 'E-mail *', 'awa@example.cm');
    await paste(user, 'Téléphone *', phone);
    await paste(user, 'Ville *', 'Douala');
    await user.selectOptions(screen.getByLabelText('Région *'), 'Littoral');
    await paste(user, 'Nom de l’équipe *', 'Les Lions');
    await paste(user, 'Nom complet du membre 1 *', 'Paul Eto');
    await paste(user, 'Téléphone du membre 1 *', memberPhone);
    await user.click(screen.getByRole('checkbox', { name: /J'accepte le règlement/ }));
  }

  it('stores the phones as 9 digits and the link with https://', async () => {
    const user = userEvent.setup({ delay: null });
    const sent = bodiesSentTo('register_participant');
    await renderRegistration();
    await fillTeam(user, '00237 690.00.00.01', '670-00-00-01');
    await paste(user, /^Lien vers une vidéo/, 'youtube.com/watch?v=abc');
    await user.click(screen.getByRole('button', { name: 'Valider mon inscription' }));

    expect(
      await screen.findByRole('heading', { name: 'Inscription réussie !' }, SLOW),
    ).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0].payload).toMatchObject({
      phone: '690000001',
      link_to_work: 'https://youtube.com/watch?v=abc',
    });
    expect(
      await backend.sql(
        `select p.phone, p.link_to_work, m.phone as member_phone
           from participants p join team_members m on m.participant_id = p.id`,
      ),
    ).toEqual([
      {
        phone: '690000001',
        link_to_work: 'https://youtube.com/watch?v=abc',
        member_phone: '670000001',
      },
    ]);
  });

  it('knows the registrant’s phone written another way under a member, and refuses a bad link', async () => {
    const user = userEvent.setup({ delay: null });
    const sent = bodiesSentTo('register_participant');
    await renderRegistration();
    await fillTeam(user, '690 00 00 01', '+237 690 000 001');
    await paste(user, /^Lien vers une vidéo/, 'ma vidéo');
    await user.click(screen.getByRole('button', { name: 'Valider mon inscription' }));

    expect(await screen.findByText(plain(MESSAGES.memberPhoneRepeated))).toBeInTheDocument();
    expect(screen.getByText(plain(MESSAGES.linkInvalid))).toBeInTheDocument();
    await waitFor(() => expect(sent).toHaveLength(0));
    expect(await backend.sql('select id from participants')).toEqual([]);
  });
});
