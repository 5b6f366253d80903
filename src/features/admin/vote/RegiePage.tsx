import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { regieScreenQuery, voteRoundsQuery } from '@/data/vote/queries';
import { useRegieAction, useResetScreen } from '@/data/vote/mutations';
import type { VoteRound } from '@/data/vote/types';
import { toDataError } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { useStaffRole } from '../workspace/use-staff-role';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { EmptyState, LoadingStatus, QueryStatus } from '../ui/ListState';
import { linkClass, pageTitle } from '../ui/classes';
import { ScreenNow } from './ScreenNow';
import { RegieRound } from './RegieRound';
import { ACTIONS } from './regie-actions';
import type { RegieAction } from '@/data/vote/rounds';
import * as paths from '@/config/route-paths';

type Pending = { action: RegieAction; round: VoteRound } | null;

function Desk() {
  // Every 2 s: the voters' count moves, and a round closes by itself at its deadline.
  const rounds = useQuery(voteRoundsQuery({ live: true }));
  const screen = useQuery(regieScreenQuery());
  const act = useRegieAction();
  const reset = useResetScreen();
  const [pending, setPending] = useState<Pending>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const list = rounds.data ?? [];
  const someOpen = list.some((r) => r.state === 'open');
  const offsetMs = screen.data?.offsetMs ?? 0;
  const look = pending ? ACTIONS[pending.action] : null;

  const confirm = () => {
    if (!pending || !look) return;
    const asked = pending;
    // Only this confirmation closes (not one opened since, by a later click).
    const close = () => setPending((p) => (p === asked ? null : p));
    act.mutate(
      { action: asked.action, id: asked.round.id },
      {
        onSuccess: () => {
          notify.success(look.done);
          close();
        },
        onError: (e) => {
          notify.error(toDataError(e, 'L’action n’a pas pu être enregistrée.').message);
          close();
        },
      },
    );
  };

  return (
    <div className="space-y-6">
      <h1 ref={heading} tabIndex={-1} className={`${pageTitle} outline-none`}>
        Régie du vote
      </h1>
      <ScreenNow
        screen={screen.data}
        busy={reset.isPending}
        onReset={() =>
          reset.mutate(undefined, {
            onSuccess: () => notify.success('Écran remis au repos'),
            onError: (e) =>
              notify.error(toDataError(e, 'L’écran n’a pas pu être remis au repos.').message),
          })
        }
      />
      <section aria-labelledby="regie-rounds" className="space-y-4">
        <h2 id="regie-rounds" className="text-xl font-bold text-gray-900">
          Manches
        </h2>
        <QueryStatus query={rounds} loadingText="Chargement des manches…" />
        {rounds.data && list.length === 0 && (
          <EmptyState>Aucune manche préparée pour le moment</EmptyState>
        )}
        <ol className="space-y-4">
          {list.map((r) => (
            <RegieRound
              key={r.id}
              round={r}
              offsetMs={offsetMs}
              anotherOpen={someOpen && r.state !== 'open'}
              onAction={(action) => setPending({ action, round: r })}
            />
          ))}
        </ol>
      </section>
      <ConfirmDialog
        open={pending !== null}
        title={look?.title ?? ''}
        message={pending && look ? look.message(pending.round) : ''}
        confirmLabel={look?.confirm ?? ''}
        busy={act.isPending}
        busyLabel={look?.busy}
        onCancel={() => setPending(null)}
        onConfirm={confirm}
      />
    </div>
  );
}

/**
 * /admin/regie, the public vote's control desk (admins and the régie): each round's one next
 * action (Ouvrir, Clore, Révéler) behind a confirmation, the open round's countdown and voters,
 * what the stage screen shows. Nothing personal: the tally appears only once revealed.
 */
export default function RegiePage() {
  const role = useStaffRole();
  if (role === 'admin' || role === 'regie') return <Desk />;
  if (role === undefined) return <LoadingStatus>Chargement…</LoadingStatus>;
  return (
    <div className="space-y-4">
      <h1 className={pageTitle}>Régie du vote</h1>
      <p className="rounded-lg border border-gray-200 bg-white p-4 text-gray-800">
        La régie du vote est réservée aux administrateurs et à la régie.
      </p>
      <Link to={paths.admin} className={linkClass}>
        Retour au tableau de bord
      </Link>
    </div>
  );
}
