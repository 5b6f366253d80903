-- The offline door (issue 31, docs/decisions/032-offline-door.md): the door list (a keyed hash
-- of each pass code, never the code), the queue of offline scans and its reconciliation into
-- one entry plus recorded double entries, the phone search before "Valider l'entrée", per-door
-- counts and the double entries for the administration.

-- The journal's two new actions, added to the whole list as the jury's migration
-- (20251127000000_jury_scorecards.sql) left it: its jury.* actions are kept.
alter table public.audit_log drop constraint audit_log_action_check;
alter table public.audit_log add constraint audit_log_action_check check (action = any (array['participant.update'::text, 'participant.delete'::text, 'participant.restore'::text, 'participant.status'::text, 'participant.slot'::text, 'participant.notes'::text, 'participant.notified'::text, 'reservation.cancel'::text, 'reservation.check_in'::text, 'reservation.check_in_undo'::text, 'door.lookup'::text, 'settings.update'::text, 'message.handled'::text, 'export'::text, 'retention.request'::text, 'retention.cancel'::text, 'retention.purge'::text, 'bin.purge'::text, 'vote.round_create'::text, 'vote.round_update'::text, 'vote.round_delete'::text, 'vote.open'::text, 'vote.close'::text, 'vote.reveal'::text, 'vote.screen_reset'::text, 'jury.score'::text, 'jury.lock'::text, 'jury.unlock'::text, 'jury.session_save'::text, 'jury.session_delete'::text, 'jury.criteria'::text, 'jury.preselect'::text, 'door.list'::text, 'reservation.double_entry'::text]));

-- ---------------------------------------------------------------------------------------------
-- Tables
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
-- The door reference and version of each reservation
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

alter table public.reservations add column door_ref text;
alter table public.reservations add column door_version bigint;
comment on column public.reservations.door_ref is 'private.door_ref(pass_code): how the door list names the pass (docs/decisions/032-offline-door.md). Kept by a trigger.';
comment on column public.reservations.door_version is 'The transaction that last changed what the door list shows of this pass (door_list''s deltas). Kept by a trigger.';

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

create trigger reservations_door_list before insert or update on public.reservations
  for each row execute function private.reservations_door_list();
alter table public.reservations enable always trigger reservations_door_list;
create trigger reservations_door_removed after delete on public.reservations
  referencing old table as gone for each statement
  execute function private.reservations_door_removed();
alter table public.reservations enable always trigger reservations_door_removed;

update public.reservations set door_ref = private.door_ref(pass_code),
                               door_version = private.door_list_version();
alter table public.reservations alter column door_ref set not null;
alter table public.reservations alter column door_version set not null;
create unique index reservations_door_ref_key on public.reservations (door_ref);
create index reservations_door_version_idx on public.reservations (door_version);

-- ---------------------------------------------------------------------------------------------
-- Names as the door shows them
-- ---------------------------------------------------------------------------------------------

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

-- ---------------------------------------------------------------------------------------------
-- The door list
-- ---------------------------------------------------------------------------------------------

-- What a door needs to judge every pass offline (docs/decisions/032-offline-door.md), for door
-- staff inside the door window: since null (or not a version of this database), the full list
-- with the key, journaled ('door.list'); otherwise what changed since that version (passes
-- whose row changed, every waitlisted pass when positions moved, and the references that
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
    or (select w.version from private.door_waitlist_version w) >= door_list.since;
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

-- ---------------------------------------------------------------------------------------------
-- The queue of scans and its reconciliation
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

-- ---------------------------------------------------------------------------------------------
-- Phone look-ups: check-in by phone (as before) and the search before "Valider l'entrée"
-- ---------------------------------------------------------------------------------------------

-- A phone as typed: its digits; +237 / 237 before 9 digits dropped.
create function private.door_phone_digits(phone text) returns text
language sql immutable set search_path = '' as $$
  select case when char_length(d) = 12 and left(d, 3) = '237' then right(d, 9) else d end
    from (select regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g') as d) x
$$;
revoke all on function private.door_phone_digits(text) from public, anon, authenticated;

-- null when this door account may look a phone up now; otherwise the refusal: outside the door
-- window, or lookup_max_per_window look-ups already in lookup_window_seconds. One look-up at a
-- time per account (the lock is held until the transaction ends): the count stays true in a
-- burst.
create function private.door_lookup_refusal() returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  settings private.door_settings;
  n integer;
  oldest timestamptz;
  wait_seconds integer;
  answer jsonb;
begin
  select * into settings from private.door_settings;
  perform pg_advisory_xact_lock(hashtextextended('door.lookup:' || auth.uid()::text, 0));
  answer := private.door_closed_refusal();
  if answer is null then
    select count(*), min(a.at) into n, oldest
      from public.audit_log a
     where a.action = 'door.lookup' and a.actor = auth.uid()
       and a.at > now() - make_interval(secs => settings.lookup_window_seconds)
       and not coalesce((a.after ->> 'refused')::boolean, false);
    if n >= settings.lookup_max_per_window then
      wait_seconds := greatest(1, ceil(extract(epoch from
        oldest + make_interval(secs => settings.lookup_window_seconds) - now())))::integer;
      answer := private.refusal(429,
        format('Trop de recherches par téléphone depuis ce compte : réessayez dans %s, ou scannez le pass ou tapez son code.',
          case when wait_seconds < 60 then 'une minute'
               else ceil(wait_seconds / 60.0)::integer || ' minutes' end),
        'door_lookup_limited', wait_seconds::text);
    end if;
  end if;
  return answer;
end;
$$;
revoke all on function private.door_lookup_refusal() from public, anon, authenticated;

-- The verdict of a look-up in the journal's words.
create or replace function private.lookup_outcome(outcome text) returns text
language sql immutable set search_path = '' as $$
  select case outcome
    when 'validated' then 'entrée validée' when 'already' then 'déjà entré'
    when 'unknown' then 'aucune réservation' when 'waitlisted' then 'liste d''attente'
    when 'cancelled' then 'pass annulé' when 'door_not_open' then 'refusée, contrôle pas encore ouvert'
    when 'door_closed' then 'refusée, contrôle fermé'
    when 'door_lookup_limited' then 'refusée, trop de recherches'
    when 'found' then 'réservation trouvée'
    else outcome end
$$;

-- As before; the limit and the phone's digits now shared with door_phone_search.
create or replace function public.check_in_by_phone(phone text, door text, scan_id uuid default null)
returns jsonb
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
      select * into r from public.reservations x where x.phone = digits for update;
    end if;
    answer := private.check_in_locked(r, door, scan_id);
    outcome := answer ->> 'verdict';
  end if;
  perform private.audit('door.lookup', 'reservation', r.id::text,
    format('Recherche par téléphone %s à « %s » : %s',
           coalesce(private.mask_phone(nullif(digits, '')), '(vide)'), v_door,
           private.lookup_outcome(outcome)),
    null, jsonb_build_object('phone', private.mask_phone(nullif(digits, '')), 'door', v_door,
      'outcome', outcome, 'refused', outcome not in
        ('validated', 'already', 'unknown', 'waitlisted', 'cancelled'),
      'scan_id', scan_id));
  return answer;
end;
$$;

-- The pass of a phone (9 digits; spaces, +237 ignored), shown to the steward before "Valider
-- l'entrée" (then door_sync with its ref). Limited and journaled as check_in_by_phone (one
-- 'door.lookup' row, outcome 'found' or 'unknown'). { matches: [ { ref, first_name,
-- last_initial, masked_phone, state, position, checked_in_at, door, by_hand } ] }.
create function public.door_phone_search(phone text, door text) returns jsonb
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

-- ---------------------------------------------------------------------------------------------
-- Counts and double entries for the door and the administration
-- ---------------------------------------------------------------------------------------------

-- As before, plus per_door [ { door, entered, last_10_minutes } ] (by door name; entries by
-- hand have no door) and double_entries (how many were recorded).
create or replace function public.door_count() returns jsonb
language plpgsql stable security definer set search_path = '' as $$
begin
  if not private.has_role('admin', 'lecteur', 'controle') then
    raise exception 'Accès réservé au personnel.' using errcode = '42501';
  end if;
  return (
    select jsonb_build_object(
      'entered', count(*) filter (where r.checked_in_at is not null),
      'expected', count(*),
      'last_10_minutes', count(*) filter (where r.checked_in_at > now() - interval '10 minutes'),
      'window', private.door_window(),
      'per_door', (
        select coalesce(jsonb_agg(jsonb_build_object('door', p.door, 'entered', p.entered,
                                  'last_10_minutes', p.recent) order by p.door), '[]'::jsonb)
          from (select x.checked_in_door as door, count(*) as entered,
                       count(*) filter (where x.checked_in_at > now() - interval '10 minutes') as recent
                  from public.reservations x
                 where x.state = 'confirmed' and x.checked_in_door is not null
                 group by x.checked_in_door) p),
      'double_entries', (select count(*) from public.door_double_entries))
      from public.reservations r where r.state = 'confirmed');
end;
$$;

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
