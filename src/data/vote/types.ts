import { CheckedValues } from '../../../supabase/database.types';

/**
 * The public vote of the Night Party (issue 29): rounds prepared by admins, opened, closed and
 * revealed by the régie, voted on from the passes, shown on the stage screen. The rules live in
 * the database (docs/decisions/030-public-vote.md); these are the shapes the pages read.
 */

export const ROUND_STATES = CheckedValues.vote_rounds.state;
export type RoundState = (typeof ROUND_STATES)[number];

/**
 * Who may vote in a round: passes validated at the door (the default) or, for a round open online
 * ('confirmed'), the confirmed passes reserved before the round was created (and any pass
 * validated at the door): passes a script reserves once the round is known never vote
 * (docs/decisions/039-one-answer-and-votes-that-cannot-be-bought.md).
 */
export const ELIGIBILITIES = CheckedValues.vote_rounds.eligibility;
export type Eligibility = (typeof ELIGIBILITIES)[number];

export type RoundCandidate = {
  id: string;
  number: number;
  name: string;
  line: string;
  participantId: string | null;
  /** Counted votes and percentage (one decimal): only once the round may show them. */
  votes: number | null;
  share: number | null;
};

export type VoteRound = {
  id: string;
  position: number;
  title: string;
  durationSeconds: number;
  eligibility: Eligibility;
  state: RoundState;
  openedAt: string | null;
  closesAt: string | null;
  closedAt: string | null;
  revealedAt: string | null;
  voters: number;
  candidates: RoundCandidate[];
};

/** A candidate as the admin's editor writes it (admin_save_vote_round). */
export type CandidateDraft = {
  number: number;
  name: string;
  line: string;
  participantId: string | null;
};

export type RoundDraft = {
  id?: string;
  title: string;
  position: number;
  durationSeconds: number;
  eligibility: Eligibility;
  candidates: CandidateDraft[];
};

/** A candidate on the pass page and the stage screen. */
export type BallotCandidate = { id: string; number: number; name: string; line: string };

/** vote_state(code): what the pass page needs, under 1 KB. */
export type PassVoteState = {
  /** True while the concert is on: the pass page asks again every 10–15 s only then. */
  poll: boolean;
  serverNow: string;
  round: {
    id: string;
    title: string;
    closesAt: string;
    /** Null only in a raw answer to a poll that named this round (getVoteState fills them). */
    candidates: BallotCandidate[] | null;
  } | null;
  canVote: boolean;
  refusal: { code: string; message: string } | null;
  /** The candidate this pass voted for in the open round. */
  myVote: string | null;
};

export type ScreenMode = 'idle' | 'open' | 'closed' | 'revealed';

export type ScreenCandidate = {
  number: number;
  name: string;
  line: string;
  votes: number | null;
  share: number | null;
};

/** vote_screen_state(): the stage screen's state, nothing personal. */
export type ScreenState = {
  mode: ScreenMode;
  serverNow: string;
  round: {
    id: string;
    title: string;
    closesAt: string | null;
    voters: number;
    candidates: ScreenCandidate[];
    winner: number | null;
  } | null;
};

/** cast_vote's answer. */
export type CastVote = {
  roundId: string;
  candidate: { id: string; number: number; name: string };
  voteId: string;
};

/** admin_vote_results(round_id): a closed or revealed round's counts, for the exports. */
export type VoteResults = {
  roundId: string;
  title: string;
  voters: number;
  candidates: { number: number; name: string; line: string; votes: number; share: number }[];
};
