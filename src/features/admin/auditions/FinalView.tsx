import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Button } from '@/components/ui/Button';
import {
  FINAL_CATEGORIES,
  type FinalCategory,
  type FinalFinalist,
  type FinalState,
} from '@/data/final/admin';
import {
  useApproveFinalRulesChange,
  usePublishFinalResults,
  usePublishFinalRules,
} from '@/data/final/mutations';
import { finalStateQuery } from '@/data/final/queries';
import { formatEventDateTime } from '@/lib/dates';
import { toDataError } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { DataTable } from '../ui/DataTable';
import { EmptyState, QueryStatus } from '../ui/ListState';
import { card, linkClass, pageTitle, td } from '../ui/classes';
import { categoryLabel, rankText, scoreText, zText } from './audition-labels';
import { finalPath, sessionsPath } from './audition-paths';
import { CertificatesPanel } from './CertificatesPanel';
import { FinalRulesForm } from './FinalRulesForm';
import { FinalUnlocks } from './FinalUnlocks';

const TIEBREAK: Record<string, string> = {
  jury: 'départagé par la note du jury',
  criterion: 'départagé par le critère choisi',
  head_judge: 'départagé par le juré principal',
  unresolved: 'égalité non départagée',
};

type Action = 'rules' | 'approve' | 'results';

function FinalistRow({ f }: { f: FinalFinalist }) {
  return (
    <tr>
      <td className={`${td} font-semibold whitespace-nowrap`}>{rankText(f.rank, false)}</td>
      <td className={td}>
        <p className="font-medium text-gray-900">{f.name}</p>
        {f.recused > 0 && (
          <p className="text-xs text-gray-800">
            Moyenne sur {f.scored} juré{f.scored > 1 ? 's' : ''} (récusation)
          </p>
        )}
        {f.tiebreak && <p className="text-xs text-gray-800">{TIEBREAK[f.tiebreak]}</p>}
      </td>
      <td className={`${td} tabular-nums`}>{zText(f.normalised)}</td>
      <td className={`${td} tabular-nums`}>{scoreText(f.juryPoints)}</td>
      <td className={`${td} tabular-nums`}>
        {f.votes}
        {f.publicPercent !== null && ` (${scoreText(f.publicPercent)}\u00a0%)`}
      </td>
      <td className={`${td} font-semibold tabular-nums`}>{scoreText(f.combined)}</td>
    </tr>
  );
}

function consequence(action: Action, state: FinalState, label: string): string {
  if (action === 'rules')
    return `Les règles enregistrées de la finale (${label}), jury ${state.juryShare}\u00a0% et public ${state.publicShare}\u00a0%, seront publiques sur /reglement et figées\u00a0: les changer demandera l’accord d’un second administrateur.`;
  if (action === 'approve')
    return `Le changement proposé par ${state.pendingChange?.proposedBy ?? 'un autre administrateur'} s’applique aussitôt\u00a0; /reglement affichera «\u00a0modifié le\u00a0».`;
  const top = state.finalists
    .filter((f) => f.rank !== null && f.rank <= 3)
    .map((f) => `${f.rank}. ${f.name}`)
    .join(', ');
  return `Ce classement (${top}) devient le résultat officiel de la finale (${label}), publié sur /resultats. Il ne pourra plus être modifié.`;
}

/**
 * A category's final (`?finale=`, docs/decisions/047-the-final.md): its results as the database
 * computes them now (jury, public, combined, tie-breaks, judges far from the panel); admins
 * publish the rules, approve another admin's change of published rules, and publish the results
 * once, each after a confirmation that says what follows.
 */
export function FinalView({ category, canWrite }: { category: FinalCategory; canWrite: boolean }) {
  const state = useQuery(finalStateQuery(category));
  const [action, setAction] = useState<Action | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const publishRules = usePublishFinalRules();
  const approve = useApproveFinalRulesChange();
  const publishResults = usePublishFinalResults();
  const label = categoryLabel(category).toLowerCase();
  const s = state.data;
  const busy = publishRules.isPending || approve.isPending || publishResults.isPending;
  const failed = (e: unknown) => notify.error(toDataError(e, 'L’action a échoué.').message);
  const confirm = () => {
    if (action === 'rules')
      publishRules.mutate(category, {
        onSuccess: () => {
          setAction(null);
          notify.success('Règles publiées');
        },
        onError: failed,
      });
    else if (action === 'approve' && s?.pendingChange)
      approve.mutate(s.pendingChange.id, {
        onSuccess: () => {
          setAction(null);
          notify.success('Changement approuvé');
        },
        onError: failed,
      });
    else if (action === 'results')
      publishResults.mutate(category, {
        onSuccess: () => {
          setAction(null);
          notify.success('Résultats publiés');
        },
        onError: failed,
      });
  };
  return (
    <div className="space-y-6">
      <Link to={sessionsPath} className={linkClass}>
        ← Retour aux sessions
      </Link>
      <h1 ref={heading} tabIndex={-1} className={pageTitle}>
        Finale — {categoryLabel(category)}
      </h1>
      <nav aria-label="Catégorie de la finale" className="flex flex-wrap gap-4">
        {FINAL_CATEGORIES.map((c) => (
          <Link
            key={c}
            to={finalPath(c)}
            className={linkClass}
            aria-current={c === category ? 'page' : undefined}
          >
            {categoryLabel(c)}
          </Link>
        ))}
      </nav>
      <QueryStatus query={state} loadingText="Chargement de la finale…" />
      {s && (
        <section aria-labelledby="final-rules" className={`${card} space-y-3`}>
          <h2 id="final-rules" className="text-lg font-semibold">
            Règles
          </h2>
          <p>
            Jury {s.juryShare}&nbsp;%, public {s.publicShare}&nbsp;%.{' '}
            {s.rulesPublishedAt
              ? `Publiées le ${formatEventDateTime(s.rulesPublishedAt)}.`
              : 'Pas encore publiées.'}
          </p>
          {s.pendingChange && (
            <p>
              Un changement proposé par {s.pendingChange.proposedBy} attend l’accord d’un second
              administrateur.
            </p>
          )}
          {canWrite && !s.rulesPublishedAt && (
            <Button variant="secondary" onClick={() => setAction('rules')}>
              Publier les règles
            </Button>
          )}
          {canWrite && s.pendingChange && !s.pendingChange.mine && (
            <Button variant="secondary" onClick={() => setAction('approve')}>
              Approuver le changement
            </Button>
          )}
          {/* Below the publish button: that button publishes the stored rules of the line above. */}
          {canWrite && !s.publishedAt && !s.pendingChange && (
            <FinalRulesForm key={category} category={category} state={s} />
          )}
        </section>
      )}
      {s && s.finalists.length === 0 && (
        <EmptyState>Aucun finaliste noté pour le moment</EmptyState>
      )}
      {s && s.finalists.length > 0 && (
        <DataTable
          caption={`Résultats de la finale ${label}`}
          regionLabel={`Résultats de la finale ${label}`}
          columns={[
            'Rang',
            'Finaliste',
            'Note du jury',
            'Points jury',
            'Votes du public',
            'Score combiné',
          ]}
        >
          {s.finalists.map((f) => (
            <FinalistRow key={f.name} f={f} />
          ))}
        </DataTable>
      )}
      {s && s.judges.some((j) => j.far) && (
        <p className={`${card} text-gray-800`}>
          Loin du jury (écart moyen au-dessus d’un point)&nbsp;:{' '}
          {s.judges
            .filter((j) => j.far)
            .map((j) => `${j.label} (${zText(j.deviation)})`)
            .join(', ')}
          .
        </p>
      )}
      {s && (
        <p className="text-sm break-all text-gray-800">
          {s.publishedAt
            ? `Publiés le ${formatEventDateTime(s.publishedAt)}, empreinte ${s.digest}.`
            : `Empreinte des données actuelles\u00a0: ${s.digest}.`}
        </p>
      )}
      {canWrite && s && <FinalUnlocks sessions={s.openSessions} />}
      {canWrite && s?.publishedAt && <CertificatesPanel category={category} label={label} />}
      {canWrite &&
        s &&
        !s.publishedAt &&
        s.finalists.length > 0 &&
        (s.rulesPublishedAt && s.sessionsOpen === 0 ? (
          <Button onClick={() => setAction('results')}>Publier les résultats</Button>
        ) : (
          <p className="text-gray-800">
            Les résultats se publient une fois les règles publiées et chaque session de finale
            verrouillée.
          </p>
        ))}
      {action && s && (
        <ConfirmDialog
          open
          title={
            action === 'rules'
              ? 'Publier les règles\u00a0?'
              : action === 'approve'
                ? 'Approuver le changement\u00a0?'
                : 'Publier les résultats\u00a0?'
          }
          message={consequence(action, s, label)}
          confirmLabel={action === 'approve' ? 'Approuver' : 'Publier'}
          busy={busy}
          busyLabel="Enregistrement…"
          returnFocus={() => heading.current}
          onCancel={() => setAction(null)}
          onConfirm={confirm}
        />
      )}
    </div>
  );
}
