import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { toast } from 'react-toastify';
import ToastHost, {
  TOAST_AUTO_CLOSE_MS,
  TOAST_CLOSE_LABEL,
  TOAST_REGION_LABEL,
} from '@/app/ToastHost';
import { notify } from '@/lib/toast';
import { signOutAdmin } from '@/data/staff/admin-auth';
import { REQUIRED_LEGEND } from '@/components/ui/RequiredLegend';
import RegistrationPage from '@/features/registration/RegistrationPage';
import ContactPage from '@/features/contact/ContactPage';
import NightPartyPage from '@/features/reservation/NightPartyPage';
import { DoorSignIn } from '@/features/door/DoorSignIn';
import { testBackend } from '../setup/test-backend';
import { renderAdmin, signInAsAdmin } from './admin-render';

/**
 * Issue 15: toasts speak French and are announced once; every form with required fields says
 * what the * means once, and every control marked * says it is required (aria-required), the *
 * itself being hidden from assistive technology.
 */
const backend = testBackend();
const TEAM = 'c1500000-0000-4000-8000-000000000001';

beforeAll(async () => {
  await backend.sql(`update contest_settings set registration_opens_at = now() - interval '1 day',
    registration_closes_at = now() + interval '1 day', max_participants = 2000`);
  await backend.createUser('chef15@example.cm', 'chef-password-123', { admin: true });
  await backend.sql(`begin;
    insert into participants (id, full_name, email, phone, city, region, category,
      participation_type, team_name, link_to_work, description, agree_to_terms)
    values ('${TEAM}', 'Awa Ngono', 'awa15@example.cm', '690001501', 'Douala', 'Littoral',
            'dance', 'team', 'Les Lions', null, null, true);
    insert into team_members (participant_id, position, full_name, phone)
    values ('${TEAM}', 1, 'Jean Mbarga', '691001501');
    commit;`);
});
afterEach(async () => {
  await signOutAdmin();
  localStorage.clear();
});

describe('toasts', () => {
  it('are French statuses, read once, with a named close button and no English timer', async () => {
    render(<ToastHost />);
    act(() => notify.error('Email ou mot de passe incorrect'));
    const shown = await screen.findByRole('status');
    expect(shown).toHaveTextContent('Email ou mot de passe incorrect');
    // A status inside the container's polite live region: one announcement, not an alert too.
    expect(screen.queryAllByRole('alert')).toEqual([]);
    const region = screen.getByRole('region', { name: TOAST_REGION_LABEL });
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toContainElement(shown);
    expect(TOAST_REGION_LABEL).toBe('Notifications (Alt+T)');
    expect(within(shown).getByRole('button', { name: TOAST_CLOSE_LABEL })).toBeVisible();
    expect(TOAST_CLOSE_LABEL).toBe('Fermer la notification');
    expect(screen.queryByRole('button', { name: 'close' })).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
    // react-toastify's timer, named in English, is hidden from assistive technology.
    for (const timer of screen.queryAllByLabelText('notification timer'))
      expect(timer).toHaveAttribute('aria-hidden', 'true');
  });

  it('close after the specification’s 5000 ms, top-right on a phone too, paused while hovered', async () => {
    // A phone-sized screen: every media query matches (the toasts once moved to the bottom there).
    vi.stubGlobal(
      'matchMedia',
      (query: string) =>
        ({
          matches: true,
          media: query,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
        }) as unknown as MediaQueryList,
    );
    render(<ToastHost />);
    act(() => notify.success('Participant supprimé avec succès'));
    const shown = await screen.findByRole('status');
    // react-toastify says where its toasts are and how long they stay only in class names and
    // inline styles: nothing a person perceives that Testing Library could query.
    // eslint-disable-next-line testing-library/no-node-access
    const container = shown.closest('.Toastify__toast-container');
    expect(container).toHaveClass('Toastify__toast-container--top-right');
    expect(TOAST_AUTO_CLOSE_MS).toBe(5000);
    // react-toastify closes a toast when its (hidden) timer's animation ends: 5000 ms long.
    // eslint-disable-next-line testing-library/no-node-access
    const timer = shown.querySelector<HTMLElement>('.Toastify__progress-bar--animated');
    expect(timer?.style.animationDuration).toBe('5000ms');
    // The timer runs once the toast's entrance is over, and stops while the pointer is over it.
    fireEvent.animationEnd(shown);
    expect(timer?.style.animationPlayState).toBe('running');
    fireEvent.mouseEnter(shown);
    expect(timer?.style.animationPlayState).toBe('paused');
    fireEvent.mouseLeave(shown);
    expect(timer?.style.animationPlayState).toBe('running');
    vi.unstubAllGlobals();
  });

  it('pause while the keyboard focus is in a toast and play again when it leaves', async () => {
    const pause = vi.spyOn(toast, 'pause');
    const play = vi.spyOn(toast, 'play');
    render(
      <>
        <button type="button">Ailleurs</button>
        <ToastHost />
      </>,
    );
    act(() => notify.success('Paramètres enregistrés'));
    const shown = await screen.findByRole('status');
    const close = within(shown).getByRole('button', { name: TOAST_CLOSE_LABEL });
    act(() => close.focus());
    expect(pause).toHaveBeenCalled();
    expect(play).not.toHaveBeenCalled();
    act(() => screen.getByRole('button', { name: 'Ailleurs' }).focus());
    expect(play).toHaveBeenCalled();
  });

  it('stays paused when the window comes back to the foreground with the focus still in it', async () => {
    render(<ToastHost />);
    act(() => notify.success('Paramètres enregistrés'));
    const shown = await screen.findByRole('status');
    // eslint-disable-next-line testing-library/no-node-access
    const timer = shown.querySelector<HTMLElement>('.Toastify__progress-bar--animated');
    fireEvent.animationEnd(shown);
    act(() => within(shown).getByRole('button', { name: TOAST_CLOSE_LABEL }).focus());
    expect(timer?.style.animationPlayState).toBe('paused');
    // Another app, then back: react-toastify plays its toasts again on the window's focus.
    act(() => void window.dispatchEvent(new Event('blur')));
    act(() => void window.dispatchEvent(new Event('focus')));
    await waitFor(() => expect(timer?.style.animationPlayState).toBe('paused'));
  });
});

/**
 * Every `*` of `scope` belongs to a control that says aria-required="true": the controls whose
 * label ends with the star (inputs, selects, the rules checkbox, the radio groups a question
 * names) and the radio groups of choice cards (named by their legend). Returns how many.
 */
function expectRequiredAnnounced(scope: HTMLElement): number {
  const stars = within(scope).queryAllByText('*');
  const required = new Set([
    ...within(scope).queryAllByLabelText(/\*\s*$/),
    ...within(scope).queryAllByRole('radiogroup'),
  ]);
  for (const control of required)
    expect(control, control.getAttribute('aria-label') ?? control.id).toHaveAttribute(
      'aria-required',
      'true',
    );
  expect(required.size, 'one required control per *').toBe(stars.length);
  return stars.length;
}

const expectLegendOnce = () => expect(screen.getAllByText(REQUIRED_LEGEND)).toHaveLength(1);

describe('required fields', () => {
  it('registration (team): the legend once, every * announced, rules checkbox included', async () => {
    render(
      <MemoryRouter initialEntries={['/inscription?type=team']}>
        <Routes>
          <Route path="/inscription" element={<RegistrationPage />} />
        </Routes>
      </MemoryRouter>,
    );
    const form = await screen.findByRole(
      'form',
      { name: 'Formulaire d’inscription' },
      { timeout: 10_000 },
    );
    expectLegendOnce();
    // Category, mode, name, e-mail, phone, city, region, team name, rules (members when added).
    expect(expectRequiredAnnounced(form)).toBeGreaterThanOrEqual(9);
    expect(screen.getByRole('checkbox', { name: /J.accepte le règlement/ })).toHaveAttribute(
      'aria-required',
      'true',
    );
    expect(screen.getByRole('radiogroup', { name: /Dans quelle catégorie/ })).toHaveAttribute(
      'aria-required',
      'true',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: '+ Ajouter un membre' }));
    expect(screen.getByLabelText(/^Nom complet du membre 1/)).toHaveAttribute(
      'aria-required',
      'true',
    );
    expect(screen.getByLabelText(/^E-mail du membre 1/)).not.toHaveAttribute('aria-required');
    expectRequiredAnnounced(form);
  });

  it('contact and Night Party reservation', async () => {
    const { container: contact, unmount: leaveContact } = render(
      <MemoryRouter>
        <ContactPage />
      </MemoryRouter>,
    );
    await screen.findByRole('button', { name: 'Envoyer le message' }, { timeout: 10_000 });
    expectLegendOnce();
    expect(expectRequiredAnnounced(contact)).toBe(4);
    leaveContact();

    const { container: party } = render(
      <MemoryRouter>
        <NightPartyPage />
      </MemoryRouter>,
    );
    await screen.findByRole('button', { name: 'Réserver ma place' }, { timeout: 10_000 });
    expectLegendOnce();
    // Name, phone, city and the six questions (radio groups).
    expect(expectRequiredAnnounced(party)).toBe(9);
    for (const group of screen.getAllByRole('radiogroup'))
      expect(group).toHaveAttribute('aria-required', 'true');
  });

  it('door and administration sign-in', async () => {
    const { container: door, unmount: leaveDoor } = render(
      <DoorSignIn onSignedIn={() => undefined} />,
    );
    // The sign-in is its own chunk, shown once loaded (src/components/staff/LazyStaffSignIn.tsx).
    await screen.findByRole('button', { name: 'Se connecter' });
    expectLegendOnce();
    expect(expectRequiredAnnounced(door)).toBe(2);
    leaveDoor();

    const { container: login } = renderAdmin('/admin/login');
    await screen.findByRole('button', { name: 'Se connecter' });
    expectLegendOnce();
    expect(expectRequiredAnnounced(login)).toBe(2);
  });

  it('administration: a participant’s edit form and the settings', async () => {
    await signInAsAdmin('chef15@example.cm', 'chef-password-123');
    const user = userEvent.setup();
    const { unmount: leaveParticipant } = renderAdmin(`/admin/participants/${TEAM}`);
    await user.click(await screen.findByRole('button', { name: 'Modifier' }));
    const edit = await screen.findByRole('form', { name: 'Modifier le participant' });
    expectLegendOnce();
    // Seven personal fields, the team name, the member's name and phone.
    expect(expectRequiredAnnounced(edit)).toBe(10);
    leaveParticipant();

    renderAdmin('/admin/parametres');
    const settings = await screen.findByRole('form', { name: 'Paramètres de l’édition' });
    expectLegendOnce();
    expect(expectRequiredAnnounced(settings)).toBeGreaterThanOrEqual(12);
    expect(screen.getByLabelText(/^Clôture des réservations/)).not.toHaveAttribute('aria-required');
  });
});
