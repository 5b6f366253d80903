import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Button } from '@/components/ui/Button';
import { voteRoundsQuery } from '@/data/vote/queries';
import { useDeleteVoteRound } from '@/data/vote/mutations';
import { ELIGIBILITY_LABELS, ROUND_STATE_LABELS } from '@/data/vote/labels';
import type { VoteRound } from '@/data/vote/types';
import { toDataError } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { AdminsOnly } from '../workspace/AdminsOnly';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { EmptyState, QueryStatus } from '../ui/ListState';
import { card, linkClass, pageTitle } from '../ui/classes';
import { RoundEditor } from './RoundEditor';
import { RoundResults } from './RoundResults';
import * as paths from '@/config/route-paths';

type Editing = { round?: VoteRound } | null;

const STATE_LOOK: Record<VoteRound['state'], string> = {
  draft: 'bg-gray-100 text-gray-900',
  open: 'bg-green-100 text-green-900',
  closed: 'bg-amber-100 text-amber-950',
  revealed: 'bg-blue-100 text-blue-950',
};

function RoundCard({
  round,
  onEdit,
  onDelete,
}: {
  round: VoteRound;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const [showResults, setShowResults] = useState(false);
  const done = round.state === 'closed' || round.state === 'revealed';
  return (
    <li className={`${card} space-y-3`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-lg font-bold text-gray-900">
            {round.position}. {round.title}
          </h2>
          <p className="text-sm text-gray-700">
            {round.candidates.length} candidats · {round.durationSeconds} s ·{' '}
            {ELIGIBILITY_LABELS[round.eligibility]}
          </p>
        </div>
        <span className={`rounded-full px-3 py-1 text-sm font-semibold ${STATE_LOOK[round.state]}`}>
          {ROUND_STATE_LABELS[round.state]}
        </span>
      </div>
      <ol className="flex flex-wrap gap-2 text-sm text-gray-800">
        {round.candidates.map((c) => (
          <li key={c.id} className="rounded-md bg-gray-100 px-2 py-1">
            n° {c.number} — {c.name}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={onEdit}>
          {round.state === 'draft' ? 'Modifier' : 'Renommer'}{' '}
          <span className="sr-only">{round.title}</span>
        </Button>
        {round.state === 'draft' && (
          <Button variant="dangerOutline" onClick={onDelete}>
            Supprimer <span className="sr-only">{round.title}</span>
          </Button>
        )}
        {done && (
          <Button
            variant="secondary"
            aria-expanded={showResults}
            onClick={() => setShowResults((s) => !s)}
          >
            {showResults ? 'Masquer les résultats' : 'Voir les résultats'}{' '}
            <span className="sr-only">de {round.title}</span>
          </Button>
        )}
      </div>
      {done && showResults && <RoundResults round={round} />}
    </li>
  );
}

function Rounds() {
  const rounds = useQuery(voteRoundsQuery());
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<VoteRound | null>(null);
  const remove = useDeleteVoteRound();
  const heading = useRef<HTMLHeadingElement>(null);
  const list = rounds.data ?? [];

  const title = (
    <h1 ref={heading} tabIndex={-1} className={`${pageTitle} outline-none`}>
      Vote du public
    </h1>
  );
  if (editing)
    return (
      <div className="space-y-6">
        {title}
        <RoundEditor
          key={editing.round?.id ?? 'new'}
          round={editing.round}
          rounds={list}
          onDone={() => {
            setEditing(null);
            setTimeout(() => heading.current?.focus());
          }}
        />
      </div>
    );

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        {title}
        <Button onClick={() => setEditing({})} disabled={!rounds.data}>
          Nouvelle manche
        </Button>
      </div>
      <p className="text-gray-700">
        Les manches du vote de la Night Party : préparez-les ici, la{' '}
        <Link to={paths.adminRegie} className={linkClass}>
          régie
        </Link>{' '}
        les ouvre, les clôt et révèle les résultats sur l’écran de scène. Une manche se modifie
        jusqu’à son ouverture, puis ne peut plus être que renommée.
      </p>
      <QueryStatus query={rounds} loadingText="Chargement des manches…" />
      {rounds.data && list.length === 0 && <EmptyState>Aucune manche pour le moment</EmptyState>}
      <ul className="space-y-4">
        {list.map((r) => (
          <RoundCard
            key={r.id}
            round={r}
            onEdit={() => setEditing({ round: r })}
            onDelete={() => setDeleting(r)}
          />
        ))}
      </ul>
      <ConfirmDialog
        open={deleting !== null}
        title="Supprimer la manche ?"
        message={`« ${deleting?.title ?? ''} » et ses candidats seront supprimés.`}
        confirmLabel="Supprimer"
        busy={remove.isPending}
        busyLabel="Suppression…"
        returnFocus={() => heading.current}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notify.success('Manche supprimée');
              setDeleting(null);
            },
            onError: (e) =>
              notify.error(toDataError(e, 'La manche n’a pas pu être supprimée.').message),
          })
        }
      />
    </div>
  );
}

/** /admin/vote "Vote du public" (admins): the public vote's rounds, prepared and read. */
export default function VoteRoundsPage() {
  return (
    <AdminsOnly title="Vote du public" what="Le vote du public">
      <Rounds />
    </AdminsOnly>
  );
}
