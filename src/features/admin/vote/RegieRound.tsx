import { Button } from '@/components/ui/Button';
import { ROUND_STATE_LABELS, formatShare, rankedResults, votersText } from '@/data/vote/labels';
import type { RegieAction } from '@/data/vote/rounds';
import type { VoteRound } from '@/data/vote/types';
import { formatCountdown, useCountdownMark, useSecondsLeft } from '@/lib/countdown';
import { formatCount } from '@/lib/numbers';
import { card } from '../ui/classes';
import { ACTIONS, nextAction } from './regie-actions';

const ACTION_LOOK: Record<RegieAction, 'primary' | 'danger' | 'accent'> = {
  open: 'primary',
  close: 'danger',
  reveal: 'accent',
};

function Countdown({ round, offsetMs }: { round: VoteRound; offsetMs: number }) {
  const left = useSecondsLeft(round.closesAt, offsetMs, round.durationSeconds);
  const mark = useCountdownMark(left);
  return (
    <div>
      <p className="text-sm font-semibold text-gray-700">Fin du vote dans</p>
      <p role="timer" className="text-4xl font-black text-gray-950 tabular-nums">
        {left === null ? '—' : formatCountdown(left)}
      </p>
      <p aria-live="polite" className="sr-only">
        {mark}
      </p>
    </div>
  );
}

/** One round at the régie: its state, voters, countdown while open, and its next action. */
export function RegieRound({
  round,
  offsetMs,
  anotherOpen,
  onAction,
}: {
  round: VoteRound;
  offsetMs: number;
  /** Another round is open: this one may not open now. */
  anotherOpen: boolean;
  onAction: (action: RegieAction) => void;
}) {
  const action = nextAction(round);
  const open = round.state === 'open';
  const revealed = round.state === 'revealed';
  return (
    <li
      className={`${card} space-y-4 ${open ? 'border-2 border-blue-800' : ''}`}
      aria-labelledby={`regie-round-${round.id}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={`regie-round-${round.id}`} className="text-lg font-bold text-gray-900">
            {round.position}. {round.title}
          </h3>
          <p className="text-sm text-gray-700">
            {ROUND_STATE_LABELS[round.state]} · {round.candidates.length} candidats ·{' '}
            {round.durationSeconds} s
          </p>
        </div>
        {round.state !== 'draft' && (
          <p className="text-2xl font-bold text-gray-950 tabular-nums">
            {votersText(round.voters, formatCount)}
          </p>
        )}
      </div>
      {open && <Countdown round={round} offsetMs={offsetMs} />}
      {revealed && (
        // From the most votes down, one column: read top to bottom at any width.
        <ol className="space-y-1 text-gray-900" aria-label={`Résultats de ${round.title}`}>
          {rankedResults(round.candidates).map((c) => (
            <li key={c.id}>
              n° {c.number} — {c.name} : {formatCount(c.votes ?? 0)} vote
              {(c.votes ?? 0) > 1 ? 's' : ''} ({formatShare(c.share)})
            </li>
          ))}
        </ol>
      )}
      {action && (
        <Button
          variant={ACTION_LOOK[action]}
          size="block"
          className="min-h-16 text-xl"
          disabled={action === 'open' && anotherOpen}
          onClick={() => onAction(action)}
        >
          {ACTIONS[action].button} <span className="sr-only">{round.title}</span>
        </Button>
      )}
      {action === 'open' && anotherOpen && (
        <p className="text-sm text-gray-700">Une autre manche est ouverte : clôturez-la d’abord.</p>
      )}
    </li>
  );
}
