import { DataError } from '@/lib/errors';
import { CheckedValues } from '../../../supabase/database.types';
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

/** The database's JSON answers -> the pages' shapes (./types.ts); nothing is trusted blindly. */

type Json = Record<string, unknown>;
export const obj = (v: unknown): Json =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {};
export const text = (v: unknown) => (typeof v === 'string' ? v : '');
export const textOrNull = (v: unknown) => (typeof v === 'string' ? v : null);
const int = (v: unknown) => (typeof v === 'number' ? v : Number(v) || 0);
export const numOrNull = (v: unknown) =>
  v === null || v === undefined || v === '' || Number.isNaN(Number(v)) ? null : Number(v);
export const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const oneOf = <T extends string>(values: readonly T[], v: unknown, fallback: T): T =>
  values.find((x) => x === v) ?? fallback;

export const AUDITIONS_LOAD_ERROR = 'Erreur lors du chargement des auditions';

const STATUSES = CheckedValues.participants.status;
const MODES = CheckedValues.participants.participation_type;
const status = (v: unknown): ParticipantStatus => oneOf(STATUSES, v, 'inscrit');
const mode = (v: unknown): PerformerMode => oneOf(MODES, v, 'solo');
export const category = (v: unknown): AuditionCategory => oneOf(AUDITION_CATEGORIES, v, 'dance');

/** { key: number } with numbers only. */
function numberMap(v: unknown): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, x] of Object.entries(obj(v))) {
    const n = numOrNull(x);
    if (n !== null) out[k] = n;
  }
  return out;
}

const toCriterion = (v: unknown): Criterion => {
  const c = obj(v);
  return { id: text(c.id), key: text(c.key), label: text(c.label), weight: int(c.weight) };
};

const toJudge = (v: unknown): SessionJudge => {
  const j = obj(v);
  return {
    userId: text(j.user_id),
    label: text(j.label),
    isLead: j.is_lead === true,
    email: textOrNull(j.email),
  };
};

export function toAuditionSession(v: unknown): AuditionSession {
  const s = obj(v);
  const state = SESSION_STATES.find((x) => x === s.state);
  if (!state || !s.id) throw new DataError('unknown', AUDITIONS_LOAD_ERROR);
  return {
    id: text(s.id),
    city: oneOf(AUDITION_SESSION_CITIES, s.city, 'Douala'),
    heldOn: text(s.held_on),
    category: oneOf(SESSION_CATEGORIES, s.category, 'both'),
    venue: text(s.venue),
    state,
    lockedAt: textOrNull(s.locked_at),
    judges: list(s.judges).map(toJudge),
  };
}

export const toAdminAuditionSessions = (v: unknown): AdminAuditionSession[] =>
  list(v).map((x) => {
    const s = obj(x);
    return {
      ...toAuditionSession(s),
      performersCount: int(s.performers_count),
      scoredCount: int(s.scored_count),
      createdAt: text(s.created_at),
    };
  });

export const toJuryAccounts = (v: unknown): JuryAccount[] =>
  list(v).map((x) => ({ userId: text(obj(x).user_id), email: text(obj(x).email) }));

export function toCriteriaSettings(v: unknown): CriteriaSettings {
  const c = obj(v);
  const one = (k: AuditionCategory) =>
    list(c[k])
      .map((x) => {
        const e = obj(x);
        return {
          key: text(e.key),
          label: text(e.label),
          weight: int(e.weight),
          position: int(e.position),
        };
      })
      .sort((a, b) => a.position - b.position);
  return { dance: one('dance'), singing: one('singing') };
}

export const toJurySessionSummaries = (v: unknown): JurySessionSummary[] =>
  list(v).map((x) => {
    const s = obj(x);
    return {
      id: text(s.id),
      city: oneOf(AUDITION_SESSION_CITIES, s.city, 'Douala'),
      heldOn: text(s.held_on),
      category: oneOf(SESSION_CATEGORIES, s.category, 'both'),
      venue: text(s.venue),
      state: oneOf(SESSION_STATES, s.state, 'open'),
      isLead: s.is_lead === true,
      judgesCount: int(s.judges_count),
      performersCount: int(s.performers_count),
      scoredByMe: int(s.scored_by_me),
    };
  });

export function toScorecard(v: unknown): Scorecard {
  const c = obj(v);
  return {
    id: text(c.id),
    participantId: text(c.participant_id),
    absent: c.absent === true,
    comment: text(c.comment),
    revision: int(c.revision),
    updatedAt: text(c.updated_at),
    scores: numberMap(c.scores),
    total: numOrNull(c.total),
  };
}

const toPerformer = (v: unknown): Performer => {
  const p = obj(v);
  return {
    id: text(p.id),
    position: int(p.position),
    name: text(p.name),
    category: category(p.category),
    mode: mode(p.mode),
    slot: text(p.slot),
  };
};

export function toJurySession(v: unknown): JurySession {
  const s = obj(v);
  const base = toAuditionSession({ ...s, judges: [] });
  const criteria: JurySession['criteria'] = {};
  for (const k of AUDITION_CATEGORIES) {
    const c = obj(s.criteria)[k];
    if (Array.isArray(c)) criteria[k] = c.map(toCriterion);
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
    isLead: s.is_lead === true,
    serverNow: text(s.server_now) || new Date().toISOString(),
    criteria,
    performers: list(s.performers)
      .map(toPerformer)
      .sort((a, b) => a.position - b.position),
    myCards: list(s.my_cards).map(toScorecard),
    others: Array.isArray(s.others)
      ? s.others.map((x) => {
          const o = obj(x);
          return {
            judge: text(o.judge),
            participantId: text(o.participant_id),
            absent: o.absent === true,
            total: numOrNull(o.total),
          };
        })
      : null,
    missing: Array.isArray(s.missing)
      ? s.missing.map((x) => {
          const m = obj(x);
          return {
            judgeLabel: text(m.judge_label),
            judgeEmail: textOrNull(m.judge_email),
            performers: int(m.performers),
          };
        })
      : null,
  };
}

/** How many judges scored a performer, of how many the session has (ADR 040). */
const completeness = (r: Json) => ({
  incomplete: r.incomplete === true,
  scored: int(r.scored),
  judgesCount: int(r.judges_count),
});

const toResultRow = (v: unknown): ResultRow => {
  const r = obj(v);
  return {
    participantId: text(r.participant_id),
    position: numOrNull(r.position),
    name: text(r.name),
    mode: mode(r.mode),
    slot: textOrNull(r.slot),
    status: status(r.status),
    absent: r.absent === true,
    judges: list(r.judges).map((x) => {
      const j = obj(x);
      return {
        label: text(j.label),
        scored: j.scored === true,
        absent: j.absent === true,
        total: numOrNull(j.total),
        z: numOrNull(j.z),
        scores: numberMap(j.scores),
        comment: text(j.comment),
      };
    }),
    raw: numOrNull(r.raw),
    normalised: numOrNull(r.normalised),
    rankRaw: numOrNull(r.rank_raw),
    rankNormalised: numOrNull(r.rank_normalised),
    tied: r.tied === true,
    ...completeness(r),
  };
};

export function toAuditionResults(v: unknown): AuditionResults {
  const r = obj(v);
  return {
    session: toAuditionSession(r.session),
    judges: list(r.judges).map((x) => {
      const j = obj(x);
      return { label: text(j.label), isLead: j.is_lead === true, email: textOrNull(j.email) };
    }),
    categories: list(r.categories).map((x) => {
      const c = obj(x);
      return {
        category: category(c.category),
        criteria: list(c.criteria).map(toCriterion),
        rows: list(c.rows).map(toResultRow),
      };
    }),
  };
}

export const toRanking = (v: unknown): RankingRow[] =>
  list(v).map((x) => {
    const r = obj(x);
    return {
      participantId: text(r.participant_id),
      name: text(r.name),
      city: oneOf(AUDITION_SESSION_CITIES, r.city, 'Douala'),
      sessionId: text(r.session_id),
      heldOn: text(r.held_on),
      sessionState: oneOf(SESSION_STATES, r.session_state, 'open'),
      normalised: numOrNull(r.normalised),
      raw: numOrNull(r.raw),
      rank: numOrNull(r.rank),
      rankRaw: numOrNull(r.rank_raw),
      tied: r.tied === true,
      absent: r.absent === true,
      status: status(r.status),
      ...completeness(r),
    };
  });
