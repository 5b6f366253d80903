import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@/components/ui/Button';
import { formatDate, formatEventDateTime } from '@/lib/dates';
import { notify } from '@/lib/toast';
import { refocusInList, rowsAround } from '@/lib/refocus-in-list';
import { BIN_DAYS, type BinnedParticipant } from '@/data/journal/bin';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { AdminsOnly } from '../workspace/AdminsOnly';
import { DataTable } from '../ui/DataTable';
import { CardList, Fact, ListCard } from '../ui/ListCards';
import { useNarrowScreen } from '../ui/use-narrow-screen';
import { EmailText } from '../ui/EmailText';
import { ListHeader } from '../ui/ListHeader';
import { EmptyState, QueryStatus } from '../ui/ListState';
import { binQuery } from '@/data/journal/queries';
import { linkClass, td } from '../ui/classes';
import { usePurgeBin, useRestoreParticipant } from '@/data/journal/mutations';
import * as paths from '@/config/route-paths';

const count = (n: number) => `${n} participant${n > 1 ? 's' : ''}`;

/**
 * "Corbeille": the deleted participants, restorable for 30 days, then erased by the database.
 * Admins restore one, or empty the bin now (confirmed, naming how many are erased); anyone else
 * reads that the bin is reserved to admins (AdminsOnly), not a load error.
 */
export default function BinPage() {
  return (
    <AdminsOnly title="Corbeille" what="La corbeille">
      <Bin />
    </AdminsOnly>
  );
}

function Bin() {
  const bin = useQuery(binQuery());
  const restore = useRestoreParticipant();
  const purge = usePurgeBin();
  const [confirmPurge, setConfirmPurge] = useState(false);
  const rows = bin.data ?? [];
  const narrow = useNarrowScreen();
  // Those whose 30 days were over when the bin was read: the database erases them at the next
  // deletion, or now.
  const expired = rows.filter((p) => Date.parse(p.purgeAt) <= bin.dataUpdatedAt);

  const onRestore = (p: BinnedParticipant) => {
    const around = rowsAround(
      rows.map((r) => r.id),
      p.id,
    );
    restore.mutate(p.id, {
      onSuccess: () => {
        notify.success(`${p.fullName} est de retour dans la liste des participants`);
        // The row leaves the bin with its button (issue 27): the focus goes to the next one's
        // "Restaurer", or the one before, or the page's heading once the bin is empty.
        requestAnimationFrame(() => refocusInList(around, 'Restaurer'));
      },
      onError: (e) => notify.error(e.message),
    });
  };

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

  const restoreButton = (p: BinnedParticipant) => (
    <Button
      variant="secondary"
      busy={restore.isPending && restore.variables === p.id}
      busyLabel="Restauration…"
      aria-label={`Restaurer ${p.fullName}`}
      onClick={() => onRestore(p)}
    >
      Restaurer
    </Button>
  );

  return (
    <div className="space-y-6">
      <Link to={paths.adminJournal} className={linkClass}>
        ← Journal
      </Link>
      <ListHeader title="Corbeille" summary={bin.data ? count(rows.length) : ''}>
        {expired.length > 0 && (
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
      {rows.length > 0 && narrow && (
        // On a phone, cards: "Restaurer" beside the name (issue 40: the table ran off the edge).
        <CardList caption="Participants dans la corbeille" columns={[]}>
          {rows.map((p) => (
            <ListCard key={p.id} title={p.fullName} rowId={p.id} actions={restoreButton(p)}>
              <Fact term="Supprimé le">{formatEventDateTime(p.deletedAt)}</Fact>
              <Fact term="Par">
                {p.deletedByEmail ? <EmailText email={p.deletedByEmail} /> : '—'}
              </Fact>
              <Fact term="Effacé à partir du">{formatDate(p.purgeAt)}</Fact>
            </ListCard>
          ))}
        </CardList>
      )}
      {rows.length > 0 && !narrow && (
        <DataTable
          caption="Participants dans la corbeille"
          regionLabel="Tableau de la corbeille"
          columns={['Nom', 'Supprimé le', 'Par', 'Effacé à partir du', 'Actions']}
        >
          {rows.map((p) => (
            <tr key={p.id} data-row-id={p.id}>
              <td className={`${td} font-medium text-gray-900`}>{p.fullName}</td>
              <td className={`${td} whitespace-nowrap`}>{formatEventDateTime(p.deletedAt)}</td>
              <td className={`${td} min-w-40`}>
                {p.deletedByEmail ? <EmailText email={p.deletedByEmail} /> : '—'}
              </td>
              <td className={`${td} whitespace-nowrap`}>{formatDate(p.purgeAt)}</td>
              <td className={td}>{restoreButton(p)}</td>
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
