import type { FinalJuryFields } from './final-jury';
import { CheckedValues } from '../../../supabase/database.types';

/**
 * The auditions' jury (issue 30): sessions in the five cities, judges scoring on a phone (blind
 * until the lock), criteria and weights per category, results with normalised scores. The rules
 * live in the database (docs/decisions/031-jury-scorecards.md); these are the shapes the pages
 * read.
 */

export const AUDITION_CATEGORIES = CheckedValues.audition_criteria.category;
export type AuditionCategory = (typeof AUDITION_CATEGORIES)[number];

/** A session judges one category or both. */
export const SESSION_CATEGORIES = CheckedValues.audition_sessions.category;
export type SessionCategory = (typeof SESSION_CATEGORIES)[number];

export const SESSION_STATES = CheckedValues.audition_sessions.state;
export type SessionState = (typeof SESSION_STATES)[number];

export const AUDITION_SESSION_CITIES = CheckedValues.audition_sessions.city;
export type AuditionSessionCity = (typeof AUDITION_SESSION_CITIES)[number];

export type ParticipantStatus = (typeof CheckedValues.participants.status)[number];
export type PerformerMode = (typeof CheckedValues.participants.participation_type)[number];

/** A criterion of a session (its frozen copy): scores are keyed by its id. */
export type Criterion = { id: string; key: string; label: string; weight: number };

/** A criterion of the settings (audition_criteria). */
export type CriterionSetting = { key: string; label: string; weight: number; position: number };
export type CriteriaSettings = Record<AuditionCategory, CriterionSetting[]>;

/** A criterion as the settings' editor writes it; the database makes the key from the label. */
export type CriterionDraft = { key?: string; label: string; weight: number };

export type SessionJudge = {
  userId: string;
  /** 'Juré 1', 'Juré 2'… in the order the admin gave. */
  label: string;
  isLead: boolean;
  /** Admins only (null for anyone else). */
  email: string | null;
};

export type AuditionSession = {
  id: string;
  city: AuditionSessionCity;
  /** 'YYYY-MM-DD', the day in Douala. */
  heldOn: string;
  category: SessionCategory;
  venue: string;
  state: SessionState;
  lockedAt: string | null;
  judges: SessionJudge[];
};

/** admin_audition_sessions(): a session with its progress. */
export type AdminAuditionSession = AuditionSession & {
  performersCount: number;
  /** Performers with a card from every judge (or marked absent). */
  scoredCount: number;
  createdAt: string;
};

/** What admin_save_audition_session takes (no id: a new session). */
export type SessionDraft = {
  id?: string;
  city: AuditionSessionCity;
  heldOn: string;
  category: SessionCategory;
  venue: string;
  /** user ids, in the order of their labels (Juré 1 first). */
  judges: string[];
  lead: string;
};

export type JuryAccount = { userId: string; email: string };

/** jury_sessions(): a session assigned to the signed-in judge. */
export type JurySessionSummary = {
  id: string;
  city: AuditionSessionCity;
  heldOn: string;
  category: SessionCategory;
  venue: string;
  state: SessionState;
  isLead: boolean;
  judgesCount: number;
  performersCount: number;
  scoredByMe: number;
};

/** A performer of the running order: nothing else (no phone, no e-mail, no notes). */
export type Performer = {
  id: string;
  /** 1..n in slot order. */
  position: number;
  name: string;
  category: AuditionCategory;
  mode: PerformerMode;
  slot: string;
};

export type Scorecard = {
  id: string;
  participantId: string;
  absent: boolean;
  comment: string;
  revision: number;
  updatedAt: string;
  /** criterion id -> 0..10 in half points. */
  scores: Record<string, number>;
  /** The weighted total the database computed, 0..10 (null: absent). */
  total: number | null;
};

/** Another judge's card, only once the session is locked. */
export type OtherCard = {
  judge: string;
  participantId: string;
  absent: boolean;
  total: number | null;
};

export type MissingScores = {
  judgeLabel: string;
  /** Admins only. */
  judgeEmail: string | null;
  performers: number;
};

/** jury_session(id): what the judge's page keeps on the device. */
export type JurySession = FinalJuryFields & {
  id: string;
  city: AuditionSessionCity;
  heldOn: string;
  category: SessionCategory;
  venue: string;
  state: SessionState;
  lockedAt: string | null;
  isLead: boolean;
  serverNow: string;
  /** Only the session's categories. */
  criteria: Partial<Record<AuditionCategory, Criterion[]>>;
  performers: Performer[];
  myCards: Scorecard[];
  /** null before the lock (blind). */
  others: OtherCard[] | null;
  /** Lead judge and admins only (null otherwise): who has not scored every present performer. */
  missing: MissingScores[] | null;
};

/** One card as the phone sends it (jury_submit_scorecard). */
export type ScorecardDraft = {
  sessionId: string;
  participantId: string;
  /** Made on the device once per card (crypto.randomUUID()). */
  cardId: string;
  /** Raised at each change on the device: the highest one wins. */
  revision: number;
  absent: boolean;
  comment: string;
  /** criterion id -> value; every criterion of the performer's category unless absent. */
  scores: Record<string, number>;
};

/** stored false: the database already holds this revision or a later one (`card` is it). */
export type SubmitResult = { card: Scorecard; stored: boolean };

export type ResultJudgeCard = {
  label: string;
  scored: boolean;
  absent: boolean;
  /** Weighted total 0..10 (null: absent or no card). */
  total: number | null;
  /** This card's z-score within the judge's cards of the session and category. */
  z: number | null;
  /** criterion key -> value. */
  scores: Record<string, number>;
  comment: string;
};

export type ResultRow = {
  participantId: string;
  /** Place in the running order (null: scored here, then moved to another session). */
  position: number | null;
  name: string;
  mode: PerformerMode;
  slot: string | null;
  status: ParticipantStatus;
  /** Every judge marked them absent. */
  absent: boolean;
  judges: ResultJudgeCard[];
  /** Mean of the judges' weighted totals (2 decimals). */
  raw: number | null;
  /** Mean of the judges' z-scores (3 decimals). */
  normalised: number | null;
  rankRaw: number | null;
  rankNormalised: number | null;
  /** Shares its normalised score (and rank) with another performer. */
  tied: boolean;
} & Completeness;

/**
 * Scored by fewer judges than the session has: shown "Incomplet", ranked after every complete
 * performer (docs/decisions/040-ranking-floor-and-complete-first.md).
 */
type Completeness = { incomplete: boolean; scored: number; judgesCount: number };

export type ResultCategory = {
  category: AuditionCategory;
  criteria: Criterion[];
  rows: ResultRow[];
};

export type AuditionResults = {
  session: AuditionSession;
  judges: { label: string; isLead: boolean; email: string | null }[];
  categories: ResultCategory[];
};

/** audition_ranking(category): one row per performer scored, across every city. */
export type RankingRow = {
  participantId: string;
  name: string;
  city: AuditionSessionCity;
  sessionId: string;
  heldOn: string;
  sessionState: SessionState;
  normalised: number | null;
  raw: number | null;
  /** On normalised scores; rankRaw on raw means (both: incomplete performers last). */
  rank: number | null;
  rankRaw: number | null;
  tied: boolean;
  absent: boolean;
  status: ParticipantStatus;
} & Completeness;

export type PreselectStatus = Extract<ParticipantStatus, 'preselectionne' | 'finaliste'>;
/** `kept`: further along and not ticked, their status unchanged. */
export type PreselectResult = { ids: string[]; updated: number; kept: string[] };

/** One row of the export's sheet: a card and a criterion (criterion null for an absent card). */
export type ScoreExportRow = {
  city: string;
  heldOn: string;
  category: AuditionCategory;
  name: string;
  judge: string;
  criterion: string | null;
  value: number | null;
  total: number | null;
  absent: boolean;
  comment: string;
};
