import { useQuery } from '@tanstack/react-query';
import { UnlockPanel } from '@/components/final/UnlockPanel';
import { getJurySession } from '@/data/auditions/jury';
import { finalKeys } from '@/data/final/keys';
import { formatEventDay } from '@/lib/dates';
import { QueryStatus } from '../ui/ListState';

type OpenSession = { id: string; city: string; heldOn: string };

/** One open final session's locked cards, as its lead judge sees them on /jury. */
function SessionUnlocks({ session }: { session: OpenSession }) {
  const query = useQuery({
    queryKey: [...finalKeys.all, 'unlocks', session.id],
    queryFn: () => getJurySession(session.id),
  });
  return (
    <div className="space-y-2">
      <p className="font-semibold text-gray-900">
        Session de finale de {session.city}, {formatEventDay(session.heldOn)}
      </p>
      <QueryStatus query={query} loadingText="Chargement des fiches…" />
      {query.data && (
        <UnlockPanel
          session={query.data}
          // The administration works online: a failed call shows its message in the form.
          online
          refresh={async () => {
            await query.refetch();
          }}
        />
      )}
    </div>
  );
}

/**
 * An admin unlocks a final's locked card with a reason from the final view (issue 41, item 2;
 * docs/decisions/049-results-and-certificates.md), as the lead judge does on /jury: the same
 * panel, the same database function (jury_unlock_card, journaled, in the results' audit).
 */
export function FinalUnlocks({ sessions }: { sessions: OpenSession[] }) {
  if (sessions.length === 0) return null;
  return (
    <div className="space-y-4">
      {sessions.map((s) => (
        <SessionUnlocks key={s.id} session={s} />
      ))}
    </div>
  );
}
