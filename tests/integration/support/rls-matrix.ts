/**
 * Shared by the row-level security matrix (tests/integration/rls-matrix-*.test.ts, DESIGN.md §2):
 * one client per role signed in once, and the rows every cell and read works on, written as
 * superuser.
 */
import { beforeAll } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { testBackend } from '../../setup/test-backend';

export type Role = 'anon' | 'user' | 'lecteur' | 'controle' | 'regie' | 'jury' | 'admin';
export const ROLES: Role[] = ['anon', 'user', 'lecteur', 'controle', 'regie', 'jury', 'admin'];
export type Op = 'select' | 'insert' | 'update' | 'delete';
export type Table =
  | 'participants'
  | 'team_members'
  | 'reservations'
  | 'contact_messages'
  | 'contest_settings'
  | 'edition_settings'
  | 'audit_log'
  | 'participant_status_history'
  | 'participant_directory'
  | 'reservation_directory'
  | 'surge_alerts'
  | 'vote_rounds'
  | 'vote_candidates'
  | 'votes'
  | 'outbox'
  | 'message_settings'
  | 'audition_criteria'
  | 'audition_sessions'
  | 'audition_session_criteria'
  | 'audition_judges'
  | 'audition_scorecards'
  | 'audition_scores'
  | 'door_double_entries'
  | 'jury_conflicts'
  | 'final_rules'
  | 'final_rule_changes'
  | 'final_result_snapshots'
  | 'participation_certificates';

export const backend = testBackend();
export const clients = {} as Record<Role, SupabaseClient>;
export let seq = 0;
export const uuid = () => crypto.randomUUID();
export const phone = () => `6${String(10_000_000 + ++seq).padStart(8, '0')}`;

/**
 * A participant (team of 3, with a status change), a reservation, a contact message and an audit
 * row, written as superuser (the directory row follows by trigger).
 */
export async function fixture() {
  const pid = uuid();
  const mid = uuid();
  const rid = uuid();
  const cid = uuid();
  const [{ aid, hid }] = await backend.sql<{ aid: string; hid: string }>(
    `begin;
     insert into participants (id, full_name, email, phone, city, region, category, participation_type, team_name, agree_to_terms)
       values ('${pid}', 'Awa Ngono', 'awa${seq}@example.cm', '${phone()}', 'Douala', 'Littoral', 'dance', 'team', 'Les Lions', true);
     insert into team_members (participant_id, position, full_name, phone) values ('${pid}', 1, 'Jean Mbarga', '${phone()}');
     insert into team_members (id, participant_id, position, full_name, phone) values ('${mid}', '${pid}', 2, 'Lea Fotso', '${phone()}');
     insert into reservations (id, full_name, phone, ville, heard_from) values ('${rid}', 'Marie Nana', '${phone()}', 'Yaoundé', 'social');
     insert into contact_messages (id, name, email, subject, message) values ('${cid}', 'Paul', 'paul@example.cm', 'Question', 'Bonjour, une question.');
     commit;
     with a as (insert into audit_log (action, entity, summary)
                values ('export', 'participants', 'Export « participants » : 1 ligne') returning id),
          h as (insert into participant_status_history (participant_id, from_status, to_status)
                values ('${pid}', 'inscrit', 'preselectionne') returning id)
     select (select id::text from a) aid, (select id::text from h) hid;`,
  );
  const [{ sid }] = await backend.sql<{ sid: string }>(
    `insert into surge_alerts (action, window_seconds, peak_hits, peak_level)
     values ('reserve', 600, 1000, 1) returning id::text as sid`,
  );
  // A closed round of the public vote with two candidates, and the reservation's vote.
  const vrid = uuid();
  const [{ vcid, vid }] = await backend.sql<{ vcid: string; vid: string }>(
    `insert into vote_rounds (id, title, state, opened_at, closes_at, closed_at)
       values ('${vrid}', 'Manche ${seq}', 'closed', now(), now(), now());
     with c as (insert into vote_candidates (round_id, number, name)
                values ('${vrid}', 1, 'Awa N.'), ('${vrid}', 2, 'Junior E.') returning id, number),
          v as (insert into votes (round_id, reservation_id, candidate_id, last_vote_id)
                select '${vrid}', '${rid}', c.id, gen_random_uuid() from c where number = 1
                returning id)
     select (select id::text from c where number = 1) vcid, (select id::text from v) vid;`,
  );
  // The reservation admitted twice by two doors offline (docs/decisions/032-offline-door.md).
  const [{ deid }] = await backend.sql<{ deid: string }>(
    `insert into door_double_entries (reservation_id, first_door, first_at, second_door, second_at, scan_id)
     values ($1, 'Porte 1', now(), 'Porte 2', now(), gen_random_uuid()) returning id::text deid`,
    [rid],
  );
  // A message of the outbox (docs/decisions/033-messages-outbox.md) to the reservation's holder.
  const [{ oid }] = await backend.sql<{ oid: string }>(
    `insert into outbox (channel, recipient, template, body, dedupe_key, reservation_id)
     values ('sms', '${phone()}', 'pass_recovery', 'Votre pass', 'matrix:${rid}', '${rid}')
     returning id::text as oid`,
  );
  return {
    pid,
    mid,
    rid,
    cid,
    aid,
    hid,
    sid,
    vrid,
    vcid,
    vid,
    deid,
    oid,
    ...(await auditionFixture(pid)),
  };
}

/**
 * An audition session on a day of its own, judged by the jury account (lead) and the admin,
 * with the participant `pid` convoked to it and one scored card from each judge
 * (docs/decisions/031-jury-scorecards.md). Ids of the rows each cell works on: the settings'
 * first criterion, the session, its first criterion, the jury's card.
 */
async function auditionFixture(pid: string) {
  const [{ asid, jury, admin }] = await backend.sql<{ asid: string; jury: string; admin: string }>(
    `with p as (update participants set status = 'convoque', audition_city = 'Douala',
                       audition_at = (date '2031-01-01' + $2::int + time '10:00') at time zone 'Africa/Douala'
                 where id = $1::uuid returning id)
     insert into audition_sessions (city, held_on, category, venue)
     values ('Douala', date '2031-01-01' + $2::int, 'dance', 'Salle Akwa')
     returning id::text asid,
       (select id::text from auth.users where email = 'jury@example.cm') jury,
       (select id::text from auth.users where email = 'admin@example.cm') admin`,
    [pid, seq],
  );
  await backend.sql(`select private.audition_copy_criteria($1::uuid, 'dance')`, [asid]);
  await backend.sql(
    `insert into audition_judges (session_id, user_id, is_lead, position)
     values ($1::uuid, $2::uuid, true, 1), ($1::uuid, $3::uuid, false, 2)`,
    [asid, jury, admin],
  );
  const juryCard = uuid();
  const adminCard = uuid();
  await backend.sql(
    `with c as (insert into audition_scorecards (id, session_id, judge_id, participant_id, revision, total)
                values ($1::uuid, $3::uuid, $4::uuid, $6::uuid, 1, 5),
                       ($2::uuid, $3::uuid, $5::uuid, $6::uuid, 1, 5)
                returning id, judge_id)
     insert into audition_scores (scorecard_id, session_id, judge_id, participant_id, criterion_id, value)
     select c.id, $3::uuid, c.judge_id, $6::uuid, k.id, 5 from c
       cross join audition_session_criteria k where k.session_id = $3::uuid`,
    [juryCard, adminCard, asid, jury, admin, pid],
  );
  const [{ acid, ascid }] = await backend.sql<{ acid: string; ascid: string }>(
    `select (select id::text from audition_criteria order by category, position limit 1) acid,
            (select id::text from audition_session_criteria where session_id = $1
              order by position limit 1) ascid`,
    [asid],
  );
  // The final (docs/decisions/047-the-final.md): the admin judge recused for the participant, an
  // approved change of the rules, the dance results' snapshot (one per category: kept).
  await backend.sql(
    `insert into jury_conflicts (session_id, judge_id, participant_id) values ($1, $2, $3)`,
    [asid, admin, pid],
  );
  const [{ fcid, fsid }] = await backend.sql<{ fcid: string; fsid: string }>(
    `with c as (insert into final_rule_changes (category, before, proposed, proposed_by, approved_by, approved_at)
                values ('dance', '{}', '{}', $1, $2, now()) returning id),
          s as (insert into final_result_snapshots (category, results, inputs_digest, signature)
                values ('dance', '{}', repeat('a', 64), repeat('b', 64))
                on conflict on constraint final_result_snapshots_category_key
                do update set published_at = now() returning id)
     select (select id::text from c) fcid, (select id::text from s) fsid`,
    [admin, jury],
  );
  // A certificate of participation issued to a second participant (the cells' insert tries the
  // first one: docs/decisions/057-participation-certificates-and-their-link.md).
  const [{ pcid }] = await backend.sql<{ pcid: string }>(
    `with p as (insert into participants (full_name, email, phone, city, region, category,
                  participation_type, agree_to_terms, status)
                values ('Eya Certifiée', 'eya${seq}@example.cm', '${phone()}', 'Douala', 'Littoral',
                        'dance', 'solo', true, 'convoque') returning id)
     insert into participation_certificates (participant_id, code, edition_year)
     select p.id, regexp_replace(upper(substr(md5(p.id::text), 1, 12)), '(....)(....)(....)', '\\1-\\2-\\3'), 2026
       from p returning participant_id::text pcid`,
  );
  return { acid, asid, ascid, jury, juryCard, adminCard, fcid, fsid, pcid };
}

export const count = async (sql: string) => Number((await backend.sql(sql))[0].n);

/** A confirmed reservation (Marie Nana) and its pass code. */
export async function onePass() {
  const { rid } = await fixture();
  const [{ pass_code }] = await backend.sql<{ pass_code: string }>(
    `select pass_code from reservations where id = $1`,
    [rid],
  );
  return { rid, pass_code };
}

/** Signs in one client per role, once, on the night of the concert. */
export function signInEveryRole(): void {
  beforeAll(async () => {
    // The night of the concert: the door is open (docs/decisions/017-roles-and-door-window.md).
    await backend.setEdition({
      concert_starts_at: new Date(Date.now() + 3_600_000),
      doors_open_at: new Date(Date.now() - 3_600_000),
    });
    await backend.createUser('user@example.cm', 'user-password-123', { admin: false });
    await backend.createUser('admin@example.cm', 'admin-password-123', { admin: true });
    await backend.createUser('lecteur@example.cm', 'lecteur-password-123', { role: 'lecteur' });
    await backend.createUser('controle@example.cm', 'controle-password-123', { role: 'controle' });
    await backend.createUser('regie@example.cm', 'regie-password-123', { role: 'regie' });
    await backend.createUser('jury@example.cm', 'jury-password-123', { role: 'jury' });
    clients.anon = backend.anonClient();
    for (const role of ['user', 'admin', 'lecteur', 'controle', 'regie', 'jury'] as const) {
      clients[role] = await backend.signedInClient(`${role}@example.cm`, `${role}-password-123`);
    }
  });
}
