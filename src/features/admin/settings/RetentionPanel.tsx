import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@/components/ui/Button';
import { doualaInstant, formatDate } from '@/lib/dates';
import { formatDouala } from '@/lib/douala-input';
import { formatCount } from '@/lib/numbers';
import { notify } from '@/lib/toast';
import type { PurgeCounts } from '@/data/journal/retention';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { card } from '../ui/classes';
import { scheduledPurgeQuery } from '@/data/journal/queries';
import { useCancelPurge, usePurgeNow, useRequestPurge } from '@/data/journal/mutations';

/** What the purge erases, as the confirmations name it (private.purge_personal_data). */
const PURGED =
  'les participants non lauréats (corbeille comprise) avec leurs équipes et leur historique, toutes les réservations de la Night Party, tous les messages de contact, les adresses enregistrées contre les abus, et les noms, e-mails, téléphones et textes des entrées du journal qui les concernent';
const KEPT =
  'les inscriptions des lauréats (avec leurs équipes et leurs coordonnées), et le journal (qui a fait quoi, quand, statuts et nombres)';

/** The least time between the request and the purge (private.purge_delay). */
const PURGE_DELAY_DAYS = 7;

const COUNT_LABELS: Record<string, string> = {
  participants: 'Participants supprimés',
  team_members: 'Membres d’équipe supprimés',
  reservations: 'Réservations supprimées',
  contact_messages: 'Messages supprimés',
  audit_rows_redacted: 'Entrées du journal expurgées',
  laureates_kept: 'Lauréats conservés',
};

/** The purge date (a Douala day) as the page writes it. */
const dayText = (day: string) => formatDate(doualaInstant(day));

/**
 * When a purge requested now would run: 7 days from now, not before the purge date (midnight in
 * Douala), as private.purge_runs_at computes it.
 */
export function runsAtIfRequestedNow(purgeAt: string, now = Date.now()): string {
  const delayed = now + PURGE_DELAY_DAYS * 86_400_000;
  const purgeDay = Date.parse(doualaInstant(purgeAt, '00:00:00'));
  return new Date(Math.max(delayed, purgeDay)).toISOString();
}

type Confirming = 'request' | 'purge' | null;

/**
 * "Purger les données personnelles" (admins; docs/decisions/018-scheduled-purge-and-journal.md):
 * the rules, then "Programmer la purge" (confirmed with the moment it will run), which every
 * admin sees on every admin page and may cancel until then; once its time has come, the database's
 * scheduler runs it, or "Purger maintenant" here does. The counts are shown after (and written to
 * the journal).
 */
export function RetentionPanel({
  purgeAt,
  canWrite,
}: {
  purgeAt: string | null;
  /** Admins schedule, cancel and run the purge; a reader reads its rules and state only. */
  canWrite: boolean;
}) {
  const { data: scheduled, isPending: loading } = useQuery(scheduledPurgeQuery());
  const request = useRequestPurge();
  const cancel = useCancelPurge();
  const purge = usePurgeNow();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [counts, setCounts] = useState<PurgeCounts | null>(null);
  const [runsAt, setRunsAt] = useState<string | null>(null);

  const openRequest = () => {
    if (purgeAt === null) return;
    setRunsAt(runsAtIfRequestedNow(purgeAt));
    setConfirming('request');
  };

  const onRequest = () =>
    request.mutate(undefined, {
      onSuccess: (s) => {
        setConfirming(null);
        setCounts(null);
        notify.success(`Purge programmée à partir du ${formatDouala(s.runsAt)}`);
      },
      onError: (e) => {
        setConfirming(null);
        notify.error(e.message);
      },
    });

  const onCancel = () =>
    cancel.mutate(undefined, {
      onSuccess: () => notify.success('Purge des données personnelles annulée'),
      onError: (e) => notify.error(e.message),
    });

  const onPurge = () =>
    purge.mutate(undefined, {
      onSuccess: (result) => {
        setCounts(result);
        setConfirming(null);
        notify.success('Données personnelles purgées');
      },
      onError: (e) => {
        setConfirming(null);
        notify.error(e.message);
      },
    });

  let state: string;
  if (scheduled) {
    state = scheduled.due
      ? `Purge programmée : son heure est venue (${formatDouala(scheduled.runsAt)}). Elle s’exécute d’elle-même sous peu, ou tout de suite avec « Purger maintenant ».`
      : `Purge programmée : elle s’exécutera à partir du ${formatDouala(scheduled.runsAt)} (heure de Douala). Tout administrateur peut l’annuler d’ici là.`;
  } else if (purgeAt === null) {
    state = canWrite
      ? 'Aucune date de purge n’est fixée : choisissez-la ci-dessus et enregistrez.'
      : 'Aucune date de purge n’est fixée.';
  } else {
    state = `Aucune purge n’est programmée. Date de purge : ${dayText(purgeAt)}.`;
  }

  return (
    <section aria-labelledby="retention-title" className={`${card} space-y-4`}>
      <h2 id="retention-title" className="text-lg font-semibold text-gray-900">
        Purger les données personnelles
      </h2>
      <p className="text-gray-700">
        Efface définitivement {PURGED}. Sont conservés : {KEPT}.
      </p>
      <ul className="list-disc space-y-1 pl-5 text-gray-700">
        <li>
          La date de purge vient au moins 30 jours après le concert et la clôture des inscriptions.
        </li>
        <li>
          La purge se programme : elle s’exécute au plus tôt {PURGE_DELAY_DAYS} jours après la
          demande, et pas avant la date de purge.
        </li>
        <li>
          D’ici là, chaque administrateur la voit en haut de toutes les pages de l’administration et
          peut l’annuler.
        </li>
      </ul>
      <p className="text-gray-700" id="retention-when" role="status">
        {loading ? 'Chargement de la purge programmée…' : state}
      </p>
      {!loading && canWrite && (
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          {scheduled ? (
            <>
              <Button
                variant="danger"
                disabled={!scheduled.due}
                aria-describedby="retention-when"
                onClick={() => setConfirming('purge')}
                className="max-w-full wrap-anywhere"
              >
                Purger maintenant
              </Button>
              <Button
                variant="secondary"
                busy={cancel.isPending}
                busyLabel="Annulation…"
                onClick={onCancel}
              >
                Annuler la purge
              </Button>
            </>
          ) : (
            <Button
              variant="danger"
              disabled={purgeAt === null}
              aria-describedby="retention-when"
              onClick={openRequest}
              className="max-w-full wrap-anywhere"
            >
              Programmer la purge
            </Button>
          )}
        </div>
      )}
      {counts && (
        <div role="status" aria-labelledby="retention-result">
          <h3 id="retention-result" className="mb-2 font-semibold text-gray-900">
            Résultat de la purge
          </h3>
          <dl className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            {Object.entries(counts).map(([key, n]) => (
              <div key={key} className="flex justify-between gap-4 rounded-lg bg-gray-50 p-3">
                <dt className="text-gray-700">{COUNT_LABELS[key] ?? key}</dt>
                <dd className="font-semibold text-gray-900">{formatCount(n)}</dd>
              </div>
            ))}
          </dl>
        </div>
      )}
      <ConfirmDialog
        open={confirming === 'request'}
        title="Programmer la purge des données personnelles ?"
        message={`La purge s’exécutera à partir du ${runsAt ? formatDouala(runsAt) : ''} (heure de Douala). Seront effacés définitivement : ${PURGED}. Seront conservés : ${KEPT}. D’ici là, tout administrateur la verra en haut de chaque page de l’administration et pourra l’annuler.`}
        confirmLabel="Programmer la purge"
        busy={request.isPending}
        busyLabel="Programmation…"
        onConfirm={onRequest}
        onCancel={() => setConfirming(null)}
      />
      <ConfirmDialog
        open={confirming === 'purge'}
        title="Purger les données personnelles ?"
        message={`Seront effacés définitivement : ${PURGED}. Seront conservés : ${KEPT}. Cette action est irréversible.`}
        confirmLabel="Purger définitivement"
        busy={purge.isPending}
        busyLabel="Purge en cours…"
        onConfirm={onPurge}
        onCancel={() => setConfirming(null)}
      />
    </section>
  );
}
