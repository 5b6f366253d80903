-- The door admits only what it scanned (issue 38; docs/decisions/036-door-admits-what-it-scanned.md):
-- door_sync checks codes, takes a bare reference only from the account whose phone search
-- returned it minutes ago, and a reference with the holder's phone as a phone look-up; a door
-- account's scans are limited to a lane's pace (an alert past it); one double entry per pass and
-- door per 5 minutes; scans that match nothing are counted, not stored.
-- Schema: 55_door.sql, 56_door_lane.sql, 56_door_by_phone.sql, 56_door_sync.sql.

alter table private.door_settings
  add column lane_per_minute integer default 20 not null,
  add column lane_per_10_minutes integer default 100 not null,
  add column search_grant_seconds integer default 600 not null,
  add constraint door_settings_lane_per_10_minutes_check check (lane_per_10_minutes >= 1 and lane_per_10_minutes <= 10000),
  add constraint door_settings_lane_per_minute_check check (lane_per_minute >= 1 and lane_per_minute <= 1000),
  add constraint door_settings_search_grant_seconds_check check (search_grant_seconds >= 30 and search_grant_seconds <= 3600);

comment on table private.door_settings is 'The door''s window around the concert, the phone look-up limit (docs/decisions/017-roles-and-door-window.md), a door account''s lane limit and how long its phone search lets door_sync take a bare reference (036-door-admits-what-it-scanned.md).';

create table private.door_lane (
  actor uuid not null,
  minute timestamptz not null,
  scans integer default 0 not null,
  unmatched integer default 0 not null,
  refused integer default 0 not null,
  constraint door_lane_pkey primary key (actor, minute)
);
comment on table private.door_lane is 'Scans of a door account per minute of scan time: taken (of which matched no pass) and refused over the lane limit. Counts, never one row per scan.';
alter table private.door_lane enable row level security;
revoke all on private.door_lane from public, anon, authenticated;

create table private.door_lane_alerts (
  id bigint generated always as identity,
  actor uuid not null,
  door text not null,
  first_at timestamptz default now() not null,
  last_at timestamptz default now() not null,
  refused integer default 0 not null,
  constraint door_lane_alerts_pkey primary key (id)
);
comment on table private.door_lane_alerts is 'A door account that sent more scans than a lane does: one row per account per ten minutes, with how many scans were refused. Read through door_lane_alerts_list.';
create index door_lane_alerts_actor_idx on private.door_lane_alerts (actor, last_at);
alter table private.door_lane_alerts enable row level security;
revoke all on private.door_lane_alerts from public, anon, authenticated;

create table private.door_search_grants (
  actor uuid not null,
  reservation_id uuid not null,
  granted_at timestamptz default now() not null,
  constraint door_search_grants_pkey primary key (actor, reservation_id),
  constraint door_search_grants_reservation_id_fkey foreign key (reservation_id) references public.reservations(id) on delete cascade
);
comment on table private.door_search_grants is 'The pass a door account''s phone search returned, and when: door_sync takes its bare reference from that account for search_grant_seconds.';
create index door_search_grants_reservation_idx on private.door_search_grants (reservation_id);
alter table private.door_search_grants enable row level security;
revoke all on private.door_search_grants from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Functions
-- ---------------------------------------------------------------------------------------------

-- One lane at a time per account (held until the transaction ends): two requests of one
-- account never both take the last place of a minute.
create function private.door_lane_lock() returns void
language sql volatile set search_path = '' as $$
  select pg_advisory_xact_lock(hashtextextended('door.lane:' || auth.uid()::text, 0))
$$;
revoke all on function private.door_lane_lock() from public, anon, authenticated;

-- Takes one scan of this account at `at` (its scan time) when the lane has room: fewer than
-- lane_per_minute in that minute and fewer than lane_per_10_minutes in its ten-minute block.
-- true: taken (`unmatched`: it matched no pass, counted, never stored). false: refused, counted,
-- and the account's alert (one per ten minutes) says how many. Call door_lane_lock first.
create function private.door_lane_take(door text, at timestamptz, unmatched boolean)
returns boolean
language plpgsql volatile security definer set search_path = '' as $$
declare
  settings private.door_settings;
  m timestamptz := date_trunc('minute', at);
  block timestamptz := date_bin('10 minutes', at, timestamptz '2000-01-01 00:00:00+00');
  in_minute integer;
  in_block integer;
  alert bigint;
begin
  select * into settings from private.door_settings;
  select coalesce(sum(l.scans) filter (where l.minute = m), 0), coalesce(sum(l.scans), 0)
    into in_minute, in_block
    from private.door_lane l
   where l.actor = auth.uid() and l.minute >= block and l.minute < block + interval '10 minutes';
  if in_minute < settings.lane_per_minute and in_block < settings.lane_per_10_minutes then
    insert into private.door_lane as l (actor, minute, scans, unmatched)
    values (auth.uid(), m, 1, unmatched::integer)
    on conflict (actor, minute) do update
      set scans = l.scans + 1, unmatched = l.unmatched + excluded.unmatched;
    return true;
  end if;
  insert into private.door_lane as l (actor, minute, refused) values (auth.uid(), m, 1)
  on conflict (actor, minute) do update set refused = l.refused + 1;
  update private.door_lane_alerts a set last_at = now(), refused = a.refused + 1
   where a.id = (select x.id from private.door_lane_alerts x
                  where x.actor = auth.uid() and x.last_at > now() - interval '10 minutes'
                  order by x.last_at desc limit 1)
  returning a.id into alert;
  if alert is null then
    insert into private.door_lane_alerts (actor, door, refused) values (auth.uid(), door, 1);
  end if;
  return false;
end;
$$;
revoke all on function private.door_lane_take(text,timestamptz,boolean) from public, anon, authenticated;

-- The refusal of a scan over the lane limit (check_in's answer; door_sync's verdict 'limited').
create function private.door_lane_refusal() returns jsonb
language sql volatile set search_path = '' as $$
  select private.refusal(429,
    'Trop de contrôles depuis ce compte pour une seule file : patientez une minute. L''administration est prévenue.',
    'door_lane_limited', '60')
$$;
revoke all on function private.door_lane_refusal() from public, anon, authenticated;

-- Whether this account's own phone search returned the pass less than search_grant_seconds ago.
create function private.door_search_granted(reservation_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from private.door_search_grants g, private.door_settings s
     where g.actor = auth.uid() and g.reservation_id = door_search_granted.reservation_id
       and g.granted_at > now() - make_interval(secs => s.search_grant_seconds))
$$;
revoke all on function private.door_search_granted(uuid) from public, anon, authenticated;

-- The lane alerts, newest first, for admins (the account's e-mail) and readers (the door only):
-- [ { id, door, account, first_at, last_at, refused } ].
create function public.door_lane_alerts_list() returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  admin boolean := private.has_role('admin');
begin
  if not private.has_role('admin', 'lecteur') then
    raise exception 'Accès réservé au personnel.' using errcode = '42501';
  end if;
  return (
    select coalesce(jsonb_agg(jsonb_build_object('id', a.id, 'door', a.door,
             'account', case when admin then u.email end, 'first_at', a.first_at,
             'last_at', a.last_at, 'refused', a.refused) order by a.last_at desc, a.id desc),
           '[]'::jsonb)
      from private.door_lane_alerts a left join auth.users u on u.id = a.actor);
end;
$$;
revoke all on function public.door_lane_alerts_list() from public, anon, authenticated;
grant execute on function public.door_lane_alerts_list() to authenticated;

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
    format('Double entrée : admis hors ligne à « %s » le %s, déjà entré %s le %s', door,
           private.douala_time(at),
           coalesce(format('à « %s »', r.checked_in_door), 'à la main'),
           private.douala_time(r.checked_in_at)),
    null, jsonb_build_object('door', door, 'scanned_at', at, 'scan_id', scan_id,
      'first_door', r.checked_in_door, 'first_at', r.checked_in_at));
  return true;
end;
$$;
revoke all on function private.door_double_entry(public.reservations,text,timestamptz,uuid) from public, anon, authenticated;

-- A queued scan of an offline phone search (a pass's reference with the 9 digits the steward
-- typed, checked by door_sync) is a phone look-up: within the same limit, journaled the same
-- way (docs/decisions/036-door-admits-what-it-scanned.md). null when it may go on; otherwise the
-- refusal (door_sync's answer stays 200: the other scans of the batch are answered).
create function private.door_sync_lookup(digits text, door text, r public.reservations,
  scan_id uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  answer jsonb := private.door_lookup_refusal();
  outcome text := coalesce(answer ->> 'hint', case when r.id is null then 'unknown' else 'found' end);
begin
  if answer is not null then
    perform set_config('response.status', '200', true);
  end if;
  perform private.audit('door.lookup', 'reservation', r.id::text,
    format('Recherche par téléphone %s à « %s » (hors ligne) : %s',
           coalesce(private.mask_phone(nullif(digits, '')), '(vide)'), door,
           private.lookup_outcome(outcome)),
    null, jsonb_build_object('phone', private.mask_phone(nullif(digits, '')), 'door', door,
      'outcome', outcome, 'refused', answer is not null, 'scan_id', scan_id, 'offline', true));
  return answer;
end;
$$;
revoke all on function private.door_sync_lookup(text,text,public.reservations,uuid) from public, anon, authenticated;

-- The door's check-in by pass code, inside the door window only, within the account's lane
-- (56_door_lane.sql): a code that matches no pass is counted there, never stored.
create or replace function public.check_in(code text, door text, scan_id uuid default null)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  refused jsonb;
  r public.reservations;
begin
  perform private.require_door_staff();
  perform private.require_door(door);
  refused := private.door_closed_refusal();
  if refused is not null then
    return refused;
  end if;
  perform private.door_lane_lock();
  select * into r from public.reservations x
   where x.pass_code = private.normalise_pass_code(check_in.code) for update;
  if not private.door_lane_take(private.clean_line(door), now(), r.id is null) then
    return private.door_lane_refusal();
  end if;
  return private.check_in_locked(r, door, scan_id);
end;
$$;
revoke all on function public.check_in(text,text,uuid) from public, anon, authenticated;
grant execute on function public.check_in(text,text,uuid) to authenticated;

-- The pass of a phone (9 digits; spaces, +237 ignored), shown to the steward before "Valider
-- l'entrée" (then door_sync with its ref, taken from this account only, for a few minutes). Limited and journaled as check_in_by_phone (one
-- 'door.lookup' row, outcome 'found' or 'unknown'). { matches: [ { ref, first_name,
-- last_initial, masked_phone, state, position, checked_in_at, door, by_hand } ] }.
create or replace function public.door_phone_search(phone text, door text) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  digits text := private.door_phone_digits(phone);
  v_door text;
  answer jsonb;
  outcome text;
  r public.reservations;
begin
  perform private.require_door_staff();
  perform private.require_door(door);
  v_door := private.clean_line(door);
  answer := private.door_lookup_refusal();
  if answer is not null then
    outcome := answer ->> 'hint';
  else
    if digits ~ '^[0-9]{9}$' then
      select * into r from public.reservations x where x.phone = digits;
    end if;
    outcome := case when r.id is null then 'unknown' else 'found' end;
    -- What this account was shown: door_sync takes this pass's bare reference from it for
    -- search_grant_seconds (docs/decisions/036-door-admits-what-it-scanned.md).
    if r.id is not null then
      insert into private.door_search_grants as g (actor, reservation_id)
      values (auth.uid(), r.id)
      on conflict (actor, reservation_id) do update set granted_at = now();
    end if;
    answer := jsonb_build_object('matches', case when r.id is null then '[]'::jsonb
      else jsonb_build_array(jsonb_build_object('ref', r.door_ref,
        'first_name', private.first_name(r.full_name),
        'last_initial', private.last_initial(r.full_name),
        'masked_phone', private.mask_phone(r.phone), 'state', r.state,
        'position', private.waitlist_position(r), 'checked_in_at', r.checked_in_at,
        'door', r.checked_in_door, 'by_hand', r.checked_in_by_hand)) end);
  end if;
  perform private.audit('door.lookup', 'reservation', r.id::text,
    format('Recherche par téléphone %s à « %s » : %s',
           coalesce(private.mask_phone(nullif(digits, '')), '(vide)'), v_door,
           private.lookup_outcome(outcome)),
    null, jsonb_build_object('phone', private.mask_phone(nullif(digits, '')), 'door', v_door,
      'outcome', outcome, 'refused', outcome not in ('found', 'unknown'), 'search', true));
  return answer;
end;
$$;
revoke all on function public.door_phone_search(text,text) from public, anon, authenticated;
grant execute on function public.door_phone_search(text,text) to authenticated;

-- The door's queue (scans judged offline, or sent while the network failed), 1 to 200 per call,
-- each { scan_id, code or ref (+ phone), scanned_at, offline_verdict }, inside the door window.
-- The database checks what the door scanned (docs/decisions/036-door-admits-what-it-scanned.md):
-- the code the phone read or the steward typed; a bare reference only when this account's own
-- phone search returned its pass minutes ago; a reference with the holder's phone (an offline
-- phone search) when the phone is the pass's, as a phone look-up (limited, journaled). Each scan
-- takes a place in the account's lane (56_door_lane.sql): over it, 'limited', nothing recorded.
-- A pass admitted ('valid' shown, or no verdict shown) that has not entered enters at its scan's
-- time (kept between the door's opening and now); one that entered already, admitted offline at
-- another scan, becomes a double entry (one per pass and door per 5 minutes of scan time), never
-- a second entry. A refusal shown offline records nothing ('not_entered' when the pass may in
-- fact enter); a scan that matches nothing is counted, never stored. A scan that recorded
-- something is taken once (by scan_id): a retry answers the same and stores nothing.
create or replace function public.door_sync(door text, scans jsonb) returns jsonb
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
      'Contrôle invalide : chaque contrôle a un identifiant, un pass (référence ou code), l''heure du scan et ce que la porte a affiché.');
  end if;
  refused := private.door_closed_refusal();
  if refused is not null then
    return refused;
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
                                           from jsonb_array_elements(scans) e))
   order by x.id for update;

  for s in
    select (e ->> 'scan_id')::uuid as scan_id, e ->> 'ref' as ref,
           private.normalise_pass_code(e ->> 'code') as code,
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
      select * into r from public.reservations x where x.pass_code = s.code;
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
        format('Entrée validée à « %s »%s', v_door,
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
  return jsonb_build_object('results', results);
end;
$$;
revoke all on function public.door_sync(text,jsonb) from public, anon, authenticated;
grant execute on function public.door_sync(text,jsonb) to authenticated;
