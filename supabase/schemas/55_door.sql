-- The door: check-in by pass code within the door window around the concert, by door staff
-- (`controle`) or admins; an admin may check in by hand and undo a check-in
-- (docs/decisions/009-night-party-operations.md, 017-roles-and-door-window.md).

-- ---------------------------------------------------------------------------------------------
-- Tables, their indexes, grants and required rows
-- ---------------------------------------------------------------------------------------------

-- Changed by SQL (SQL editor), like private.abuse_settings.
create table private.door_settings (
  id boolean default true,
  opens_before_doors interval default '02:00:00'::interval not null,
  closes_after_start interval default '08:00:00'::interval not null,
  lookup_window_seconds integer default 300 not null,
  lookup_max_per_window integer default 20 not null,
  updated_at timestamptz default now() not null,
  lane_per_minute integer default 20 not null,
  lane_per_10_minutes integer default 100 not null,
  search_grant_seconds integer default 600 not null,
  constraint door_settings_pkey primary key (id),
  constraint door_settings_closes_after_start_check check (closes_after_start >= '00:00:00'::interval and closes_after_start <= '7 days'::interval),
  constraint door_settings_id_check check (id),
  constraint door_settings_lane_per_10_minutes_check check (lane_per_10_minutes >= 1 and lane_per_10_minutes <= 10000),
  constraint door_settings_lane_per_minute_check check (lane_per_minute >= 1 and lane_per_minute <= 1000),
  constraint door_settings_lookup_max_per_window_check check (lookup_max_per_window >= 1 and lookup_max_per_window <= 10000),
  constraint door_settings_lookup_window_seconds_check check (lookup_window_seconds >= 10 and lookup_window_seconds <= 86400),
  constraint door_settings_opens_before_doors_check check (opens_before_doors >= '00:00:00'::interval and opens_before_doors <= '30 days'::interval),
  constraint door_settings_search_grant_seconds_check check (search_grant_seconds >= 30 and search_grant_seconds <= 3600)
);
comment on table private.door_settings is 'The door''s window around the concert, the phone look-up limit (docs/decisions/017-roles-and-door-window.md), a door account''s lane limit and how long its phone search lets door_sync take a bare reference (036-door-admits-what-it-scanned.md).';
alter table private.door_settings enable row level security;
revoke all on private.door_settings from public, anon, authenticated;

insert into private.door_settings (opens_before_doors, closes_after_start, lookup_window_seconds, lookup_max_per_window)
values ('02:00:00', '08:00:00', '300', '20');

-- ---------------------------------------------------------------------------------------------
-- Functions
-- ---------------------------------------------------------------------------------------------

-- What the door sees, as before, plus by_hand: the entry was recorded from the admin list.
create function private.door_answer(verdict text, r public.reservations) returns jsonb
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
revoke all on function private.door_answer(text,public.reservations) from public, anon, authenticated;

-- As before; `door` null: by hand (admin_check_in). The journal quotes the door's name.
create function private.check_in_locked(r public.reservations, door text, scan_id uuid)
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
         else format('Entrée validée à « %s »', v_door) end,
    null, jsonb_build_object('door', v_door, 'by_hand', v_door is null, 'scan_id', scan_id));
  return private.door_answer('validated', r);
end;
$$;
revoke all on function private.check_in_locked(public.reservations,text,uuid) from public, anon, authenticated;

-- A door's name: 1 to 40 letters, digits, spaces and - ' ’ . # ° / ( ), with a letter or a
-- digit. Bad input stores nothing (22023 on the field 'door').
create function private.require_door(door text) returns void
language plpgsql immutable set search_path = '' as $$
declare
  v text := private.clean_line(door);
begin
  if private.is_blank(door) or char_length(v) > 40
     or v !~ '^[0-9A-Za-zÀ-ÖØ-öø-ÿŒœ ''’.#°/()-]+$' or v !~ '[0-9A-Za-zÀ-ÖØ-öø-ÿŒœ]' then
    perform private.invalid('door',
      'Nom de porte invalide : de 1 à 40 lettres, chiffres, espaces ou - '' . # ° / ( ), ex. « Porte 1 ».');
  end if;
end;
$$;
revoke all on function private.require_door(text) from public, anon, authenticated;

create function private.require_door_staff() returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if not private.has_role('admin', 'controle') then
    raise exception 'Accès réservé au contrôle des entrées.' using errcode = '42501';
  end if;
end;
$$;
revoke all on function private.require_door_staff() from public, anon, authenticated;

-- The door's window now: { opens_at, closes_at, open }.
create function private.door_window() returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object('opens_at', o.opens_at, 'closes_at', o.closes_at,
                            'open', now() >= o.opens_at and now() < o.closes_at)
    from (select e.doors_open_at - d.opens_before_doors as opens_at,
                 e.concert_starts_at + d.closes_after_start as closes_at
            from public.edition_settings e, private.door_settings d) o
$$;
revoke all on function private.door_window() from public, anon, authenticated;

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
      format('Le contrôle des entrées n’est pas encore ouvert : il ouvre le %s.',
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
revoke all on function private.door_closed_refusal() from public, anon, authenticated;

-- The door's check-in by pass code (typed, or read from an old QR) or by the token the pass's
-- QR holds (reservations.qr_token, docs/decisions/042-a-door-list-without-codes.md), inside the
-- door window only, within the account's lane (56_door_lane.sql): a code or token that matches
-- no pass is counted there, never stored.
create function public.check_in(code text, door text, scan_id uuid default null)
returns public.door_check_in
language plpgsql volatile security definer set search_path = '' as $$
declare
  refused jsonb;
  r public.reservations;
begin
  perform private.require_door_staff();
  perform private.require_door(door);
  refused := private.door_closed_refusal();
  if refused is not null then
    return jsonb_populate_record(null::public.door_check_in, refused);
  end if;
  perform private.door_lane_lock();
  select * into r from public.reservations x
   where x.pass_code = private.normalise_pass_code(check_in.code) or x.qr_token = check_in.code
     for update;
  if not private.door_lane_take(private.clean_line(door), now(), r.id is null) then
    return jsonb_populate_record(null::public.door_check_in,
      private.door_lane_refusal());
  end if;
  return jsonb_populate_record(null::public.door_check_in,
    private.check_in_locked(r, door, scan_id));
end;
$$;
revoke all on function public.check_in(text,text,uuid) from public, anon, authenticated;
grant execute on function public.check_in(text,text,uuid) to authenticated;

-- The live count at the door, and the door's window (opens_at, closes_at, open) so the door page
-- says when it opens before anyone scans; per_door [ { door, entered, last_10_minutes } ] (by door
-- name; entries by hand have no door) and double_entries (how many were recorded).
create function public.door_count() returns public.door_count_answer
language plpgsql stable security definer set search_path = '' as $$
begin
  if not private.has_role('admin', 'lecteur', 'controle') then
    raise exception 'Accès réservé au personnel.' using errcode = '42501';
  end if;
  return (
    select jsonb_populate_record(null::public.door_count_answer, jsonb_build_object(
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
      'double_entries', (select count(*) from public.door_double_entries)))
      from public.reservations r where r.state = 'confirmed');
end;
$$;
revoke all on function public.door_count() from public, anon, authenticated;
grant execute on function public.door_count() to authenticated;

-- Checks a reservation in by hand (checked_in_by_hand, no door). Not limited to the door window:
-- admins are trusted, journaled, and undo (docs/decisions/017-roles-and-door-window.md).
create function public.admin_check_in(id uuid) returns public.door_check_in
language plpgsql volatile security definer set search_path = '' as $$
declare
  r public.reservations;
begin
  perform private.require_admin();
  select * into r from public.reservations x where x.id = admin_check_in.id for update;
  return jsonb_populate_record(null::public.door_check_in,
    private.check_in_locked(r, null, null));
end;
$$;
revoke all on function public.admin_check_in(uuid) from public, anon, authenticated;
grant execute on function public.admin_check_in(uuid) to authenticated;

-- Undoes an entry recorded by mistake (a pass burnt early, the wrong person): the pass is valid
-- again (it may enter, or be cancelled). The reason (3 to 300 characters) is required and goes
-- into the one 'reservation.check_in_undo' row. Returns the pass as get_pass does (pass_answer).
create function public.admin_undo_check_in(id uuid, reason text) returns public.pass_answer
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_reason text := private.clean_line(reason);
  r public.reservations;
  before_row jsonb;
begin
  perform private.require_admin();
  if private.is_blank(reason) or char_length(v_reason) not between 3 and 300 then
    perform private.invalid('reason',
      'Indiquez pourquoi l’entrée est annulée (3 à 300 caractères).');
  end if;
  select * into r from public.reservations x where x.id = admin_undo_check_in.id for update;
  if not found then
    return jsonb_populate_record(null::public.pass_answer,
      private.refusal(404, 'Réservation non trouvée.', 'not_found'));
  elsif r.checked_in_at is null then
    return jsonb_populate_record(null::public.pass_answer,
      private.refusal(409, 'Ce pass n’est pas entré : il n’y a pas d’entrée à annuler.',
        'not_checked_in'));
  end if;
  before_row := jsonb_build_object('checked_in_at', r.checked_in_at, 'door', r.checked_in_door,
    'by_hand', r.checked_in_by_hand, 'checked_in_by', r.checked_in_by);
  update public.reservations x
     set checked_in_at = null, checked_in_door = null, checked_in_by_hand = false,
         checked_in_by = null, check_in_scan_id = null
   where x.id = r.id
  returning * into r;
  perform private.audit('reservation.check_in_undo', 'reservation', r.id::text,
    format('Entrée annulée, motif : « %s »', v_reason), before_row,
    jsonb_build_object('reason', v_reason));
  return jsonb_populate_record(null::public.pass_answer, private.pass_json(r));
end;
$$;
revoke all on function public.admin_undo_check_in(uuid,text) from public, anon, authenticated;
grant execute on function public.admin_undo_check_in(uuid,text) to authenticated;
