import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testBackend } from '../setup/test-backend';
import { captureDownloads, renderAdmin, signInAsAdmin } from './admin-render';

/**
 * "Exporter pour Excel" (issue 13, item 3) on the participants and reservations lists: the
 * downloaded .xlsx follows the list's filters and order, against the real database.
 */
const backend = testBackend();

beforeAll(async () => {
  await backend.createUser('chef@example.cm', 'chef-password-123', { admin: true });
  await backend.sql(`begin;
    insert into participants (id, full_name, email, phone, city, region, category,
      participation_type, team_name, agree_to_terms, created_at)
    values
      ('e1000000-0000-4000-8000-000000000001', 'Zoé Tchamba', 'zoe@example.cm', '690000001',
         'Douala', 'Littoral', 'singing', 'solo', null, true, now() - interval '3 hours'),
      ('e1000000-0000-4000-8000-000000000002', 'Éloïse Manga', 'eloise@example.cm', '690000002',
         'Yaoundé', 'Centre', 'singing', 'team', 'Les Voix d''Étoudi', true, now() - interval '2 hours'),
      ('e1000000-0000-4000-8000-000000000003', 'Awa Ngono', 'awa@example.cm', '690000003',
         'Douala', 'Littoral', 'dance', 'team', 'Les Lions', true, now() - interval '1 hour'),
      ('e1000000-0000-4000-8000-000000000004', 'Bruno Fouda', 'bruno@example.cm', '690000004',
         'Bafoussam', 'Ouest', 'singing', 'solo', null, true, now());
    insert into team_members (participant_id, position, full_name, phone, email)
    values ('e1000000-0000-4000-8000-000000000002', 1, 'Hélène Abéga', '691000001', 'helene@example.cm'),
           ('e1000000-0000-4000-8000-000000000002', 2, 'Jean Mbarga', '691000002', null),
           ('e1000000-0000-4000-8000-000000000003', 1, 'Boris Kamga', '691000003', null);
    update participants set status = 'convoque', audition_city = 'Bafoussam',
      audition_at = '2026-12-05 09:30+01', notified_at = '2026-11-20 17:45+01'
      where id = 'e1000000-0000-4000-8000-000000000002';
    insert into reservations (full_name, phone, ville, heard_from, attendance_barrier,
      follows_booster_page, consumes_booster_products, state, queue_number, created_at)
    values ('Fabrice Owona', '677000001', 'Ngaoundéré', 'social', 'none', 'yes', 'yes',
              'waitlisted', 1, now() - interval '2 minutes'),
           ('Alice Mbarga', '677000002', 'Douala', 'flyer', 'cost', 'no', 'yes',
              'confirmed', null, now() - interval '1 minute'),
           ('Grace Abena', '677000003', 'Yaoundé', 'wordOfMouth', 'none', 'yes', 'no',
              'waitlisted', 2, now());
    commit;`);
  await signInAsAdmin('chef@example.cm', 'chef-password-123');
});

/** The workbook the page handed to the browser (the Blob behind the download's URL). */
async function downloadedWorkbook() {
  const calls = vi.mocked(URL.createObjectURL).mock.calls;
  const blob = calls[calls.length - 1][0] as Blob;
  expect(blob.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await blob.arrayBuffer());
  return workbook;
}

/** Column `column` (1-based) of every row below the header. */
const columnOf = (ws: ExcelJS.Worksheet, column: number) => ws.getColumn(column).values.slice(2);

describe('Exporter pour Excel', () => {
  it('exports the filtered participants in the list’s order, with their team members', async () => {
    const downloads = captureDownloads();
    const user = userEvent.setup();
    renderAdmin('/admin/participants?category=singing&sort=name');
    await screen.findByText('3 participants');
    expect(screen.getByRole('button', { name: 'Exporter CSV' })).toBeVisible();
    await user.click(await screen.findByRole('button', { name: 'Exporter pour Excel' }));
    expect(await screen.findByText('Données exportées avec succès')).toBeVisible();

    expect(downloads.map((d) => d.name)).toEqual([
      expect.stringMatching(/^participants_\d{4}-\d{2}-\d{2}\.xlsx$/),
    ]);
    const workbook = await downloadedWorkbook();
    const participants = workbook.getWorksheet('Participants')!;
    expect((participants.getRow(1).values as ExcelJS.CellValue[]).slice(1)).toEqual([
      'Référence',
      'Nom complet',
      'E-mail',
      'Téléphone',
      'Ville',
      'Région',
      'Catégorie',
      'Type',
      'Équipe',
      'Statut',
      'Ville d’audition',
      'Audition le',
      'Convocation envoyée le',
      'Lien',
      'Description',
      'Inscrit le',
      'Identifiant',
    ]);
    // Singing only (no Awa Ngono), by name with French collation (É with E).
    expect(columnOf(participants, 2)).toEqual(['Bruno Fouda', 'Éloïse Manga', 'Zoé Tchamba']);
    expect(columnOf(participants, 1)).toEqual(['E1000000', 'E1000000', 'E1000000']);
    expect(columnOf(participants, 17)).toEqual([
      'e1000000-0000-4000-8000-000000000004',
      'e1000000-0000-4000-8000-000000000002',
      'e1000000-0000-4000-8000-000000000001',
    ]);
    expect(columnOf(participants, 7)).toEqual(['Chant', 'Chant', 'Chant']);
    expect(columnOf(participants, 8)).toEqual(['Solo', 'Équipe', 'Solo']);
    expect(columnOf(participants, 9)).toEqual(['', "Les Voix d'Étoudi", '']);
    // The contest pipeline, as the database holds it; times in Douala (dd/mm/yyyy hh:mm).
    expect(columnOf(participants, 10)).toEqual(['Inscrit', 'Convoqué', 'Inscrit']);
    expect(columnOf(participants, 11)).toEqual(['', 'Bafoussam', '']);
    expect(participants.getCell('L3').value).toEqual(new Date(Date.UTC(2026, 11, 5, 9, 30)));
    expect(participants.getCell('M3').value).toEqual(new Date(Date.UTC(2026, 10, 20, 17, 45)));
    expect(participants.getCell('L2').value).toBeNull();
    expect(participants.getCell('D2').type).toBe(ExcelJS.ValueType.String);
    expect(participants.getCell('D2').value).toBe('690000004');
    expect(participants.getCell('P2').value).toBeInstanceOf(Date);

    const members = workbook.getWorksheet('Membres d’équipe')!;
    expect(members.rowCount).toBe(3);
    expect(members.getRow(2).values).toEqual([
      undefined,
      "Les Voix d'Étoudi",
      'Éloïse Manga',
      'Hélène Abéga',
      '691000001',
      'helene@example.cm',
    ]);
    expect(members.getCell('C3').value).toBe('Jean Mbarga');
  });

  it('exports the filtered reservations with their French labels and pass state', async () => {
    const downloads = captureDownloads();
    const user = userEvent.setup();
    renderAdmin('/admin/reservations?state=waitlisted&sort=-name');
    await screen.findByText('2 réservations');
    await user.click(await screen.findByRole('button', { name: 'Exporter pour Excel' }));
    expect(await screen.findByText('Données exportées avec succès')).toBeVisible();

    expect(downloads[0].name).toMatch(/^reservations_\d{4}-\d{2}-\d{2}\.xlsx$/);
    const ws = (await downloadedWorkbook()).getWorksheet('Réservations')!;
    expect(ws.getRow(1).getCell(4).value).toBe('Pass');
    expect(ws.getRow(1).getCell(5).value).toBe('Heure d’entrée');
    expect(ws.getRow(1).getCell(6).value).toBe('Porte d’entrée');
    expect(columnOf(ws, 1)).toEqual(['Grace Abena', 'Fabrice Owona']);
    expect(columnOf(ws, 3)).toEqual(['Yaoundé', 'Ngaoundéré']);
    expect(columnOf(ws, 4)).toEqual(['Liste d’attente', 'Liste d’attente']);
    expect(columnOf(ws, 8)).toEqual(['Bouche-à-oreille', 'Réseaux sociaux']);
    expect(ws.getCell('B2').type).toBe(ExcelJS.ValueType.String);
  });

  it('says so when nothing matches, and downloads nothing', async () => {
    const downloads = captureDownloads();
    const user = userEvent.setup();
    renderAdmin('/admin/reservations?state=checked_in');
    await screen.findByText('Aucune réservation ne correspond à votre recherche');
    await user.click(await screen.findByRole('button', { name: 'Exporter pour Excel' }));
    expect(await screen.findByText('Aucune réservation à exporter')).toBeVisible();
    expect(downloads).toEqual([]);
  });
});
