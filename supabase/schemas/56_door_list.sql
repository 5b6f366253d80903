-- The offline door's list: each pass by an opaque reference (a hash keyed by a server-only key),
-- 24 bits of the slow derivation of its code (56_door_checks.sql; never the code), a hash of its
-- QR's random token (042-a-door-list-without-codes.md), the first name and
-- initial, the phone's last 4 digits and the state, in full or as deltas; the queue that
-- reconciles what doors judged offline is in 56_door_sync.sql (docs/decisions/032-offline-door.md,
-- 036-door-admits-what-it-scanned.md).

-- ---------------------------------------------------------------------------------------------
-- Tables, their indexes, grants and required rows
-- ---------------------------------------------------------------------------------------------

create table private.door_key (
  id boolean default true,
  secret bytea default extensions.gen_random_bytes(32) not null,
  salt bytea default extensions.gen_random_bytes(16) not null,
  iterations integer default 60000 not null,
  constraint door_key_pkey primary key (id),
  constraint door_key_id_check check (id),
  constraint door_key_iterations_check check (iterations >= 1000 and iterations <= 10000000)
);
comment on table private.door_key is 'secret: the key of the door references (HMAC-SHA256 of the pass code), never sent: a reference is an opaque name. salt and iterations: the door checks'' derivation (PBKDF2-HMAC-SHA256), sent in door_list''s full download (docs/decisions/036-door-admits-what-it-scanned.md).';
alter table private.door_key enable row level security;
revoke all on private.door_key from public, anon, authenticated;
insert into private.door_key default values;

create table private.door_list_removed (
  ref text not null,
  version bigint not null,
  removed_at timestamptz default now() not null,
  constraint door_list_removed_pkey primary key (version, ref)
);
comment on table private.door_list_removed is 'Door references that left the door list (reservation deleted, pass code changed), for door_list''s deltas.';
alter table private.door_list_removed enable row level security;
revoke all on private.door_list_removed from public, anon, authenticated;

create table private.door_waitlist_version (
  id boolean default true,
  version bigint default 0 not null,
  constraint door_waitlist_version_pkey primary key (id),
  constraint door_waitlist_version_id_check check (id)
);
comment on table private.door_waitlist_version is 'The last transaction that moved waitlist positions (a waitlisted pass promoted, cancelled, moved or deleted): door_list''s deltas resend the waitlist after it.';
alter table private.door_waitlist_version enable row level security;
revoke all on private.door_waitlist_version from public, anon, authenticated;
insert into private.door_waitlist_version default values;

-- ---------------------------------------------------------------------------------------------
-- Functions
-- ---------------------------------------------------------------------------------------------

-- base64url (no padding) of the first 16 bytes of HMAC-SHA256(door key, normalised pass code).
create function private.door_ref(code text) returns text
language sql stable security definer set search_path = '' as $$
  select translate(rtrim(encode(substr(extensions.hmac(convert_to(code, 'UTF8'),
           (select k.secret from private.door_key k), 'sha256'), 1, 16), 'base64'), '='),
           '+/', '-_')
$$;
revoke all on function private.door_ref(text) from public, anon, authenticated;

-- base64url (no padding) of the first 16 bytes of SHA-256(salt || token): how the door list
-- names a pass's QR token (reservations.qr_token, 128 random bits: no guess ever hits one, so
-- one fast hash suffices; the phone checks a scanned token with one SHA-256, ADR 042).
create function private.door_token_check(salt bytea, token text) returns text
language sql immutable parallel safe set search_path = '' as $$
  select translate(rtrim(encode(substr(extensions.digest(salt || convert_to(token, 'UTF8'),
           'sha256'), 1, 16), 'base64'), '='), '+/', '-_')
$$;
revoke all on function private.door_token_check(bytea,text) from public, anon, authenticated;

-- The list's version of a change: the id of the transaction that makes it.
create function private.door_list_version() returns bigint
language sql volatile set search_path = '' as $$
  select pg_current_xact_id()::text::bigint
$$;
revoke all on function private.door_list_version() from public, anon, authenticated;

-- 'Awa' of 'Awa Ngono Mballa'.
create function private.first_name(full_name text) returns text
language sql immutable parallel safe set search_path = '' as $$
  select split_part(full_name, ' ', 1)
$$;
revoke all on function private.first_name(text) from public, anon, authenticated;

-- 'M' of 'Awa Ngono Mballa' (the last word's initial); null for a single word.
create function private.last_initial(full_name text) returns text
language sql immutable parallel safe set search_path = '' as $$
  select case when position(' ' in full_name) > 0
              then upper(left(regexp_replace(full_name, '^.* ', ''), 1)) end
$$;
revoke all on function private.last_initial(text) from public, anon, authenticated;

-- Keeps door_ref and door_version (a pass code that changes leaves its old reference in
-- private.door_list_removed), and notes when waitlist positions move.
create function private.reservations_door_list() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'INSERT' or new.pass_code is distinct from old.pass_code then
    new.door_ref := private.door_ref(new.pass_code);
    if tg_op = 'UPDATE' and old.door_ref is not null then
      insert into private.door_list_removed (ref, version)
      values (old.door_ref, private.door_list_version()) on conflict do nothing;
    end if;
  end if;
  if tg_op = 'INSERT' or new.door_ref is distinct from old.door_ref
     or (new.full_name, new.phone, new.state, new.queue_number, new.checked_in_at,
         new.checked_in_door, new.checked_in_by_hand)
        is distinct from (old.full_name, old.phone, old.state, old.queue_number,
                          old.checked_in_at, old.checked_in_door, old.checked_in_by_hand) then
    new.door_version := private.door_list_version();
  end if;
  if tg_op = 'UPDATE' and (old.state = 'waitlisted' or new.state = 'waitlisted')
     and (new.state, new.queue_number) is distinct from (old.state, old.queue_number) then
    update private.door_waitlist_version w
       set version = greatest(w.version, private.door_list_version());
  end if;
  return new;
end;
$$;
revoke all on function private.reservations_door_list() from public, anon, authenticated;

-- A deleted reservation's reference leaves the door list (and a waitlisted one moves the others).
create function private.reservations_door_removed() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into private.door_list_removed (ref, version)
  select distinct g.door_ref, private.door_list_version() from gone g where g.door_ref is not null
  on conflict do nothing;
  if exists (select 1 from gone g where g.state = 'waitlisted') then
    update private.door_waitlist_version w
       set version = greatest(w.version, private.door_list_version());
  end if;
  return null;
end;
$$;
revoke all on function private.reservations_door_removed() from public, anon, authenticated;

-- What a door needs to judge every pass offline (docs/decisions/032-offline-door.md), for door
-- staff inside the door window: since null (or not a version of this database), the full list
-- with the derivation's salt and iterations, journaled ('door.list'); otherwise what changed
-- since that version (passes whose row changed, every waitlisted pass when positions moved, and
-- the references that left). Each pass: [ref, first_name, last_initial, phone_last4, state
-- c|w|x, waitlist_position, checked_in_at, checked_in_door, checked_in_by_hand, check,
-- token_check]; check: private.door_check of its code (24 bits, ADR 042), null until derived
-- (this call derives for up to 2 s, 036); token_check: private.door_token_check of its QR token.
-- The full download adds salt, iterations and check_bytes (3); a delta, removed. No code, no
-- token, no phone, no key. The answer: public.door_list_answer (06_answer_types_door_vote.sql).
create function public.door_list(door text, since bigint default null)
returns public.door_list_answer
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
    return jsonb_populate_record(null::public.door_list_answer, refused);
  end if;
  perform private.door_checks_fill(2000);
  waitlist := v_full
    or (select w.version from private.door_waitlist_version w) >= door_list.since;
  select coalesce(jsonb_agg(jsonb_build_array(r.door_ref, private.first_name(r.full_name),
           private.last_initial(r.full_name), right(r.phone, 4),
           case r.state when 'confirmed' then 'c' when 'waitlisted' then 'w' else 'x' end,
           w.pos, r.checked_in_at, r.checked_in_door, r.checked_in_by_hand, c.check_ref,
           private.door_token_check(k.salt, r.qr_token))),
           '[]'::jsonb),
         count(*)
    into passes, n
    from public.reservations r
    left join (select x.id, row_number() over (order by x.queue_number)::integer as pos
                 from public.reservations x where x.state = 'waitlisted') w on w.id = r.id
    left join private.door_checks c on c.reservation_id = r.id and c.pass_code = r.pass_code
   cross join private.door_key k
   where v_full or r.door_version >= door_list.since or (waitlist and r.state = 'waitlisted');
  answer := jsonb_build_object('full', v_full, 'version', v_version, 'server_now', now(),
    'window', private.door_window(), 'passes', passes);
  if v_full then
    perform private.audit('door.list', 'door', null,
      format('Liste des pass téléchargée à « %s » (%s pass)', v_door, n), null,
      jsonb_build_object('door', v_door, 'passes', n));
    return jsonb_populate_record(null::public.door_list_answer,
      answer || (select jsonb_build_object('salt',
        translate(rtrim(encode(k.salt, 'base64'), '='), '+/', '-_'), 'iterations', k.iterations,
        'check_bytes', 3)
        from private.door_key k));
  end if;
  return jsonb_populate_record(null::public.door_list_answer,
    answer || jsonb_build_object('removed', (
      select coalesce(jsonb_agg(distinct d.ref), '[]'::jsonb)
        from private.door_list_removed d
       where d.version >= door_list.since
         and not exists (select 1 from public.reservations x where x.door_ref = d.ref))));
end;
$$;
revoke all on function public.door_list(text,bigint) from public, anon, authenticated;
grant execute on function public.door_list(text,bigint) to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Triggers and policies
-- ---------------------------------------------------------------------------------------------

create trigger reservations_door_list before insert or update on public.reservations
  for each row execute function private.reservations_door_list();
-- Also for bulk loads that turn triggers off (session_replication_role = replica, as
-- bench/support/fill-large.ts does): every row has its reference whatever the load.
alter table public.reservations enable always trigger reservations_door_list;
create trigger reservations_door_removed after delete on public.reservations
  referencing old table as gone for each statement
  execute function private.reservations_door_removed();
-- Also for bulk loads that turn triggers off.
alter table public.reservations enable always trigger reservations_door_removed;
