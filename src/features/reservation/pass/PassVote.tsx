import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { lazyComponent } from '@/lib/lazy-component';
import { focusElement, focusPageHeading } from '@/lib/move-focus';
import { useVoteState } from './use-vote-state';

/** The voting panel: downloaded only when a round is open, never on a plain visit of the pass. */
const VotePanel = lazyComponent(() => import('./VotePanel').then((m) => m.default));

/**
 * A vote the database refused because the round had just closed: said in place of the ballot,
 * which leaves with the round, until the guest dismisses it (a refusal that showed for a few
 * tens of milliseconds was never read; docs/decisions/046-the-pass-comes-first.md).
 */
function ClosedNotice({ onDismiss }: { onDismiss: () => void }) {
  const message = useRef<HTMLParagraphElement>(null);
  // The tapped button left with the ballot: the focus goes to what happened, not to <body>.
  useEffect(() => void focusElement(message.current), []);
  return (
    <section
      aria-labelledby="vote-clos"
      className="rounded-2xl bg-brand-900 p-5 text-white shadow-lg"
    >
      <p ref={message} role="alert" id="vote-clos" className="text-lg font-bold">
        Vote clos&nbsp;: votre choix n’a pas été compté
      </p>
      <Button variant="secondary" className="mt-3" onClick={onDismiss}>
        J’ai compris
      </Button>
    </section>
  );
}

/** The public vote on the pass page, when a round is open (issue 29). */
export function PassVote({ code }: { code: string }) {
  const { state, offsetMs, refresh } = useVoteState(code);
  const [closedRefusal, setClosedRefusal] = useState(false);
  if (closedRefusal)
    return (
      <ClosedNotice
        onDismiss={() => {
          setClosedRefusal(false);
          // The notice leaves: reading resumes at the pass (the page's h1).
          requestAnimationFrame(() => focusPageHeading());
        }}
      />
    );
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
      onClosedRefusal={() => setClosedRefusal(true)}
    />
  );
}
