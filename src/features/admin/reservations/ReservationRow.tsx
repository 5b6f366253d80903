import { Link } from 'react-router';
import { Button } from '@/components/ui/Button';
import { formatEventDateTime } from '@/lib/dates';
import {
  ATTENDANCE_STATUS_LABELS,
  HEARD_FROM_LABELS,
  YES_NO_LABELS,
} from '@/config/reservation-survey';
import type { AttendanceStatus, Reservation } from '@/data/reservations/types';
import { Fact, ListCard } from '../ui/ListCards';
import { PhoneLinks } from '../ui/PhoneLinks';
import { linkClass, td } from '../ui/classes';
import {
  displayState,
  doorLabel,
  RESERVATION_STATE_BADGES,
  RESERVATION_STATE_LABELS,
} from './reservation-states';
import { passPath } from '@/config/route-paths';

const STATUS_BADGE: Record<AttendanceStatus, string> = {
  yes: 'bg-green-100 text-green-900',
  no: 'bg-red-100 text-red-900',
  maybe: 'bg-yellow-100 text-yellow-900',
};

const badge =
  'inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap @max-3xs:max-w-full @max-3xs:whitespace-normal @max-3xs:wrap-anywhere';

type ReservationRowProps = {
  reservation: Reservation;
  /** Asks to cancel (the page confirms it first). */
  onCancel: (r: Reservation) => void;
  onCheckIn: (r: Reservation) => void;
  /** Asks to undo an entry (the page asks for the reason first). */
  onUndoCheckIn: (r: Reservation) => void;
  /** A row action of this row is running. */
  busy: boolean;
  /** Admins check in and cancel; readers (`lecteur`) only see. */
  canWrite: boolean;
};

/**
 * The pass (the public pass page, in a new tab), named after its holder. Admins only: a reader's
 * rows have no pass code (a code cancels its pass, docs/decisions/017-roles-and-door-window.md).
 */
function PassLink({ reservation: r, spacing }: { reservation: Reservation; spacing: string }) {
  if (!r.passCode) return null;
  return (
    <Link
      to={passPath(r.passCode)}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`Voir le pass de ${r.fullName} (nouvel onglet)`}
      className={`${linkClass} ${spacing} whitespace-nowrap`}
    >
      Voir le pass
    </Link>
  );
}

/**
 * Check in by hand (a confirmed place not entered yet), cancel (not once entered) and undo an
 * entry, each named after the person; admins only.
 */
function StateActions({
  reservation: r,
  onCancel,
  onCheckIn,
  onUndoCheckIn,
  busy,
  canWrite,
}: ReservationRowProps) {
  const state = displayState(r);
  if (!canWrite) return null;
  return (
    <>
      {state === 'checked_in' && (
        <Button
          variant="dangerOutline"
          className="whitespace-nowrap @max-3xs:whitespace-normal"
          busy={busy}
          aria-label={`Annuler l’entrée de ${r.fullName}`}
          onClick={() => onUndoCheckIn(r)}
        >
          Annuler l’entrée
        </Button>
      )}
      {state === 'confirmed' && (
        <Button
          variant="secondary"
          className="whitespace-nowrap @max-3xs:whitespace-normal"
          busy={busy}
          aria-label={`Valider l’entrée de ${r.fullName}`}
          onClick={() => onCheckIn(r)}
        >
          Valider l’entrée
        </Button>
      )}
      {(state === 'confirmed' || state === 'waitlisted') && (
        <Button
          variant="dangerOutline"
          busy={busy}
          aria-label={`Annuler la réservation de ${r.fullName}`}
          onClick={() => onCancel(r)}
        >
          Annuler
        </Button>
      )}
    </>
  );
}

function StateBadge({ reservation: r }: { reservation: Reservation }) {
  const state = displayState(r);
  return (
    <span data-state-of={r.id} className={`${badge} ${RESERVATION_STATE_BADGES[state]}`}>
      {RESERVATION_STATE_LABELS[state]}
    </span>
  );
}

function StatusBadge({ reservation: r }: { reservation: Reservation }) {
  return (
    <span className={`${badge} ${STATUS_BADGE[r.attendanceStatus]}`}>
      {ATTENDANCE_STATUS_LABELS[r.attendanceStatus]}
    </span>
  );
}

/**
 * One reservation of the list, with its state, its entry and its actions: the pass, check in by
 * hand, cancel. Each action's name says whose reservation it acts on.
 */
export function ReservationRow(props: ReservationRowProps) {
  const r = props.reservation;
  return (
    <tr data-row-id={r.id}>
      <td className={`${td} font-medium text-gray-900`}>{r.fullName}</td>
      <td className={td}>
        <PhoneLinks phone={r.phone} name={r.fullName} />
      </td>
      <td className={td}>{r.ville}</td>
      <td className={td}>
        <StateBadge reservation={r} />
        {r.checkedInAt ? (
          <>
            <span className="mt-1 block whitespace-nowrap">
              {formatEventDateTime(r.checkedInAt)}
            </span>
            <span className="block text-xs text-gray-700">{doorLabel(r)}</span>
          </>
        ) : (
          displayState(r) === 'confirmed' && <span className="sr-only">Pas encore entré</span>
        )}
      </td>
      <td className={td}>
        <StatusBadge reservation={r} />
      </td>
      <td className={td}>{HEARD_FROM_LABELS[r.heardFrom]}</td>
      <td className={td}>{YES_NO_LABELS[r.willAttend]}</td>
      <td className={`${td} min-w-24`}>{formatEventDateTime(r.createdAt)}</td>
      {props.canWrite && (
        <td className={td}>
          <div className="flex flex-wrap gap-2">
            <PassLink reservation={r} spacing="py-2" />
            <StateActions {...props} />
          </div>
        </td>
      )}
    </tr>
  );
}

/** The same reservation as a card (a phone): name and actions, then the key facts. */
export function ReservationCard(props: ReservationRowProps) {
  const r = props.reservation;
  const state = displayState(r);
  const actionable = props.canWrite && state !== 'cancelled';
  return (
    <ListCard
      rowId={r.id}
      title={r.fullName}
      actions={actionable ? <StateActions {...props} /> : undefined}
    >
      <Fact term="Téléphone">
        <PhoneLinks phone={r.phone} name={r.fullName} />
      </Fact>
      <Fact term="Ville">{r.ville}</Fact>
      <Fact term="Pass">
        <StateBadge reservation={r} />
        {r.passCode && (
          <>
            {' '}
            <PassLink reservation={r} spacing="ml-2 inline-flex min-h-6 items-center" />
          </>
        )}
      </Fact>
      <Fact term="Entrée">
        {r.checkedInAt ? `${formatEventDateTime(r.checkedInAt)} · ${doorLabel(r)}` : ''}
      </Fact>
      <Fact term="Statut">
        <StatusBadge reservation={r} />
      </Fact>
      <Fact term="Source">{HEARD_FROM_LABELS[r.heardFrom]}</Fact>
      <Fact term="Assistera">{YES_NO_LABELS[r.willAttend]}</Fact>
      <Fact term="Réservé le">{formatEventDateTime(r.createdAt)}</Fact>
    </ListCard>
  );
}
