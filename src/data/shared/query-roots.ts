/**
 * The first element of every query key of the administration, one per branch
 * (docs/decisions/008-admin-data-layer.md). Each domain builds its keys under its roots in its own
 * `keys.ts`; a write that changes another domain's data (every admin write adds a journal row)
 * invalidates that domain's whole branch through its root, the one thing domains share about
 * keys (docs/decisions/003-feature-folders-and-data-module.md). Listed here so no two domains
 * can take the same root.
 */
export const queryRoots = {
  participants: ['participants'],
  /** participant_stats: the dashboard, the stats page and the participants' region filter. */
  stats: ['stats'],
  reservations: ['reservations'],
  /** The edition's settings (edition_settings + contest_settings). */
  settings: ['settings'],
  /** The inbox: pages of contact messages and the sidebar's unhandled count. */
  messages: ['messages'],
  /** The journal (audit_log) and the bin: every admin write adds to it. */
  journal: ['journal'],
  /** The scheduled purge of personal data (docs/decisions/018-scheduled-purge-and-journal.md). */
  scheduledPurge: ['scheduled-purge'],
  /** The signed-in user's staff role (my_staff_role). */
  staffRole: ['staff-role'],
  /** Surges of public writes (surge_alerts), on the dashboard. */
  surgeAlerts: ['surge-alerts'],
  /** The public vote's rounds, the stage screen as the régie sees it, results. */
  vote: ['vote'],
  /** The auditions' jury: sessions, criteria, results and rankings. */
  auditions: ['auditions'],
  /** The final: its rules, its computed results and their publication (ADR 047). */
  final: ['final'],
  /** The outbox ("Envois"), the reminder's preview and the messages' settings. */
  outbox: ['outbox'],
} as const;
