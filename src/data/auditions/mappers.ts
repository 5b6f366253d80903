import { DataError } from '@/lib/errors';
import { CheckedValues, type Database } from '../../../supabase/database.types';
import { toFinalJuryFields } from './final-jury';
import {
  AUDITION_CATEGORIES,
  AUDITION_SESSION_CITIES,
  SESSION_CATEGORIES,
  SESSION_STATES,
  type AdminAuditionSession,
  type AuditionCategory,
  type AuditionResults,
  type AuditionSession,
  type CriteriaSettings,
  type Criterion,
  type JuryAccount,
  type JurySession,
  type JurySessionSummary,
  type ParticipantStatus,
  type Performer,
  type PerformerMode,
  type RankingRow,
  type ResultRow,
  type Scorecard,
  type SessionJudge,
} from './types';

/**
 * The database's answers (supabase/schemas/07_answer_types_auditions_final.sql) -> the pages'
 * shapes (./types.ts): renamed, null -> '' or 0, enumerations narrowed to CheckedValues
 * (docs/decisions/054-typed-answers.md).
 */

export type Answer = Database['public']['CompositeTypes'];

export const AUDITIONS_LOAD_ERROR = 'Erreur lors du chargement des auditions';

const oneOf = <T extends string>(values: readonly T[], v: string | null, fallback: T): T =>
  values.find((x) => x === v) ?? fallback;
const STATUSES = CheckedValues.participants.status;
const MODES = CheckedValues.participants.participation_type;
const status = (v: string | null): ParticipantStatus => oneOf(STATUSES, v, 'inscrit');
const mode = (v: string | null): PerformerMode => oneOf(MODES, v, 'solo');
export const category = (v: string | null): AuditionCategory =>
  oneOf(AUDITION_CATEGORIES, v, 'dance');

/**
 * A card's marks ({ criterion: mark }): a JSON object whose keys are the session's criteria,
 * known only at run time (a `jsonb` field of the answer); numbers only.
 */
function numberMap(v: Answer['jury_card']['scores']): Record<string, number> {
  const out: Record<string, number> = {};
  if (!v || typeof v !== 'object' || Array.isArray(v)) return out;
  for (const [k, x] of Object.entries(v)) if (typeof x === 'number') out[k] = x;
  return out;
}

const toCriterion = (c: Answer['jury_criterion']): Criterion => ({
  id: c.id ?? '',
  key: c.key ?? '',
  label: c.label ?? '',
  weight: c.weight ?? 0,
});

const toJudge = (j: Answer['audition_judge']): SessionJudge => ({
  userId: j.user_id ?? '',
  label: j.label ?? '',
  isLead: j.is_lead === true,
  email: j.email,
});

/** A session (private.audition_session_json); an answer without one throws. */
export function toAuditionSession(s: Answer['audition_session_view'] | null): AuditionSession {
  const state = SESSION_STATES.find((x) => x === s?.state);
  if (!s?.id || !state) throw new DataError('unknown', AUDITIONS_LOAD_ERROR);
  return {
    id: s.id,
    city: oneOf(AUDITION_SESSION_CITIES, s.city, 'Douala'),
    heldOn: s.held_on ?? '',
    category: oneOf(SESSION_CATEGORIES, s.category, 'both'),
    venue: s.venue ?? '',
    state,
    lockedAt: s.locked_at,
    judges: (s.judges ?? []).map(toJudge),
  };
}

export const toAdminAuditionSessions = (
  rows: Answer['audition_session_row'][],
): AdminAuditionSession[] =>
  rows.map((s) => ({
    ...toAuditionSession(s),
    performersCount: s.performers_count ?? 0,
    scoredCount: s.scored_count ?? 0,
    createdAt: s.created_at ?? '',
  }));

export const toJuryAccounts = (rows: Answer['jury_account'][]): JuryAccount[] =>
  rows.map((a) => ({ userId: a.user_id ?? '', email: a.email ?? '' }));

export function toCriteriaSettings(c: Answer['audition_criteria_answer'] | null): CriteriaSettings {
  const one = (list: Answer['audition_criterion_setting'][] | null | undefined) =>
    (list ?? [])
      .map((e) => ({
        key: e.key ?? '',
        label: e.label ?? '',
        weight: e.weight ?? 0,
        position: e.position ?? 0,
      }))
      .sort((a, b) => a.position - b.position);
  return { dance: one(c?.dance), singing: one(c?.singing) };
}

export const toJurySessionSummaries = (
  rows: Answer['jury_session_summary'][],
): JurySessionSummary[] =>
  rows.map((s) => ({
    id: s.id ?? '',
    city: oneOf(AUDITION_SESSION_CITIES, s.city, 'Douala'),
    heldOn: s.held_on ?? '',
    category: oneOf(SESSION_CATEGORIES, s.category, 'both'),
    venue: s.venue ?? '',
    state: oneOf(SESSION_STATES, s.state, 'open'),
    isLead: s.is_lead === true,
    judgesCount: s.judges_count ?? 0,
    performersCount: s.performers_count ?? 0,
    scoredByMe: s.scored_by_me ?? 0,
  }));

export const toScorecard = (c: Answer['jury_card'] | null): Scorecard => ({
  id: c?.id ?? '',
  participantId: c?.participant_id ?? '',
  absent: c?.absent === true,
  comment: c?.comment ?? '',
  revision: c?.revision ?? 0,
  updatedAt: c?.updated_at ?? '',
  scores: numberMap(c?.scores ?? null),
  total: c?.total ?? null,
});

const toPerformer = (p: Answer['jury_performer']): Performer => ({
  id: p.id ?? '',
  position: p.position ?? 0,
  name: p.name ?? '',
  category: category(p.category),
  mode: mode(p.mode),
  slot: p.slot ?? '',
});

export function toJurySession(s: Answer['jury_session_answer'] | null): JurySession {
  const base = toAuditionSession(s && { ...s, judges: [] });
  const criteria: JurySession['criteria'] = {};
  for (const k of AUDITION_CATEGORIES) {
    const c = s?.criteria?.[k];
    if (c) criteria[k] = c.map(toCriterion);
  }
  return {
    ...toFinalJuryFields(s),
    id: base.id,
    city: base.city,
    heldOn: base.heldOn,
    category: base.category,
    venue: base.venue,
    state: base.state,
    lockedAt: base.lockedAt,
    isLead: s?.is_lead === true,
    serverNow: s?.server_now || new Date().toISOString(),
    criteria,
    performers: (s?.performers ?? []).map(toPerformer).sort((a, b) => a.position - b.position),
    myCards: (s?.my_cards ?? []).map(toScorecard),
    others:
      s?.others?.map((o) => ({
        judge: o.judge ?? '',
        participantId: o.participant_id ?? '',
        absent: o.absent === true,
        total: o.total,
      })) ?? null,
    missing:
      s?.missing?.map((m) => ({
        judgeLabel: m.judge_label ?? '',
        judgeEmail: m.judge_email,
        performers: m.performers ?? 0,
      })) ?? null,
  };
}

/** How many judges scored a performer, of how many the session has (ADR 040). */
const completeness = (r: {
  incomplete: boolean | null;
  scored: number | null;
  judges_count: number | null;
}) => ({
  incomplete: r.incomplete === true,
  scored: r.scored ?? 0,
  judgesCount: r.judges_count ?? 0,
});

const toResultRow = (r: Answer['audition_result_row']): ResultRow => ({
  participantId: r.participant_id ?? '',
  position: r.position,
  name: r.name ?? '',
  mode: mode(r.mode),
  slot: r.slot,
  status: status(r.status),
  absent: r.absent === true,
  judges: (r.judges ?? []).map((j) => ({
    label: j.label ?? '',
    scored: j.scored === true,
    absent: j.absent === true,
    total: j.total,
    z: j.z,
    scores: numberMap(j.scores),
    comment: j.comment ?? '',
  })),
  raw: r.raw,
  normalised: r.normalised,
  rankRaw: r.rank_raw,
  rankNormalised: r.rank_normalised,
  tied: r.tied === true,
  ...completeness(r),
});

export const toAuditionResults = (
  r: Answer['audition_results_answer'] | null,
): AuditionResults => ({
  session: toAuditionSession(r?.session ?? null),
  judges: (r?.judges ?? []).map((j) => ({
    label: j.label ?? '',
    isLead: j.is_lead === true,
    email: j.email,
  })),
  categories: (r?.categories ?? []).map((c) => ({
    category: category(c.category),
    criteria: (c.criteria ?? []).map(toCriterion),
    rows: (c.rows ?? []).map(toResultRow),
  })),
});

export const toRanking = (rows: Answer['audition_ranking_row'][]): RankingRow[] =>
  rows.map((r) => ({
    participantId: r.participant_id ?? '',
    name: r.name ?? '',
    city: oneOf(AUDITION_SESSION_CITIES, r.city, 'Douala'),
    sessionId: r.session_id ?? '',
    heldOn: r.held_on ?? '',
    sessionState: oneOf(SESSION_STATES, r.session_state, 'open'),
    normalised: r.normalised,
    raw: r.raw,
    rank: r.rank,
    rankRaw: r.rank_raw,
    tied: r.tied === true,
    absent: r.absent === true,
    status: status(r.status),
    ...completeness(r),
  }));
