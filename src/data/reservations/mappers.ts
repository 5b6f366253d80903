import type { Database } from '../../../supabase/database.types';
import type {
  AttendanceBarrier,
  AttendanceStatus,
  HeardFrom,
  NewReservation,
  PrefilledQuestion,
  Reservation,
  ReservationState,
  YesNo,
} from './types';

type Tables = Database['public']['Tables'];

/** Rows as stored (snake_case), from the generated types of supabase/database.types.ts. */
export type ReservationRow = Tables['reservations']['Row'];
export type ReservationDirectoryRow = Tables['reservation_directory']['Row'];

/*
 * Columns such as `reservations.heard_from` are text limited to a few values by a CHECK
 * constraint: the generator types them `string`, the mappers narrow them with `as`, which is sound
 * because the database refuses any other value.
 */

/**
 * A row of the reservations list: reservations (admins) or reservation_directory (readers: no
 * pass code, phone masked, an id of its own; docs/decisions/017-roles-and-door-window.md).
 */
function toListedReservation(row: ReservationDirectoryRow, passCode: string | null): Reservation {
  return {
    id: row.id,
    fullName: row.full_name,
    phone: row.phone,
    ville: row.ville ?? row.region ?? '',
    attendanceStatus: row.attendance_status as AttendanceStatus,
    heardFrom: row.heard_from as HeardFrom,
    willAttend: row.will_attend as YesNo,
    attendanceBarrier: row.attendance_barrier as AttendanceBarrier,
    followsBoosterPage: row.follows_booster_page as YesNo,
    consumesBoosterProducts: row.consumes_booster_products as YesNo,
    createdAt: row.created_at,
    passCode,
    state: row.state as ReservationState,
    cancelledAt: row.cancelled_at,
    checkedInAt: row.checked_in_at,
    checkedInDoor: row.checked_in_door,
    checkedInByHand: row.checked_in_by_hand,
  };
}

export const toReservation = (row: ReservationRow): Reservation =>
  toListedReservation(row, row.pass_code);

/** A reader's row: the same reservation, without a pass. */
export const toReservationFromDirectory = (row: ReservationDirectoryRow): Reservation =>
  toListedReservation(row, null);

export function toReservationRow(id: string, r: NewReservation) {
  return {
    id,
    full_name: r.fullName.trim(),
    phone: r.phone.trim(),
    ville: r.ville.trim(),
    attendance_status: r.attendanceStatus,
    heard_from: r.heardFrom,
    will_attend: r.willAttend,
    attendance_barrier: r.attendanceBarrier,
    follows_booster_page: r.followsBoosterPage,
    consumes_booster_products: r.consumesBoosterProducts,
    ...(r.surveyChanged && { survey_changed: r.surveyChanged.map((q) => PREFILLED_COLUMN[q]) }),
  };
}

/** A pre-filled question's column, the key create_reservation's survey_changed takes. */
const PREFILLED_COLUMN: Record<PrefilledQuestion, string> = {
  attendanceStatus: 'attendance_status',
  willAttend: 'will_attend',
  attendanceBarrier: 'attendance_barrier',
  followsBoosterPage: 'follows_booster_page',
  consumesBoosterProducts: 'consumes_booster_products',
};
