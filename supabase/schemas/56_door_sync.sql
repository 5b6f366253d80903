-- The offline door's queue: scans judged offline, taken once each, reconciled into one entry
-- plus recorded double entries, and the double entries as the administration reads them
-- (docs/decisions/032-offline-door.md).

-- ---------------------------------------------------------------------------------------------
-- Tables, their indexes, grants and required rows
-- ---------------------------------------------------------------------------------------------

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

-- One scan of the queue as door_sync answers it: the door's answer plus scan_id and
-- double_entry.
create function private.door_sync_answer(scan_id uuid, verdict text, r public.reservations)
returns jsonb
language sql stable set search_path = '' as $$
  select private.door_answer(verdict, r)
         || jsonb_build_object('scan_id', scan_id, 'double_entry', verdict = 'double_entry')
$$;
revoke all on function private.door_sync_answer(uuid,text,public.reservations) from public, anon, authenticated;

-- A double entry: a pass that had entered, admitted offline again at `door` at `at`. Recorded
-- and journaled once per pass and door per 5 minutes of scan time (a steward scanning one pass
-- over and over records one); true when this scan recorded it.
create function private.door_double_entry(r public.reservations, door text, at timestamptz,
  scan_id uuid) returns boolean
language plpgsql volatile security definer set search_path = '' as $$
begin
  if exists (select 1 from public.door_double_entries d
              where d.reservation_id = r.id and d.second_door = door
                and d.second_at > at - interval '5 minutes'
                and d.second_at < at + interval '5 minutes') then
    return false;
  end if;
  insert into public.door_double_entries (reservation_id, first_door, first_at, second_door,
    second_at, scan_id, recorded_by)
  values (r.id, r.checked_in_door, r.checked_in_at, door, at, scan_id, auth.uid());
  perform private.audit('reservation.double_entry', 'reservation', r.id::text,
    format('Double entrée : admis hors ligne à « %s » le %s, déjà entré %s le %s', door,
           private.douala_time(at),
           coalesce(format('à « %s »', r.checked_in_door), 'à la main'),
           private.douala_time(r.checked_in_at)),
    null, jsonb_build_object('door', door, 'scanned_at', at, 'scan_id', scan_id,
      'first_door', r.checked_in_door, 'first_at', r.checked_in_at));
  return true;
end;
$$;
revoke all on function private.door_double_entry(public.reservations,text,timestamptz,uuid) from public, anon, authenticated;

-- The door's queue (scans judged offline, or sent while the network failed), 1 to 200 per call,
-- each { scan_id, code or ref (+ phone), scanned_at, offline_verdict }, inside the door window.
-- The database checks what the door scanned (docs/decisions/036-door-admits-what-it-scanned.md):
-- the code the phone read or the steward typed, or the token of the pass's QR (sent as `code`,
-- 042-a-door-list-without-codes.md); a bare reference only when this account's own
-- phone search returned its pass minutes ago; a reference with the holder's phone (an offline
-- phone search) when the phone is the pass's, as a phone look-up (limited, journaled). Each scan
-- takes a place in the account's lane (56_door_lane.sql): over it, 'limited', nothing recorded.
-- A pass admitted ('valid' shown, or no verdict shown) that has not entered enters at its scan's
-- time (kept between the door's opening and now); one that entered already, admitted offline at
-- another scan, becomes a double entry (one per pass and door per 5 minutes of scan time), never
-- a second entry. A refusal shown offline records nothing ('not_entered' when the pass may in
-- fact enter); a scan that matches nothing is counted, never stored (admitted offline: on the
-- account's alert, ADR 042). A scan that recorded
-- something is taken once (by scan_id): a retry answers the same and stores nothing.
create function public.door_sync(door text, scans jsonb) returns public.door_synced
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
  recorded boolean;
  looked_up boolean;
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
        or coalesce(jsonb_typeof(e -> 'phone'), 'null') not in ('string', 'null')
        or (e ->> 'phone' is not null and e ->> 'ref' is null)
        or coalesce(jsonb_typeof(e -> 'offline_verdict'), 'null') not in ('string', 'null')
        or e ->> 'offline_verdict' not in ('valid', 'already', 'unknown', 'waitlisted', 'cancelled')) then
    perform private.invalid('scans',
      'Contrôle invalide : chaque contrôle a un identifiant, un pass (référence ou code), l’heure du scan et ce que la porte a affiché.');
  end if;
  refused := private.door_closed_refusal();
  if refused is not null then
    return jsonb_populate_record(null::public.door_synced, refused);
  end if;
  opens := (private.door_window() ->> 'opens_at')::timestamptz;
  -- The account's lane, then the passes of the batch locked in one order: two doors' batches
  -- never deadlock, two batches of one account never both take a minute's last place.
  perform private.door_lane_lock();
  perform 1 from public.reservations x
   where x.id in (select y.id from public.reservations y
                   where y.door_ref in (select e ->> 'ref' from jsonb_array_elements(scans) e)
                  union all
                  select y.id from public.reservations y
                   where y.pass_code in (select private.normalise_pass_code(e ->> 'code')
                                           from jsonb_array_elements(scans) e)
                  union all
                  select y.id from public.reservations y
                   where y.qr_token in (select e ->> 'code' from jsonb_array_elements(scans) e))
   order by x.id for update;

  for s in
    select (e ->> 'scan_id')::uuid as scan_id, e ->> 'ref' as ref,
           private.normalise_pass_code(e ->> 'code') as code, e ->> 'code' as token,
           nullif(private.door_phone_digits(e ->> 'phone'), '') as phone,
           (e ->> 'scanned_at')::timestamptz as scanned_at, e ->> 'offline_verdict' as shown
      from jsonb_array_elements(scans) with ordinality x(e, ord) order by x.ord
  loop
    select * into done from private.door_sync_scans d where d.scan_id = s.scan_id;
    if found then
      select * into r from public.reservations x where x.id = done.reservation_id;
      results := results || jsonb_build_array(private.door_sync_answer(s.scan_id, done.verdict, r));
      continue;
    end if;
    v_at := least(greatest(s.scanned_at, opens), now());
    r := null;
    looked_up := false;
    if s.ref is null then
      select * into r from public.reservations x where x.pass_code = s.code or x.qr_token = s.token;
    else
      select * into r from public.reservations x where x.door_ref = s.ref;
      -- What this account's phone search showed it minutes ago; else, with the 9 digits typed
      -- offline, a phone look-up (counted below); else nothing.
      looked_up := s.phone is not null and (r.id is null or not private.door_search_granted(r.id));
      if r.id is not null and not private.door_search_granted(r.id)
         and s.phone is distinct from r.phone then
        r := null;
      end if;
    end if;
    if not private.door_lane_take(v_door, v_at, r.id is null) then
      results := results || jsonb_build_array(private.door_sync_answer(s.scan_id, 'limited', null));
      continue;
    end if;
    if looked_up then
      refused := private.door_sync_lookup(s.phone, v_door, r, s.scan_id);
      if refused is not null then
        results := results || jsonb_build_array(private.door_sync_answer(s.scan_id, 'limited', null));
        continue;
      end if;
    end if;
    recorded := false;
    if r.id is null then
      verdict := 'unknown';
      -- Let in offline on a code no pass has (it matched only a 24-bit check, ADR 042).
      if s.shown = 'valid' and s.ref is null then
        perform private.door_unknown_admitted(v_door);
      end if;
    elsif r.state = 'cancelled' then
      verdict := 'cancelled';
    elsif r.state = 'waitlisted' then
      verdict := 'waitlisted';
    elsif r.checked_in_at is not null and r.check_in_scan_id = s.scan_id then
      verdict := 'validated';
    elsif r.checked_in_at is not null and s.shown = 'valid' then
      verdict := 'double_entry';
      recorded := private.door_double_entry(r, v_door, v_at, s.scan_id);
    elsif r.checked_in_at is not null then
      verdict := 'already';
    elsif s.shown is null or s.shown = 'valid' then
      verdict := 'validated';
      recorded := true;
      update public.reservations x
         set checked_in_at = v_at, checked_in_door = v_door, checked_in_by_hand = false,
             checked_in_by = auth.uid(), check_in_scan_id = s.scan_id
       where x.id = r.id
      returning * into r;
      perform private.audit('reservation.check_in', 'reservation', r.id::text,
        format('Entrée validée à « %s »%s', v_door,
               case when s.shown = 'valid' then ' (hors ligne)' else '' end),
        null, jsonb_build_object('door', v_door, 'by_hand', false, 'scan_id', s.scan_id,
          'scanned_at', v_at, 'offline', s.shown is not null));
    else
      verdict := 'not_entered';
    end if;
    if recorded then
      insert into private.door_sync_scans (scan_id, reservation_id, door, scanned_at, shown,
        verdict, synced_by)
      values (s.scan_id, r.id, v_door, v_at, s.shown, verdict, auth.uid())
      on conflict (scan_id) do nothing;
    end if;
    results := results || jsonb_build_array(private.door_sync_answer(s.scan_id, verdict, r));
  end loop;
  return jsonb_populate_record(null::public.door_synced,
    jsonb_build_object('results', results));
end;
$$;
revoke all on function public.door_sync(text,jsonb) from public, anon, authenticated;
grant execute on function public.door_sync(text,jsonb) to authenticated;

-- The double entries, newest first, for admins (the reservation's id and full name) and readers
-- (the directory's id and the first name and initial only).
create function public.door_double_entries_list() returns setof public.door_double_entry
language plpgsql stable security definer set search_path = '' as $$
declare
  admin boolean := private.has_role('admin');
begin
  if not private.has_role('admin', 'lecteur') then
    raise exception 'Accès réservé au personnel.' using errcode = '42501';
  end if;
  return query
    select d.id,
           case when admin then r.id else private.reservation_directory_id(r.id) end,
           case when admin then r.full_name
                else concat_ws(' ', private.first_name(r.full_name),
                               private.last_initial(r.full_name) || '.') end,
           private.mask_phone(r.phone), d.first_door, d.first_at, d.second_door, d.second_at,
           d.recorded_at
      from public.door_double_entries d join public.reservations r on r.id = d.reservation_id
     order by d.recorded_at desc, d.id desc;
end;
$$;
revoke all on function public.door_double_entries_list() from public, anon, authenticated;
grant execute on function public.door_double_entries_list() to authenticated;
