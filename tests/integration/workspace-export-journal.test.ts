import { describe, expect, it } from 'vitest';
import { EXPORTS, type ExportName } from '@/data/journal/audit';
import { auditSince, EMAIL, lastAuditId } from './workspace-fixtures';
import { backend, staff, signInStaffOnTheNight } from './support/workspace-audit';

signInStaffOnTheNight();

/**
 * The journal is written by the database alone (security review, finding 8): log_export takes
 * one of the site's exports (EXPORTS, src/data/journal/audit.ts), its known filters with checked values,
 * and writes its own French sentence.
 */
describe('log_export', () => {
  /** For each export the site makes, the filters its page sends (a real call from src/). */
  const REAL: Record<ExportName, { filters: Record<string, string>; summary: string }> = {
    participants: {
      filters: { search: 'Awa', category: 'dance', region: 'Littoral', status: 'convoque' },
      summary: 'Export CSV des participants : 42 lignes',
    },
    'participants.xlsx': {
      filters: { participationType: 'team', auditionCity: 'Yaoundé' },
      summary: 'Export Excel des participants : 42 lignes',
    },
    participant_json: {
      filters: { participant: '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b' },
      summary: 'Export JSON d’une fiche participant : 42 lignes',
    },
    reservations: {
      filters: { search: '699', status: 'maybe', city: 'Douala', heardFrom: 'social' },
      summary: 'Export CSV des réservations : 42 lignes',
    },
    'reservations.xlsx': {
      filters: { state: 'checked_in' },
      summary: 'Export Excel des réservations : 42 lignes',
    },
    messages: {
      filters: { search: 'sponsor', state: 'unhandled' },
      summary: 'Export CSV des messages de contact : 42 lignes',
    },
    presence_night_party: {
      filters: {},
      summary: 'Export CSV des présences à la Night Party : 42 lignes',
    },
    distribution_regionale: {
      filters: {},
      summary: 'Export CSV de la répartition par région : 42 lignes',
    },
    vote_results: {
      filters: { round: '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b' },
      summary: 'Export CSV des résultats du vote : 42 lignes',
    },
    'vote_results.xlsx': {
      filters: { round: '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b' },
      summary: 'Export Excel des résultats du vote : 42 lignes',
    },
    'audition_scores.xlsx': {
      filters: {},
      summary: 'Export Excel des notes du jury : 42 lignes',
    },
    'sponsor_report.xlsx': {
      filters: {},
      summary: 'Export Excel du rapport pour le sponsor : 42 lignes',
    },
  };

  it('knows every export of the site', () => {
    expect(Object.keys(REAL).sort()).toEqual([...EXPORTS].sort());
  });

  it.each([...EXPORTS])('accepts the real export %s, with its sentence', async (what) => {
    const since = await lastAuditId(backend);
    const { filters, summary } = REAL[what];
    const { error } = await staff.admin.rpc('log_export', { what, filters, row_count: 42 });
    expect(error).toBeNull();
    expect(await auditSince(backend, since)).toEqual([
      expect.objectContaining({
        actor: staff.ids.admin,
        action: 'export',
        entity: what,
        entity_id: filters.participant ?? null,
        summary,
        before: null,
        after: { filters, row_count: 42 },
      }),
    ]);
  });

  it('refuses an invented text, unknown filters and bad values; readers; writes nothing', async () => {
    const since = await lastAuditId(backend);
    const refused = [
      // The review's example: any text became the journal's sentence.
      [{ what: 'Paramètres modifiés : rien', filters: {}, row_count: 0 }, 'what'],
      [{ what: 'participants_excel', filters: {}, row_count: 1 }, 'what'],
      [{ what: ' ', filters: {}, row_count: 1 }, 'what'],
      [{ what: 'participants', filters: { note: 'Paramètres modifiés' }, row_count: 1 }, 'filters'],
      [{ what: 'participants', filters: { status: 'gagnant' }, row_count: 1 }, 'filters'],
      [{ what: 'participants', filters: { status: ['convoque'] }, row_count: 1 }, 'filters'],
      [{ what: 'participants', filters: { search: 'x'.repeat(201) }, row_count: 1 }, 'filters'],
      [{ what: 'messages', filters: { region: 'Littoral' }, row_count: 1 }, 'filters'],
      [{ what: 'participant_json', filters: {}, row_count: 1 }, 'filters'],
      [{ what: 'participant_json', filters: { participant: 'Awa' }, row_count: 1 }, 'filters'],
      [{ what: 'presence_night_party', filters: [], row_count: 1 }, 'filters'],
      [{ what: 'participants', filters: {}, row_count: -1 }, 'row_count'],
    ] as const;
    for (const [args, field] of refused) {
      const { error } = await staff.admin.rpc('log_export', args);
      expect(error, JSON.stringify(args)).toMatchObject({
        code: '22023',
        hint: 'invalid_field',
        details: field,
      });
    }
    expect(
      (await staff.admin.rpc('log_export', { what: 'Rien', filters: {}, row_count: 0 })).error
        ?.message,
    ).toBe('Export inconnu : le journal n’inscrit que les exports du site.');
    expect(
      (await staff.lecteur.rpc('log_export', { what: 'participants', filters: {}, row_count: 1 }))
        .error?.code,
    ).toBe('42501');
    expect(await auditSince(backend, since)).toEqual([]);
  });
  // Issue 27 (docs/decisions/023-honest-screens.md): a reader downloads the two files of figures
  // they read on screen, and each download is journaled with the reader as its author; every
  // file with personal data stays an admin's.
  it('journals a reader’s aggregate exports and refuses them every other', async () => {
    const since = await lastAuditId(backend);
    const aggregates = ['presence_night_party', 'distribution_regionale', 'sponsor_report.xlsx'];
    for (const what of aggregates) {
      const { error } = await staff.lecteur.rpc('log_export', { what, filters: {}, row_count: 7 });
      expect(error, what).toBeNull();
    }
    const personal = EXPORTS.filter((e) => !aggregates.includes(e));
    expect(personal).toHaveLength(9);
    for (const what of personal) {
      const args = { what, filters: REAL[what].filters, row_count: 1 };
      expect((await staff.lecteur.rpc('log_export', args)).error?.code, what).toBe('42501');
    }
    // Door staff and a signed-in user who is not staff record nothing, aggregate or not.
    for (const c of [staff.controle, staff.user]) {
      const args = { what: 'presence_night_party', filters: {}, row_count: 1 };
      expect((await c.rpc('log_export', args)).error?.code).toBe('42501');
    }
    expect(await auditSince(backend, since)).toEqual([
      expect.objectContaining({
        actor: staff.ids.lecteur,
        actor_email: EMAIL('lecteur'),
        action: 'export',
        entity: 'presence_night_party',
        summary: 'Export CSV des présences à la Night Party : 7 lignes',
      }),
      expect.objectContaining({
        actor: staff.ids.lecteur,
        action: 'export',
        entity: 'distribution_regionale',
        summary: 'Export CSV de la répartition par région : 7 lignes',
      }),
      expect.objectContaining({
        actor: staff.ids.lecteur,
        entity: 'sponsor_report.xlsx',
        summary: 'Export Excel du rapport pour le sponsor : 7 lignes',
      }),
    ]);
  });
});
