import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { attendanceCsv, attendanceFileName } from '@/features/admin/door/attendance-csv';
import { participantsCsv, participantsFileName } from '@/data/participants/participants-csv';
import { percent } from '@/lib/numbers';
import { regionsCsv } from '@/features/admin/stats/regions-csv';
import { reservationsCsv, reservationsFileName } from '@/data/reservations/reservations-csv';
import type { Participant } from '@/data/participants/types';
import type { Reservation } from '@/data/reservations/types';
import { fr } from '../setup/french';

const parse = (csv: string) => {
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  return Papa.parse<Record<string, string>>(csv.slice(1), {
    delimiter: ';',
    newline: '\r\n',
    header: true,
  });
};

const participant: Participant = {
  id: 'b0000000-0000-4000-8000-000000000001',
  fullName: '=cmd|"/c calc"!A1',
  email: 'awa@example.cm',
  phone: '690000001',
  city: 'Douala',
  region: 'Littoral',
  category: 'dance',
  participationType: 'team',
  teamName: 'Les Lions; du Wouri',
  linkToWork: 'https://youtu.be/x',
  description: 'Ligne 1\nLigne 2',
  agreeToTerms: true,
  createdAt: '2025-06-20T10:15:00.000Z',
  teamMembers: [{ fullName: 'Jean', email: '', phone: '690000002' }],
};

describe('participants CSV', () => {
  it('has exactly the columns of SPEC §7 and the values, neutralising formulas', () => {
    const { data, meta } = parse(participantsCsv([participant]));
    expect(meta.fields).toEqual([
      'id',
      'fullName',
      'email',
      'phone',
      'city',
      'region',
      'category',
      'participationType',
      'teamName',
      'linkToWork',
      'description',
      'agreeToTerms',
      'createdAt',
    ]);
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({
      id: participant.id,
      fullName: `'=cmd|"/c calc"!A1`,
      teamName: 'Les Lions; du Wouri',
      description: 'Ligne 1\nLigne 2',
      agreeToTerms: 'true',
      createdAt: '2025-06-20T10:15:00.000Z',
    });
  });

  it('is named participants_{date}.csv', () => {
    expect(participantsFileName(new Date(2025, 5, 15))).toBe('participants_2025-06-15.csv');
  });
});

describe('reservations CSV', () => {
  it('has exactly the columns of SPEC §7 (no pass state, entry or door) and French labels', () => {
    const r: Reservation = {
      id: 'x',
      fullName: '+Paul Etoa',
      phone: '677000000',
      ville: 'Yaoundé',
      attendanceStatus: 'maybe',
      heardFrom: 'wordOfMouth',
      willAttend: 'no',
      attendanceBarrier: 'noCompanion',
      followsBoosterPage: 'yes',
      consumesBoosterProducts: 'no',
      createdAt: '2025-04-01T09:30:00.000Z',
      passCode: 'ABCDE23456',
      state: 'confirmed',
      cancelledAt: null,
      checkedInAt: null,
      checkedInDoor: null,
      checkedInByHand: false,
    };
    const { data, meta } = parse(reservationsCsv([r]));
    expect(meta.fields).toEqual([
      'Nom',
      'Téléphone',
      'Ville',
      'Statut',
      "Source d'information",
      'Assistera',
      'Obstacle',
      'Suit la page',
      'Consomme Booster',
      'Date de réservation',
    ]);
    expect(data[0]).toMatchObject({
      Nom: "'+Paul Etoa",
      Ville: 'Yaoundé',
      Statut: 'Peut-être',
      "Source d'information": 'Bouche-à-oreille',
      Assistera: 'Non',
      Obstacle: 'Pas d’accompagnateur',
      'Suit la page': 'Oui',
      'Consomme Booster': 'Non',
    });
    expect(data[0]['Date de réservation']).toMatch(/^01\/04\/2025 \d\d:30$/);
    expect(reservationsFileName(new Date(2025, 3, 2))).toBe('reservations_2025-04-02.csv');
  });
});

describe('attendance CSV', () => {
  it('has French headers, labels, counts, the rate (empty when nobody had a place) and, on a pre-filled answer, how many were left at it', () => {
    const none = { prefilled: false, kept: 0, unknown: 0 };
    const { data, meta } = parse(
      attendanceCsv([
        { question: 'heardFrom', answer: 'flyer', reserved: 3, came: 2, ...none },
        { question: 'attendanceBarrier', answer: 'noCompanion', reserved: 0, came: 0, ...none },
        { question: 'consumesBoosterProducts', answer: 'no', reserved: 4, came: 1, ...none },
        {
          question: 'consumesBoosterProducts',
          answer: 'yes',
          reserved: 9,
          came: 6,
          prefilled: true,
          kept: 5,
          unknown: 3,
        },
      ]),
    );
    expect(meta.fields).toEqual([
      'Question',
      'Réponse',
      'Réservations confirmées',
      'Venus',
      'Taux de venue',
      'Réponse pré-remplie',
      'Laissées pré-remplies',
      'Inconnu (avant le relevé)',
    ]);
    const chosen = {
      'Réponse pré-remplie': 'Non',
      'Laissées pré-remplies': '',
      'Inconnu (avant le relevé)': '',
    };
    expect(data).toEqual([
      {
        Question: fr('Comment avez-vous entendu parler de la Night Party ?'),
        Réponse: 'Flyer / affiche',
        'Réservations confirmées': '3',
        Venus: '2',
        'Taux de venue': '67%',
        ...chosen,
      },
      {
        Question: fr('Qu’est-ce qui pourrait vous empêcher de venir ?'),
        Réponse: 'Pas d’accompagnateur',
        'Réservations confirmées': '0',
        Venus: '0',
        'Taux de venue': '',
        ...chosen,
      },
      {
        Question: fr('Consommez-vous les boissons Booster ?'),
        Réponse: 'Non',
        'Réservations confirmées': '4',
        Venus: '1',
        'Taux de venue': '25%',
        ...chosen,
      },
      {
        Question: fr('Consommez-vous les boissons Booster ?'),
        Réponse: 'Oui',
        'Réservations confirmées': '9',
        Venus: '6',
        'Taux de venue': '67%',
        'Réponse pré-remplie': 'Oui',
        'Laissées pré-remplies': '5',
        'Inconnu (avant le relevé)': '3',
      },
    ]);
    expect(attendanceFileName(new Date(2025, 3, 27))).toBe('presence_night_party_2025-04-27.csv');
  });
});

describe('region CSV', () => {
  it('lists regions with counts and rounded percentages', () => {
    const { data } = parse(
      regionsCsv(
        [
          { region: 'Littoral', count: 2 },
          { region: 'Centre', count: 1 },
        ],
        3,
      ),
    );
    expect(data).toEqual([
      { Région: 'Littoral', Participants: '2', Pourcentage: '67%' },
      { Région: 'Centre', Participants: '1', Pourcentage: '33%' },
    ]);
    expect(percent(1, 0)).toBe(0);
  });
});
