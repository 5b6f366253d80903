/**
 * Shared by the Night Party admin tests (tests/integration/night-party-admin-*.test.ts): an
 * admin, a reader and a signed-in user, reservations written as superuser.
 */
import { beforeAll, beforeEach } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { testBackend } from '../../setup/test-backend';

export const backend = testBackend();
export let admin: SupabaseClient;
export let reader: SupabaseClient;
export let user: SupabaseClient;

/** Signs the staff in once; each test starts with no reservation and 3 places, no overbooking. */
export function signInStaffAndClearReservations(): void {
  beforeAll(async () => {
    await backend.createUser('chef@example.cm', 'chef-password-123', { admin: true });
    await backend.createUser('lecteur@example.cm', 'lecteur-password-123', { role: 'lecteur' });
    await backend.createUser('curieux@example.cm', 'curieux-password-123');
    admin = await backend.signedInClient('chef@example.cm', 'chef-password-123');
    reader = await backend.signedInClient('lecteur@example.cm', 'lecteur-password-123');
    user = await backend.signedInClient('curieux@example.cm', 'curieux-password-123');
  });

  beforeEach(async () => {
    await backend.sql('delete from reservations');
    await backend.setEdition({ capacity: 3, overbooking_percent: 0 });
  });
}

let serial = 0;
type Survey = {
  heard_from?: string;
  attendance_barrier?: string;
  follows_booster_page?: string;
  consumes_booster_products?: string;
};
/** A reservation written as superuser (state, survey answers, entered or not). */
export async function row(
  state: 'confirmed' | 'waitlisted' | 'cancelled',
  survey: Survey = {},
  entered = false,
) {
  const n = ++serial;
  const [r] = await backend.sql<{ id: string; pass_code: string }>(
    `insert into reservations (full_name, phone, ville, heard_from, attendance_barrier,
       follows_booster_page, consumes_booster_products, state, queue_number, cancelled_at,
       checked_in_at, checked_in_door)
     values ('Awa Ngono', $1, 'Douala', $2, $3, $4, $5, $6,
             case when $6 = 'waitlisted' then nextval('private.reservation_queue') end,
             case when $6 = 'cancelled' then now() end,
             case when $7 then now() end, case when $7 then 'Porte 1' end)
     returning id::text, pass_code`,
    [
      `65${String(n).padStart(7, '0')}`,
      survey.heard_from ?? 'social',
      survey.attendance_barrier ?? 'none',
      survey.follows_booster_page ?? 'yes',
      survey.consumes_booster_products ?? 'yes',
      state,
      entered,
    ],
  );
  return r;
}
