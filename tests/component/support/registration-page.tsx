/**
 * Shared by the registration page's tests (tests/component/registration-page*.test.tsx): the page
 * rendered in a router with /success, the form's fill helpers, rows read back, and a clean slate.
 */
import { afterEach, beforeAll, beforeEach } from 'vitest';
import { render, screen } from '@testing-library/react';
import { type UserEvent } from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import RegistrationPage from '@/features/registration/RegistrationPage';
import { resetProofOfWork } from '@/data/shared/public-write';
import { testBackend } from '../../setup/test-backend';

export const backend = testBackend();

function Success() {
  const { pathname } = useLocation();
  return <h1>Inscription réussie ! ({pathname})</h1>;
}

export function renderPage(path = '/inscription') {
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
export const findForm = () =>
  screen.findByRole('form', { name: 'Formulaire d’inscription' }, { timeout: 10_000 });
export const submit = () => screen.getByRole('button', { name: 'Valider mon inscription' });

export async function fill(user: UserEvent, label: string | RegExp, value: string) {
  const field = screen.getByLabelText(label);
  await user.clear(field);
  await user.click(field);
  await user.paste(value);
}

export async function fillSolo(user: UserEvent, n = 1) {
  await user.click(screen.getByRole('radio', { name: /Danse/ }));
  await user.click(screen.getByRole('radio', { name: /Solo/ }));
  await fill(user, 'Nom complet *', `Awa Ngono ${n}`);
  await fill(user, 'E-mail *', `awa${n}@example.cm`);
  await fill(user, 'Téléphone *', `69000000${n}`);
  await fill(user, 'Ville *', 'Douala');
  await user.selectOptions(screen.getByLabelText('Région *'), 'Littoral');
  await user.click(screen.getByRole('checkbox', { name: /J'accepte le règlement/ }));
}

export async function fillMember(
  user: UserEvent,
  n: number,
  name: string,
  phone: string,
  email = '',
) {
  await fill(user, `Nom complet du membre ${n} *`, name);
  await fill(user, `Téléphone du membre ${n} *`, phone);
  if (email) await fill(user, `E-mail du membre ${n} (facultatif)`, email);
}

export const rows = async (query: string, params: unknown[] = []) =>
  (await backend.sql(query, params)).rows;

/**
 * Opens registration once; each test starts with no participant and ends with the relaxed limits.
 */
export function openRegistrationAndClearParticipants(): void {
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
}
