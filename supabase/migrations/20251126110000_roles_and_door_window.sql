-- Roles do what the README's role table says, and the door works only on the night. See
-- docs/decisions/017-roles-and-door-window.md.
--
-- 1. Readers (lecteur) read reservations from public.reservation_directory: no pass code, the
--    phone masked, and an id of its own (a reservation's id and phone answer its pass code
--    through create_reservation's retry). Kept by triggers, as participant_directory.
--    reservations itself is for admins only; reservation_summary becomes security definer.
-- 2. cancel_reservation(code) is the holder's: any signed-in caller is refused (staff cancel
--    from the administration, admin_cancel_reservation, which journals), and the holder's own
--    cancellation writes a 'reservation.cancel' row ("Annulé par le titulaire").
-- 3. The door window (private.door_settings): check_in and check_in_by_phone are accepted from
--    opens_before_doors before edition_settings.doors_open_at until closes_after_start after
--    concert_starts_at, refused in French outside it. admin_check_in is not limited (trusted,
--    journaled, undoable: the fallback if the window is set wrong on the night).
-- 4. Phone look-ups at the door: limited per door account (lookup_max_per_window per
--    lookup_window_seconds) and every one journaled ('door.lookup', phone masked).
-- 5. admin_undo_check_in(id, reason): an entry undone, with its reason, journaled.
-- 6. Door names: 1 to 40 letters, digits, spaces and - ' ’ . # ° / ( ); quoted in the journal
--    (« Porte 1 »). A check-in by hand is checked_in_by_hand (its door is null), no longer the
--    door 'admin'.

-- ---------------------------------------------------------------------------------------------
-- 6a. Check-in by hand: a column, not a door name
-- ---------------------------------------------------------------------------------------------

alter table public.reservations
  add column checked_in_by_hand boolean not null default false;
comment on column public.reservations.checked_in_by_hand is
  'Checked in from the admin list (admin_check_in), not at a door: checked_in_door is null.';

alter table public.reservations drop constraint reservations_check_in_fields;
-- Earlier check-ins by hand were stored with the door 'admin' and no scan id (the door page
-- always sends one).
update public.reservations
   set checked_in_by_hand = true, checked_in_door = null
 where checked_in_at is not null and checked_in_door = 'admin' and check_in_scan_id is null;
alter table public.reservations add constraint reservations_check_in_fields check (
  case when checked_in_at is null
       then checked_in_door is null and checked_in_by is null and check_in_scan_id is null
            and not checked_in_by_hand
       else (checked_in_door is not null) <> checked_in_by_hand end);

-- ---------------------------------------------------------------------------------------------
-- 1. The readers' list: reservations without pass code, phone masked
-- ---------------------------------------------------------------------------------------------

-- The key that turns a reservation's id into its directory id (HMAC): readers never learn the
-- real id.
create table private.reservation_directory_key (
  id boolean primary key default true check (id),
  secret bytea not null default extensions.gen_random_bytes(32)
);
insert into private.reservation_directory_key default values;
revoke all on private.reservation_directory_key from public, anon, authenticated;
alter table private.reservation_directory_key enable row level security;

create function private.reservation_directory_id(reservation_id uuid) returns uuid
language sql stable set search_path = '' as $$
  select encode(substr(extensions.hmac(convert_to(reservation_id::text, 'UTF8'),
                 (select k.secret from private.reservation_directory_key k), 'sha256'), 1, 16),
                'hex')::uuid
$$;

-- The columns of reservations the admin list shows, without pass_code, queue_number,
-- checked_in_by and check_in_scan_id; phone masked (private.mask_phone). Written by the
-- triggers below only.
create table public.reservation_directory (
  id uuid primary key,
  full_name text collate "fr-x-icu" not null,
  phone text not null,
  ville text collate "fr-x-icu",
  region text collate "fr-x-icu",
  attendance_status text not null,
  heard_from text not null,
  will_attend text not null,
  attendance_barrier text not null,
  follows_booster_page text not null,
  consumes_booster_products text not null,
  created_at timestamptz not null,
  state text not null,
  cancelled_at timestamptz,
  checked_in_at timestamptz,
  checked_in_door text,
  checked_in_by_hand boolean not null
);
comment on table public.reservation_directory is
  'What readers (lecteur) see of reservations: no pass code, phone masked, an id of its own. Kept by triggers.';
create index reservation_directory_created_at_idx
  on public.reservation_directory (created_at desc, id desc);
create index reservation_directory_state_idx on public.reservation_directory (state);
create index reservation_directory_place_idx on public.reservation_directory ((coalesce(ville, region)));

revoke all on public.reservation_directory from anon, authenticated;
alter table public.reservation_directory enable row level security;
grant select on public.reservation_directory to authenticated;
create policy reservation_directory_staff_select on public.reservation_directory
  for select to authenticated using ((select private.has_role('admin', 'lecteur')));

-- Brings the directory rows of `ids` (reservation ids) in line with reservations.
create function private.refresh_reservation_directory(ids uuid[]) returns void
language sql volatile security definer set search_path = '' as $$
  delete from public.reservation_directory d
   where d.id in (select private.reservation_directory_id(u.id) from unnest(ids) u(id)
                   where not exists (select 1 from public.reservations r where r.id = u.id));
  insert into public.reservation_directory as d (id, full_name, phone, ville, region,
    attendance_status, heard_from, will_attend, attendance_barrier, follows_booster_page,
    consumes_booster_products, created_at, state, cancelled_at, checked_in_at, checked_in_door,
    checked_in_by_hand)
  select private.reservation_directory_id(r.id), r.full_name, private.mask_phone(r.phone),
         r.ville, r.region, r.attendance_status, r.heard_from, r.will_attend,
         r.attendance_barrier, r.follows_booster_page, r.consumes_booster_products, r.created_at,
         r.state, r.cancelled_at, r.checked_in_at, r.checked_in_door, r.checked_in_by_hand
    from public.reservations r
    join (select distinct u.id from unnest(ids) u(id)) u on u.id = r.id
  on conflict (id) do update set
    full_name = excluded.full_name, phone = excluded.phone, ville = excluded.ville,
    region = excluded.region, attendance_status = excluded.attendance_status,
    heard_from = excluded.heard_from, will_attend = excluded.will_attend,
    attendance_barrier = excluded.attendance_barrier,
    follows_booster_page = excluded.follows_booster_page,
    consumes_booster_products = excluded.consumes_booster_products,
    created_at = excluded.created_at, state = excluded.state,
    cancelled_at = excluded.cancelled_at, checked_in_at = excluded.checked_in_at,
    checked_in_door = excluded.checked_in_door, checked_in_by_hand = excluded.checked_in_by_hand;
$$;

-- Statement-level, with the rows the statement touched (promoting a waitlist: one refresh).
create function private.reservations_to_directory() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'DELETE' then
    perform private.refresh_reservation_directory(array(select g.id from gone g));
  else
    perform private.refresh_reservation_directory(array(select c.id from changed c));
  end if;
  return null;
end;
$$;

create trigger reservations_directory_insert after insert on public.reservations
  referencing new table as changed for each statement
  execute function private.reservations_to_directory();
create trigger reservations_directory_update after update on public.reservations
  referencing new table as changed for each statement
  execute function private.reservations_to_directory();
create trigger reservations_directory_delete after delete on public.reservations
  referencing old table as gone for each statement
  execute function private.reservations_to_directory();
-- Also for bulk loads that turn triggers off (session_replication_role = replica).
alter table public.reservations enable always trigger reservations_directory_insert;
alter table public.reservations enable always trigger reservations_directory_update;
alter table public.reservations enable always trigger reservations_directory_delete;

-- Existing rows.
select private.refresh_reservation_directory(array(select id from public.reservations));

revoke all on function private.reservation_directory_id(uuid),
  private.refresh_reservation_directory(uuid[]), private.reservations_to_directory()
  from public, anon, authenticated;

-- The reservations table itself: admins only (they need the pass and the phone to act).
drop policy reservations_staff_select on public.reservations;
create policy reservations_admin_select on public.reservations
  for select to authenticated using ((select private.is_admin()));

-- The survey counts and cities, for admins and readers (security definer: readers no longer
-- select reservations). Same answer as before.
create or replace function public.reservation_summary() returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  result jsonb;
begin
  perform private.require_reader();
  select jsonb_build_object(
    'total', count(*),
    'attendanceStatus', jsonb_build_object(
      'yes', count(*) filter (where attendance_status = 'yes'),
      'no', count(*) filter (where attendance_status = 'no'),
      'maybe', count(*) filter (where attendance_status = 'maybe')),
    'heardFrom', jsonb_build_object(
      'flyer', count(*) filter (where heard_from = 'flyer'),
      'social', count(*) filter (where heard_from = 'social'),
      'wordOfMouth', count(*) filter (where heard_from = 'wordOfMouth')),
    'willAttend', jsonb_build_object(
      'yes', count(*) filter (where will_attend = 'yes'),
      'no', count(*) filter (where will_attend = 'no')),
    'attendanceBarrier', jsonb_build_object(
      'location', count(*) filter (where attendance_barrier = 'location'),
      'cost', count(*) filter (where attendance_barrier = 'cost'),
      'distance', count(*) filter (where attendance_barrier = 'distance'),
      'noCompanion', count(*) filter (where attendance_barrier = 'noCompanion'),
      'artists', count(*) filter (where attendance_barrier = 'artists'),
      'none', count(*) filter (where attendance_barrier = 'none')),
    'followsBoosterPage', jsonb_build_object(
      'yes', count(*) filter (where follows_booster_page = 'yes'),
      'no', count(*) filter (where follows_booster_page = 'no')),
    'consumesBoosterProducts', jsonb_build_object(
      'yes', count(*) filter (where consumes_booster_products = 'yes'),
      'no', count(*) filter (where consumes_booster_products = 'no')),
    'cities', coalesce((
      select jsonb_agg(place order by place)
        from (select distinct coalesce(ville, region) as place from public.reservations) p
       where place is not null), '[]'::jsonb))
  into result
  from public.reservations;
  return result;
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- 2. The holder's cancellation
-- ---------------------------------------------------------------------------------------------

-- As before (rate limit, unknown code, entered pass, waitlist promoted), for visitors only: a
-- signed-in caller is staff and cancels from the administration (admin_cancel_reservation,
-- journaled with its actor). The holder's cancellation writes one 'reservation.cancel' row
-- without actor nor personal data.
create or replace function public.cancel_reservation(code text) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  refused jsonb;
  v_code text := private.normalise_pass_code(cancel_reservation.code);
  r public.reservations;
  was text;
begin
  if auth.uid() is not null then
    raise exception 'Vous êtes connecté avec un compte de l''organisation : annulez cette réservation depuis l''administration (page Réservations).'
      using errcode = '42501', hint = 'staff_cancel_from_admin';
  end if;
  refused := private.take_rate_limit('cancel');
  if refused is not null then
    return refused;
  end if;
  if not exists (select 1 from public.reservations x where x.pass_code = v_code) then
    return private.refusal(404, 'Pass inconnu : vérifiez le code.', 'pass_unknown');
  end if;
  -- Same lock order as create_reservation: settings, then the row.
  perform 1 from public.edition_settings for update;
  select * into r from public.reservations x where x.pass_code = v_code for update;
  if r.checked_in_at is not null then
    return private.refusal(409, 'Ce pass a déjà servi à l''entrée : il ne peut plus être annulé.',
      'pass_checked_in');
  end if;
  if r.state <> 'cancelled' then
    was := r.state;
    update public.reservations x set state = 'cancelled', cancelled_at = now()
     where x.id = r.id returning * into r;
    perform private.fill_places();
    perform private.audit('reservation.cancel', 'reservation', r.id::text,
      'Annulé par le titulaire', jsonb_build_object('state', was),
      jsonb_build_object('state', 'cancelled'));
  end if;
  return private.pass_json(r);
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- 3. and 4. The door window and the phone look-ups
-- ---------------------------------------------------------------------------------------------

-- Changed by SQL (SQL editor), like private.abuse_settings.
create table private.door_settings (
  id boolean primary key default true check (id),
  -- Check-ins are accepted from this long before edition_settings.doors_open_at…
  opens_before_doors interval not null default interval '2 hours'
    check (opens_before_doors between interval '0' and interval '30 days'),
  -- …until this long after edition_settings.concert_starts_at.
  closes_after_start interval not null default interval '8 hours'
    check (closes_after_start between interval '0' and interval '7 days'),
  -- Phone look-ups per door account: at most lookup_max_per_window in any lookup_window_seconds.
  lookup_window_seconds integer not null default 300
    check (lookup_window_seconds between 10 and 86400),
  lookup_max_per_window integer not null default 20
    check (lookup_max_per_window between 1 and 10000),
  updated_at timestamptz not null default now()
);
comment on table private.door_settings is
  'The door''s window around the concert and the phone look-up limit (docs/decisions/017-roles-and-door-window.md).';
insert into private.door_settings default values;
revoke all on private.door_settings from public, anon, authenticated;
alter table private.door_settings enable row level security;

-- 'DD/MM/YYYY à HHhMI' in Africa/Douala, as the other refusals write a date.
create function private.douala_time(t timestamptz) returns text
language sql stable set search_path = '' as $$
  select to_char(t at time zone 'Africa/Douala', 'DD/MM/YYYY "à" HH24"h"MI')
$$;

-- The door's window now: { opens_at, closes_at, open }.
create function private.door_window() returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object('opens_at', o.opens_at, 'closes_at', o.closes_at,
                            'open', now() >= o.opens_at and now() < o.closes_at)
    from (select e.doors_open_at - d.opens_before_doors as opens_at,
                 e.concert_starts_at + d.closes_after_start as closes_at
            from public.edition_settings e, private.door_settings d) o
$$;

-- null inside the window; otherwise the refusal to answer (403, committed: a phone look-up's
-- journal row stays), saying when the door opens or when it closed.
create function private.door_closed_refusal() returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  w jsonb := private.door_window();
begin
  if (w ->> 'open')::boolean then
    return null;
  elsif now() < (w ->> 'opens_at')::timestamptz then
    return private.refusal(403,
      format('Le contrôle des entrées n''est pas encore ouvert : il ouvre le %s.',
             private.douala_time((w ->> 'opens_at')::timestamptz)),
      'door_not_open', w ->> 'opens_at');
  else
    return private.refusal(403,
      format('Le contrôle des entrées est fermé depuis le %s.',
             private.douala_time((w ->> 'closes_at')::timestamptz)),
      'door_closed', w ->> 'closes_at');
  end if;
end;
$$;

-- A door's name: 1 to 40 letters, digits, spaces and - ' ’ . # ° / ( ), with a letter or a
-- digit. Bad input stores nothing (22023 on the field 'door').
create or replace function private.require_door(door text) returns void
language plpgsql immutable set search_path = '' as $$
declare
  v text := private.clean_line(door);
begin
  if private.is_blank(door) or char_length(v) > 40
     or v !~ '^[0-9A-Za-zÀ-ÖØ-öø-ÿŒœ ''’.#°/()-]+$' or v !~ '[0-9A-Za-zÀ-ÖØ-öø-ÿŒœ]' then
    perform private.invalid('door',
      'Nom de porte invalide : de 1 à 40 lettres, chiffres, espaces ou - '' . # ° / ( ), ex. « Porte 1 ».');
  end if;
end;
$$;

-- What the door sees, as before, plus by_hand: the entry was recorded from the admin list.
create or replace function private.door_answer(verdict text, r public.reservations) returns jsonb
language sql stable set search_path = '' as $$
  select jsonb_build_object(
    'verdict', verdict,
    'first_name', case when r.id is not null then split_part(r.full_name, ' ', 1) end,
    'last_initial', case when position(' ' in r.full_name) > 0
                         then upper(left(regexp_replace(r.full_name, '^.* ', ''), 1)) end,
    'masked_phone', case when r.id is not null then private.mask_phone(r.phone) end,
    'checked_in_at', r.checked_in_at,
    'door', r.checked_in_door,
    'by_hand', coalesce(r.checked_in_by_hand, false),
    'position', private.waitlist_position(r))
$$;

-- As before; `door` null: by hand (admin_check_in). The journal quotes the door's name.
create or replace function private.check_in_locked(r public.reservations, door text, scan_id uuid)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_door text := private.clean_line(door);
begin
  if r.id is null then
    return private.door_answer('unknown', null);
  elsif r.state = 'cancelled' then
    return private.door_answer('cancelled', r);
  elsif r.state = 'waitlisted' then
    return private.door_answer('waitlisted', r);
  elsif r.checked_in_at is not null then
    return private.door_answer(
      case when scan_id is not null and r.check_in_scan_id = scan_id then 'validated' else 'already' end,
      r);
  end if;
  update public.reservations x
     set checked_in_at = now(), checked_in_door = v_door, checked_in_by_hand = v_door is null,
         checked_in_by = auth.uid(), check_in_scan_id = scan_id
   where x.id = r.id
  returning * into r;
  perform private.audit('reservation.check_in', 'reservation', r.id::text,
    case when v_door is null then 'Entrée validée à la main (administration)'
         else format('Entrée validée à « %s »', v_door) end,
    null, jsonb_build_object('door', v_door, 'by_hand', v_door is null, 'scan_id', scan_id));
  return private.door_answer('validated', r);
end;
$$;

-- The door's check-in by pass code, inside the door window only.
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
  select * into r from public.reservations x
   where x.pass_code = private.normalise_pass_code(check_in.code) for update;
  return private.check_in_locked(r, door, scan_id);
end;
$$;

-- The verdict of a look-up in the journal's words.
create function private.lookup_outcome(outcome text) returns text
language sql immutable set search_path = '' as $$
  select case outcome
    when 'validated' then 'entrée validée' when 'already' then 'déjà entré'
    when 'unknown' then 'aucune réservation' when 'waitlisted' then 'liste d''attente'
    when 'cancelled' then 'pass annulé' when 'door_not_open' then 'refusée, contrôle pas encore ouvert'
    when 'door_closed' then 'refusée, contrôle fermé'
    when 'door_lookup_limited' then 'refusée, trop de recherches'
    else outcome end
$$;

-- The same, finding the reservation by its phone (9 digits; spaces, +237 ignored), inside the
-- door window, at most lookup_max_per_window per lookup_window_seconds per door account. Every
-- look-up, found or not, refused or not, writes one 'door.lookup' row (phone masked); an entry
-- it records writes its 'reservation.check_in' row too.
create or replace function public.check_in_by_phone(phone text, door text, scan_id uuid default null)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  digits text := regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g');
  v_door text;
  settings private.door_settings;
  n integer;
  oldest timestamptz;
  wait_seconds integer;
  answer jsonb;
  outcome text;
  r public.reservations;
begin
  perform private.require_door_staff();
  perform private.require_door(door);
  v_door := private.clean_line(door);
  if char_length(digits) = 12 and left(digits, 3) = '237' then
    digits := right(digits, 9);
  end if;
  select * into settings from private.door_settings;
  -- One look-up at a time per account: the count below stays true in a burst.
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

-- The live count at the door, and the door's window (opens_at, closes_at, open) so the door page
-- says when it opens before anyone scans.
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
      'window', private.door_window())
      from public.reservations r where r.state = 'confirmed');
end;
$$;

-- Checks a reservation in by hand (checked_in_by_hand, no door). Not limited to the door window:
-- admins are trusted, journaled, and undo (docs/decisions/017-roles-and-door-window.md).
create or replace function public.admin_check_in(id uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  r public.reservations;
begin
  perform private.require_admin();
  select * into r from public.reservations x where x.id = admin_check_in.id for update;
  return private.check_in_locked(r, null, null);
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- 5. Undoing a check-in
-- ---------------------------------------------------------------------------------------------

-- Undoes an entry recorded by mistake (a pass burnt early, the wrong person): the pass is valid
-- again (it may enter, or be cancelled). The reason (3 to 300 characters) is required and goes
-- into the one 'reservation.check_in_undo' row. Returns the pass as get_pass does.
create function public.admin_undo_check_in(id uuid, reason text) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_reason text := private.clean_line(reason);
  r public.reservations;
  before_row jsonb;
begin
  perform private.require_admin();
  if private.is_blank(reason) or char_length(v_reason) not between 3 and 300 then
    perform private.invalid('reason',
      'Indiquez pourquoi l''entrée est annulée (3 à 300 caractères).');
  end if;
  select * into r from public.reservations x where x.id = admin_undo_check_in.id for update;
  if not found then
    return private.refusal(404, 'Réservation non trouvée.', 'not_found');
  elsif r.checked_in_at is null then
    return private.refusal(409, 'Ce pass n''est pas entré : il n''y a pas d''entrée à annuler.',
      'not_checked_in');
  end if;
  before_row := jsonb_build_object('checked_in_at', r.checked_in_at, 'door', r.checked_in_door,
    'by_hand', r.checked_in_by_hand, 'checked_in_by', r.checked_in_by);
  update public.reservations x
     set checked_in_at = null, checked_in_door = null, checked_in_by_hand = false,
         checked_in_by = null, check_in_scan_id = null
   where x.id = r.id
  returning * into r;
  perform private.audit('reservation.check_in_undo', 'reservation', r.id::text,
    format('Entrée annulée, motif : « %s »', v_reason), before_row,
    jsonb_build_object('reason', v_reason));
  return private.pass_json(r);
end;
$$;

revoke all on function private.douala_time(timestamptz), private.door_window(),
  private.door_closed_refusal(), private.lookup_outcome(text)
  from public, anon, authenticated;
revoke all on function public.admin_undo_check_in(uuid, text) from public, anon, authenticated;
grant execute on function public.admin_undo_check_in(uuid, text) to authenticated;
-- cancel_reservation, check_in, check_in_by_phone, door_count, admin_check_in,
-- reservation_summary and the private helpers redefined here keep their grants (create or
-- replace).
