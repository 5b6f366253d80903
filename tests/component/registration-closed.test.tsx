import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import RegistrationPage from '@/features/registration/RegistrationPage';
import {
  toRegistrationPayload,
  type NewRegistration,
} from '@/data/participants/register-participant';
import { testBackend } from '../setup/test-backend';

/** When registration is not open, the page shows the closed page, and the API refuses too. */
const backend = testBackend();
/** One anon client for the file (several in one jsdom window make supabase-js warn). */
const anon = backend.anonClient();

const registration: NewRegistration = {
  fullName: 'Awa Ngono',
  email: 'awa@example.cm',
  phone: '690000001',
  city: 'Douala',
  region: 'Littoral',
  category: 'dance',
  participationType: 'solo',
  teamName: '',
  linkToWork: '',
  description: '',
  agreeToTerms: true,
  teamMembers: [],
};

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/inscription']}>
      <Routes>
        <Route path="/inscription" element={<RegistrationPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const setWindow = (set: string) => backend.sql(`update contest_settings set ${set}`);
const OPEN = `registration_opens_at = now() - interval '1 day', registration_closes_at = now() + interval '1 day', max_participants = 2000`;

beforeEach(async () => {
  sessionStorage.clear();
  await backend.sql('delete from participants');
  await setWindow(OPEN);
});

async function expectRefusedByApi(hint: string) {
  // With a valid proof of work: the refusal must be the window's, not the anti-robot check's.
  const { error } = await anon.rpc('register_participant', {
    payload: {
      ...toRegistrationPayload(crypto.randomUUID(), registration),
      pow: await backend.proofOfWork(),
    },
  } as never);
  expect(error).toMatchObject({ hint });
}

describe('registration closed', () => {
  it('before the window: says registration is not open yet', async () => {
    await setWindow(
      `registration_opens_at = now() + interval '1 day', registration_closes_at = now() + interval '2 days'`,
    );
    renderPage();
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Inscriptions pas encore ouvertes' },
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/ne sont pas encore ouvertes/)).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    await expectRefusedByApi('registration_not_open');
  });

  it('after the window: Inscriptions Clôturées, the period is over', async () => {
    await setWindow(
      `registration_opens_at = now() - interval '2 days', registration_closes_at = now() - interval '1 day'`,
    );
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Inscriptions Clôturées' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/période d’inscription .* est terminée/)).toBeInTheDocument();
    // it replaces the registration page's header and its status line
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour à l’accueil' })).toHaveAttribute('href', '/');
    await expectRefusedByApi('registration_closed');
  });

  it('when full: Inscriptions Clôturées, the maximum number of participants is reached', async () => {
    await setWindow('max_participants = 1');
    await backend.sql(`insert into participants (full_name, email, phone, city, region, category,
      participation_type, agree_to_terms) values ('Paul', 'paul@example.cm', '699999999', 'Douala', 'Littoral',
      'dance', 'solo', true)`);
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Inscriptions Clôturées' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/nombre maximum de participants a été atteint/)).toBeInTheDocument();
    await expectRefusedByApi('registration_full');
  });

  it('switches to the closed page when the last place goes while the form is being filled', async () => {
    await setWindow('max_participants = 1');
    const user = userEvent.setup({ delay: null });
    renderPage();
    await screen.findByRole('form', { name: 'Formulaire d’inscription' }, { timeout: 10_000 });
    await backend.sql(`insert into participants (full_name, email, phone, city, region, category,
      participation_type, agree_to_terms) values ('Paul', 'paul@example.cm', '699999999', 'Douala', 'Littoral',
      'dance', 'solo', true)`);

    await user.click(screen.getByRole('radio', { name: /Chant/ }));
    await user.click(screen.getByRole('radio', { name: /Solo/ }));
    for (const [label, value] of [
      ['Nom complet *', registration.fullName],
      ['E-mail *', registration.email],
      ['Téléphone *', registration.phone],
      ['Ville *', registration.city],
    ]) {
      await user.click(screen.getByLabelText(label));
      await user.paste(value);
    }
    await user.selectOptions(screen.getByLabelText('Région *'), 'Centre');
    await user.click(screen.getByRole('checkbox', { name: /J'accepte le règlement/ }));
    await user.click(screen.getByRole('button', { name: 'Valider mon inscription' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Inscriptions Clôturées' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/nombre maximum de participants a été atteint/)).toBeInTheDocument();
    expect(await backend.sql('select email from participants')).toMatchObject({
      rows: [{ email: 'paul@example.cm' }],
    });
  });
});
