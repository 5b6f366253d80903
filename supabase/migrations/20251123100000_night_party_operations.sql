-- Night Party operations: edition settings in the database, staff roles, capacity and waitlist,
-- a personal pass per reservation, and the door check-in. See
-- docs/decisions/009-night-party-operations.md for the numbers (pass code entropy, limits).
--
-- 1. public.edition_settings: the concert's facts and the reservations' window and capacity,
--    edited by admins through admin_update_settings() (with contest_settings).
-- 2. Staff roles in private.admins: admin (everything), lecteur (reads reservations and
--    statistics), controle (door check-in only). private.has_role(...) is the one test.
-- 3. Reservations get a pass code, a state (confirmed / waitlisted / cancelled), a waitlist
--    order and the check-in columns.
-- 4. create_reservation() refuses outside the window and waitlists beyond capacity; visitors
--    read their pass (get_pass) and cancel it (cancel_reservation) with its code.
-- 5. Door staff: check_in, check_in_by_phone, door_count. Nothing else.
-- 6. Admin: admin_cancel_reservation, admin_check_in, night_party_stats, attendance_report,
--    admin_update_settings; everyone: edition_info.

-- ---------------------------------------------------------------------------------------------
-- 1. Edition settings
-- ---------------------------------------------------------------------------------------------

create table public.edition_settings (
  id boolean primary key default true check (id),
  concert_starts_at timestamptz not null,
  doors_open_at timestamptz not null,
  venue_name text not null constraint edition_settings_venue_name_check
    check (char_length(venue_name) between 2 and 120 and not private.is_blank(venue_name)),
  venue_address text not null constraint edition_settings_venue_address_check
    check (char_length(venue_address) between 2 and 200 and not private.is_blank(venue_address)),
  map_url text not null constraint edition_settings_map_url_check
    check (char_length(map_url) <= 500 and map_url ~ '^https://[^[:space:]]+$'),
  capacity integer not null constraint edition_settings_capacity_check
    check (capacity between 1 and 100000),
  overbooking_percent integer not null constraint edition_settings_overbooking_check
    check (overbooking_percent between 0 and 50),
  reservations_open_at timestamptz not null,
  -- null: reservations close when the concert starts.
  reservations_close_at timestamptz,
  contact_phone text not null constraint edition_settings_contact_phone_check
    check (contact_phone ~ '^[0-9]{9}$'),
  contact_email text not null constraint edition_settings_contact_email_check
    check (char_length(contact_email) <= 254
           and contact_email ~ '^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$'),
  updated_at timestamptz not null default now(),
  constraint edition_settings_doors check (doors_open_at <= concert_starts_at),
  constraint edition_settings_open check (reservations_open_at < concert_starts_at),
  constraint edition_settings_close check (reservations_close_at is null
    or (reservations_close_at > reservations_open_at and reservations_close_at <= concert_starts_at))
);
comment on table public.edition_settings is
  'Singleton: the Night Party''s date, venue, capacity and reservation window, and the contacts.';
comment on column public.edition_settings.overbooking_percent is
  'Places confirmed beyond capacity, in percent: floor(capacity * (100 + overbooking) / 100).';

-- Edition 2025, as src/config/edition.ts had it (Africa/Douala, UTC+1).
insert into public.edition_settings (concert_starts_at, doors_open_at, venue_name, venue_address,
  map_url, capacity, overbooking_percent, reservations_open_at, reservations_close_at,
  contact_phone, contact_email)
values ('2025-04-26 16:00:00+01', '2025-04-26 14:00:00+01', 'Palais des Sports de Yaoundé',
  'Palais Polyvalent des Sports, quartier Warda, Yaoundé',
  'https://www.openstreetmap.org/search?query=Palais%20Polyvalent%20des%20Sports%20Yaound%C3%A9',
  1500, 10, '2025-03-01 00:00:00+01', null, '699123456', 'contact@booster-challenge.cm');

-- ---------------------------------------------------------------------------------------------
-- 2. Staff roles
-- ---------------------------------------------------------------------------------------------

alter table private.admins
  add column role text not null default 'admin'
    constraint admins_role_check check (role in ('admin', 'lecteur', 'controle'));
comment on table private.admins is
  'Staff: Supabase Auth users allowed into /admin, with their role (see README).';
comment on column private.admins.role is
  'admin: everything; lecteur: reads reservations and statistics; controle: door check-in only.';

-- Signed in (password) less than 24 hours ago: the `amr` time of the JWT, which refreshing a
-- token does not change.
create function private.signed_in_recently() returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce(
           (select max((m ->> 'timestamp')::bigint)
              from jsonb_array_elements(
                     case when jsonb_typeof(auth.jwt() -> 'amr') = 'array'
                          then auth.jwt() -> 'amr' else '[]'::jsonb end) m),
           0) > extract(epoch from now() - interval '24 hours');
$$;

-- The caller is staff with one of `roles` and signed in less than 24 hours ago.
create function private.has_role(variadic roles text[]) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from private.admins a where a.user_id = auth.uid() and a.role = any (roles))
     and private.signed_in_recently();
$$;

-- Admins only, as before (every policy and function written with is_admin() keeps its meaning).
create or replace function private.is_admin() returns boolean
language sql stable security definer set search_path = '' as $$
  select private.has_role('admin');
$$;

-- The caller's staff role, or null (not staff, or signed in more than 24 hours ago).
create function public.my_staff_role() returns text
language sql stable security definer set search_path = '' as $$
  select a.role from private.admins a
   where a.user_id = auth.uid() and private.signed_in_recently();
$$;

revoke all on function private.signed_in_recently(), private.has_role(text[]),
  public.my_staff_role() from public, anon, authenticated;
-- Policies run with the caller's rights.
grant execute on function private.signed_in_recently(), private.has_role(text[]) to authenticated;
grant execute on function public.my_staff_role() to authenticated;

revoke all on public.edition_settings from anon, authenticated;
alter table public.edition_settings enable row level security;
grant select on public.edition_settings to authenticated;
create policy edition_settings_staff_select on public.edition_settings
  for select to authenticated using ((select private.has_role('admin', 'lecteur')));
-- No write policy: admins change it through admin_update_settings (checked, with contest_settings).

-- ---------------------------------------------------------------------------------------------
-- 3. Reservations: pass, state, waitlist, check-in
-- ---------------------------------------------------------------------------------------------

-- 31 characters, none of 0/O, 1/I/L: nothing to misread on a screen or on paper.
create function private.pass_alphabet() returns text
language sql immutable parallel safe set search_path = '' as $$
  select '23456789ABCDEFGHJKMNPQRSTUVWXYZ'
$$;

-- 10 characters drawn uniformly from the alphabet (bytes >= 248 = 8 × 31 are dropped: no modulo
-- bias): 31^10 ≈ 8.2e14 codes, 49.5 bits.
create function private.new_pass_code() returns text
language plpgsql volatile set search_path = '' as $$
declare
  alphabet constant text := private.pass_alphabet();
  bytes bytea;
  b integer;
  code text := '';
begin
  while char_length(code) < 10 loop
    bytes := extensions.gen_random_bytes(16);
    for i in 0..15 loop
      b := get_byte(bytes, i);
      if b < 248 and char_length(code) < 10 then
        code := code || substr(alphabet, 1 + b % 31, 1);
      end if;
    end loop;
  end loop;
  return code;
end;
$$;

-- A code as typed or scanned: any case, spaces and dashes ignored. '' when it cannot be a code.
create function private.normalise_pass_code(code text) returns text
language sql immutable parallel safe set search_path = '' as $$
  select case when c ~ '^[2-9A-HJKMNP-Z]{10}$' then c else '' end
    from (select upper(regexp_replace(coalesce(code, ''),
            '[\s\u00a0\u2000-\u200f\u202f\ufeff\-\u2010-\u2015\u2212]', '', 'g')) as c) s
$$;

alter table public.reservations
  add column pass_code text,
  add column state text not null default 'confirmed'
    constraint reservations_state_check check (state in ('confirmed', 'waitlisted', 'cancelled')),
  add column queue_number bigint,
  add column cancelled_at timestamptz,
  add column checked_in_at timestamptz,
  add column checked_in_door text
    constraint reservations_checked_in_door_check
    check (checked_in_door is null or char_length(checked_in_door) between 1 and 40),
  add column checked_in_by uuid,
  add column check_in_scan_id uuid;

update public.reservations set pass_code = private.new_pass_code() where pass_code is null;

alter table public.reservations
  alter column pass_code set default private.new_pass_code(),
  alter column pass_code set not null,
  add constraint reservations_pass_code_key unique (pass_code),
  add constraint reservations_pass_code_check check (pass_code ~ '^[2-9A-HJKMNP-Z]{10}$'),
  -- A waitlisted reservation has its place in the queue (kept after promotion, as history).
  add constraint reservations_waitlist_check check (state <> 'waitlisted' or queue_number is not null),
  add constraint reservations_cancelled_check check ((state = 'cancelled') = (cancelled_at is not null)),
  -- Only a confirmed place enters, once, at a door; the scan and the person come with it.
  add constraint reservations_checked_in_check check (checked_in_at is null or state = 'confirmed'),
  add constraint reservations_check_in_fields check (
    case when checked_in_at is null
         then checked_in_door is null and checked_in_by is null and check_in_scan_id is null
         else checked_in_door is not null end);

comment on column public.reservations.pass_code is
  'The personal pass: 10 characters of 23456789ABCDEFGHJKMNPQRSTUVWXYZ, shown as a QR code.';
comment on column public.reservations.queue_number is
  'Order on the waitlist (a sequence): the position is the rank among waitlisted reservations.';

create index reservations_state_idx on public.reservations (state);
create index reservations_waitlist_idx on public.reservations (queue_number) where state = 'waitlisted';
create index reservations_checked_in_idx on public.reservations (checked_in_at)
  where checked_in_at is not null;

create sequence private.reservation_queue;
revoke all on sequence private.reservation_queue from public, anon, authenticated;

-- Places that may be confirmed: capacity plus overbooking, rounded down.
create function private.place_limit(s public.edition_settings) returns integer
language sql immutable set search_path = '' as $$
  select (s.capacity * (100 + s.overbooking_percent)) / 100
$$;

-- Rank on the waitlist (1 = next to be promoted); null when not waitlisted.
create function private.waitlist_position(r public.reservations) returns integer
language sql stable set search_path = '' as $$
  select case when r.state = 'waitlisted' then
    (select count(*)::integer from public.reservations w
      where w.state = 'waitlisted' and w.queue_number <= r.queue_number) end
$$;

-- Promotes waitlisted reservations, first come first served, while a place is free. The caller
-- holds the edition_settings row lock (creations, cancellations and settings changes take it),
-- so two promotions never race. Returns how many were promoted.
create function private.fill_places() returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  free integer;
  promoted integer;
begin
  select private.place_limit(s) - (select count(*) from public.reservations where state = 'confirmed')
    into free from public.edition_settings s;
  if free is null or free <= 0 then
    return 0;
  end if;
  with promote as (
    select w.id from public.reservations w
     where w.state = 'waitlisted' order by w.queue_number limit free for update)
  update public.reservations r set state = 'confirmed' from promote where r.id = promote.id;
  get diagnostics promoted = row_count;
  return promoted;
end;
$$;

-- What a visitor may know of their pass: first name, masked phone, state and the concert's
-- facts. Never the full name, phone, survey or anything of another reservation.
create function private.pass_json(r public.reservations) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'code', r.pass_code,
    'first_name', split_part(r.full_name, ' ', 1),
    'masked_phone', left(r.phone, 1) || '•• •• •• ' || right(r.phone, 2),
    'state', case when r.checked_in_at is not null then 'checked_in' else r.state end,
    'position', private.waitlist_position(r),
    'checked_in_at', r.checked_in_at,
    'concert_starts_at', s.concert_starts_at,
    'doors_open_at', s.doors_open_at,
    'venue_name', s.venue_name,
    'venue_address', s.venue_address,
    'map_url', s.map_url)
  from public.edition_settings s
$$;

-- What create_reservation answers (and answers again to a retry of the same reservation).
create function private.reservation_answer(r public.reservations) returns jsonb
language sql stable set search_path = '' as $$
  select jsonb_build_object('id', r.id, 'pass_code', r.pass_code, 'state', r.state,
                            'position', private.waitlist_position(r))
$$;

-- What the door sees: the verdict, the first name and the initial of the last name, the masked
-- phone; when and where it entered; the waitlist position. Nothing when the pass is unknown.
create function private.door_answer(verdict text, r public.reservations) returns jsonb
language sql stable set search_path = '' as $$
  select jsonb_build_object(
    'verdict', verdict,
    'first_name', case when r.id is not null then split_part(r.full_name, ' ', 1) end,
    'last_initial', case when position(' ' in r.full_name) > 0
                         then upper(left(regexp_replace(r.full_name, '^.* ', ''), 1)) end,
    'masked_phone', case when r.id is not null then left(r.phone, 1) || '•• •• •• ' || right(r.phone, 2) end,
    'checked_in_at', r.checked_in_at,
    'door', r.checked_in_door,
    'position', private.waitlist_position(r))
$$;

revoke all on function private.pass_alphabet(), private.new_pass_code(),
  private.normalise_pass_code(text), private.place_limit(public.edition_settings),
  private.waitlist_position(public.reservations), private.fill_places(),
  private.pass_json(public.reservations), private.reservation_answer(public.reservations),
  private.door_answer(text, public.reservations) from public, anon, authenticated;

-- Admins and readers see the reservations (the admin list shows state, pass and entry).
drop policy reservations_admin_select on public.reservations;
create policy reservations_staff_select on public.reservations
  for select to authenticated using ((select private.has_role('admin', 'lecteur')));

-- The survey counts are statistics: readers see them too (security invoker: RLS decides).
create or replace function public.reservation_summary() returns jsonb
language plpgsql stable security invoker set search_path = '' as $$
declare
  result jsonb;
begin
  if not (select private.has_role('admin', 'lecteur')) then
    raise exception 'Accès réservé aux administrateurs.' using errcode = '42501';
  end if;
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
-- 4. Visitors: reserve, read the pass, cancel it
-- ---------------------------------------------------------------------------------------------

-- Cancelling with a pass code is a public write without proof of work (the code is the proof):
-- rate-limited per address like the others, every attempt counted, unknown codes included.
alter table private.rate_limits drop constraint rate_limits_action_check;
alter table private.rate_limits add constraint rate_limits_action_check
  check (action in ('register', 'reserve', 'contact', 'cancel'));
insert into private.rate_limits (action, window_seconds, max_per_address) values ('cancel', 600, 30);

-- A Night Party reservation. Order: proof of work, rate limit, honeypot, the same reservation
-- sent again (its id: answered as the first time), the reservation window, every field, then,
-- under the edition_settings row lock (one reservation at a time, so the capacity holds
-- whatever arrives together): the retry again, duplicates, and the place: confirmed while the
-- confirmed places are under capacity plus overbooking, else waitlisted at the end of the queue.
-- Returns { id, pass_code, state, position } (position: rank on the waitlist, null when confirmed).
create or replace function public.create_reservation(payload jsonb) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  refused jsonb;
  new_id uuid;
  v_phone text;
  settings public.edition_settings;
  closes timestamptz;
  code text;
  v_state text;
  queue bigint;
  r public.reservations;
begin
  refused := private.admit_public_write('reserve', payload);
  if refused is not null then
    return refused;
  end if;
  begin
    new_id := coalesce(nullif(payload ->> 'id', '')::uuid, gen_random_uuid());
  exception when invalid_text_representation then
    perform private.invalid('id', 'Données de réservation invalides.');
  end;
  if private.is_robot(payload) then
    -- Looks like a success; nothing is stored and the code opens nothing.
    return jsonb_build_object('id', new_id, 'pass_code', private.new_pass_code(),
                              'state', 'confirmed', 'position', null);
  end if;
  v_phone := btrim(payload ->> 'phone');
  select * into r from public.reservations where id = new_id and phone = v_phone;
  if found then
    return private.reservation_answer(r);
  end if;

  select * into settings from public.edition_settings;
  closes := coalesce(settings.reservations_close_at, settings.concert_starts_at);
  if now() < settings.reservations_open_at then
    return private.refusal(403,
      format('Les réservations ne sont pas encore ouvertes : elles ouvrent le %s.',
             to_char(settings.reservations_open_at at time zone 'Africa/Douala',
                     'DD/MM/YYYY "à" HH24"h"MI')),
      'reservations_not_open', settings.reservations_open_at::text);
  elsif now() >= closes then
    return private.refusal(403,
      case when now() >= settings.concert_starts_at
           then 'Les réservations sont closes : la Night Party a commencé.'
           else 'Les réservations sont closes.' end,
      'reservations_closed', closes::text);
  end if;

  perform private.require_strings(payload,
    array['full_name', 'phone', 'ville', 'attendance_status', 'heard_from', 'will_attend',
          'attendance_barrier', 'follows_booster_page', 'consumes_booster_products']);
  if private.is_blank(payload ->> 'full_name') then
    perform private.invalid('full_name', 'Le nom est obligatoire');
  elsif char_length(private.clean_line(payload ->> 'full_name')) not between 3 and 100 then
    perform private.invalid('full_name', 'Le nom doit contenir entre 3 et 100 caractères.');
  end if;
  if coalesce(v_phone, '') !~ '^[0-9]{9}$' then
    perform private.invalid('phone', 'Numéro de téléphone invalide (9 chiffres requis, Pas d''espace)');
  end if;
  if private.is_blank(payload ->> 'ville') then
    perform private.invalid('ville', 'La ville est obligatoire');
  elsif char_length(private.clean_line(payload ->> 'ville')) > 80 then
    perform private.invalid('ville', 'La ville ne doit pas dépasser 80 caractères.');
  end if;
  if coalesce(payload ->> 'attendance_status', '') not in ('yes', 'no', 'maybe')
     or coalesce(payload ->> 'heard_from', '') not in ('flyer', 'social', 'wordOfMouth')
     or coalesce(payload ->> 'will_attend', '') not in ('yes', 'no')
     or coalesce(payload ->> 'attendance_barrier', '') not in
        ('location', 'cost', 'distance', 'noCompanion', 'artists', 'none')
     or coalesce(payload ->> 'follows_booster_page', '') not in ('yes', 'no')
     or coalesce(payload ->> 'consumes_booster_products', '') not in ('yes', 'no') then
    perform private.invalid('survey', 'Veuillez répondre à toutes les questions.');
  end if;

  -- One reservation at a time from here to the commit: the count below stays true.
  select * into settings from public.edition_settings for update;
  -- An overlapping retry now sees the row the first request stored.
  select * into r from public.reservations where id = new_id and phone = v_phone;
  if found then
    return private.reservation_answer(r);
  end if;
  if exists (select 1 from public.reservations x where x.id = new_id) then
    return private.refusal(409, 'Cette réservation a déjà été enregistrée.', 'duplicate_reservation');
  end if;
  if exists (select 1 from public.reservations x where x.phone = v_phone) then
    return private.refusal(409, 'Ce numéro de téléphone a déjà une réservation pour la Night Party.',
      'duplicate_phone');
  end if;

  if (select count(*) from public.reservations x where x.state = 'confirmed')
     < private.place_limit(settings) then
    v_state := 'confirmed';
  else
    v_state := 'waitlisted';
    queue := nextval('private.reservation_queue');
  end if;
  -- Codes are created under the lock: checking that one is free is enough.
  loop
    code := private.new_pass_code();
    exit when not exists (select 1 from public.reservations x where x.pass_code = code);
  end loop;

  insert into public.reservations (id, full_name, phone, ville, attendance_status, heard_from,
    will_attend, attendance_barrier, follows_booster_page, consumes_booster_products,
    pass_code, state, queue_number)
  values (new_id, private.clean_line(payload ->> 'full_name'), v_phone,
    private.clean_line(payload ->> 'ville'), payload ->> 'attendance_status',
    payload ->> 'heard_from', payload ->> 'will_attend', payload ->> 'attendance_barrier',
    payload ->> 'follows_booster_page', payload ->> 'consumes_booster_products',
    code, v_state, queue)
  returning * into r;
  return private.reservation_answer(r);
exception
  when unique_violation then
    -- A row written by another path (an admin, a script as superuser) between check and insert.
    if sqlerrm like '%reservations_phone_key%' then
      raise exception 'Ce numéro de téléphone a déjà une réservation pour la Night Party.'
        using errcode = '23505', hint = 'duplicate_phone';
    elsif sqlerrm like '%reservations_pkey%' then
      select * into r from public.reservations where id = new_id and phone = v_phone;
      if found then
        return private.reservation_answer(r);
      end if;
    end if;
    raise;
end;
$$;

-- One pass, by its code (any case; spaces and dashes ignored). null when no pass has this code.
-- Otherwise only { code, first_name, masked_phone, state, position, checked_in_at,
-- concert_starts_at, doors_open_at, venue_name, venue_address, map_url }, state being
-- confirmed | waitlisted | cancelled | checked_in.
create function public.get_pass(code text) returns jsonb
language sql stable security definer set search_path = '' as $$
  select private.pass_json(r)
    from public.reservations r
   where r.pass_code = private.normalise_pass_code(get_pass.code)
$$;

-- Frees the place of a pass (its holder cannot come): the first of the waitlist takes it in the
-- same transaction. Cancelling twice answers the same; a pass that has entered cannot be
-- cancelled. Rate-limited per address (bucket 'cancel'). Returns the pass as get_pass does.
create function public.cancel_reservation(code text) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  refused jsonb;
  v_code text := private.normalise_pass_code(cancel_reservation.code);
  r public.reservations;
begin
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
    update public.reservations x set state = 'cancelled', cancelled_at = now()
     where x.id = r.id returning * into r;
    perform private.fill_places();
  end if;
  return private.pass_json(r);
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- 5. The door
-- ---------------------------------------------------------------------------------------------

-- Checks in `r`, locked by the caller (FOR UPDATE: a pass scanned at several doors at once is
-- validated once, the others wait and read 'already'). The same scan sent again (an offline
-- queue retrying after a lost answer) is answered 'validated' again.
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
     set checked_in_at = now(), checked_in_door = v_door, checked_in_by = auth.uid(),
         check_in_scan_id = scan_id
   where x.id = r.id
  returning * into r;
  return private.door_answer('validated', r);
end;
$$;

create function private.require_door(door text) returns void
language plpgsql immutable set search_path = '' as $$
begin
  if private.is_blank(door) or char_length(private.clean_line(door)) > 40 then
    perform private.invalid('door', 'Indiquez la porte (40 caractères au plus).');
  end if;
end;
$$;

create function private.require_door_staff() returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if not private.has_role('admin', 'controle') then
    raise exception 'Accès réservé au contrôle des entrées.' using errcode = '42501';
  end if;
end;
$$;

-- The door's check-in by pass code. Returns { verdict, first_name, last_initial, masked_phone,
-- checked_in_at, door, position }, verdict: validated | already | unknown | waitlisted | cancelled.
create function public.check_in(code text, door text, scan_id uuid default null) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  r public.reservations;
begin
  perform private.require_door_staff();
  perform private.require_door(door);
  select * into r from public.reservations x
   where x.pass_code = private.normalise_pass_code(check_in.code) for update;
  return private.check_in_locked(r, door, scan_id);
end;
$$;

-- The same, finding the reservation by its phone (9 digits; spaces, +237 ignored).
create function public.check_in_by_phone(phone text, door text, scan_id uuid default null)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  digits text := regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g');
  r public.reservations;
begin
  perform private.require_door_staff();
  perform private.require_door(door);
  if char_length(digits) = 12 and left(digits, 3) = '237' then
    digits := right(digits, 9);
  end if;
  if digits ~ '^[0-9]{9}$' then
    select * into r from public.reservations x where x.phone = digits for update;
  end if;
  return private.check_in_locked(r, door, scan_id);
end;
$$;

-- The live count at the door: { entered, expected, last_10_minutes } (expected: every confirmed
-- place, entered or not).
create function public.door_count() returns jsonb
language plpgsql stable security definer set search_path = '' as $$
begin
  if not private.has_role('admin', 'lecteur', 'controle') then
    raise exception 'Accès réservé au personnel.' using errcode = '42501';
  end if;
  return (
    select jsonb_build_object(
      'entered', count(*) filter (where r.checked_in_at is not null),
      'expected', count(*),
      'last_10_minutes', count(*) filter (where r.checked_in_at > now() - interval '10 minutes'))
      from public.reservations r where r.state = 'confirmed');
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- 6. Admin and readers
-- ---------------------------------------------------------------------------------------------

create function private.require_admin() returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if not private.has_role('admin') then
    raise exception 'Accès réservé aux administrateurs.' using errcode = '42501';
  end if;
end;
$$;

create function private.require_reader() returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if not private.has_role('admin', 'lecteur') then
    raise exception 'Accès réservé aux administrateurs.' using errcode = '42501';
  end if;
end;
$$;

-- Cancels a reservation from the admin list (the holder called, a duplicate…): as
-- cancel_reservation, by id. Returns the pass as get_pass does.
create function public.admin_cancel_reservation(id uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  r public.reservations;
begin
  perform private.require_admin();
  perform 1 from public.edition_settings for update;
  select * into r from public.reservations x where x.id = admin_cancel_reservation.id for update;
  if not found then
    return private.refusal(404, 'Réservation non trouvée.', 'not_found');
  elsif r.checked_in_at is not null then
    return private.refusal(409, 'Ce pass a déjà servi à l''entrée : il ne peut plus être annulé.',
      'pass_checked_in');
  end if;
  if r.state <> 'cancelled' then
    update public.reservations x set state = 'cancelled', cancelled_at = now()
     where x.id = r.id returning * into r;
    perform private.fill_places();
  end if;
  return private.pass_json(r);
end;
$$;

-- Checks a reservation in by hand (door 'admin'). Returns the check_in answer.
create function public.admin_check_in(id uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  r public.reservations;
begin
  perform private.require_admin();
  select * into r from public.reservations x where x.id = admin_check_in.id for update;
  return private.check_in_locked(r, 'admin', null);
end;
$$;

-- The capacity bar: { capacity, limit, confirmed, waitlisted, checked_in, cancelled }, where
-- limit = capacity + overbooking and confirmed counts every confirmed place (entered or not).
create function public.night_party_stats() returns jsonb
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_reader();
  return (
    select jsonb_build_object(
      'capacity', s.capacity,
      'limit', private.place_limit(s),
      'confirmed', (select count(*) from public.reservations r where r.state = 'confirmed'),
      'waitlisted', (select count(*) from public.reservations r where r.state = 'waitlisted'),
      'checked_in', (select count(*) from public.reservations r where r.checked_in_at is not null),
      'cancelled', (select count(*) from public.reservations r where r.state = 'cancelled'))
      from public.edition_settings s);
end;
$$;

-- The survey crossed with who came, for the sponsor: one row per question and answer (every
-- answer, in the form's order, zeros included): { question, answer, reserved, came }, where
-- reserved counts the confirmed places (those who could come) and came those checked in.
create function public.attendance_report() returns jsonb
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_reader();
  return (
    with answers(question, q_order, answer, a_order) as (
      values
        ('heard_from', 1, 'flyer', 1), ('heard_from', 1, 'social', 2),
        ('heard_from', 1, 'wordOfMouth', 3),
        ('attendance_barrier', 2, 'location', 1), ('attendance_barrier', 2, 'cost', 2),
        ('attendance_barrier', 2, 'distance', 3), ('attendance_barrier', 2, 'noCompanion', 4),
        ('attendance_barrier', 2, 'artists', 5), ('attendance_barrier', 2, 'none', 6),
        ('follows_booster_page', 3, 'yes', 1), ('follows_booster_page', 3, 'no', 2),
        ('consumes_booster_products', 4, 'yes', 1), ('consumes_booster_products', 4, 'no', 2)
    ), given as (
      select g.question, g.answer, count(*) as reserved,
             count(*) filter (where r.checked_in_at is not null) as came
        from public.reservations r
       cross join lateral (values
         ('heard_from', r.heard_from), ('attendance_barrier', r.attendance_barrier),
         ('follows_booster_page', r.follows_booster_page),
         ('consumes_booster_products', r.consumes_booster_products)) as g(question, answer)
       where r.state = 'confirmed'
       group by g.question, g.answer
    )
    select coalesce(jsonb_agg(jsonb_build_object(
             'question', a.question, 'answer', a.answer,
             'reserved', coalesce(g.reserved, 0), 'came', coalesce(g.came, 0))
             order by a.q_order, a.a_order), '[]'::jsonb)
      from answers a left join given g on g.question = a.question and g.answer = a.answer);
end;
$$;

-- Every setting an admin edits, both tables, flat: the columns of edition_settings and
-- contest_settings (updated_at: the later of the two).
create function private.settings_json() returns jsonb
language sql stable security definer set search_path = '' as $$
  select (to_jsonb(e) - 'id' - 'updated_at')
         || (to_jsonb(c) - 'id' - 'updated_at')
         || jsonb_build_object('updated_at', greatest(e.updated_at, c.updated_at))
    from public.edition_settings e, public.contest_settings c
$$;

-- A date and time with its zone (ISO 8601, as toISOString() writes it), or the current value
-- when the key is absent. `nullable`: JSON null clears it.
create function private.setting_time(payload jsonb, field text, fallback timestamptz,
  message text, nullable boolean default false) returns timestamptz
language plpgsql stable set search_path = '' as $$
declare
  v text := payload ->> field;
begin
  if not payload ? field then
    return fallback;
  elsif jsonb_typeof(payload -> field) = 'null' and nullable then
    return null;
  elsif jsonb_typeof(payload -> field) is distinct from 'string'
        or v !~ '^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)$' then
    perform private.invalid(field, message);
  end if;
  return v::timestamptz;
exception when datetime_field_overflow or invalid_datetime_format then
  perform private.invalid(field, message);
  return null;
end;
$$;

-- A whole number in min..max (a JSON number or a string of digits), or the current value.
create function private.setting_int(payload jsonb, field text, fallback integer, lo integer,
  hi integer, message text) returns integer
language plpgsql immutable set search_path = '' as $$
declare
  v text := btrim(payload ->> field);
begin
  if not payload ? field then
    return fallback;
  elsif jsonb_typeof(payload -> field) not in ('number', 'string') or v !~ '^[0-9]{1,9}$'
        or v::integer not between lo and hi then
    perform private.invalid(field, message);
  end if;
  return v::integer;
end;
$$;

-- Changes the edition's settings (admins): any of the columns of edition_settings and
-- contest_settings, each checked with a French message for its field; both rows in one
-- transaction. Raising the capacity promotes the waitlist at once; lowering it keeps the places
-- already confirmed. Returns every setting (private.settings_json).
create function public.admin_update_settings(payload jsonb) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  e public.edition_settings;
  c public.contest_settings;
  key text;
  v text;
  allowed constant text[] := array['concert_starts_at', 'doors_open_at', 'venue_name',
    'venue_address', 'map_url', 'capacity', 'overbooking_percent', 'reservations_open_at',
    'reservations_close_at', 'contact_phone', 'contact_email', 'registration_opens_at',
    'registration_closes_at', 'max_participants'];
begin
  perform private.require_admin();
  if jsonb_typeof(payload) is distinct from 'object' then
    raise exception 'Données invalides.' using errcode = '22023', hint = 'payload';
  end if;
  for key in select k from jsonb_object_keys(payload) k order by k loop
    if key <> all (allowed) then
      perform private.invalid(key, 'Ce paramètre n''existe pas.');
    end if;
  end loop;

  select * into e from public.edition_settings for update;
  select * into c from public.contest_settings for update;

  e.concert_starts_at := private.setting_time(payload, 'concert_starts_at', e.concert_starts_at,
    'Date et heure du concert invalides.');
  e.doors_open_at := private.setting_time(payload, 'doors_open_at', e.doors_open_at,
    'Heure d''ouverture des portes invalide.');
  e.reservations_open_at := private.setting_time(payload, 'reservations_open_at',
    e.reservations_open_at, 'Date d''ouverture des réservations invalide.');
  e.reservations_close_at := private.setting_time(payload, 'reservations_close_at',
    e.reservations_close_at, 'Date de clôture des réservations invalide.', true);
  c.registration_opens_at := private.setting_time(payload, 'registration_opens_at',
    c.registration_opens_at, 'Date d''ouverture des inscriptions invalide.');
  c.registration_closes_at := private.setting_time(payload, 'registration_closes_at',
    c.registration_closes_at, 'Date de clôture des inscriptions invalide.');
  e.capacity := private.setting_int(payload, 'capacity', e.capacity, 1, 100000,
    'La capacité doit être un nombre entier de 1 à 100 000.');
  e.overbooking_percent := private.setting_int(payload, 'overbooking_percent',
    e.overbooking_percent, 0, 50, 'Le surbooking doit être un pourcentage entier de 0 à 50.');
  c.max_participants := private.setting_int(payload, 'max_participants', c.max_participants,
    1, 1000000, 'Le nombre maximum de participants doit être un entier de 1 à 1 000 000.');

  if payload ? 'venue_name' then
    v := private.clean_line(payload ->> 'venue_name');
    if jsonb_typeof(payload -> 'venue_name') is distinct from 'string'
       or char_length(v) not between 2 and 120 then
      perform private.invalid('venue_name', 'Le nom du lieu doit contenir entre 2 et 120 caractères.');
    end if;
    e.venue_name := v;
  end if;
  if payload ? 'venue_address' then
    v := private.clean_line(payload ->> 'venue_address');
    if jsonb_typeof(payload -> 'venue_address') is distinct from 'string'
       or char_length(v) not between 2 and 200 then
      perform private.invalid('venue_address', 'L''adresse doit contenir entre 2 et 200 caractères.');
    end if;
    e.venue_address := v;
  end if;
  if payload ? 'map_url' then
    v := btrim(payload ->> 'map_url');
    if jsonb_typeof(payload -> 'map_url') is distinct from 'string'
       or char_length(v) > 500 or v !~ '^https://[^[:space:]]+$' then
      perform private.invalid('map_url', 'Le lien du plan doit être une adresse https:// valide.');
    end if;
    e.map_url := v;
  end if;
  if payload ? 'contact_phone' then
    v := regexp_replace(coalesce(payload ->> 'contact_phone', ''), '[^0-9]', '', 'g');
    if char_length(v) = 12 and left(v, 3) = '237' then
      v := right(v, 9);
    end if;
    if jsonb_typeof(payload -> 'contact_phone') is distinct from 'string' or v !~ '^[0-9]{9}$' then
      perform private.invalid('contact_phone', 'Numéro de téléphone invalide (9 chiffres requis)');
    end if;
    e.contact_phone := v;
  end if;
  if payload ? 'contact_email' then
    v := lower(btrim(payload ->> 'contact_email'));
    if jsonb_typeof(payload -> 'contact_email') is distinct from 'string' or char_length(v) > 254
       or v !~ '^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$' then
      perform private.invalid('contact_email', 'Adresse email invalide');
    end if;
    e.contact_email := v;
  end if;

  -- The rules between fields, named on the field that was most likely changed.
  if e.doors_open_at > e.concert_starts_at then
    perform private.invalid('doors_open_at',
      'L''ouverture des portes doit précéder le début du concert.');
  end if;
  if e.reservations_open_at >= e.concert_starts_at then
    perform private.invalid('reservations_open_at',
      'L''ouverture des réservations doit précéder le début du concert.');
  end if;
  if e.reservations_close_at is not null and e.reservations_close_at <= e.reservations_open_at then
    perform private.invalid('reservations_close_at',
      'La clôture des réservations doit suivre leur ouverture.');
  end if;
  if e.reservations_close_at is not null and e.reservations_close_at > e.concert_starts_at then
    perform private.invalid('reservations_close_at',
      'La clôture des réservations ne peut pas dépasser le début du concert.');
  end if;
  if c.registration_closes_at <= c.registration_opens_at then
    perform private.invalid('registration_closes_at',
      'La clôture des inscriptions doit suivre leur ouverture.');
  end if;

  update public.edition_settings s set
    concert_starts_at = e.concert_starts_at, doors_open_at = e.doors_open_at,
    venue_name = e.venue_name, venue_address = e.venue_address, map_url = e.map_url,
    capacity = e.capacity, overbooking_percent = e.overbooking_percent,
    reservations_open_at = e.reservations_open_at, reservations_close_at = e.reservations_close_at,
    contact_phone = e.contact_phone, contact_email = e.contact_email, updated_at = now()
   where s.id;
  update public.contest_settings s set
    registration_opens_at = c.registration_opens_at,
    registration_closes_at = c.registration_closes_at,
    max_participants = c.max_participants, updated_at = now()
   where s.id;
  perform private.fill_places();
  return private.settings_json();
end;
$$;

-- What the public pages show: the concert's facts and contacts, the reservation window and its
-- state now (not_open | open | closed | past: the concert has started), the places left
-- (confirmed places still free, never below 0) and whether the waitlist takes new names.
create function public.edition_info() returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'concert_starts_at', s.concert_starts_at,
    'doors_open_at', s.doors_open_at,
    'venue_name', s.venue_name,
    'venue_address', s.venue_address,
    'map_url', s.map_url,
    'contact_phone', s.contact_phone,
    'contact_email', s.contact_email,
    'reservations_open_at', s.reservations_open_at,
    'reservations_close_at', x.closes,
    'reservation_state', x.state,
    'places_left', x.left_,
    'waitlist_open', x.state = 'open' and x.left_ = 0)
  from public.edition_settings s
  cross join lateral (
    select coalesce(s.reservations_close_at, s.concert_starts_at) as closes,
           case when now() >= s.concert_starts_at then 'past'
                when now() < s.reservations_open_at then 'not_open'
                when now() >= coalesce(s.reservations_close_at, s.concert_starts_at) then 'closed'
                else 'open' end as state,
           greatest(0, private.place_limit(s)
             - (select count(*) from public.reservations r where r.state = 'confirmed'))::integer as left_
  ) x
$$;

revoke all on function private.check_in_locked(public.reservations, text, uuid),
  private.require_door(text), private.require_door_staff(), private.require_admin(),
  private.require_reader(), private.settings_json(),
  private.setting_time(jsonb, text, timestamptz, text, boolean),
  private.setting_int(jsonb, text, integer, integer, integer, text)
  from public, anon, authenticated;

revoke all on function public.get_pass(text), public.cancel_reservation(text),
  public.check_in(text, text, uuid), public.check_in_by_phone(text, text, uuid),
  public.door_count(), public.admin_cancel_reservation(uuid), public.admin_check_in(uuid),
  public.night_party_stats(), public.attendance_report(), public.admin_update_settings(jsonb),
  public.edition_info() from public, anon, authenticated;

-- Visitors: read one pass with its code, cancel it, read the edition's public facts.
grant execute on function public.get_pass(text), public.cancel_reservation(text),
  public.edition_info() to anon, authenticated;
-- Staff (each function checks the role itself).
grant execute on function public.check_in(text, text, uuid), public.check_in_by_phone(text, text, uuid),
  public.door_count(), public.admin_cancel_reservation(uuid), public.admin_check_in(uuid),
  public.night_party_stats(), public.attendance_report(), public.admin_update_settings(jsonb)
  to authenticated;
-- create_reservation, reservation_summary and is_admin keep their grants (create or replace).
