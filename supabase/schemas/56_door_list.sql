-- The offline door: the door list (a keyed hash of each pass code, never the code), the queue
-- of scans judged offline and its reconciliation into one entry plus recorded double entries
-- (docs/decisions/032-offline-door.md).

-- ---------------------------------------------------------------------------------------------
-- Tables, their indexes, grants and required rows
-- ---------------------------------------------------------------------------------------------

create table private.door_key (
  id boolean default true,
  secret bytea default extensions.gen_random_bytes(32) not null,
  constraint door_key_pkey primary key (id),
  constraint door_key_id_check check (id)
);
comment on table private.door_key is 'The edition''s key of the door references (HMAC-SHA256 of the pass code), given to door staff in door_list''s full download only (docs/decisions/032-offline-door.md).';
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

create table private.door_sync_scans (
  scan_id uuid not null,
  reservation_id uuid,
  door text not null,
  scanned_at timestamptz not null,
  shown text,
  verdict text not null,
  synced_at timestamptz default now() not null,
  synced_by uuid,
  constraint door_sync_scans_pkey primary key (scan_id),
  constraint door_sync_scans_reservation_id_fkey foreign key (reservation_id) references public.reservations(id) on delete cascade
);
comment on table private.door_sync_scans is 'Each scan door_sync took, by its scan id: a retry answers the same and stores nothing twice.';
create index door_sync_scans_reservation_idx on private.door_sync_scans (reservation_id);
alter table private.door_sync_scans enable row level security;
revoke all on private.door_sync_scans from public, anon, authenticated;

create table public.door_double_entries (
  id bigint generated always as identity,
  reservation_id uuid not null,
  first_door text,
  first_at timestamptz not null,
  second_door text not null,
  second_at timestamptz not null,
  scan_id uuid not null,
  recorded_at timestamptz default now() not null,
  recorded_by uuid,
  constraint door_double_entries_pkey primary key (id),
  constraint door_double_entries_scan_id_key unique (scan_id),
  constraint door_double_entries_reservation_id_fkey foreign key (reservation_id) references public.reservations(id) on delete cascade
);
comment on table public.door_double_entries is 'A pass admitted offline at a second door after its entry: never a second entry. first_door null: the entry was by hand. Read through door_double_entries_list.';
create index door_double_entries_reservation_idx on public.door_double_entries (reservation_id);
alter table public.door_double_entries enable row level security;
revoke all on public.door_double_entries from public, anon, authenticated;

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
-- private.door_list_removed).
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
  return new;
end;
$$;
revoke all on function private.reservations_door_list() from public, anon, authenticated;

-- A deleted reservation's reference leaves the door list.
create function private.reservations_door_removed() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into private.door_list_removed (ref, version)
  select distinct g.door_ref, private.door_list_version() from gone g where g.door_ref is not null
  on conflict do nothing;
  return null;
end;
$$;
revoke all on function private.reservations_door_removed() from public, anon, authenticated;

-- What a door needs to judge every pass offline (docs/decisions/032-offline-door.md), for door
-- staff inside the door window: since null (or not a version of this database), the full list
-- with the key, journaled ('door.list'); otherwise what changed since that version (passes
-- whose row changed, every waitlisted pass when anything changed, and the references that
-- left). Each pass: [ref, first_name, last_initial, phone_last4, state c|w|x,
-- waitlist_position, checked_in_at, checked_in_door, checked_in_by_hand]. No code, no phone.
create function public.door_list(door text, since bigint default null) returns jsonb
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
  waitlist := v_full
    or exists (select 1 from public.reservations x where x.door_version >= door_list.since)
    or exists (select 1 from private.door_list_removed d where d.version >= door_list.since);
  select coalesce(jsonb_agg(jsonb_build_array(r.door_ref, private.first_name(r.full_name),
           private.last_initial(r.full_name), right(r.phone, 4),
           case r.state when 'confirmed' then 'c' when 'waitlisted' then 'w' else 'x' end,
           w.pos, r.checked_in_at, r.checked_in_door, r.checked_in_by_hand)), '[]'::jsonb),
         count(*)
    into passes, n
    from public.reservations r
    left join (select x.id, row_number() over (order by x.queue_number)::integer as pos
                 from public.reservations x where x.state = 'waitlisted') w on w.id = r.id
   where v_full or r.door_version >= door_list.since or (waitlist and r.state = 'waitlisted');
  answer := jsonb_build_object('full', v_full, 'version', v_version, 'server_now', now(),
    'window', private.door_window(), 'passes', passes);
  if v_full then
    perform private.audit('door.list', 'door', null,
      format('Liste des passes téléchargée à « %s » (%s pass)', v_door, n), null,
      jsonb_build_object('door', v_door, 'passes', n));
    return answer || jsonb_build_object('key',
      translate(rtrim(encode((select k.secret from private.door_key k), 'base64'), '='), '+/', '-_'));
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

-- One scan of the queue as door_sync answers it: the door's answer plus scan_id and
-- double_entry.
create function private.door_sync_answer(scan_id uuid, verdict text, r public.reservations)
returns jsonb
language sql stable set search_path = '' as $$
  select private.door_answer(verdict, r)
         || jsonb_build_object('scan_id', scan_id, 'double_entry', verdict = 'double_entry')
$$;
revoke all on function private.door_sync_answer(uuid,text,public.reservations) from public, anon, authenticated;

-- The door's queue (scans judged offline, or sent while the network failed), 1 to 200 per call,
-- each { scan_id, ref or code, scanned_at, offline_verdict }, inside the door window. Each scan
-- is taken once (by scan_id: a retry answers the same and stores nothing). A pass admitted
-- ('valid' shown, or no verdict shown) that has not entered enters at its scan's time (kept
-- between the door's opening and now); one that entered already, admitted offline at another
-- scan, becomes a double entry (public.door_double_entries), never a second entry. A refusal
-- shown offline records nothing ('not_entered' when the pass may in fact enter).
create function public.door_sync(door text, scans jsonb) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_door text;
  refused jsonb;
  opens timestamptz;
  s record;
  r public.reservations;
  done private.door_sync_scans;
  v_at timestamptz;
  verdict text;
  results jsonb := '[]'::jsonb;
begin
  perform private.require_door_staff();
  perform private.require_door(door);
  v_door := private.clean_line(door);
  if jsonb_typeof(scans) is distinct from 'array' or jsonb_array_length(scans) not between 1 and 200 then
    perform private.invalid('scans', 'Envoyez de 1 à 200 contrôles à la fois.');
  end if;
  if exists (
    select 1 from jsonb_array_elements(scans) e
     where jsonb_typeof(e) <> 'object'
        or jsonb_typeof(e -> 'scan_id') is distinct from 'string'
        or not pg_input_is_valid(e ->> 'scan_id', 'uuid')
        or jsonb_typeof(e -> 'scanned_at') is distinct from 'string'
        or not pg_input_is_valid(e ->> 'scanned_at', 'timestamptz')
        or (jsonb_typeof(e -> 'ref') is not distinct from 'string')
           = (jsonb_typeof(e -> 'code') is not distinct from 'string')
        or coalesce(jsonb_typeof(e -> 'offline_verdict'), 'null') not in ('string', 'null')
        or e ->> 'offline_verdict' not in ('valid', 'already', 'unknown', 'waitlisted', 'cancelled')) then
    perform private.invalid('scans',
      'Contrôle invalide : chaque contrôle a un identifiant, un pass (référence ou code), l''heure du scan et ce que la porte a affiché.');
  end if;
  refused := private.door_closed_refusal();
  if refused is not null then
    return refused;
  end if;
  opens := (private.door_window() ->> 'opens_at')::timestamptz;
  -- The passes of the batch, locked in one order: two doors' batches never deadlock.
  perform 1 from public.reservations x
   where x.id in (select y.id from public.reservations y
                   where y.door_ref in (select e ->> 'ref' from jsonb_array_elements(scans) e)
                  union all
                  select y.id from public.reservations y
                   where y.pass_code in (select private.normalise_pass_code(e ->> 'code')
                                           from jsonb_array_elements(scans) e))
   order by x.id for update;

  for s in
    select (e ->> 'scan_id')::uuid as scan_id, e ->> 'ref' as ref,
           private.normalise_pass_code(e ->> 'code') as code,
           (e ->> 'scanned_at')::timestamptz as scanned_at, e ->> 'offline_verdict' as shown
      from jsonb_array_elements(scans) with ordinality x(e, ord) order by x.ord
  loop
    select * into done from private.door_sync_scans d where d.scan_id = s.scan_id;
    if found then
      select * into r from public.reservations x where x.id = done.reservation_id;
      results := results || jsonb_build_array(private.door_sync_answer(s.scan_id, done.verdict, r));
      continue;
    end if;
    if s.ref is not null then
      select * into r from public.reservations x where x.door_ref = s.ref;
    else
      select * into r from public.reservations x where x.pass_code = s.code;
    end if;
    v_at := least(greatest(s.scanned_at, opens), now());
    if r.id is null then
      verdict := 'unknown';
    elsif r.state = 'cancelled' then
      verdict := 'cancelled';
    elsif r.state = 'waitlisted' then
      verdict := 'waitlisted';
    elsif r.checked_in_at is not null and r.check_in_scan_id = s.scan_id then
      verdict := 'validated';
    elsif r.checked_in_at is not null and s.shown = 'valid' then
      verdict := 'double_entry';
      insert into public.door_double_entries (reservation_id, first_door, first_at, second_door,
        second_at, scan_id, recorded_by)
      values (r.id, r.checked_in_door, r.checked_in_at, v_door, v_at, s.scan_id, auth.uid());
      perform private.audit('reservation.double_entry', 'reservation', r.id::text,
        format('Double entrée : admis hors ligne à « %s » le %s, déjà entré %s le %s', v_door,
               private.douala_time(v_at),
               coalesce(format('à « %s »', r.checked_in_door), 'à la main'),
               private.douala_time(r.checked_in_at)),
        null, jsonb_build_object('door', v_door, 'scanned_at', v_at, 'scan_id', s.scan_id,
          'first_door', r.checked_in_door, 'first_at', r.checked_in_at));
    elsif r.checked_in_at is not null then
      verdict := 'already';
    elsif s.shown is null or s.shown = 'valid' then
      verdict := 'validated';
      update public.reservations x
         set checked_in_at = v_at, checked_in_door = v_door, checked_in_by_hand = false,
             checked_in_by = auth.uid(), check_in_scan_id = s.scan_id
       where x.id = r.id
      returning * into r;
      perform private.audit('reservation.check_in', 'reservation', r.id::text,
        format('Entrée validée à « %s »%s', v_door,
               case when s.shown = 'valid' then ' (hors ligne)' else '' end),
        null, jsonb_build_object('door', v_door, 'by_hand', false, 'scan_id', s.scan_id,
          'scanned_at', v_at, 'offline', s.shown is not null));
    else
      verdict := 'not_entered';
    end if;
    insert into private.door_sync_scans (scan_id, reservation_id, door, scanned_at, shown,
      verdict, synced_by)
    values (s.scan_id, r.id, v_door, v_at, s.shown, verdict, auth.uid())
    on conflict (scan_id) do nothing;
    results := results || jsonb_build_array(private.door_sync_answer(s.scan_id, verdict, r));
  end loop;
  return jsonb_build_object('results', results);
end;
$$;
revoke all on function public.door_sync(text,jsonb) from public, anon, authenticated;
grant execute on function public.door_sync(text,jsonb) to authenticated;

-- The double entries, newest first, for admins (the reservation's id and full name) and readers
-- (the directory's id and the first name and initial only).
create function public.door_double_entries_list() returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  admin boolean := private.has_role('admin');
begin
  if not private.has_role('admin', 'lecteur') then
    raise exception 'Accès réservé au personnel.' using errcode = '42501';
  end if;
  return (
    select coalesce(jsonb_agg(jsonb_build_object(
      'id', d.id,
      'reservation_id', case when admin then r.id else private.reservation_directory_id(r.id) end,
      'full_name', case when admin then r.full_name
                        else concat_ws(' ', private.first_name(r.full_name),
                                       private.last_initial(r.full_name) || '.') end,
      'masked_phone', private.mask_phone(r.phone),
      'first_door', d.first_door, 'first_at', d.first_at,
      'second_door', d.second_door, 'second_at', d.second_at,
      'recorded_at', d.recorded_at) order by d.recorded_at desc, d.id desc), '[]'::jsonb)
      from public.door_double_entries d join public.reservations r on r.id = d.reservation_id);
end;
$$;
revoke all on function public.door_double_entries_list() from public, anon, authenticated;
grant execute on function public.door_double_entries_list() to authenticated;

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
