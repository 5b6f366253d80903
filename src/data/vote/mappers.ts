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

/** The database's declared answers -> the pages' shapes (./types.ts), renamed. */

export const VOTE_LOAD_ERROR = 'Impossible de charger le vote pour le moment.';

/**
 * What the public vote's functions answer (supabase/schemas/05_answer_types.sql, and the
 * administration's and the régie's: 06_answer_types_door_vote.sql).
 */
type Answer<T extends keyof Database['public']['CompositeTypes']> =
  Database['public']['CompositeTypes'][T];

/** A round's fields, as vote_rounds_list's rows and the régie's answers carry them. */
type RoundAnswer = Omit<Answer<'vote_round_answer'>, 'code' | 'message' | 'hint' | 'details'>;

function toRoundCandidate(c: Answer<'vote_round_candidate'>): RoundCandidate {
  return {
    id: c.id ?? '',
    number: c.number ?? 0,
    name: c.name ?? '',
    line: c.line ?? '',
    participantId: c.participant_id,
    votes: c.votes,
    share: c.share,
  };
}

export function toVoteRound(r: RoundAnswer | null): VoteRound {
  const state = ROUND_STATES.find((s) => s === r?.state);
  if (!r?.id || !state) throw new DataError('unknown', VOTE_LOAD_ERROR);
  return {
    id: r.id,
    position: r.position ?? 0,
    title: r.title ?? '',
    durationSeconds: r.duration_seconds || 90,
    eligibility: ELIGIBILITIES.find((e) => e === r.eligibility) ?? 'checked_in',
    state,
    openedAt: r.opened_at,
    closesAt: r.closes_at,
    closedAt: r.closed_at,
    revealedAt: r.revealed_at,
    voters: r.voters ?? 0,
    candidates: byNumber((r.candidates ?? []).map(toRoundCandidate)),
  };
}

export const toVoteRounds = (rows: Answer<'vote_round_row'>[] | null): VoteRound[] =>
  (rows ?? [])
    .map(toVoteRound)
    .sort((a, b) => a.position - b.position || a.title.localeCompare(b.title, 'fr'));

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

/** admin_vote_results' answer, renamed. */
export function toVoteResults(
  r: Answer<'vote_results_answer'> | null,
  roundId: string,
): VoteResults {
  return {
    roundId: r?.round_id ?? roundId,
    title: r?.title ?? '',
    voters: r?.voters ?? 0,
    candidates: byNumber(
      (r?.candidates ?? []).map((c) => ({
        number: c.number ?? 0,
        name: c.name ?? '',
        line: c.line ?? '',
        votes: c.votes ?? 0,
        share: c.share ?? 0,
      })),
    ),
  };
}
