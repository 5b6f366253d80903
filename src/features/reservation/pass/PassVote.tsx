import { lazyComponent } from '@/lib/lazy-component';
import { useVoteState } from './use-vote-state';

/** The voting panel: downloaded only when a round is open, never on a plain visit of the pass. */
const VotePanel = lazyComponent(() => import('./VotePanel').then((m) => m.default));

/** The public vote on the pass page, when a round is open (issue 29). */
export function PassVote({ code }: { code: string }) {
  const { state, offsetMs, refresh } = useVoteState(code);
  if (!state?.round) return null;
  return (
    <VotePanel
      fallback={
        <p role="status" className="min-h-16 rounded-2xl bg-brand-900 p-5 text-white">
          Chargement du vote…
        </p>
      }
      code={code}
      state={state}
      offsetMs={offsetMs}
      onStale={refresh}
    />
  );
}
