import { describe, expect, it } from 'vitest';
import { pickTop } from '@/features/admin/auditions/PreselectDialog';
import { SESSION_MESSAGES, validateSession } from '@/features/admin/auditions/session-rules';
import { JURY_SHEET, juryScoresSheet } from '@/features/admin/auditions/audition-scores-sheet';
import { auditionScoresXlsxName } from '@/features/admin/auditions/audition-exports';
import {
  CRITERIA_MESSAGES,
  draftsOf,
  validateCriteria,
  weightSum,
} from '@/features/admin/settings/criteria-rules';

/**
 * The auditions' admin rules without the database (issue 30): the criteria editor's (labels,
 * whole weights, total 100), the session form's, the preselection's cut (ties refused, absences
 * never picked) and the jury sheet of the readable export.
 */
describe('the criteria editor’s rules', () => {
  const rows = (...weights: string[]) =>
    weights.map((weight, i) => ({ label: `Critère ${i + 1}`, weight }));

  it('accepts 2 to 8 criteria whose whole weights total 100', () => {
    expect(validateCriteria(rows('30', '25', '25', '20'))).toEqual({ rows: {} });
    expect(validateCriteria(rows('50', '50'))).toEqual({ rows: {} });
  });

  it('says what is wrong, on the field or the list', () => {
    expect(validateCriteria(rows('35', '25', '25', '20')).sum).toBe(CRITERIA_MESSAGES.sum(105));
    expect(CRITERIA_MESSAGES.sum(105)).toBe(
      'Les poids totalisent 105\u00a0: ils doivent totaliser 100.',
    );
    expect(validateCriteria(rows('100')).count).toBe(CRITERIA_MESSAGES.count);
    expect(validateCriteria(rows(...Array(9).fill('11'))).count).toBe(CRITERIA_MESSAGES.count);
    const bad = validateCriteria([
      { label: ' T ', weight: '12.5' },
      { label: 'Voix', weight: '0' },
      { label: 'voix', weight: '' },
    ]);
    expect(bad.rows).toEqual({
      0: { label: CRITERIA_MESSAGES.label, weight: CRITERIA_MESSAGES.weight },
      1: { weight: CRITERIA_MESSAGES.weight },
      2: { label: CRITERIA_MESSAGES.repeated, weight: CRITERIA_MESSAGES.weight },
    });
    // A weight not yet whole: no total to blame.
    expect(bad.sum).toBeUndefined();
  });

  it('sends cleaned labels and numbers, keeping the keys', () => {
    expect(weightSum(rows('30', 'x', '25'))).toBe(55);
    expect(
      draftsOf([
        { key: 'technique', label: '  Technique\u00a0 ', weight: '35' },
        { label: 'Style', weight: '65' },
      ]),
    ).toEqual([
      { key: 'technique', label: 'Technique', weight: 35 },
      { label: 'Style', weight: 65 },
    ]);
  });
});

describe('the session form’s rules', () => {
  const draft = {
    city: 'Douala' as const,
    heldOn: '2026-12-05',
    category: 'both' as const,
    venue: 'Institut français',
    judges: ['a', 'b'],
    lead: 'b',
  };

  it('accepts a full session and names each missing part', () => {
    expect(validateSession(draft)).toEqual({});
    expect(
      validateSession({ ...draft, heldOn: '2026-02-30', venue: ' ', judges: [], lead: '' }),
    ).toEqual({
      heldOn: SESSION_MESSAGES.heldOn,
      venue: SESSION_MESSAGES.venue,
      judges: SESSION_MESSAGES.judges,
    });
    expect(validateSession({ ...draft, lead: 'c' })).toEqual({ lead: SESSION_MESSAGES.lead });
  });
});

describe('the preselection’s cut', () => {
  const status = 'convoque' as const;
  const ranked = [
    { participantId: '1', name: 'Awa', rank: 1, status },
    { participantId: '2', name: 'Bruno', rank: 2, status },
    { participantId: '3', name: 'Esther', rank: 2, status },
    { participantId: '4', name: 'Chantal', rank: 4, status },
    { participantId: '5', name: 'Didier', rank: null, absent: true, status },
    // Scored by fewer judges than the session has (docs/decisions/040-…): never picked.
    { participantId: '6', name: 'Fanny', rank: 5, incomplete: true, status },
  ];

  it('picks the first N in rank order, never an absent, unscored or incomplete performer', () => {
    expect(pickTop(ranked, 3).picked.map((r) => r.name)).toEqual(['Awa', 'Bruno', 'Esther']);
    expect(pickTop(ranked, 1)).toEqual({ picked: [ranked[0]], error: undefined });
    expect(pickTop(ranked, 5).error).toBe('Choisissez un nombre entier de 1 à 4.');
    expect(pickTop(ranked, 0).error).toBe('Choisissez un nombre entier de 1 à 4.');
    expect(pickTop([ranked[4]], 1).error).toBe('Aucun candidat noté à retenir.');
    expect(pickTop([ranked[5]], 1).error).toBe('Aucun candidat noté à retenir.');
  });

  it('refuses a tie at the cut, as the database does', () => {
    expect(pickTop(ranked, 2).error).toBe(
      'Égalité à la limite\u00a0: Bruno et Esther sont ex aequo. Choisissez un autre nombre.',
    );
  });
});

describe('the jury sheet of the readable export', () => {
  it('writes one row per judge and criterion, scores as numbers, absences as "Oui"', () => {
    const sheet = juryScoresSheet([
      {
        city: 'Douala',
        heldOn: '2026-12-05',
        category: 'singing',
        name: 'Awa Ngono',
        judge: 'Juré 1',
        criterion: 'Justesse',
        value: 7.5,
        total: 7.25,
        absent: false,
        comment: 'Belle voix',
      },
      {
        city: 'Douala',
        heldOn: '2026-12-05',
        category: 'dance',
        name: 'Didier Mba',
        judge: 'Juré 2',
        criterion: null,
        value: null,
        total: null,
        absent: true,
        comment: '',
      },
    ]);
    expect(sheet.name).toBe(JURY_SHEET);
    expect(sheet.rows).toEqual([
      [
        'Douala',
        '05/12/2026',
        'Chant',
        'Awa Ngono',
        'Juré 1',
        'Justesse',
        7.5,
        7.25,
        'Non',
        'Belle voix',
      ],
      ['Douala', '05/12/2026', 'Danse', 'Didier Mba', 'Juré 2', '', null, null, 'Oui', ''],
    ]);
    expect(auditionScoresXlsxName(new Date('2026-12-05T10:00:00Z'))).toBe(
      'notes_du_jury_2026-12-05.xlsx',
    );
  });
});
