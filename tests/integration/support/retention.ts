/**
 * Shared by the retention tests (tests/integration/workspace-retention.test.ts,
 * workspace-scheduled-purge.test.ts, workspace-inbox.test.ts): staff of each role and a second
 * admin, the edition put back before each test, dates, and the personal rows counted.
 */
import { beforeAll, beforeEach } from 'vitest';
import { testBackend } from '../../setup/test-backend';
import type { SupabaseClient } from '@supabase/supabase-js';
import { signInStaff, type Staff } from '../workspace-fixtures';

export const backend = testBackend();
export let staff: Staff;
/** A second admin, to cancel what the first one scheduled. */
export let admin2: SupabaseClient;
export let admin2Id: string;

/** Signs the staff in once; each test starts with no purge and the concert 30 days ahead. */
export function signInStaffAndResetEdition(): void {
  beforeAll(async () => {
    staff = await signInStaff(backend);
    admin2Id = await backend.createUser('admin2@example.cm', 'admin2-password-123', {
      role: 'admin',
    });
    admin2 = await backend.signedInClient('admin2@example.cm', 'admin2-password-123');
  });

  beforeEach(async () => {
    await backend.sql(`begin;
    delete from private.purge_requests;
    update edition_settings set personal_data_purge_at = null,
      concert_starts_at = now() + interval '30 days',
      doors_open_at = now() + interval '30 days' - interval '2 hours',
      reservations_open_at = now() - interval '1 day', reservations_close_at = null;
    commit;`);
  });
}

/** A day (yyyy-mm-dd, UTC) `offset` days from today. */
export const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
export const iso = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString();

/** Rows of the edition's personal data, as superuser. */
export const personalCounts = async () =>
  (
    await backend.sql<Record<string, number>>(
      `select (select count(*)::int from participants) participants,
              (select count(*)::int from team_members) team_members,
              (select count(*)::int from reservations) reservations,
              (select count(*)::int from contact_messages) contact_messages`,
    )
  )[0];

/** Moves the pending request's time back by `ms` (what the clock would have done). */
export const backdateRequest = (interval: string) =>
  backend.sql(
    `update private.purge_requests set requested_at = now() - $1::interval
      where cancelled_at is null and ran_at is null`,
    [interval],
  );

export const R = '[effacé]';
