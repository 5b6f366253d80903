import { describe, expect, it } from 'vitest';
import { fieldLabel, journalValue } from '@/features/admin/journal/journal-labels';

/**
 * The journal's before / after in organisers' words (issue 40, item 6;
 * docs/decisions/045-admin-on-a-phone-and-readable-journal.md): what the database records
 * (column names, UTC instants, codes) read as French names, Douala times and French values.
 */
describe('journal labels', () => {
  it('names the fields in French, never in snake_case', () => {
    expect(fieldLabel('doors_open_at')).toBe('Ouverture des portes');
    expect(fieldLabel('participation_type')).toBe('Type de participation');
    expect(fieldLabel('reminder_channel')).toBe('Canal du rappel');
    expect(fieldLabel('row_count')).toBe('Lignes');
    // A column added later still reads as words.
    expect(fieldLabel('some_new_column')).toBe('Some new column');
  });

  it('shows instants at Douala’s time and days as dd/mm/yyyy', () => {
    expect(journalValue('doors_open_at', '2026-12-19T13:00:00+00:00')).toBe('19/12/2026 14\u00a0h');
    expect(journalValue('runs_at', '2026-12-31T23:30:00Z')).toBe('01/01/2027 0\u00a0h\u00a030');
    expect(journalValue('held_on', '2026-12-05')).toBe('05/12/2026');
  });

  it('reads statuses, states, channels and answers in French', () => {
    expect(journalValue('status', 'preselectionne')).toBe('Présélectionné');
    expect(journalValue('channel', 'whatsapp')).toBe('WhatsApp');
    expect(journalValue('channel', 'sms')).toBe('SMS');
    expect(journalValue('state', 'cancelled', 'reservation')).toBe('Annulé');
    expect(journalValue('state', 'revealed', 'vote_round')).toBe('Résultats révélés');
    expect(journalValue('state', 'failed', 'outbox')).toBe('Échec');
    expect(journalValue('handled', true)).toBe('Oui');
    expect(journalValue('by_hand', false)).toBe('Non');
    expect(journalValue('outcome', 'already')).toBe('Déjà entré');
    expect(journalValue('category', 'singing')).toBe('Chant');
  });

  it('shows phones as every other screen does, and counts ids instead of listing them', () => {
    expect(journalValue('phone', '670007091')).toBe('6 70 00 70 91');
    expect(
      journalValue('ids', [
        'a0000000-0000-4000-8000-000000000001',
        'a0000000-0000-4000-8000-000000000002',
      ]),
    ).toBe('2 participants');
    // The statuses before a change, by participant: the one they shared.
    expect(
      journalValue('status', {
        'a0000000-0000-4000-8000-000000000001': 'inscrit',
        'a0000000-0000-4000-8000-000000000002': 'inscrit',
      }),
    ).toBe('Inscrit (2 participants)');
  });

  it('reads an export’s filters with the lists’ names and words', () => {
    expect(
      journalValue('filters', { category: 'dance', participationType: 'team', search: 'awa' }),
    ).toBe('Catégorie\u00a0: Danse, Type de participation\u00a0: Équipe, Recherche\u00a0: awa');
    expect(journalValue('filters', {})).toBe('aucun');
    expect(journalValue('filters', { state: 'waitlisted' }, 'reservations.xlsx')).toBe(
      'État\u00a0: Liste d’attente',
    );
    expect(journalValue('row_count', 1250)).toBe('1\u202f250');
  });
});
