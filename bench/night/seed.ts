/**
 * The night's data (bench/night/run.ts): the passes, the waitlist, the day's reminder queued,
 * the staff accounts (doors, régie, admins) signed in through the local GoTrue, and the round.
 * Written in SQL as the other benches do (bench/vote.ts, bench/door.ts): the rehearsal times
 * the evening, not the reservations.
 */
import type pg from 'pg';
import { ANON_KEY } from '../../supabase/local/constants.ts';
import type { NightScale } from './settings.ts';

const PASSWORD = 'bench-night-2025';

export type NightSeed = {
  /** Every confirmed pass, in order: arrivals first (scanned at the doors tonight). */
  codes: string[];
  /** Passes the doors scan tonight (the first `arrivals` of codes). */
  arrivals: number;
  /** Holders who cancel tonight (not among the arrivals nor the voters). */
  cancelCodes: string[];
  doorTokens: string[];
  regieToken: string;
  adminTokens: string[];
  roundId: string;
  candidateIds: string[];
  remindersQueued: number;
};

/** Scans of the whole door phase: lanes × pace × minutes. */
export const doorScans = (s: NightScale) =>
  Math.round((s.lanes * s.scansPerMinute * s.doorSeconds) / 60);

async function signIn(url: string, email: string): Promise<string> {
  const res = await fetch(`${url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`${email} could not sign in: ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function staff(admin: pg.Pool, prefix: string, role: string, n: number) {
  await admin.query(
    `with u as (
       insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at)
       select gen_random_uuid(), 'authenticated', 'authenticated', $1 || g || '@example.cm',
              extensions.crypt($2, extensions.gen_salt('bf', 4)), now()
         from generate_series(1, $3::int) g
       returning id, email),
     i as (
       insert into auth.identities (provider_id, user_id, identity_data, provider)
       select id::text, id, jsonb_build_object('sub', id::text, 'email', email), 'email' from u)
     insert into private.admins (user_id, role) select id, $4 from u`,
    [prefix, PASSWORD, n, role],
  );
  return Array.from({ length: n }, (_, i) => `${prefix}${i + 1}@example.cm`);
}

export async function seedNight(admin: pg.Pool, url: string, s: NightScale): Promise<NightSeed> {
  // The night: the doors opened an hour ago, the concert starts in an hour (the door window is
  // open, the pass pages poll). A place for every pass and every holder who will cancel.
  await admin.query(
    `update public.edition_settings
        set capacity = $1, overbooking_percent = 0,
            concert_starts_at = now() + interval '1 hour', doors_open_at = now() - interval '1 hour',
            reservations_open_at = now() - interval '20 days', reservations_close_at = null,
            updated_at = now()`,
    [s.passes + s.cancels],
  );
  await admin.query(
    `update public.message_settings set daily_cap = 100000, reminder_days_before = null,
            reminder_channel = 'sms', site_url = 'https://booster-challenge.cm'`,
  );
  const { rows } = await admin.query<{ pass_code: string }>(
    `insert into public.reservations (full_name, phone, ville, heard_from)
     select 'Invité ' || g || ' Nuit', '64' || lpad(g::text, 7, '0'), 'Douala', 'social'
       from generate_series(1, $1::int) g order by g
     returning pass_code`,
    [s.passes + s.cancels],
  );
  const all = rows.map((r) => r.pass_code);
  await admin.query(
    `insert into public.reservations (full_name, phone, ville, heard_from, state, queue_number)
     select 'Attente ' || g || ' Nuit', '65' || lpad(g::text, 7, '0'), 'Douala', 'social',
            'waitlisted', g
       from generate_series(1, $1::int) g`,
    [s.waitlisted],
  );
  // The day's reminder, queued before the doors and still draining when they open (the
  // heaviest the outbox gets on the night): what admin_send_reminder queues.
  const [{ n: remindersQueued }] = (
    await admin.query<{ n: number }>(`select private.queue_reminders('sms', gen_random_uuid()) n`)
  ).rows;
  const codes = all.slice(0, s.passes);
  const cancelCodes = all.slice(s.passes);
  const arrivals = Math.min(s.passes, Math.round(doorScans(s) * 0.9));
  // Everyone but tonight's arrivals entered earlier in the evening.
  await admin.query(
    `update public.reservations set checked_in_at = now() - interval '30 minutes',
            checked_in_door = 'Porte 1'
      where pass_code = any($1::text[])`,
    [codes.slice(arrivals)],
  );
  const doors = await staff(admin, 'porte-nuit-', 'controle', s.lanes);
  const [regie] = await staff(admin, 'regie-nuit-', 'regie', 1);
  const admins = await staff(admin, 'admin-nuit-', 'admin', s.admins);
  const [doorTokens, [regieToken], adminTokens] = await Promise.all([
    Promise.all(doors.map((e) => signIn(url, e))),
    Promise.all([signIn(url, regie)]),
    Promise.all(admins.map((e) => signIn(url, e))),
  ]);
  const { rows: round } = await admin.query<{ id: string }>(
    `insert into public.vote_rounds (title, duration_seconds) values ('Manche de la nuit', $1)
     returning id::text`,
    [s.roundSeconds],
  );
  const { rows: candidates } = await admin.query<{ id: string }>(
    `insert into public.vote_candidates (round_id, number, name, line)
     select $1, g, 'Candidat ' || g, 'Ville ' || g from generate_series(1, 8) g
     returning id::text`,
    [round[0].id],
  );
  return {
    codes,
    arrivals,
    cancelCodes,
    doorTokens,
    regieToken,
    adminTokens,
    roundId: round[0].id,
    candidateIds: candidates.map((c) => c.id),
    remindersQueued,
  };
}
