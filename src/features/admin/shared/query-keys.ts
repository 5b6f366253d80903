import type { ParticipantFilters, ParticipantOrder } from '@/data/list-participants';
import type { ReservationFilters, ReservationOrder } from '@/data/list-reservations';
import type { MessageFilters } from '@/data/messages';
import type { AuditFilters } from '@/data/audit';

/**
 * The administration's query keys, one tree per domain (docs/decisions/008-admin-data-layer.md).
 * Keys are hierarchical so a mutation can invalidate a whole branch: `participants.lists()`
 * covers every page of every filter, including the dashboard's five newest.
 */
export const queryKeys = {
  participants: {
    all: ['participants'] as const,
    lists: () => [...queryKeys.participants.all, 'list'] as const,
    list: (filters: ParticipantFilters, order: ParticipantOrder, page: number, pageSize: number) =>
      [...queryKeys.participants.lists(), { filters, order, page, pageSize }] as const,
    detail: (id: string) => [...queryKeys.participants.all, 'detail', id] as const,
    /** A participant's status changes (participant_status_history). */
    history: (id: string) => [...queryKeys.participants.all, 'history', id] as const,
  },
  /** participant_stats: the dashboard, the stats page and the participants' region filter. */
  stats: ['stats'] as const,
  reservations: {
    all: ['reservations'] as const,
    list: (filters: ReservationFilters, order: ReservationOrder, page: number, pageSize: number) =>
      [...queryKeys.reservations.all, 'list', { filters, order, page, pageSize }] as const,
    summary: () => [...queryKeys.reservations.all, 'summary'] as const,
    /** night_party_stats: the capacity bar and the dashboard's Night Party figures. */
    stats: () => [...queryKeys.reservations.all, 'stats'] as const,
    /** attendance_report: the survey crossed with who came. */
    attendance: () => [...queryKeys.reservations.all, 'attendance'] as const,
  },
  /** The edition's settings (edition_settings + contest_settings). */
  settings: ['settings'] as const,
  /** The inbox: pages of contact messages and the sidebar's unhandled count. */
  messages: {
    all: ['messages'] as const,
    list: (filters: MessageFilters, page: number, pageSize: number) =>
      [...queryKeys.messages.all, 'list', { filters, page, pageSize }] as const,
    unhandled: () => [...queryKeys.messages.all, 'unhandled'] as const,
  },
  /** The journal (audit_log) and the bin: every admin write adds to it. */
  journal: {
    all: ['journal'] as const,
    list: (filters: AuditFilters, page: number, pageSize: number) =>
      [...queryKeys.journal.all, 'list', { filters, page, pageSize }] as const,
    bin: () => [...queryKeys.journal.all, 'bin'] as const,
  },
  /** The signed-in user's staff role (my_staff_role). */
  staffRole: ['staff-role'] as const,
  /** Surges of public writes (surge_alerts), on the dashboard. */
  surgeAlerts: ['surge-alerts'] as const,
};
