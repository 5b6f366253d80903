import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SupabaseClient } from '@supabase/supabase-js';
import { auditionVenue } from '@/config/auditions';
import { UNLOCK_REASON_ERROR } from '@/features/admin/auditions/SessionDialogs';
import { clearAdminSession } from '@/lib/admin-session';
import { signOutAdmin } from '@/data/staff/admin-auth';
import { testBackend } from '../setup/test-backend';
import { fr } from '../setup/french';
import { renderAdmin, signInAsAdmin } from './admin-render';
import { jurySession, performers, saveSession, score } from '../integration/support/jury';

/**
 * /admin/auditions, the sessions (issue 30), against the real local backend: the session form
 * (its rules, the city's venue prefilled, the judges among the jury accounts and the lead), the
 * lock that names who has not scored before it is forced, the unlock that asks a reason (both
 * journaled by the database), and the deletion of a session nobody scored.
 */
const backend = testBackend();
const SLOW = { timeout: 8000 };
let admin: SupabaseClient;
let judges: { first: string; second: string };

beforeAll(async () => {
  await backend.createUser('chef@example.cm', 'chef-password-123', { admin: true });
  judges = {
    first: await backend.createUser('awa.jury@example.cm', 'jury-password-123', { role: 'jury' }),
    second: await backend.createUser('paul.jury@example.cm', 'jury-password-123', {
      role: 'jury',
    }),
  };
  admin = await backend.signedInClient('chef@example.cm', 'chef-password-123');
});

beforeEach(async () => {
  await backend.sql(`begin;
    delete from audition_scores;
    delete from audition_scorecards;
    delete from audition_sessions;
    delete from audit_log;
    commit;`);
  clearAdminSession();
  await signOutAdmin();
  await signInAsAdmin('chef@example.cm', 'chef-password-123');
});

const sessions = () =>
  backend.sql<{ city: string; held_on: string; category: string; venue: string; state: string }>(
    `select city, to_char(held_on, 'YYYY-MM-DD') as held_on, category, venue, state
       from audition_sessions order by created_at`,
  );

const journal = (action: string) =>
  backend.sql<{ summary: string; after: Record<string, unknown> }>(
    'select summary, after from audit_log where action = $1 order by id',
    [action],
  );

describe('/admin/auditions, the sessions (admins)', () => {
  it('creates a session under the form’s rules, with the city’s venue, its judges and lead', async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin('/admin/auditions');
    expect(
      await screen.findByText('Aucune session d’audition pour le moment', {}, SLOW),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Nouvelle session' }));
    const form = screen.getByRole('form', { name: 'Nouvelle session' });
    const venue = within(form).getByLabelText(/^Lieu/);
    expect(venue).toHaveValue(auditionVenue('Douala'));
    await user.selectOptions(within(form).getByLabelText(/^Ville/), 'Yaoundé');
    expect(venue).toHaveValue(auditionVenue('Yaoundé'));

    // Nothing chosen: each rule says what is wrong under its field, nothing is stored.
    await user.clear(venue);
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(form).findByText('Corrigez les champs signalés.')).toBeVisible();
    expect(within(form).getByLabelText(/^Jour/)).toHaveAccessibleDescription(
      expect.stringContaining('Indiquez le jour de l’audition.'),
    );
    expect(venue).toHaveAccessibleDescription(
      expect.stringContaining('Indiquez l’adresse de l’audition (2 à 200 caractères).'),
    );
    expect(within(form).getByRole('group', { name: /Jurés/ })).toHaveAccessibleDescription(
      'Choisissez de 1 à 12 jurés.',
    );
    expect(await sessions()).toEqual([]);

    await user.selectOptions(within(form).getByLabelText(/^Ville/), 'Douala');
    expect(venue).toHaveValue(auditionVenue('Douala'));
    await user.type(within(form).getByLabelText(/^Jour/), '2026-12-05');
    await user.click(within(form).getByRole('radio', { name: 'Danse' }));
    await user.click(
      await within(form).findByRole('checkbox', { name: 'awa.jury@example.cm' }, SLOW),
    );
    await user.click(within(form).getByRole('checkbox', { name: 'paul.jury@example.cm' }));
    // The first judge chosen leads until another is chosen.
    expect(within(form).getByLabelText(/^Juré principal/)).toHaveDisplayValue(
      'awa.jury@example.cm',
    );
    await user.selectOptions(
      within(form).getByLabelText(/^Juré principal/),
      'paul.jury@example.cm',
    );
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Session créée', {}, SLOW)).toBeVisible();
    expect(await sessions()).toEqual([
      {
        city: 'Douala',
        held_on: '2026-12-05',
        category: 'dance',
        venue: auditionVenue('Douala'),
        state: 'open',
      },
    ]);
    const lead = await backend.sql<{ user_id: string }>(
      'select user_id::text from audition_judges where is_lead',
    );
    expect(lead).toEqual([{ user_id: judges.second }]);
    const heading = { name: 'Douala — samedi 5\u00a0décembre 2026' };
    await screen.findByRole('heading', heading, SLOW);
    const card = screen
      .getAllByRole('listitem')
      .find((li) => within(li).queryByRole('heading', heading))!;
    expect(within(card).getByText('Danse · ' + auditionVenue('Douala'))).toBeVisible();
    expect(within(card).getByText('0 / 0')).toBeVisible();
    expect(within(card).getByText('Ouverte')).toBeVisible();

    // A second session for the same city, day and category: the database's refusal, under the
    // category.
    await user.click(screen.getByRole('button', { name: 'Nouvelle session' }));
    const again = screen.getByRole('form', { name: 'Nouvelle session' });
    await user.type(within(again).getByLabelText(/^Jour/), '2026-12-05');
    await user.click(
      await within(again).findByRole('checkbox', { name: 'awa.jury@example.cm' }, SLOW),
    );
    await user.click(within(again).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(again).findByText('Corrigez les champs signalés.', {}, SLOW)).toBeVisible();
    expect(within(again).getByRole('group', { name: 'Catégorie' })).toHaveAccessibleDescription(
      'Une session existe déjà à Douala le 05/12/2026 pour cette catégorie.',
    );
    expect(await sessions()).toHaveLength(1);
  }, 60_000);

  it('names who has not scored before a forced lock, and unlocks with a reason', async () => {
    const user = userEvent.setup({ delay: null });
    const day = '2026-12-06';
    const people = await performers(backend, ['Alpha Ndi', 'Béa Tchami'], { day });
    const { id } = await saveSession(admin, {
      held_on: day,
      category: 'dance',
      judges: [judges.first, judges.second],
      lead: judges.first,
    });
    const first = await backend.signedInClient('awa.jury@example.cm', 'jury-password-123');
    const s = await jurySession(first, id);
    for (const p of people) await score(first, s, p, 7);

    renderAdmin('/admin/auditions');
    const title = 'Douala — dimanche 6\u00a0décembre 2026';
    expect(await screen.findByRole('heading', { name: title }, SLOW)).toBeVisible();
    await user.click(screen.getByRole('button', { name: `Verrouiller la session ${title}` }));
    let dialog = screen.getByRole('alertdialog', { name: fr('Verrouiller la session ?') });
    await user.click(within(dialog).getByRole('button', { name: 'Verrouiller' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Des notes manquent' }, SLOW);
    expect(
      within(dialog).getByText('Juré 2 (paul.jury@example.cm) : 2 participants sans note'),
    ).toBeVisible();
    expect((await sessions())[0].state).toBe('open');
    await user.click(within(dialog).getByRole('button', { name: 'Verrouiller quand même' }));
    expect(await screen.findByText('Session verrouillée', {}, SLOW)).toBeVisible();
    expect((await sessions())[0].state).toBe('locked');
    expect((await journal('jury.lock'))[0].after).toMatchObject({ state: 'locked', forced: true });

    // Unlock: the reason is asked first, then kept in the journal.
    await user.click(
      await screen.findByRole('button', { name: `Déverrouiller la session ${title}` }, SLOW),
    );
    const unlock = screen.getByRole('dialog', { name: fr('Déverrouiller la session ?') });
    const reason = within(unlock).getByLabelText(/^Raison/);
    expect(reason).toHaveFocus();
    await user.click(within(unlock).getByRole('button', { name: 'Déverrouiller' }));
    expect(reason).toHaveAccessibleDescription(UNLOCK_REASON_ERROR);
    expect(UNLOCK_REASON_ERROR).toBe(
      'Indiquez la raison du déverrouillage (de 2 à 200 caractères).',
    );
    expect((await sessions())[0].state).toBe('locked');
    await user.type(reason, 'Juré 2 arrivé en retard');
    await user.click(within(unlock).getByRole('button', { name: 'Déverrouiller' }));
    expect(await screen.findByText('Session déverrouillée', {}, SLOW)).toBeVisible();
    expect((await sessions())[0].state).toBe('open');
    expect((await journal('jury.unlock'))[0].after).toMatchObject({
      state: 'open',
      reason: 'Juré 2 arrivé en retard',
    });
  }, 60_000);

  it('deletes a session nobody has scored, after confirmation', async () => {
    const user = userEvent.setup({ delay: null });
    await saveSession(admin, { held_on: '2026-12-07', judges: [judges.first] });
    renderAdmin('/admin/auditions');
    const title = 'Douala — lundi 7\u00a0décembre 2026';
    await user.click(
      await screen.findByRole('button', { name: `Supprimer la session ${title}` }, SLOW),
    );
    const dialog = screen.getByRole('alertdialog', { name: fr('Supprimer la session ?') });
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Session supprimée', {}, SLOW)).toBeVisible();
    await waitFor(async () => expect(await sessions()).toEqual([]));
    expect(await journal('jury.session_delete')).toHaveLength(1);
  }, 30_000);
});
