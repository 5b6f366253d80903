import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { SupabaseClient } from '@supabase/supabase-js';
import { clearAdminSession } from '@/lib/admin-session';
import { signOutAdmin } from '@/data/staff/admin-auth';
import { testBackend } from '../setup/test-backend';
import { fr, plain } from '../setup/french';
import { captureDownloads, currentUrl, renderAdmin, signInAsAdmin } from './admin-render';
import { clearVotes, draftRound, pass, vote } from '../integration/support/vote-fixtures';

/**
 * The public vote in the administration, against the real local backend: the rounds' editor
 * (its rules, "edit until opened, then only rename", deleting a draft, results and their CSV)
 * for admins; the régie's desk (Ouvrir / Clore / Révéler behind a confirmation, the countdown,
 * the live voters' count, the stage screen's state and its reset) for a régie account, whose
 * only page it is.
 */
const backend = testBackend();
const SLOW = { timeout: 8000 };
let admin: SupabaseClient;

beforeAll(async () => {
  await backend.createUser('chef@example.cm', 'chef-password-123', { admin: true });
  await backend.createUser('regie@example.cm', 'regie-password-123', { role: 'regie' });
  admin = await backend.signedInClient('chef@example.cm', 'chef-password-123');
});

beforeEach(async () => {
  await clearVotes(backend);
  clearAdminSession();
  await signOutAdmin();
});

const rounds = () =>
  backend.sql<{ title: string; state: string; duration_seconds: number; eligibility: string }>(
    'select title, state, duration_seconds, eligibility from vote_rounds order by position',
  );

/** The fields of the editor's candidate `index` (from 0), by their group's name. */
const candidate = (index: number) =>
  within(screen.getByRole('group', { name: `Candidat ${index + 1}` }));

async function fillCandidate(user: UserEvent, index: number, name: string, line = '') {
  await user.clear(candidate(index).getByLabelText('Nom'));
  await user.type(candidate(index).getByLabelText('Nom'), name);
  if (line) await user.type(candidate(index).getByLabelText('Une courte ligne'), line);
}

describe('/admin/vote, the rounds (admins)', () => {
  it('creates a round under the editor’s rules, then only renames it once opened', async () => {
    const user = userEvent.setup({ delay: null });
    await signInAsAdmin('chef@example.cm', 'chef-password-123');
    const view = renderAdmin('/admin/vote');
    expect(await screen.findByText('Aucune manche pour le moment', {}, SLOW)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Nouvelle manche' }));
    const form = screen.getByRole('form', { name: 'Nouvelle manche' });
    expect(within(form).getByLabelText(/Durée/)).toHaveValue(90);
    expect(
      within(form).getByRole('radio', { name: fr('Pass validés à l’entrée (par défaut)') }),
    ).toBeChecked();

    // Nothing filled: each rule says what is wrong, nothing is stored.
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(form).findByText('Corrigez les champs signalés.')).toBeVisible();
    expect(within(form).getByText('Le titre compte de 2 à 80 caractères.')).toBeVisible();
    expect(within(form).getAllByText('Indiquez un nom, ou liez un participant.')).toHaveLength(2);
    const removers = within(form).getAllByRole('button', { name: /^Retirer/ });
    expect(removers[0]).toHaveAttribute('aria-disabled', 'true');

    // Twelve candidates at most.
    const add = within(form).getByRole('button', { name: 'Ajouter un candidat' });
    for (let i = 0; i < 10; i++) await user.click(add);
    expect(add).toHaveAttribute('aria-disabled', 'true');
    expect(within(form).getByText('Candidats (12/12)')).toBeVisible();
    for (let i = 0; i < 9; i++)
      await user.click(within(form).getAllByRole('button', { name: /^Retirer/ })[2]);
    expect(within(form).getByText('Candidats (3/12)')).toBeVisible();

    await user.type(within(form).getByLabelText(/Titre/), 'Compétition de chant');
    await fillCandidate(user, 0, 'Awa N.', 'Douala');
    await fillCandidate(user, 1, 'Les Lions');
    await fillCandidate(user, 2, 'Yannick B.');
    const secondNumber = candidate(1).getByLabelText(/^Numéro/);
    await user.clear(secondNumber);
    await user.type(secondNumber, '1');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(
      await within(form).findByText('Ce numéro est déjà pris dans cette manche.'),
    ).toBeVisible();
    expect(await rounds()).toEqual([]);
    await user.clear(secondNumber);
    await user.type(secondNumber, '2');
    await user.click(
      within(form).getByRole('radio', {
        name: fr('En ligne : pass réservés avant la création de la manche'),
      }),
    );
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));

    expect(await screen.findByText('Manche créée', {}, SLOW)).toBeVisible();
    expect(await rounds()).toEqual([
      {
        title: 'Compétition de chant',
        state: 'draft',
        duration_seconds: 90,
        eligibility: 'confirmed',
      },
    ]);
    expect(
      await screen.findByRole('heading', { name: '1. Compétition de chant' }, SLOW),
    ).toBeVisible();
    expect(screen.getByText('En préparation')).toBeVisible();
    expect(screen.getByText('n° 1 — Awa N.')).toBeVisible();

    // Opened by the régie: the round may only be renamed.
    const [{ id }] = await backend.sql<{ id: string }>('select id from vote_rounds');
    const desk = await backend.signedInClient('regie@example.cm', 'regie-password-123');
    expect((await desk.rpc('regie_open_round', { id })).error).toBeNull();
    view.unmount();
    renderAdmin('/admin/vote');
    await user.click(
      await screen.findByRole('button', { name: 'Renommer Compétition de chant' }, SLOW),
    );
    const rename = screen.getByRole('form', { name: 'Renommer la manche' });
    expect(within(rename).getByText(/seul son titre peut encore changer/)).toBeVisible();
    expect(within(rename).queryByLabelText(/Durée/)).toBeNull();
    expect(within(rename).queryByRole('button', { name: 'Ajouter un candidat' })).toBeNull();
    const title = within(rename).getByLabelText(/Titre/);
    await user.clear(title);
    await user.type(title, 'Finale du chant');
    await user.click(within(rename).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Manche enregistrée', {}, SLOW)).toBeVisible();
    expect((await rounds())[0]).toMatchObject({ title: 'Finale du chant', state: 'open' });
    expect(screen.queryByRole('button', { name: /^Supprimer/ })).toBeNull();
  }, 60_000);

  it('deletes a draft after confirmation, and shows a closed round’s results with its CSV', async () => {
    const user = userEvent.setup({ delay: null });
    const downloads = captureDownloads();
    await signInAsAdmin('chef@example.cm', 'chef-password-123');
    const draft = await draftRound(admin, 2, { title: 'Brouillon', position: 2 });
    const done = await draftRound(admin, 3, { title: 'Battle de danse', position: 1 });
    await admin.rpc('regie_open_round', { id: done.id });
    const [a, b, c] = [await pass(backend), await pass(backend), await pass(backend)];
    const anon = backend.anonClient();
    await vote(anon, a.pass_code, done, done.candidates[0]);
    await vote(anon, b.pass_code, done, done.candidates[2]);
    await vote(anon, c.pass_code, done, done.candidates[2]);
    await admin.rpc('regie_close_round', { id: done.id });

    renderAdmin('/admin/vote');
    await user.click(await screen.findByRole('button', { name: 'Supprimer Brouillon' }, SLOW));
    const dialog = screen.getByRole('alertdialog', { name: fr('Supprimer la manche ?') });
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect((await rounds()).map((r) => r.title)).toContain('Brouillon');
    await user.click(screen.getByRole('button', { name: 'Supprimer Brouillon' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }),
    );
    expect(await screen.findByText('Manche supprimée', {}, SLOW)).toBeVisible();
    expect((await rounds()).map((r) => r.title)).toEqual(['Battle de danse']);
    expect(draft.id).not.toBe(done.id);

    await user.click(screen.getByRole('button', { name: 'Voir les résultats de Battle de danse' }));
    const table = await screen.findByRole('table', {}, SLOW);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^1Candidat 1Ville 1133,3\s%$/),
      expect.stringMatching(/^2Candidat 2Ville 200\s%$/),
      expect.stringMatching(/^3Candidat 3Ville 3266,7\s%$/),
    ]);
    expect(screen.getByText('3 votants')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Exporter CSV' }));
    expect(await screen.findByText('Données exportées avec succès', {}, SLOW)).toBeVisible();
    expect(downloads).toHaveLength(1);
    expect(downloads[0].name).toMatch(/^vote_1_battle_de_danse_\d{4}-\d{2}-\d{2}\.csv$/);
    expect((await downloads[0].text()).split('\r\n')).toEqual([
      '\uFEFFNuméro;Candidat;Ligne;Votes;Part',
      '1;Candidat 1;Ville 1;1;33,3 %',
      '2;Candidat 2;Ville 2;0;0 %',
      '3;Candidat 3;Ville 3;2;66,7 %',
      ';Votants;;3;',
    ]);
  }, 40_000);
});

describe('/admin/regie, the control desk', () => {
  it('is a régie account’s one page: opens, closes and reveals behind a confirmation', async () => {
    const user = userEvent.setup({ delay: null });
    const round = await draftRound(admin, 3, { title: 'Compétition de chant' });
    await signInAsAdmin('regie@example.cm', 'regie-password-123');
    renderAdmin('/admin');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Régie du vote' }, SLOW),
    ).toBeVisible();
    expect(currentUrl()).toBe('/admin/regie');
    const nav = screen.getByRole('navigation', { name: 'Administration' });
    await waitFor(() =>
      expect(
        within(nav)
          .getAllByRole('link')
          .map((l) => l.textContent),
      ).toEqual(['Régie']),
    );
    const screenNow = screen.getByRole('region', { name: fr('À l’écran de scène') });
    expect(await within(screenNow).findByText(/Au repos/, {}, SLOW)).toBeVisible();
    // The screen itself, live, in a miniature (issue 40).
    expect(
      within(screenNow).getByTitle(fr('Miniature en direct de l’écran de scène')),
    ).toHaveAttribute('src', '/ecran');

    // Ouvrir: a confirmation first; "Annuler" leaves the round as it was.
    const openButton = await screen.findByRole('button', { name: 'Ouvrir Compétition de chant' });
    await user.click(openButton);
    let dialog = screen.getByRole('alertdialog', { name: fr('Ouvrir le vote ?') });
    expect(within(dialog).getByText(/s’ouvre pour 90 secondes/)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect((await rounds())[0].state).toBe('draft');
    await user.click(openButton);
    dialog = screen.getByRole('alertdialog', { name: fr('Ouvrir le vote ?') });
    await user.click(within(dialog).getByRole('button', { name: 'Ouvrir le vote' }));
    expect(await screen.findByText('Vote ouvert', { selector: 'strong' }, SLOW)).toBeVisible();
    expect((await rounds())[0].state).toBe('open');
    expect(await screen.findByRole('timer', {}, SLOW)).toHaveTextContent(/^1:(2\d|30)$/);
    expect(screen.getByText('Aucun votant')).toBeVisible();

    // The voters' count, live; never the tally while the round is open.
    const voter = await pass(backend);
    await vote(backend.anonClient(), voter.pass_code, round, round.candidates[1]);
    expect(await screen.findByText('1 votant', {}, SLOW)).toBeVisible();
    expect(screen.queryByText(/%/)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Clore Compétition de chant' }));
    dialog = screen.getByRole('alertdialog', { name: fr('Clore le vote maintenant ?') });
    await user.click(within(dialog).getByRole('button', { name: 'Clore le vote' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull(), SLOW);
    await user.click(
      await screen.findByRole('button', { name: 'Révéler Compétition de chant' }, SLOW),
    );
    expect((await rounds())[0].state).toBe('closed');
    dialog = screen.getByRole('alertdialog', { name: fr('Révéler les résultats ?') });
    await user.click(within(dialog).getByRole('button', { name: 'Révéler les résultats' }));
    expect(await screen.findByText('n° 2 — Candidat 2 : 1 vote (100 %)', {}, SLOW)).toBeVisible();
    // Read top to bottom from the most votes down, ties by number (issue 40).
    const results = screen.getByRole('list', { name: 'Résultats de Compétition de chant' });
    expect(
      within(results)
        .getAllByRole('listitem')
        .map((li) => plain(li.textContent ?? '')),
    ).toEqual([
      'n° 2 — Candidat 2 : 1 vote (100 %)',
      'n° 1 — Candidat 1 : 0 vote (0 %)',
      'n° 3 — Candidat 3 : 0 vote (0 %)',
    ]);
    expect(await within(screenNow).findByText('Résultats')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Remettre l’écran au repos' }));
    expect(await within(screenNow).findByText(/Au repos/, {}, SLOW)).toBeVisible();
  }, 40_000);
});
