import { EditionYear } from '@/components/edition/EditionFact';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { notify } from '@/lib/toast';
import { DataError } from '@/lib/errors';
import { ATTENDANCE_STATUS_LABELS, HEARD_FROM_LABELS } from '@/config/reservation-survey';
import {
  RESERVATION_STATE_FILTERS,
  type ReservationFilters,
} from '@/data/reservations/list-reservations';
import type { Reservation } from '@/data/reservations/types';
import {
  nightPartyStatsQuery,
  reservationsListQuery,
  reservationSummaryQuery,
} from '@/data/reservations/queries';
import { useListQuery } from '../ui/use-list-query';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { reservationsCsvExport } from '@/data/reservations/reservations-csv';
import { runExport } from '../ui/export-file';
import { ExportButton } from '../ui/ExportButton';
import { labelOptions } from '../ui/FilterForm';
import { ListPage } from '../ui/ListPage';
import { exportReservationsXlsx } from './reservation-exports';
import { CapacityBar } from './CapacityBar';
import { useCanWrite } from '../workspace/use-staff-role';
import { ReservationCard, ReservationRow } from './ReservationRow';
import { ReservationSummary } from './ReservationSummary';
import { useCancelReservation } from '@/data/reservations/mutations';
import { useCheckInReservation, useUndoCheckIn } from '@/data/door/mutations';
import { UndoCheckInDialog } from './UndoCheckInDialog';
import { focusElement } from '@/lib/move-focus';
import { focusLost, refocusInList, rowsAround } from '@/lib/refocus-in-list';
import { checkInMessage, RESERVATION_STATE_LABELS } from './reservation-states';
import { doubleEntriesQuery } from '@/data/door/queries';
import { DoubleEntries } from '../ui/DoubleEntries';

const EMPTY_FILTERS: Required<ReservationFilters> = {
  search: '',
  status: '',
  city: '',
  heardFrom: '',
  state: '',
};

const ALLOWED = {
  status: Object.keys(ATTENDANCE_STATUS_LABELS),
  heardFrom: Object.keys(HEARD_FROM_LABELS),
  state: RESERVATION_STATE_FILTERS,
};

/** Sortable columns: the URL's key, the database column and the first click's direction. */
const SORTS = { name: 'asc', city: 'asc', date: 'desc' } as const;
const COLUMN_OF = { name: 'full_name', city: 'ville', date: 'created_at' } as const;

/**
 * Cancel (confirmed first, naming the person), check in by hand and undo an entry (with its
 * reason), with their toasts.
 */
function useRowActions(rowIds: () => readonly string[]) {
  const cancel = useCancelReservation();
  const checkIn = useCheckInReservation();
  const undo = useUndoCheckIn();
  const [toCancel, setToCancel] = useState<Reservation | null>(null);
  const [toUndo, setToUndo] = useState<Reservation | null>(null);
  const [undoError, setUndoError] = useState<string | undefined>();

  const askUndo = (r: Reservation) => {
    setUndoError(undefined);
    setToUndo(r);
  };
  const confirmUndo = async (reason: string) => {
    if (!toUndo) return;
    try {
      await undo.mutateAsync({ id: toUndo.id, reason });
      notify.success(`Entrée de ${toUndo.fullName} annulée : le pass est de nouveau valide`);
      setToUndo(null);
    } catch (e) {
      const message = e instanceof Error ? e.message : 'Erreur lors de l’annulation de l’entrée';
      if (e instanceof DataError && e.reason === 'invalid_field') setUndoError(message);
      else {
        notify.error(message);
        setToUndo(null);
      }
    }
  };

  const confirmCancel = async () => {
    if (!toCancel) return;
    try {
      const { promoted } = await cancel.mutateAsync(toCancel.id);
      // The place it freed confirmed the first of the waitlist: said too (issue 27).
      const moved =
        promoted === 0
          ? ''
          : ` ; ${promoted > 1 ? `${promoted} réservations` : '1 réservation'} de la liste d’attente ${promoted > 1 ? 'passent' : 'passe'} en « ${RESERVATION_STATE_LABELS.confirmed} »`;
      notify.success(`Réservation de ${toCancel.fullName} annulée${moved}`);
    } catch (e) {
      notify.error(e instanceof Error ? e.message : 'Erreur lors de l’annulation');
    } finally {
      setToCancel(null);
    }
  };

  const checkInByHand = async (r: Reservation) => {
    try {
      const { kind, text } = checkInMessage(await checkIn.mutateAsync(r.id));
      notify[kind](text);
      // The list is fresh: the row's "Valider l’entrée" is gone, with the focus. It goes to the
      // row's new state ("Entré"), in the table or the card, whichever is shown.
      // A list filtered on "Confirmé" no longer holds the row (issue 27): the focus goes to the
      // next row's "Valider l’entrée" (or the one before, or the page's heading).
      requestAnimationFrame(() => {
        if (!focusLost()) return;
        const badges = document.querySelectorAll<HTMLElement>(`[data-state-of="${r.id}"]`);
        // The hidden one (display: none) refuses the focus: the shown one takes it.
        if ([...badges].some((badge) => focusElement(badge))) return;
        refocusInList(rowsAround(rowIds(), r.id).slice(1), 'Valider l’entrée');
      });
    } catch (e) {
      notify.error(e instanceof Error ? e.message : 'Erreur lors de la validation de l’entrée');
    }
  };

  const dialog = (
    <>
      <UndoCheckInDialog
        key={toUndo?.id ?? 'closed'}
        reservation={toUndo}
        busy={undo.isPending}
        error={undoError}
        onConfirm={(reason) => void confirmUndo(reason)}
        onCancel={() => setToUndo(null)}
      />
      <ConfirmDialog
        open={toCancel !== null}
        title={`Annuler la réservation de ${toCancel?.fullName ?? ''} ?`}
        message={`Le pass de ${toCancel?.fullName ?? ''} ne permettra plus d’entrer${toCancel?.state === 'confirmed' ? ' et la place ira à la première personne de la liste d’attente' : ''}.`}
        confirmLabel="Annuler la réservation"
        cancelLabel="Garder la réservation"
        busy={cancel.isPending}
        busyLabel="Annulation…"
        onConfirm={confirmCancel}
        onCancel={() => setToCancel(null)}
      />
    </>
  );
  const busyId = cancel.isPending
    ? cancel.variables
    : checkIn.isPending
      ? checkIn.variables
      : undo.isPending
        ? undo.variables.id
        : null;
  return { dialog, busyId, askCancel: setToCancel, checkInByHand, askUndo };
}

export default function ReservationsPage() {
  const query = useListQuery(EMPTY_FILTERS, ALLOWED, SORTS);
  const { filters, sort } = query;
  const order = { column: COLUMN_OF[sort.key], ascending: sort.ascending };
  const list = useQuery(reservationsListQuery(filters, order, query.page, query.pageSize));
  const summary = useQuery(reservationSummaryQuery());
  const stats = useQuery(nightPartyStatsQuery());
  const doubles = useQuery(doubleEntriesQuery());
  const rows = list.data?.rows ?? [];
  const actions = useRowActions(() => rows.map((r) => r.id));
  const canWrite = useCanWrite();

  const rowProps = (r: Reservation) => ({
    reservation: r,
    busy: actions.busyId === r.id,
    onCancel: actions.askCancel,
    onCheckIn: actions.checkInByHand,
    onUndoCheckIn: actions.askUndo,
    canWrite,
  });

  return (
    <>
      <ListPage
        title={
          <>
            Réservations · Booster Night Party <EditionYear of="concert" />
          </>
        }
        noun={['réservation', 'réservations']}
        actions={
          // Personal data: exported by admins only (log_export refuses anyone else).
          canWrite && (
            <div className="flex flex-wrap gap-2">
              <ExportButton onExport={() => runExport(reservationsCsvExport(filters))} />
              <ExportButton
                label="Exporter pour Excel"
                onExport={() => exportReservationsXlsx(filters, order)}
              />
            </div>
          )
        }
        intro={
          <>
            {stats.data && <CapacityBar stats={stats.data} />}
            {summary.data && <ReservationSummary summary={summary.data} />}
            {/* Passes admitted offline at two doors (issue 31): shown once there is one. */}
            {doubles.data && doubles.data.length > 0 && <DoubleEntries rows={doubles.data} />}
          </>
        }
        query={query}
        search={{ label: 'Rechercher des réservations', hint: 'Nom, téléphone ou ville' }}
        selects={[
          {
            key: 'state',
            label: 'Pass',
            allLabel: 'Tous les pass',
            options: labelOptions(RESERVATION_STATE_LABELS),
          },
          {
            key: 'status',
            label: 'Statut',
            allLabel: 'Tous les statuts',
            options: labelOptions(ATTENDANCE_STATUS_LABELS),
          },
          {
            key: 'city',
            label: 'Ville',
            allLabel: 'Toutes les villes',
            options: (summary.data?.cities ?? []).map((c) => ({ value: c, label: c })),
          },
          {
            key: 'heardFrom',
            label: 'Source',
            allLabel: 'Toutes les sources',
            options: labelOptions(HEARD_FROM_LABELS),
          },
        ]}
        list={list}
        loadingText="Chargement des réservations…"
        emptyText={{
          filtered: 'Aucune réservation ne correspond à votre recherche',
          none: 'Aucune réservation pour le moment',
        }}
        table={{
          caption: 'Liste des réservations',
          regionLabel: 'Tableau des réservations',
          columns: [
            { label: 'Nom', sortKey: 'name' },
            'Téléphone',
            { label: 'Ville', sortKey: 'city' },
            'Pass',
            'Statut',
            'Source',
            'Assistera',
            { label: 'Date', sortKey: 'date' },
            // A reader has no action (and no pass link): no empty column.
            ...(canWrite ? ['Actions'] : []),
          ],
        }}
        pagerLabel="Pagination des réservations"
        cards={rows.map((r) => (
          <ReservationCard key={r.id} {...rowProps(r)} />
        ))}
      >
        {rows.map((r) => (
          <ReservationRow key={r.id} {...rowProps(r)} />
        ))}
      </ListPage>
      {actions.dialog}
    </>
  );
}
