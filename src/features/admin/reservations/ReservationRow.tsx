import { Link } from 'react-router';
import { Button } from '@/components/ui/Button';
import { formatDateTime } from '@/lib/dates';
import {
  ATTENDANCE_STATUS_LABELS,
  HEARD_FROM_LABELS,
  YES_NO_LABELS,
} from '@/config/reservation-survey';
import type { AttendanceStatus, Reservation } from '@/data/types';
import { linkClass, td } from '../shared/ui';
import {
  displayState,
  doorLabel,
  RESERVATION_STATE_BADGES,
  RESERVATION_STATE_LABELS,
} from './reservation-states';

const STATUS_BADGE: Record<AttendanceStatus, string> = {
  yes: 'bg-green-100 text-green-900',
  no: 'bg-red-100 text-red-900',
  maybe: 'bg-yellow-100 text-yellow-900',
};

const badge = 'inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap';

type ReservationRowProps = {
  reservation: Reservation;
  /** Asks to cancel (the page confirms it first). */
  onCancel: (r: Reservation) => void;
  onCheckIn: (r: Reservation) => void;
  /** A row action of this row is running. */
  busy: boolean;
};

/**
 * One reservation of the list, with its state, its entry and its actions: the pass (the public
 * pass page, in a new tab), check in by hand (a confirmed place not entered yet), cancel (not
 * once entered). Each action's name says whose reservation it acts on.
 */
export function ReservationRow({ reservation: r, onCancel, onCheckIn, busy }: ReservationRowProps) {
  const state = displayState(r);
  return (
    <tr>
      <td className={`${td} font-medium text-gray-900`}>{r.fullName}</td>
      <td className={td}>{r.phone}</td>
      <td className={td}>{r.ville}</td>
      <td className={td}>
        <span className={`${badge} ${RESERVATION_STATE_BADGES[state]}`}>
          {RESERVATION_STATE_LABELS[state]}
        </span>
      </td>
      <td className={td}>
        {r.checkedInAt ? (
          <>
            <span className="block whitespace-nowrap">{formatDateTime(r.checkedInAt)}</span>
            <span className="block text-xs text-gray-700">{doorLabel(r.checkedInDoor)}</span>
          </>
        ) : (
          <>
            <span aria-hidden="true">—</span>
            <span className="sr-only">Pas encore entré</span>
          </>
        )}
      </td>
      <td className={td}>
        <span className={`${badge} ${STATUS_BADGE[r.attendanceStatus]}`}>
          {ATTENDANCE_STATUS_LABELS[r.attendanceStatus]}
        </span>
      </td>
      <td className={td}>{HEARD_FROM_LABELS[r.heardFrom]}</td>
      <td className={td}>{YES_NO_LABELS[r.willAttend]}</td>
      <td className={`${td} whitespace-nowrap`}>{formatDateTime(r.createdAt)}</td>
      <td className={td}>
        <div className="flex flex-wrap gap-2">
          <Link
            to={`/pass/${r.passCode}`}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Voir le pass de ${r.fullName} (nouvel onglet)`}
            className={`${linkClass} py-2 whitespace-nowrap`}
          >
            Voir le pass
          </Link>
          {state === 'confirmed' && (
            <Button
              variant="secondary"
              className="whitespace-nowrap"
              disabled={busy}
              aria-label={`Valider l’entrée de ${r.fullName}`}
              onClick={() => onCheckIn(r)}
            >
              Valider l’entrée
            </Button>
          )}
          {(state === 'confirmed' || state === 'waitlisted') && (
            <Button
              variant="dangerOutline"
              disabled={busy}
              aria-label={`Annuler la réservation de ${r.fullName}`}
              onClick={() => onCancel(r)}
            >
              Annuler
            </Button>
          )}
        </div>
      </td>
    </tr>
  );
}
