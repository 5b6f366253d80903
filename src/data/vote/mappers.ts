import { DataError } from '@/lib/errors';
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

export function toPassVoteState(v: unknown): PassVoteState {
  const s = obj(v);
  const round = s.round ? obj(s.round) : null;
  const refusal = s.refusal ? obj(s.refusal) : null;
  return {
    poll: s.poll === true,
    serverNow: text(s.server_now) || new Date().toISOString(),
    round: round
      ? {
          id: text(round.id),
          title: text(round.title),
          closesAt: text(round.closes_at),
          // null: the same round as the caller's known_round, whose candidates it holds.
          candidates: Array.isArray(round.candidates)
            ? round.candidates.map(toBallotCandidate).sort((a, b) => a.number - b.number)
            : null,
        }
      : null,
    canVote: s.can_vote === true,
    refusal: refusal ? { code: text(refusal.code), message: text(refusal.message) } : null,
    myVote: textOrNull(s.my_vote),
  };
}

const SCREEN_MODES: ScreenMode[] = ['idle', 'open', 'closed', 'revealed'];

function toScreenCandidate(v: unknown): ScreenCandidate {
  const c = obj(v);
  return {
    number: int(c.number),
    name: text(c.name),
    line: text(c.line),
    votes: numOrNull(c.votes),
    share: numOrNull(c.share),
  };
}

export function toScreenState(v: unknown): ScreenState {
  const s = obj(v);
  const mode = SCREEN_MODES.find((m) => m === s.mode) ?? 'idle';
  const round = s.round ? obj(s.round) : null;
  return {
    mode,
    serverNow: text(s.server_now) || new Date().toISOString(),
    round:
      round && mode !== 'idle'
        ? {
            id: text(round.id),
            title: text(round.title),
            closesAt: textOrNull(round.closes_at),
            voters: int(round.voters),
            candidates: list(round.candidates)
              .map(toScreenCandidate)
              .sort((a, b) => a.number - b.number),
            winner: numOrNull(round.winner),
          }
        : null,
  };
}

export function toCastVote(v: unknown): CastVote {
  const r = obj(v);
  const c = obj(r.candidate);
  return {
    roundId: text(r.round_id),
    candidate: { id: text(c.id), number: int(c.number), name: text(c.name) },
    voteId: text(r.vote_id),
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
