import { useQuery } from '@tanstack/react-query';
import { Button } from '@/components/ui/Button';
import { formatDouala } from '@/lib/douala-input';
import { notify } from '@/lib/toast';
import { useStaffRole } from '../workspace/use-staff-role';
import { scheduledPurgeQuery } from '@/data/journal/queries';
import { useCancelPurge } from '@/data/journal/mutations';

/**
 * The scheduled purge, above every admin page (docs/decisions/018-scheduled-purge-and-journal.md):
 * when it will run, who asked for it, and for admins "Annuler la purge". Readers see the sentence
 * (they lose what they read too) without the button. Nothing when no purge is scheduled.
 */
export function PurgeBanner() {
  const role = useStaffRole();
  const staff = role === 'admin' || role === 'lecteur';
  const { data: purge } = useQuery({ ...scheduledPurgeQuery(), enabled: staff });
  const cancel = useCancelPurge();
  if (!staff || !purge) return null;

  const onCancel = () =>
    cancel.mutate(undefined, {
      onSuccess: () => notify.success('Purge des données personnelles annulée'),
      onError: (e) => notify.error(e.message),
    });

  return (
    <section
      aria-label="Purge des données personnelles programmée"
      className="mb-6 flex flex-col gap-3 rounded-lg border border-red-300 bg-red-50 p-4 text-red-950 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="min-w-0 space-y-1">
        <p className="font-semibold">Purge des données personnelles programmée</p>
        <p>
          {purge.due
            ? `Son heure est venue (${formatDouala(purge.runsAt)}, heure de Douala) : elle s’exécute d’elle-même sous peu, ou avec « Purger maintenant » dans les paramètres.`
            : `Elle s’exécutera à partir du ${formatDouala(purge.runsAt)} (heure de Douala). Tout administrateur peut l’annuler d’ici là.`}
          {purge.requestedByEmail && (
            <>
              {' '}
              Demandée par <span className="wrap-anywhere">{purge.requestedByEmail}</span>.
            </>
          )}
        </p>
      </div>
      {role === 'admin' && (
        <Button
          variant="dangerOutline"
          busy={cancel.isPending}
          busyLabel="Annulation…"
          onClick={onCancel}
          className="shrink-0"
        >
          Annuler la purge
        </Button>
      )}
    </section>
  );
}
