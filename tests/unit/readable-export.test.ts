import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { writeWorkbook, XLSX_MIME } from '@/features/admin/workbook/readable-export';
import {
  MEMBERS_SHEET,
  participantSheets,
  PARTICIPANTS_SHEET,
} from '@/features/admin/participants/participant-sheets';
import {
  reservationSheets,
  RESERVATIONS_SHEET,
} from '@/features/admin/reservations/reservation-sheets';
import type { Participant } from '@/data/participants/types';
import type { Reservation } from '@/data/reservations/types';

/** The readable exports (issue 13, item 3): built, written, then parsed back with exceljs. */

const base: Pick<
  Participant,
  'city' | 'region' | 'linkToWork' | 'description' | 'agreeToTerms' | 'teamMembers' | 'teamName'
> = {
  city: 'Douala',
  region: 'Littoral',
  linkToWork: '',
  description: '',
  agreeToTerms: true,
  teamMembers: [],
  teamName: '',
};

const TEAM: Participant = {
  ...base,
  id: '3f2a9c1b-0000-4000-8000-000000000001',
  fullName: 'Awa Ngono',
  email: 'awa@example.cm',
  phone: '690000001',
  category: 'dance',
  participationType: 'team',
  teamName: 'Les Lions de Bonabéri',
  linkToWork: 'https://youtu.be/lions',
  description: 'Crew de danse urbaine, répétitions à Akwa.',
  // 23:30 UTC is 00:30 the next day in Douala (UTC+1).
  createdAt: '2025-06-14T23:30:00.000Z',
  status: 'convoque',
  auditionCity: 'Bafoussam',
  // 08:30 UTC is 09:30 in Douala.
  auditionAt: '2026-12-05T08:30:00.000Z',
  notes: 'Ne pas exporter',
  notifiedAt: '2026-11-20T16:45:00.000Z',
  teamMembers: [
    { fullName: 'Jean Mbarga', email: '', phone: '691000001' },
    { fullName: 'Élodie Ékambi', email: 'elodie@example.cm', phone: '691000002' },
  ],
};

const SOLO: Participant = {
  ...base,
  id: 'a0b1c2d3-0000-4000-8000-000000000002',
  fullName: '=1+2 Piège',
  email: 'paul@example.cm',
  phone: '077123456',
  city: 'Yaoundé',
  region: 'Centre',
  category: 'singing',
  participationType: 'solo',
  createdAt: '2025-06-10T08:05:00.000Z',
};

const reservation = (over: Partial<Reservation>): Reservation => ({
  id: 'r1',
  fullName: 'Jean Mbarga',
  phone: '677000001',
  ville: 'Ngaoundéré',
  attendanceStatus: 'maybe',
  heardFrom: 'wordOfMouth',
  willAttend: 'yes',
  attendanceBarrier: 'noCompanion',
  followsBoosterPage: 'no',
  consumesBoosterProducts: 'yes',
  createdAt: '2025-04-01T12:00:00.000Z',
  passCode: 'ABCDEFGHJK',
  state: 'confirmed',
  cancelledAt: null,
  checkedInAt: null,
  checkedInDoor: null,
  checkedInByHand: false,
  ...over,
});

async function readBack(blob: Blob) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await blob.arrayBuffer());
  return workbook;
}

const values = (ws: ExcelJS.Worksheet, row: number) =>
  (ws.getRow(row).values as ExcelJS.CellValue[]).slice(1);

describe('participants workbook', () => {
  it('has French headers and labels, Douala times, phones as text and the team members', async () => {
    const blob = await writeWorkbook(participantSheets([TEAM, SOLO]));
    expect(blob.type).toBe(XLSX_MIME);
    const workbook = await readBack(blob);
    expect(workbook.worksheets.map((w) => w.name)).toEqual([PARTICIPANTS_SHEET, MEMBERS_SHEET]);

    const ws = workbook.getWorksheet(PARTICIPANTS_SHEET)!;
    expect(values(ws, 1)).toEqual([
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
    expect(ws.rowCount).toBe(3);
    expect(values(ws, 2)).toEqual([
      '3F2A9C1B',
      'Awa Ngono',
      'awa@example.cm',
      '690000001',
      'Douala',
      'Littoral',
      'Danse',
      'Équipe',
      'Les Lions de Bonabéri',
      'Convoqué',
      'Bafoussam',
      new Date(Date.UTC(2026, 11, 5, 9, 30)),
      new Date(Date.UTC(2026, 10, 20, 17, 45)),
      'https://youtu.be/lions',
      'Crew de danse urbaine, répétitions à Akwa.',
      new Date(Date.UTC(2025, 5, 15, 0, 30)),
      '3f2a9c1b-0000-4000-8000-000000000001',
    ]);
    for (const ref of ['L2', 'M2', 'P2']) expect(ws.getCell(ref).numFmt).toBe('dd/mm/yyyy hh:mm');
    // The organisers' notes stay out of the file.
    expect(values(ws, 2)).not.toContain('Ne pas exporter');
    const solo = values(ws, 3);
    expect(solo.slice(0, 12)).toEqual([
      'A0B1C2D3',
      '=1+2 Piège',
      'paul@example.cm',
      '077123456',
      'Yaoundé',
      'Centre',
      'Chant',
      'Solo',
      '',
      // A participant read without its pipeline (a fixture, a registration): registered, no slot.
      'Inscrit',
      '',
      undefined, // no audition yet: an empty cell
    ]);
    expect(ws.getCell('M3').value).toBeNull();
    // Text, never a number (the leading 0 kept) nor a formula.
    for (const ref of ['D2', 'D3', 'B3', 'A2', 'Q2'])
      expect(ws.getCell(ref).type).toBe(ExcelJS.ValueType.String);
    expect(ws.getCell('D3').numFmt).toBe('@');

    const members = workbook.getWorksheet(MEMBERS_SHEET)!;
    expect(values(members, 1)).toEqual(['Équipe', 'Responsable', 'Membre', 'Téléphone', 'E-mail']);
    expect(values(members, 2).slice(0, 4)).toEqual([
      'Les Lions de Bonabéri',
      'Awa Ngono',
      'Jean Mbarga',
      '691000001',
    ]);
    expect(values(members, 3)).toEqual([
      'Les Lions de Bonabéri',
      'Awa Ngono',
      'Élodie Ékambi',
      '691000002',
      'elodie@example.cm',
    ]);
    expect(members.rowCount).toBe(3);
  });

  it('makes the header row bold, frozen and filterable, with column widths', async () => {
    const workbook = await readBack(await writeWorkbook(participantSheets([TEAM])));
    for (const ws of workbook.worksheets) {
      expect(ws.getRow(1).getCell(1).font?.bold).toBe(true);
      expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      expect(ws.autoFilter).toBeTruthy();
      expect(ws.columns.every((c) => (c.width ?? 0) >= 10)).toBe(true);
    }
    expect(workbook.getWorksheet(PARTICIPANTS_SHEET)!.getColumn(2).width).toBe(28);
  });
});

describe('reservations workbook', () => {
  it('has the French labels, the pass state, the entry time and the door', async () => {
    const rows = [
      reservation({
        fullName: 'Esther Ndi',
        checkedInAt: '2025-04-26T19:14:00.000Z',
        checkedInDoor: 'Porte Est',
      }),
      reservation({ id: 'r2', state: 'waitlisted', checkedInAt: null }),
      reservation({ id: 'r3', fullName: 'Inès Biya', state: 'cancelled', checkedInDoor: null }),
      reservation({ id: 'r4', checkedInAt: '2025-04-26T18:00:00.000Z', checkedInByHand: true }),
    ];
    const workbook = await readBack(await writeWorkbook(reservationSheets(rows)));
    const ws = workbook.getWorksheet(RESERVATIONS_SHEET)!;
    expect(values(ws, 1)).toEqual([
      'Nom',
      'Téléphone',
      'Ville',
      'Pass',
      'Heure d’entrée',
      'Porte d’entrée',
      'Statut',
      "Source d'information",
      'Assistera',
      'Obstacle',
      'Suit la page',
      'Consomme Booster',
      'Réservé le',
    ]);
    expect(values(ws, 2)).toEqual([
      'Esther Ndi',
      '677000001',
      'Ngaoundéré',
      'Entré',
      new Date(Date.UTC(2025, 3, 26, 20, 14)),
      'Porte Est',
      'Peut-être',
      'Bouche-à-oreille',
      'Oui',
      'Pas d’accompagnateur',
      'Non',
      'Oui',
      new Date(Date.UTC(2025, 3, 1, 13, 0)),
    ]);
    expect(ws.getCell('D3').value).toBe('Liste d’attente');
    expect(ws.getCell('E3').value).toBeNull();
    expect(ws.getCell('D4').value).toBe('Annulé');
    expect(ws.getCell('D5').value).toBe('Entré');
    expect(ws.getCell('F5').value).toBe('À la main (administration)');
    expect(ws.getCell('B2').type).toBe(ExcelJS.ValueType.String);
  });
});
