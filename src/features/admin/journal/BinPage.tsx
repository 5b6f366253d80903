import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@/components/ui/Button';
import { formatDate, formatDateTime } from '@/lib/dates';
import { notify } from '@/lib/toast';
import { BIN_DAYS, type BinnedParticipant } from '@/data/delete-participant';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { DataTable } from '../shared/DataTable';
import { ListHeader } from '../shared/ListHeader';
import { EmptyState, QueryStatus } from '../shared/ListState';
import { binQuery } from '../shared/queries';
import { linkClass, td } from '../shared/ui';
import { useCanWrite } from '../shared/use-staff-role';
import { usePurgeBin, useRestoreParticipant } from '../participants/participant-mutations';

const count = (n: number) => `${n} participant${n > 1 ? 's' : ''}`;

/**
 * "Corbeille": the deleted participants, restorable for 30 days, then erased by the database.
 * Admins restore one, or empty the bin now (confirmed, naming how many are erased).
 */
export default function BinPage() {
  const bin = useQuery(binQuery());
  const canWrite = useCanWrite();
  const restore = useRestoreParticipant();
  const purge = usePurgeBin();
  const [confirmPurge, setConfirmPurge] = useState(false);
  const rows = bin.data ?? [];
  // Those whose 30 days were over when the bin was read: the database erases them at the next
  // deletion, or now.
  const expired = rows.filter((p) => Date.parse(p.purgeAt) <= bin.dataUpdatedAt);

  const onRestore = (p: BinnedParticipant) =>
    restore.mutate(p.id, {
      onSuccess: () => notify.success(`${p.fullName} est de retour dans la liste des participants`),
      onError: (e) => notify.error(e.message),
    });

  const onPurge = () =>
    purge.mutate(undefined, {
      onSuccess: (n) => {
        notify.success(`Corbeille purgée : ${count(n)} effacé${n > 1 ? 's' : ''} définitivement`);
        setConfirmPurge(false);
      },
      onError: (e) => {
        notify.error(e.message);
        setConfirmPurge(false);
      },
    });

  return (
    <div className="space-y-6">
      <Link to="/admin/journal" className={linkClass}>
        ← Journal
      </Link>
      <ListHeader title="Corbeille" summary={bin.data ? count(rows.length) : ''}>
        {canWrite && expired.length > 0 && (
          <Button variant="danger" onClick={() => setConfirmPurge(true)}>
            Purger maintenant
          </Button>
        )}
      </ListHeader>
      <p className="text-gray-700">
        Un participant supprimé reste ici {BIN_DAYS} jours, restaurable avec son équipe, puis il est
        effacé définitivement (à la suppression suivante, ou avec « Purger maintenant »).
      </p>
      <QueryStatus query={bin} loadingText="Chargement de la corbeille…" />
      {bin.data && rows.length === 0 && <EmptyState>La corbeille est vide</EmptyState>}
      {rows.length > 0 && (
        <DataTable
          caption="Participants dans la corbeille"
          regionLabel="Tableau de la corbeille"
          columns={[
            'Nom',
            'Supprimé le',
            'Par',
            'Effacé à partir du',
            ...(canWrite ? ['Actions'] : []),
          ]}
        >
          {rows.map((p) => (
            <tr key={p.id}>
              <td className={`${td} font-medium text-gray-900`}>{p.fullName}</td>
              <td className={`${td} whitespace-nowrap`}>{formatDateTime(p.deletedAt)}</td>
              <td className={`${td} break-all`}>{p.deletedByEmail ?? '—'}</td>
              <td className={`${td} whitespace-nowrap`}>{formatDate(p.purgeAt)}</td>
              {canWrite && (
                <td className={td}>
                  <Button
                    variant="secondary"
                    busy={restore.isPending && restore.variables === p.id}
                    busyLabel="Restauration…"
                    aria-label={`Restaurer ${p.fullName}`}
                    onClick={() => onRestore(p)}
                  >
                    Restaurer
                  </Button>
                </td>
              )}
            </tr>
          ))}
        </DataTable>
      )}
      <ConfirmDialog
        open={confirmPurge}
        title="Purger la corbeille"
        message={`Effacer définitivement ${count(expired.length)} dont le délai de ${BIN_DAYS} jours est écoulé (${expired
          .slice(0, 3)
          .map((p) => p.fullName)
          .join(
            ', ',
          )}${expired.length > 3 ? '…' : ''}), avec leurs équipes ? ${expired.length > 1 ? 'Ils ne pourront plus être restaurés' : 'Il ne pourra plus être restauré'}.`}
        confirmLabel="Purger définitivement"
        busy={purge.isPending}
        busyLabel="Suppression…"
        onConfirm={onPurge}
        onCancel={() => setConfirmPurge(false)}
      />
    </div>
  );
}
