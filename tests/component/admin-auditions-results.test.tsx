import ExcelJS from 'exceljs';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SupabaseClient } from '@supabase/supabase-js';
import { NORMALISED_EXPLANATION } from '@/data/auditions/labels';
import { clearAdminSession } from '@/lib/admin-session';
import { signOutAdmin } from '@/data/staff/admin-auth';
import { testBackend } from '../setup/test-backend';
import { fr, plain } from '../setup/french';
import { captureDownloads, renderAdmin, signInAsAdmin } from './admin-render';
import { jurySession, performers, saveSession, score, submit } from '../integration/support/jury';

/**
 * /admin/auditions, the results (issue 30), against the real local backend, on a hand-computed
 * session: two judges, one severe (8, 6, 4, 6) and one generous (9, 8, 6, 8), every criterion
 * given the same points (the weighted total is those points), a fifth performer absent for both.
 *
 *   judge 1: mean 6, population sd √2 → z = +1.414, 0, −1.414, 0
 *   judge 2: mean 7.75, sd √1.1875 = 1.0897 → z = +1.147, +0.229, −1.606, +0.229
 *   normalised (mean of z): Awa +1.281, Bruno +0.115, Esther +0.115 (tied), Chantal −1.510
 *   raw (mean of totals): 8.50, 7.00, 7.00, 5.00
 *
 * The table shows both beside every judge's scores with the sentence explaining them; the
 * preselection names who it picks and refuses a tie at the cut; a reader reads, with no action.
 */
const backend = testBackend();
const SLOW = { timeout: 8000 };
const DAY = '2026-12-12';
const TITLE = 'Douala — samedi 12\u00a0décembre 2026';
const NAMES = ['Awa Ngono', 'Bruno Fouda', 'Chantal Eto', 'Didier Mba', 'Esther Kana'];
let sessionId: string;
let people: string[];

beforeAll(async () => {
  await backend.createUser('chef@example.cm', 'chef-password-123', { admin: true });
  await backend.createUser('lecteur@example.cm', 'lecteur-password-123', { role: 'lecteur' });
  const first = await backend.createUser('severe@example.cm', 'jury-password-123', {
    role: 'jury',
  });
  const second = await backend.createUser('genereux@example.cm', 'jury-password-123', {
    role: 'jury',
  });
  const admin: SupabaseClient = await backend.signedInClient(
    'chef@example.cm',
    'chef-password-123',
  );
  const severe = await backend.signedInClient('severe@example.cm', 'jury-password-123');
  const generous = await backend.signedInClient('genereux@example.cm', 'jury-password-123');
  people = await performers(backend, NAMES, { day: DAY });
  ({ id: sessionId } = await saveSession(admin, {
    held_on: DAY,
    category: 'dance',
    judges: [first, second],
    lead: first,
  }));
  const s = await jurySession(severe, sessionId);
  const [awa, bruno, chantal, didier, esther] = people;
  const cards: [SupabaseClient, string, number][] = [
    [severe, awa, 8],
    [severe, bruno, 6],
    [severe, chantal, 4],
    [severe, esther, 6],
    [generous, awa, 9],
    [generous, bruno, 8],
    [generous, chantal, 6],
    [generous, esther, 8],
  ];
  for (const [judge, p, points] of cards) await score(judge, s, p, points);
  for (const judge of [severe, generous])
    expect(
      (await submit(judge, { session: sessionId, participant: didier, absent: true })).error,
    ).toBeNull();
  expect((await severe.rpc('jury_lock_session', { session_id: sessionId })).error).toBeNull();
});

beforeEach(async () => {
  clearAdminSession();
  await signOutAdmin();
});

const statuses = () =>
  backend.sql<{ full_name: string; status: string }>(
    'select full_name, status from participants where id = any($1::uuid[]) order by full_name',
    [people],
  );

/** Each body row's first cells: rank, performer, normalised, raw, raw rank. */
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(0, 5)
        .map((cell) => cell.textContent),
    );

describe('/admin/auditions, a session’s results', () => {
  it('ranks on normalised scores beside the raw ones, with each judge’s scores, ties and absences', async () => {
    await signInAsAdmin('chef@example.cm', 'chef-password-123');
    renderAdmin(`/admin/auditions?session=${sessionId}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: /^Résultats — Douala/ }, SLOW),
    ).toBeVisible();
    expect(screen.getByText(plain(NORMALISED_EXPLANATION))).toBeVisible();
    const table = screen.getByRole('table', { name: 'Classement Danse' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Rang',
      'Candidat',
      'Note normalisée',
      'Note brute /10',
      'Rang brut',
      'Juré 1severe@example.cm',
      'Juré 2genereux@example.cm',
    ]);
    expect(rowsOf(table)).toEqual([
      ['1', 'Awa NgonoSolo Convoqué', '+1,281', '8,50', '1'],
      ['2 ex aequo', 'Bruno FoudaSolo Convoqué', '+0,115', '7,00', '2'],
      ['2 ex aequo', 'Esther KanaSolo Convoqué', '+0,115', '7,00', '2'],
      ['4', 'Chantal EtoSolo Convoqué', '−1,510', '5,00', '4'],
      ['Absent', 'Didier MbaSolo Convoqué', '—', '—', '—'],
    ]);
    // Each judge's card: the weighted total, then the points per criterion.
    const awa = within(table).getAllByRole('row')[1];
    const [severeCard, generousCard] = within(awa).getAllByRole('cell').slice(5);
    expect(within(severeCard).getByText('8,00')).toBeVisible();
    expect(within(severeCard).getByText('Technique : 8')).toBeVisible();
    expect(within(generousCard).getByText('9,00')).toBeVisible();
    expect(within(generousCard).getByText('Musicalité : 9')).toBeVisible();
    const didier = within(table).getAllByRole('row')[5];
    expect(within(didier).getAllByText('Absent')).toHaveLength(3);
    expect(screen.getByText('5 candidats · 1 absent')).toBeVisible();
  }, 30_000);

  it('preselects the first N after naming them, refusing a tie at the cut, moving back only those ticked', async () => {
    const user = userEvent.setup({ delay: null });
    await signInAsAdmin('chef@example.cm', 'chef-password-123');
    renderAdmin(`/admin/auditions?session=${sessionId}`);
    await user.click(
      await screen.findByRole('button', { name: 'Présélectionner les N premiers en Danse' }, SLOW),
    );
    const dialog = screen.getByRole('dialog', { name: 'Présélectionner les premiers' });
    const count = within(dialog).getByLabelText(/^Nombre de candidats/);
    expect(count).toHaveFocus();
    expect(count).toHaveValue(4);
    await user.clear(count);
    await user.type(count, '2');
    expect(count).toHaveAccessibleDescription(
      fr(
        'Égalité à la limite : Bruno Fouda et Esther Kana sont ex aequo. Choisissez un autre nombre.',
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Présélectionner' }));
    expect((await statuses()).every((p) => p.status === 'convoque')).toBe(true);

    await user.clear(count);
    await user.type(count, '3');
    // Convoqué is further along than présélectionné: nobody goes back unless ticked
    // (docs/decisions/040-ranking-floor-and-complete-first.md).
    const back = within(dialog).getByRole('group', {
      name: fr('Déjà plus loin que « Présélectionné » : cochez ceux qui doivent y revenir'),
    });
    expect(
      within(back)
        .getAllByRole('checkbox')
        .map((c) => (c as HTMLInputElement).checked),
    ).toEqual([false, false, false]);
    expect(within(dialog).queryByRole('region', { name: 'Candidats retenus' })).toBeNull();
    const nobody = within(dialog).getByRole('button', { name: 'Présélectionner' });
    expect(nobody).toHaveAttribute('aria-disabled', 'true');
    await user.click(within(back).getByRole('checkbox', { name: 'Awa Ngono (Convoqué)' }));
    await user.click(within(back).getByRole('checkbox', { name: 'Esther Kana (Convoqué)' }));
    const picked = within(dialog).getByRole('region', { name: 'Candidats retenus' });
    expect(
      within(picked)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Awa Ngono', 'Esther Kana']);
    expect(within(dialog).getByText('Passeront au statut « Présélectionné » :')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Présélectionner' }));
    expect(await screen.findByText('2 candidats présélectionnés', {}, SLOW)).toBeVisible();
    expect(await statuses()).toEqual([
      { full_name: 'Awa Ngono', status: 'preselectionne' },
      { full_name: 'Bruno Fouda', status: 'convoque' },
      { full_name: 'Chantal Eto', status: 'convoque' },
      { full_name: 'Didier Mba', status: 'convoque' },
      { full_name: 'Esther Kana', status: 'preselectionne' },
    ]);
    const journal = await backend.sql<{ action: string }>(
      `select action from audit_log where action in ('jury.preselect', 'participant.status')`,
    );
    expect(journal.map((j) => j.action).sort()).toEqual(
      expect.arrayContaining(['jury.preselect', 'participant.status']),
    );
    // The table shows the new statuses.
    await waitFor(() => expect(screen.getAllByText('Présélectionné')).toHaveLength(2));
  }, 40_000);

  it('exports every judge’s score per criterion to a workbook, journaled', async () => {
    const user = userEvent.setup({ delay: null });
    const downloads = captureDownloads();
    await signInAsAdmin('chef@example.cm', 'chef-password-123');
    renderAdmin('/admin/auditions');
    await screen.findByRole('heading', { name: TITLE }, SLOW);
    await user.click(screen.getByRole('button', { name: 'Exporter les notes pour Excel' }));
    expect(await screen.findByText('Données exportées avec succès', {}, SLOW)).toBeVisible();
    expect(downloads.map((d) => d.name)).toEqual([
      expect.stringMatching(/^notes_du_jury_\d{4}-\d{2}-\d{2}\.xlsx$/),
    ]);
    const calls = vi.mocked(URL.createObjectURL).mock.calls;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await (calls[calls.length - 1][0] as Blob).arrayBuffer());
    const sheet = workbook.getWorksheet('Notes du jury')!;
    expect((sheet.getRow(1).values as ExcelJS.CellValue[]).slice(1)).toEqual([
      'Ville',
      'Jour',
      'Catégorie',
      'Candidat',
      'Juré',
      'Critère',
      'Note /10',
      'Note pondérée du juré /10',
      'Absent',
      'Commentaire',
    ]);
    const rows = sheet
      .getRows(2, sheet.rowCount - 1)!
      .map((r) => (r.values as ExcelJS.CellValue[]).slice(1));
    // 4 scored performers × 2 judges × 4 criteria, and one row per judge for the absent one.
    expect(rows).toHaveLength(34);
    expect(rows).toContainEqual([
      'Douala',
      '12/12/2026',
      'Danse',
      'Awa Ngono',
      'Juré 2',
      'Technique',
      9,
      9,
      'Non',
      '',
    ]);
    expect(rows.filter((r) => r[3] === 'Didier Mba' && r[8] === 'Oui')).toHaveLength(2);
    const [logged] = await backend.sql<{ summary: string }>(
      `select summary from audit_log where action = 'export' order by id desc limit 1`,
    );
    expect(logged.summary).toBe('Export Excel des notes du jury\u00a0: 34 lignes');
  }, 30_000);

  it('ranks across cities on normalised scores', async () => {
    await signInAsAdmin('chef@example.cm', 'chef-password-123');
    renderAdmin('/admin/auditions?classement=dance');
    const table = await screen.findByRole('table', { name: 'Classement entre villes Danse' }, SLOW);
    const names = within(table)
      .getAllByRole('row')
      .slice(1, 5)
      .map((r) => within(r).getAllByRole('cell')[1].textContent);
    expect(names).toEqual(['Awa Ngono', 'Bruno Fouda', 'Esther Kana', 'Chantal Eto']);
    expect(screen.getByText(plain(NORMALISED_EXPLANATION))).toBeVisible();
  }, 30_000);
});

describe('/admin/auditions for a reader (lecteur)', () => {
  it('shows the sessions and results with no action', async () => {
    const user = userEvent.setup({ delay: null });
    await signInAsAdmin('lecteur@example.cm', 'lecteur-password-123');
    renderAdmin('/admin/auditions');
    expect(await screen.findByRole('heading', { name: TITLE }, SLOW)).toBeVisible();
    expect(screen.getByText(/^Lecture seule/)).toBeVisible();
    for (const name of [
      'Nouvelle session',
      'Exporter les notes pour Excel',
      `Modifier la session ${TITLE}`,
      `Verrouiller la session ${TITLE}`,
      `Déverrouiller la session ${TITLE}`,
      `Supprimer la session ${TITLE}`,
    ])
      expect(screen.queryByRole('button', { name })).toBeNull();
    // The judges by their label: no e-mail for a reader.
    expect(screen.getByText('Juré 1, Juré 2')).toBeVisible();
    await user.click(
      screen.getByRole('link', { name: `Voir les résultats de la session ${TITLE}` }),
    );
    const table = await screen.findByRole('table', { name: 'Classement Danse' }, SLOW);
    expect(within(table).getByRole('columnheader', { name: 'Juré 1' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Présélectionner/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Désigner/ })).toBeNull();
  }, 30_000);
});
