/**
 * Shared by the door check-in tests (tests/integration/night-party-door-*.test.ts): five door
 * staff signed in on the night, passes written as superuser, check-ins, and the journal's rows.
 */
import { beforeAll, beforeEach, expect } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { testBackend } from '../../setup/test-backend';

export const backend = testBackend();

export type Verdict = {
  verdict: 'validated' | 'already' | 'unknown' | 'waitlisted' | 'cancelled';
  by_hand: boolean;
  first_name: string | null;
  last_initial: string | null;
  masked_phone: string | null;
  checked_in_at: string | null;
  door: string | null;
  position: number | null;
};

/** A check-in's answer (public.door_check_in): its fields, and a refusal's, null. */
export const DOOR_KEYS = [
  'by_hand',
  'checked_in_at',
  'code',
  'details',
  'door',
  'first_name',
  'hint',
  'last_initial',
  'masked_phone',
  'message',
  'position',
  'verdict',
];

export const DOORS = 5;
export const doors: SupabaseClient[] = [];
export let doorIds: string[] = [];

/** The night: the concert starts in an hour, the doors opened an hour ago. */
export const openTheDoors = () =>
  backend.setEdition({
    concert_starts_at: new Date(Date.now() + 3_600_000),
    doors_open_at: new Date(Date.now() - 3_600_000),
  });

/**
 * Opens the doors and signs the five door staff in once; each test starts with no reservation
 * and empty lanes.
 */
export function signInFiveDoors(): void {
  beforeAll(async () => {
    await openTheDoors();
    // The checks' cost (60,000 iterations, ADR 036) has its own test and the bench; here the
    // list is derived at once so each download holds every pass.
    await backend.sql('update private.door_key set iterations = 1000');
    doorIds = await Promise.all(
      Array.from({ length: DOORS }, (_, i) =>
        backend.createUser(`porte${i + 1}@example.cm`, 'porte-password-123', { role: 'controle' }),
      ),
    );
    for (let i = 0; i < DOORS; i++) {
      doors.push(await backend.signedInClient(`porte${i + 1}@example.cm`, 'porte-password-123'));
    }
  });

  beforeEach(async () => {
    // Each test's doors start with an empty lane (docs/decisions/036-door-admits-what-it-scanned.md).
    await backend.sql('delete from reservations');
    await backend.sql('delete from private.door_lane; delete from private.door_lane_alerts');
  });
}

let serial = 0;
/** A reservation written as superuser; returns its id and pass code. */
export async function pass(
  state: 'confirmed' | 'waitlisted' | 'cancelled' = 'confirmed',
  fullName = 'Awa Ngono',
) {
  const n = ++serial;
  const [row] = await backend.sql<{
    id: string;
    pass_code: string;
    phone: string;
    qr_token: string;
  }>(
    `insert into reservations (full_name, phone, ville, heard_from, state, queue_number, cancelled_at)
     values ($1, $2, 'Douala', 'flyer', $3,
             case when $3 = 'waitlisted' then nextval('private.reservation_queue') end,
             case when $3 = 'cancelled' then now() end)
     returning id::text, pass_code, phone, qr_token`,
    [fullName, `67${String(n).padStart(7, '0')}`, state],
  );
  return row;
}

export const checkIn = async (c: SupabaseClient, code: string, door: string, scanId?: string) => {
  const { data, error } = await c.rpc('check_in', {
    code,
    door,
    scan_id: scanId ?? crypto.randomUUID(),
  });
  expect(error).toBeNull();
  return data as Verdict;
};

/** 'DD/MM/YYYY à HHhMI' in Africa/Douala, as the database writes a date in a refusal. */
export function doualaTime(at: Date): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('fr-FR', {
      timeZone: 'Africa/Douala',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((x) => [x.type, x.value]),
  );
  // Hours as docs/glossary.md writes them (private.douala_time): "14 h", "9 h 05".
  const minutes = p.minute === '00' ? '' : ` ${p.minute}`;
  return `${p.day}/${p.month}/${p.year} à ${Number(p.hour)} h${minutes}`;
}

export const auditSince = async (id: number) =>
  backend.sql<{
    actor: string | null;
    action: string;
    entity_id: string | null;
    summary: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  }>(
    `select actor::text, action, entity_id, summary, before, after from audit_log
      where id > $1 order by id`,
    [id],
  );
export const lastAuditId = async () =>
  (await backend.sql<{ id: number }>('select coalesce(max(id), 0)::int id from audit_log'))[0].id;

export const byPhone = (c: SupabaseClient, phone: string, door = 'Porte 1') =>
  c.rpc('check_in_by_phone', { phone, door, scan_id: crypto.randomUUID() });
