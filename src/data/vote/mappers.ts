import { DataError } from '@/lib/errors';
import type { Database } from '../../../supabase/database.types';
import {
  ELIGIBILITIES,
  ROUND_STATES,
  type BallotCandidate,
  type CastVote,
  type PassVoteState,
  type RoundCandidate,
  type ScreenCandidate,
  type ScreenMode,
  type ScreenState,
  type VoteResults,
  type VoteRound,
} from './types';

/** The database's JSON answers -> the pages' shapes (./types.ts); nothing is trusted blindly. */

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' ? (v as Json) : {});
const text = (v: unknown) => (typeof v === 'string' ? v : '');
const textOrNull = (v: unknown) => (typeof v === 'string' ? v : null);
const int = (v: unknown) => (typeof v === 'number' ? v : Number(v) || 0);
const numOrNull = (v: unknown) =>
  v === null || v === undefined || v === '' || Number.isNaN(Number(v)) ? null : Number(v);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

export const VOTE_LOAD_ERROR = 'Impossible de charger le vote pour le moment.';

function toBallotCandidate(v: unknown): BallotCandidate {
  const c = obj(v);
  return { id: text(c.id), number: int(c.number), name: text(c.name), line: text(c.line) };
}

function toRoundCandidate(v: unknown): RoundCandidate {
  const c = obj(v);
  return {
    ...toBallotCandidate(c),
    participantId: textOrNull(c.participant_id),
    votes: numOrNull(c.votes),
    share: numOrNull(c.share),
  };
}

export function toVoteRound(v: unknown): VoteRound {
  const r = obj(v);
  const state = ROUND_STATES.find((s) => s === r.state);
  if (!state || !r.id) throw new DataError('unknown', VOTE_LOAD_ERROR);
  return {
    id: text(r.id),
    position: int(r.position),
    title: text(r.title),
    durationSeconds: int(r.duration_seconds) || 90,
    eligibility: ELIGIBILITIES.find((e) => e === r.eligibility) ?? 'checked_in',
    state,
    openedAt: textOrNull(r.opened_at),
    closesAt: textOrNull(r.closes_at),
    closedAt: textOrNull(r.closed_at),
    revealedAt: textOrNull(r.revealed_at),
    voters: int(r.voters),
    candidates: list(r.candidates)
      .map(toRoundCandidate)
      .sort((a, b) => a.number - b.number),
  };
}

export const toVoteRounds = (v: unknown): VoteRound[] =>
  list(Array.isArray(v) ? v : obj(v).rounds)
    .map(toVoteRound)
    .sort((a, b) => a.position - b.position || a.title.localeCompare(b.title, 'fr'));

/** What the public vote's functions answer (supabase/schemas/05_answer_types.sql). */
type Answer<T extends keyof Database['public']['CompositeTypes']> =
  Database['public']['CompositeTypes'][T];

const byNumber = <C extends { number: number }>(candidates: C[]) =>
  candidates.sort((a, b) => a.number - b.number);

function toBallotLine(c: Answer<'vote_ballot_line'>): BallotCandidate {
  return { id: c.id ?? '', number: c.number ?? 0, name: c.name ?? '', line: c.line ?? '' };
}

/** vote_state's answer, renamed. */
export function toPassVoteState(s: Answer<'vote_state_answer'> | null): PassVoteState {
  const round = s?.round ?? null;
  const refusal = s?.refusal ?? null;
  return {
    poll: s?.poll === true,
    serverNow: s?.server_now ?? new Date().toISOString(),
    round:
      round?.id != null
        ? {
            id: round.id,
            title: round.title ?? '',
            closesAt: round.closes_at ?? '',
            // null: the same round as the caller's known_round, whose candidates it holds.
            candidates: round.candidates ? byNumber(round.candidates.map(toBallotLine)) : null,
          }
        : null,
    canVote: s?.can_vote === true,
    refusal: refusal ? { code: refusal.code ?? '', message: refusal.message ?? '' } : null,
    myVote: s?.my_vote ?? null,
  };
}

const SCREEN_MODES: ScreenMode[] = ['idle', 'open', 'closed', 'revealed'];

function toScreenLine(c: Answer<'vote_screen_line'>): ScreenCandidate {
  return {
    number: c.number ?? 0,
    name: c.name ?? '',
    line: c.line ?? '',
    votes: c.votes,
    share: c.share,
  };
}

/** vote_screen_state's answer, renamed. */
export function toScreenState(s: Answer<'vote_screen_answer'> | null): ScreenState {
  const mode = SCREEN_MODES.find((m) => m === s?.mode) ?? 'idle';
  const round = s?.round ?? null;
  return {
    mode,
    serverNow: s?.server_now ?? new Date().toISOString(),
    round:
      round?.id != null && mode !== 'idle'
        ? {
            id: round.id,
            title: round.title ?? '',
            closesAt: round.closes_at,
            voters: round.voters ?? 0,
            candidates: byNumber((round.candidates ?? []).map(toScreenLine)),
            winner: round.winner,
          }
        : null,
  };
}

/** cast_vote's answer, renamed. */
export function toCastVote(r: Answer<'cast_vote_answer'> | null): CastVote {
  const c = r?.candidate;
  return {
    roundId: r?.round_id ?? '',
    candidate: { id: c?.id ?? '', number: c?.number ?? 0, name: c?.name ?? '' },
    voteId: r?.vote_id ?? '',
  };
}

export function toVoteResults(v: unknown, roundId: string): VoteResults {
  const r = obj(v);
  return {
    roundId: text(r.round_id) || text(r.id) || roundId,
    title: text(r.title),
    voters: int(r.voters ?? r.total_voters),
    candidates: list(r.candidates)
      .map((x) => {
        const c = obj(x);
        return {
          number: int(c.number),
          name: text(c.name),
          line: text(c.line),
          votes: int(c.votes),
          share: numOrNull(c.share) ?? 0,
        };
      })
      .sort((a, b) => a.number - b.number),
  };
}
