import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from '@/components/ui/Button';
import { formatDate } from '@/lib/dates';
import { formatCount } from '@/lib/numbers';
import { notify } from '@/lib/toast';
import { purgePersonalData, type PurgeCounts } from '@/data/retention';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { card } from '../shared/ui';
import { EVENT_TIME_ZONE } from '@/lib/dates';

/** What the purge erases, as the confirmation names it (admin_purge_personal_data). */
export const PURGED =
  'les participants non lauréats (corbeille comprise) avec leurs équipes et leur historique, toutes les réservations de la Night Party, tous les messages de contact, les adresses enregistrées contre les abus, et les données personnelles des entrées du journal qui les concernent';
export const KEPT = 'les inscriptions des lauréats (avec leurs équipes et leurs coordonnées)';

const COUNT_LABELS: Record<string, string> = {
  participants: 'Participants supprimés',
  team_members: 'Membres d’équipe supprimés',
  reservations: 'Réservations supprimées',
  contact_messages: 'Messages supprimés',
  audit_rows_cleared: 'Entrées du journal anonymisées',
  laureates_kept: 'Lauréats conservés',
};

/** Today in Douala, yyyy-mm-dd. */
const doualaToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: EVENT_TIME_ZONE }).format(new Date());

/**
 * "Purger les données personnelles": after the date set above, erases the edition's personal
 * data (everything but the laureates' contact details) in one call, confirmed first with what
 * goes and what stays; the counts are shown after (and written to the journal).
 */
export function RetentionPanel({ purgeAt }: { purgeAt: string | null }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [counts, setCounts] = useState<PurgeCounts | null>(null);
  const purge = useMutation({
    mutationFn: purgePersonalData,
    // Everything read from the data changed: lists, statistics, the inbox, the journal.
    onSuccess: () => queryClient.invalidateQueries(),
  });
  const due = purgeAt !== null && doualaToday() >= purgeAt;

  const onConfirm = () =>
    purge.mutate(undefined, {
      onSuccess: (result) => {
        setCounts(result);
        setConfirming(false);
        notify.success('Données personnelles purgées');
      },
      onError: (e) => {
        setConfirming(false);
        notify.error(e.message);
      },
    });

  return (
    <section aria-labelledby="retention-title" className={`${card} space-y-4`}>
      <h2 id="retention-title" className="text-lg font-semibold text-gray-900">
        Purger les données personnelles
      </h2>
      <p className="text-gray-700">
        Efface définitivement {PURGED}. Sont conservées : {KEPT}.
      </p>
      <p className="text-gray-700" id="retention-when">
        {purgeAt === null
          ? 'Aucune date de purge n’est fixée : choisissez-la ci-dessus et enregistrez.'
          : due
            ? `Date de purge atteinte (${formatDate(`${purgeAt}T12:00:00+01:00`)}).`
            : `Possible à partir du ${formatDate(`${purgeAt}T12:00:00+01:00`)}.`}
      </p>
      <Button
        variant="danger"
        disabled={!due}
        aria-describedby="retention-when"
        onClick={() => setConfirming(true)}
        className="max-w-full wrap-anywhere"
      >
        Purger les données personnelles
      </Button>
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
        open={confirming}
        title="Purger les données personnelles ?"
        message={`Seront effacés définitivement : ${PURGED}. Seront conservées : ${KEPT}. Cette action est irréversible.`}
        confirmLabel="Purger définitivement"
        busy={purge.isPending}
        busyLabel="Purge en cours…"
        onConfirm={onConfirm}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
