import { CATEGORY_LABELS } from '@/config/edition';
import { SESSION_CATEGORY_LABELS, SESSION_STATE_LABELS } from '@/data/auditions/labels';
import { CHANNEL_LABELS } from '@/data/outbox/labels';
import { STATUS_LABELS } from '@/data/participants/status-labels';
import type { ParticipantStatus, Stats } from '@/data/participants/types';
import type { CategoryCounts } from '@/data/stats/edition-stats';
import type { SponsorReport } from '@/data/stats/sponsor-report';
import { ROUND_STATE_LABELS } from '@/data/vote/labels';
import type { RoundState } from '@/data/vote/types';
import { dateCell, type Cell, type Sheet, type SheetColumn } from '../workbook/sheet';

/**
 * The sponsor's workbook (docs/decisions/053-sponsor-report-xlsx.md): one sheet per subject,
 * French headers, figures as numbers (the sponsor sorts, sums and charts them), every figure as
 * sponsor_report() gives it, the same counts as the statistics page.
 */

const n = (header: string, width = 12): SheetColumn => ({ header, width });
const COUNT_COLUMNS = [n(CATEGORY_LABELS.dance), n(CATEGORY_LABELS.singing), n('Total')];
const countCells = (c: CategoryCounts): Cell[] => [c.dance, c.singing, c.dance + c.singing];

/** "05/12/2026": a day (yyyy-mm-dd) as a French spreadsheet reads it. */
const day = (isoDay: string) => isoDay.split('-').reverse().join('/');
/** "20/12/2026 19 h" for '2026-12-20 19:00' (Douala time, as the database gives it). */
const hour = (h: string) => `${day(h.slice(0, 10))} ${Number(h.slice(11, 13))}\u00a0h`;
/** The share of `part` in `whole`, as a number of percent with one decimal (empty if none). */
const share = (part: number, whole: number): Cell =>
  whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;

/** The titles of the sheets, in their order. */
export const SPONSOR_SHEETS = [
  'Synthèse',
  'Inscriptions par ville',
  'Parcours du concours',
  'Villes d’audition',
  'Auditions et jurys',
  'Night Party',
  'Entrées par heure',
  'Entrées par porte',
  'Vote du public',
  'Messages',
] as const;

function summary(r: SponsorReport, p: Stats): Sheet {
  const np = r.edition.nightParty;
  const sent = r.messages.reduce((sum, m) => sum + m.sent, 0);
  const cost = r.messages.reduce((sum, m) => sum + (m.cost ?? 0), 0);
  const rows: Cell[][] = [
    ['Édition', r.editionYear],
    ['Rapport établi le', dateCell(r.generatedAt)],
    ['Total des inscriptions', p.totalParticipants],
    [`Inscriptions en ${CATEGORY_LABELS.dance.toLowerCase()}`, p.byCategory.dance],
    [`Inscriptions en ${CATEGORY_LABELS.singing.toLowerCase()}`, p.byCategory.singing],
    ['Inscriptions solo', p.byParticipationType.solo],
    ['Inscriptions en équipe', p.byParticipationType.team],
    ['Régions représentées', p.byRegion.length],
    ['Sessions de jury tenues', r.sessions.length],
    ['Jurés', r.judges],
    ['Réservations pour la Night Party', np.reservations],
    ['Entrées à la Night Party', np.entered],
    ['Messages envoyés', sent],
    ['Coût des SMS envoyés (FCFA)', cost],
  ];
  return { name: SPONSOR_SHEETS[0], columns: [n('Indicateur', 36), n('Valeur', 18)], rows };
}

/**
 * The workbook's sheets, from sponsor_report() as src/data/stats/sponsor-report.ts reads it and
 * its participant_stats() as the participants' domain reads it (toStats).
 */
export function sponsorReportSheets(r: SponsorReport, p: Stats): Sheet[] {
  const np = r.edition.nightParty;
  const [, byCity, pipeline, cities, sessions, night, hours, doors, vote, messages] =
    SPONSOR_SHEETS;
  return [
    summary(r, p),
    {
      name: byCity,
      columns: [n('Ville', 24), ...COUNT_COLUMNS],
      rows: r.registrationsByCity.map((c) => [c.city, ...countCells(c)]),
    },
    {
      name: pipeline,
      columns: [n('Statut', 18), ...COUNT_COLUMNS],
      rows: r.edition.pipeline.map((s) => [
        STATUS_LABELS[s.status as ParticipantStatus] ?? s.status,
        ...countCells(s),
      ]),
    },
    {
      name: cities,
      columns: [n('Ville d’audition', 24), ...COUNT_COLUMNS],
      rows: r.edition.auditionCities.map((c) => [
        c.city ?? 'Sans ville d’audition',
        ...countCells(c),
      ]),
    },
    {
      name: sessions,
      columns: [
        n('Session', 10),
        n('Ville', 14),
        { header: 'Jour', width: 12, kind: 'text' },
        n('Catégorie', 16),
        n('État', 12),
        n('Jurés'),
        n('Candidats notés'),
        n('Fiches de notes'),
      ],
      rows: r.sessions.map((s) => [
        s.kind === 'final' ? 'Finale' : 'Audition',
        s.city,
        day(s.heldOn),
        SESSION_CATEGORY_LABELS[s.category],
        SESSION_STATE_LABELS[s.state as 'open' | 'locked'] ?? s.state,
        s.judges,
        s.performers,
        s.cards,
      ]),
    },
    {
      name: night,
      columns: [n('Indicateur', 36), n('Valeur', 14)],
      rows: [
        ['Capacité', np.capacity],
        ['Places confirmables (surréservation comprise)', np.limit],
        ['Réservations', np.reservations],
        ['Confirmées', np.confirmed],
        ['En liste d’attente', np.waitlisted],
        ['Annulées', np.cancelled],
        ['Entrées', np.entered],
      ],
    },
    {
      name: hours,
      columns: [{ header: 'Heure (Douala)', width: 20, kind: 'text' }, n('Entrées')],
      rows: np.enteredByHour.map((h) => [hour(h.hour), h.count]),
    },
    {
      name: doors,
      columns: [n('Porte', 24), n('Entrées')],
      rows: r.enteredByDoor.map((d) => [d.door ?? 'À la main (administration)', d.count]),
    },
    {
      name: vote,
      columns: [
        n('Manche', 8),
        n('Titre', 28),
        n('État', 18),
        n('Votants'),
        n('Pouvaient voter', 16),
        n('Participation (%)', 18),
      ],
      rows: np.rounds.map((v) => [
        v.position,
        v.title,
        ROUND_STATE_LABELS[v.state as RoundState] ?? v.state,
        v.voters,
        v.eligible,
        share(v.voters, v.eligible),
      ]),
    },
    {
      name: messages,
      columns: [n('Canal', 12), n('Envoyés'), n('Échecs'), n('Parties SMS'), n('Coût (FCFA)', 14)],
      rows: r.messages.map((m) => [
        CHANNEL_LABELS[m.channel],
        m.sent,
        m.failed,
        m.segments,
        m.cost,
      ]),
    },
  ];
}

/** "rapport_sponsor_2026_2026-12-21.xlsx" */
export const sponsorReportFileName = (year: number, date: string) =>
  `rapport_sponsor_${year}_${date}.xlsx`;
