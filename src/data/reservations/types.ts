/** The Night Party's reservations (camelCase), as src/data/reservations maps them. */
import type { CheckedValues } from '../../../supabase/database.types';

/** The survey's answers, as the reservations' check constraints list them. */
type ReservationValues = typeof CheckedValues.reservations;
export type AttendanceStatus = ReservationValues['attendance_status'][number];
export type HeardFrom = ReservationValues['heard_from'][number];
export type YesNo = ReservationValues['will_attend'][number];
export type AttendanceBarrier = ReservationValues['attendance_barrier'][number];

export type Reservation = {
  id: string;
  fullName: string;
  phone: string;
  /** The city; older rows stored it in `region`, read as a fallback. */
  ville: string;
  attendanceStatus: AttendanceStatus;
  heardFrom: HeardFrom;
  willAttend: YesNo;
  attendanceBarrier: AttendanceBarrier;
  followsBoosterPage: YesNo;
  consumesBoosterProducts: YesNo;
  createdAt: string;
  /**
   * The personal pass (10 characters), opened at /pass/<code>; null for a reader (lecteur), who
   * never gets one: a code cancels its pass (docs/decisions/017-roles-and-door-window.md).
   */
  passCode: string | null;
  /** A confirmed place (entered or not), on the waitlist, or cancelled. */
  state: ReservationState;
  cancelledAt: string | null;
  /** When and at which door the pass entered (null: not entered). */
  checkedInAt: string | null;
  /** The door's name; null when checked in by hand from the administration. */
  checkedInDoor: string | null;
  /** Checked in by hand from the admin list, not at a door. */
  checkedInByHand: boolean;
};

export type ReservationState = ReservationValues['state'][number];

/** What a visitor sends: the database gives the id, date, pass, state and entry. */
export type NewReservation = Omit<
  Reservation,
  | 'id'
  | 'createdAt'
  | 'passCode'
  | 'state'
  | 'cancelledAt'
  | 'checkedInAt'
  | 'checkedInDoor'
  | 'checkedInByHand'
> & {
  /**
   * The pre-filled questions whose answer the visitor changed on the form; absent: not recorded
   * (docs/decisions/025-survey-defaults.md).
   */
  surveyChanged?: readonly PrefilledQuestion[];
};

/** The survey questions the form offers with an answer already chosen (the specification's). */
export type PrefilledQuestion =
  | 'attendanceStatus'
  | 'willAttend'
  | 'attendanceBarrier'
  | 'followsBoosterPage'
  | 'consumesBoosterProducts';
