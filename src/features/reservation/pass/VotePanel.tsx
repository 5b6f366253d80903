import { useEffect, useRef, useState } from 'react';
import { castVote, VOTE_SEND_ERROR } from '@/data/vote/public-vote';
import type { BallotCandidate, PassVoteState } from '@/data/vote/types';
import { candidateLabel } from '@/data/vote/labels';
import { DataError } from '@/lib/errors';
import { newUuid } from '@/lib/uuid';
import { formatCountdown, useCountdownMark, useSecondsLeft } from '@/lib/countdown';

type Round = NonNullable<PassVoteState['round']>;

type Props = {
  code: string;
  state: PassVoteState;
  offsetMs: number;
  /** Asks vote_state again (the round closed, a refusal says the state changed). */
  onStale: () => void;
  /** A vote refused because the round had just closed (said until the guest dismisses it). */
  onClosedRefusal: () => void;
};

type Sent = { candidate: Pick<BallotCandidate, 'id' | 'number' | 'name'> };

/**
 * The public vote on a pass (issue 29): while a round is open and the pass may vote, one large
 * numbered button per candidate; one tap votes, another tap changes the vote until the round
 * closes. A vote lost by the network is sent again with the same vote_id (counted once); a
 * refusal is the database's French sentence.
 */
export default function VotePanel({ code, state, offsetMs, onStale, onClosedRefusal }: Props) {
  const round = state.round;
  if (!round) return null;
  return (
    <section
      aria-labelledby="vote-title"
      className="rounded-2xl bg-brand-900 p-5 text-white shadow-lg"
    >
      <p className="text-sm font-semibold tracking-wide text-yellow-400 uppercase">
        Vote du public
      </p>
      <h2 id="vote-title" className="mt-1 text-2xl font-extrabold">
        {round.title}
      </h2>
      {state.canVote ? (
        <Ballot
          key={round.id}
          code={code}
          round={round}
          myVote={state.myVote}
          offsetMs={offsetMs}
          onStale={onStale}
          onClosedRefusal={onClosedRefusal}
        />
      ) : (
        <p className="mt-3 rounded-lg bg-white p-3 font-medium text-gray-950">
          {state.refusal?.message ?? 'Ce pass ne peut pas voter pour cette manche.'}
        </p>
      )}
    </section>
  );
}

function Ballot({
  code,
  round,
  myVote,
  offsetMs,
  onStale,
  onClosedRefusal,
}: Omit<Props, 'state'> & { round: Round; myVote: string | null }) {
  const left = useSecondsLeft(round.closesAt, offsetMs);
  const mark = useCountdownMark(left);
  const closed = left === 0;
  const [sending, setSending] = useState<string | null>(null);
  const [sent, setSent] = useState<Sent | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A vote the network lost is sent again with its vote_id when the same button is tapped.
  const unsent = useRef<{ candidateId: string; voteId: string } | null>(null);
  const chosen = sent?.candidate.id ?? myVote;

  useEffect(() => {
    if (closed) onStale();
  }, [closed, onStale]);

  const vote = async (c: BallotCandidate) => {
    if (sending || closed) return;
    const voteId = unsent.current?.candidateId === c.id ? unsent.current.voteId : newUuid();
    unsent.current = { candidateId: c.id, voteId };
    setSending(c.id);
    setError(null);
    try {
      const answer = await castVote({ code, roundId: round.id, candidateId: c.id, voteId });
      unsent.current = null;
      setSent({ candidate: answer.candidate.id ? answer.candidate : c });
    } catch (e) {
      const refused = e instanceof DataError && e.kind !== 'network';
      if (refused) unsent.current = null;
      // The round closed before the tap reached the database: the panel goes with the round, so
      // the page keeps saying it (./PassVote.tsx).
      if (refused && e.reason === 'vote_closed') onClosedRefusal();
      else setError(e instanceof DataError ? e.message : VOTE_SEND_ERROR);
      if (refused) onStale();
    } finally {
      setSending(null);
    }
  };

  const candidates = round.candidates ?? [];
  const chosenCandidate = candidates.find((c) => c.id === chosen);
  return (
    <div className="mt-3 space-y-4">
      <p className="text-lg">
        {closed ? (
          <strong className="text-yellow-400">Vote clos</strong>
        ) : (
          <>
            Fin du vote dans{' '}
            <strong className="text-yellow-400 tabular-nums">
              {left === null ? '—' : formatCountdown(left)}
            </strong>
          </>
        )}
      </p>
      <p aria-live="polite" className="sr-only">
        {mark}
      </p>
      <ul className="grid gap-3" aria-label="Candidats">
        {candidates.map((c) => {
          const isChosen = c.id === chosen;
          return (
            <li key={c.id}>
              <button
                type="button"
                aria-pressed={isChosen}
                aria-disabled={closed || sending !== null || undefined}
                onClick={() => void vote(c)}
                className={`flex min-h-16 w-full items-center gap-4 rounded-xl px-4 py-3 text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-400 aria-disabled:opacity-60 ${
                  isChosen
                    ? 'bg-accent-400 text-gray-950'
                    : 'bg-white text-gray-950 hover:bg-blue-50'
                }`}
              >
                <span
                  aria-hidden="true"
                  className={`flex size-11 shrink-0 items-center justify-center rounded-full text-2xl font-black ${
                    isChosen ? 'bg-gray-950 text-yellow-400' : 'bg-brand-900 text-white'
                  }`}
                >
                  {c.number}
                </span>
                <span className="min-w-0">
                  <span className="sr-only">n° {c.number} —</span>{' '}
                  <span className="block text-lg leading-tight font-bold">{c.name}</span>
                  {c.line && (
                    <>
                      {' '}
                      <span className="block text-sm text-gray-700">{c.line}</span>
                    </>
                  )}
                  {isChosen && sending === null && (
                    <span className="block text-sm font-semibold">Votre vote</span>
                  )}
                  {sending === c.id && (
                    <span className="block text-sm font-semibold">Envoi du vote…</span>
                  )}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      <div aria-live="polite" className="min-h-6">
        {chosenCandidate && (
          <p className="font-semibold">
            Vote enregistré : {candidateLabel(chosenCandidate)}
            {!closed && (
              <span className="block text-sm font-normal text-blue-100">
                Vous pouvez changer votre vote jusqu’à la clôture.
              </span>
            )}
          </p>
        )}
      </div>
      {error && (
        <p role="alert" className="rounded-lg bg-white p-3 font-medium text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}
