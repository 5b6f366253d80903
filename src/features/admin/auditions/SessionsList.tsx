import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Button } from '@/components/ui/Button';
import { auditionSessionsQuery } from '@/data/auditions/queries';
import type { AdminAuditionSession } from '@/data/auditions/types';
import { formatDouala } from '@/lib/douala-input';
import { EmptyState, QueryStatus } from '../ui/ListState';
import { ExportButton } from '../ui/ExportButton';
import { exportAuditionScoresXlsx } from './audition-exports';
import { card, linkClass, pageTitle } from '../ui/classes';
import {
  SESSION_CATEGORY_LABELS,
  SESSION_STATE_LABELS,
  SESSION_STATE_LOOK,
  sessionDay,
} from './audition-labels';
import { DeleteDialog, LockDialog, UnlockDialog } from './SessionDialogs';
import { SessionEditor } from './SessionEditor';
import { finalPath, rankingPath, resultsPath } from './audition-paths';

type Dialog = { kind: 'lock' | 'unlock' | 'delete'; session: AdminAuditionSession } | null;

function SessionCard({
  session,
  canWrite,
  onEdit,
  onDialog,
}: {
  session: AdminAuditionSession;
  canWrite: boolean;
  onEdit: () => void;
  onDialog: (kind: 'lock' | 'unlock' | 'delete') => void;
}) {
  const title = `${session.city} — ${sessionDay(session.heldOn)}`;
  const open = session.state === 'open';
  const lead = session.judges.find((j) => j.isLead);
  return (
    <li className={`${card} space-y-3`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-lg font-bold text-gray-900">{title}</h2>
          <p className="text-sm text-gray-700">
            {SESSION_CATEGORY_LABELS[session.category]} · {session.venue}
          </p>
        </div>
        <span
          className={`rounded-full px-3 py-1 text-sm font-semibold ${SESSION_STATE_LOOK[session.state]}`}
        >
          {SESSION_STATE_LABELS[session.state]}
        </span>
      </div>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
        <div className="min-w-0">
          <dt className="text-gray-600">Jurés</dt>
          <dd className="break-words text-gray-900">
            {session.judges.length === 0
              ? 'Aucun'
              : session.judges.map((j) => j.email ?? j.label).join(', ')}
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="text-gray-600">Juré principal</dt>
          <dd className="break-words text-gray-900">{lead ? (lead.email ?? lead.label) : '—'}</dd>
        </div>
        <div>
          <dt className="text-gray-600">Candidats notés</dt>
          <dd className="text-gray-900">
            {session.scoredCount} / {session.performersCount}
          </dd>
        </div>
        {session.lockedAt && (
          <div>
            <dt className="text-gray-600">Verrouillée le</dt>
            <dd className="text-gray-900">{formatDouala(session.lockedAt)}</dd>
          </div>
        )}
      </dl>
      <div className="flex flex-wrap gap-2">
        {/* A reader reads a session's scores once it is locked (docs/decisions/040-…). */}
        {canWrite || !open ? (
          <Link
            to={resultsPath(session.id)}
            className={`${linkClass} inline-flex min-h-11 items-center`}
          >
            Voir les résultats <span className="sr-only">de la session {title}</span>
          </Link>
        ) : (
          <p className="text-sm text-gray-700">
            Résultats lisibles une fois la session verrouillée.
          </p>
        )}
        {canWrite && open && (
          <>
            <Button variant="secondary" onClick={onEdit}>
              Modifier <span className="sr-only">la session {title}</span>
            </Button>
            <Button variant="secondary" onClick={() => onDialog('lock')}>
              Verrouiller <span className="sr-only">la session {title}</span>
            </Button>
            {session.scoredCount === 0 && (
              <Button variant="dangerOutline" onClick={() => onDialog('delete')}>
                Supprimer <span className="sr-only">la session {title}</span>
              </Button>
            )}
          </>
        )}
        {canWrite && !open && (
          <Button variant="secondary" onClick={() => onDialog('unlock')}>
            Déverrouiller <span className="sr-only">la session {title}</span>
          </Button>
        )}
      </div>
    </li>
  );
}

/**
 * The sessions (newest first) with their judges and how far the scoring went; admins create,
 * edit, lock, unlock and delete them, readers read them (issue 27: what the database would refuse
 * a role is not offered).
 */
export function SessionsList({ canWrite }: { canWrite: boolean }) {
  const sessions = useQuery(auditionSessionsQuery());
  const [editing, setEditing] = useState<{ session?: AdminAuditionSession } | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const list = sessions.data ?? [];
  const focusHeading = () => heading.current;

  const title = (
    <h1 ref={heading} tabIndex={-1} className={`${pageTitle} outline-none`}>
      Auditions
    </h1>
  );
  if (editing)
    return (
      <div className="space-y-6">
        {title}
        <SessionEditor
          key={editing.session?.id ?? 'new'}
          session={editing.session}
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
        {canWrite && (
          <div className="flex flex-wrap gap-2">
            <ExportButton
              label="Exporter les notes pour Excel"
              onExport={exportAuditionScoresXlsx}
              disabled={!list.some((s) => s.scoredCount > 0)}
            />
            <Button onClick={() => setEditing({})} disabled={!sessions.data}>
              Nouvelle session
            </Button>
          </div>
        )}
      </div>
      <p className="text-gray-700">
        Une session réunit les jurés d’une ville, un jour : ils notent sur leur téléphone les
        candidats convoqués ce jour-là, dans l’ordre de leurs créneaux. Classements entre villes :{' '}
        <Link to={rankingPath('dance')} className={linkClass}>
          Danse
        </Link>
        ,{' '}
        <Link to={rankingPath('singing')} className={linkClass}>
          Chant
        </Link>
        . Finale&nbsp;:{' '}
        <Link to={finalPath('dance')} className={linkClass}>
          Danse
        </Link>
        ,{' '}
        <Link to={finalPath('singing')} className={linkClass}>
          Chant
        </Link>
        .
      </p>
      {!canWrite && (
        <p className="rounded-lg border border-gray-200 bg-white p-3 text-gray-800">
          Lecture seule : seuls les administrateurs créent, verrouillent et déverrouillent les
          sessions, et présélectionnent les candidats.
        </p>
      )}
      <QueryStatus query={sessions} loadingText="Chargement des sessions…" />
      {sessions.data && list.length === 0 && (
        <EmptyState>Aucune session d’audition pour le moment</EmptyState>
      )}
      <ul className="space-y-4">
        {list.map((s) => (
          <SessionCard
            key={s.id}
            session={s}
            canWrite={canWrite}
            onEdit={() => setEditing({ session: s })}
            onDialog={(kind) => setDialog({ kind, session: s })}
          />
        ))}
      </ul>
      {dialog?.kind === 'lock' && (
        <LockDialog
          session={dialog.session}
          onClose={() => setDialog(null)}
          returnFocus={focusHeading}
        />
      )}
      {dialog?.kind === 'unlock' && (
        <UnlockDialog
          session={dialog.session}
          onClose={() => setDialog(null)}
          returnFocus={focusHeading}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteDialog
          session={dialog.session}
          onClose={() => setDialog(null)}
          returnFocus={focusHeading}
        />
      )}
    </div>
  );
}
