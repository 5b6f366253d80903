-- A door list that does not give codes away (issue 38; docs/decisions/036-door-admits-what-it-scanned.md):
-- the HMAC key is no longer sent (a reference is an opaque name); the list carries each code's
-- PBKDF2-HMAC-SHA256 derivation (the edition's salt, 60,000 iterations), derived in the
-- background (pg_cron each minute where installed, and door_list for up to 2 s a call).
-- Schema: 56_door_checks.sql, 56_door_list.sql.

alter table private.door_key
  add column salt bytea default extensions.gen_random_bytes(16) not null,
  add column iterations integer default 60000 not null,
  add constraint door_key_iterations_check check (iterations >= 1000 and iterations <= 10000000);

comment on table private.door_key is 'secret: the key of the door references (HMAC-SHA256 of the pass code), never sent: a reference is an opaque name. salt and iterations: the door checks'' derivation (PBKDF2-HMAC-SHA256), sent in door_list''s full download (docs/decisions/036-door-admits-what-it-scanned.md).';

create table private.door_checks (
  reservation_id uuid not null,
  pass_code text not null,
  check_ref text not null,
  derived_at timestamptz default now() not null,
  constraint door_checks_pkey primary key (reservation_id),
  constraint door_checks_reservation_id_fkey foreign key (reservation_id) references public.reservations(id) on delete cascade
);
comment on table private.door_checks is 'private.door_check of each pass''s code, derived by private.door_checks_fill (pg_cron each minute, and door_list): the door list''s check. Stale when pass_code is no longer the reservation''s.';
alter table private.door_checks enable row level security;
revoke all on private.door_checks from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Functions
-- ---------------------------------------------------------------------------------------------

-- base64url (no padding) of the first 16 bytes of PBKDF2-HMAC-SHA256(normalised code, salt,
-- iterations): the door phone derives the same with WebCrypto (src/data/door/door-ref.ts).
-- pgcrypto has no PBKDF2: one block (16 bytes < 32), U1 = HMAC(code, salt || 1), Ui =
-- HMAC(code, Ui-1), XORed as bit(256). 60,000 iterations: about 0.25 s here (ADR 036).
create function private.door_check(code text) returns text
language plpgsql stable security definer set search_path = '' as $$
declare
  k bytea := convert_to(code, 'UTF8');
  salt bytea;
  iterations integer;
  u bytea;
  t bit(256);
  h text;
begin
  select k.salt, k.iterations into salt, iterations from private.door_key k;
  u := extensions.hmac(salt || '\x00000001'::bytea, k, 'sha256');
  t := ('x' || encode(u, 'hex'))::bit(256);
  for i in 2..iterations loop
    u := extensions.hmac(u, k, 'sha256');
    t := t # ('x' || encode(u, 'hex'))::bit(256);
  end loop;
  select string_agg(lpad(to_hex(substring(t from j * 8 + 1 for 8)::integer), 2, '0'), '' order by j)
    into h from generate_series(0, 15) j;
  return translate(rtrim(encode(decode(h, 'hex'), 'base64'), '='), '+/', '-_');
end;
$$;
revoke all on function private.door_check(text) from public, anon, authenticated;

-- Derives the checks that are missing or stale (a pass code changed), confirmed passes first,
-- the newest first (a pass reserved this minute before one the cron missed),
-- until `budget_ms` is spent; each pass derived goes into the next door list delta. One fill at a
-- time (another one running: nothing). Returns how many were derived.
create function private.door_checks_fill(budget_ms integer) returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  started timestamptz := clock_timestamp();
  r record;
  n integer := 0;
begin
  if not pg_try_advisory_xact_lock(hashtextextended('door.checks', 0)) then
    return 0;
  end if;
  for r in
    select x.id, x.pass_code from public.reservations x
      left join private.door_checks c on c.reservation_id = x.id
     where c.reservation_id is null or c.pass_code <> x.pass_code
     order by x.state = 'confirmed' desc, x.created_at desc
  loop
    exit when clock_timestamp() - started > make_interval(secs => budget_ms / 1000.0);
    insert into private.door_checks as c (reservation_id, pass_code, check_ref)
    values (r.id, r.pass_code, private.door_check(r.pass_code))
    on conflict (reservation_id) do update
      set pass_code = excluded.pass_code, check_ref = excluded.check_ref, derived_at = now();
    update public.reservations x set door_version = private.door_list_version() where x.id = r.id;
    n := n + 1;
  end loop;
  return n;
end;
$$;
revoke all on function private.door_checks_fill(integer) from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- The schedule (not a schema object: pg_cron's job table, where pg_cron is installed)
-- ---------------------------------------------------------------------------------------------

-- Hosted Supabase: a pass reserved is derived within the minute. Elsewhere (the embedded
-- backend) door_list derives what is missing, a few seconds per call.
do $$
begin
  if exists (select 1 from pg_catalog.pg_extension where extname = 'pg_cron') then
    execute $cron$select cron.schedule('booster-door-checks', '* * * * *',
      'select private.door_checks_fill(50000)')$cron$;
  end if;
end;
$$;

-- What a door needs to judge every pass offline (docs/decisions/032-offline-door.md), for door
-- staff inside the door window: since null (or not a version of this database), the full list
-- with the derivation's salt and iterations, journaled ('door.list'); otherwise what changed
-- since that version (passes whose row changed, every waitlisted pass when positions moved, and
-- the references that left). Each pass: [ref, first_name, last_initial, phone_last4, state
-- c|w|x, waitlist_position, checked_in_at, checked_in_door, checked_in_by_hand, check]; check:
-- private.door_check of its code, null until derived (this call derives for up to 2 s, 036).
-- No code, no phone, no key.
create or replace function public.door_list(door text, since bigint default null) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  -- Every transaction below xmin has ended: all their changes are seen now, so the next delta
  -- starts there (changes of transactions still running are sent again then, never missed).
  snap pg_snapshot := pg_current_snapshot();
  v_version bigint := pg_snapshot_xmin(snap)::text::bigint;
  v_full boolean := door_list.since is null or door_list.since < 0
                    or door_list.since > pg_snapshot_xmax(snap)::text::bigint;
  v_door text;
  refused jsonb;
  waitlist boolean;
  passes jsonb;
  n integer;
  answer jsonb;
begin
  perform private.require_door_staff();
  perform private.require_door(door);
  v_door := private.clean_line(door);
  refused := private.door_closed_refusal();
  if refused is not null then
    return refused;
  end if;
  perform private.door_checks_fill(2000);
  waitlist := v_full
    or (select w.version from private.door_waitlist_version w) >= door_list.since;
  select coalesce(jsonb_agg(jsonb_build_array(r.door_ref, private.first_name(r.full_name),
           private.last_initial(r.full_name), right(r.phone, 4),
           case r.state when 'confirmed' then 'c' when 'waitlisted' then 'w' else 'x' end,
           w.pos, r.checked_in_at, r.checked_in_door, r.checked_in_by_hand, c.check_ref)),
           '[]'::jsonb),
         count(*)
    into passes, n
    from public.reservations r
    left join (select x.id, row_number() over (order by x.queue_number)::integer as pos
                 from public.reservations x where x.state = 'waitlisted') w on w.id = r.id
    left join private.door_checks c on c.reservation_id = r.id and c.pass_code = r.pass_code
   where v_full or r.door_version >= door_list.since or (waitlist and r.state = 'waitlisted');
  answer := jsonb_build_object('full', v_full, 'version', v_version, 'server_now', now(),
    'window', private.door_window(), 'passes', passes);
  if v_full then
    perform private.audit('door.list', 'door', null,
      format('Liste des passes téléchargée à « %s » (%s pass)', v_door, n), null,
      jsonb_build_object('door', v_door, 'passes', n));
    return answer || (select jsonb_build_object('salt',
      translate(rtrim(encode(k.salt, 'base64'), '='), '+/', '-_'), 'iterations', k.iterations)
      from private.door_key k);
  end if;
  return answer || jsonb_build_object('removed', (
    select coalesce(jsonb_agg(distinct d.ref), '[]'::jsonb)
      from private.door_list_removed d
     where d.version >= door_list.since
       and not exists (select 1 from public.reservations x where x.door_ref = d.ref)));
end;
$$;
revoke all on function public.door_list(text,bigint) from public, anon, authenticated;
grant execute on function public.door_list(text,bigint) to authenticated;
