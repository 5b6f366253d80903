-- The Night Party: the edition's settings (concert, venue, capacity, overbooking, window),
-- reservations with their pass codes, the waiting list, the holder's own cancellation, the
-- admins' reports and the readers' masked directory (docs/decisions/009-night-party-operations.md).

-- ---------------------------------------------------------------------------------------------
-- Functions the tables below need (defaults, checks)
-- ---------------------------------------------------------------------------------------------

-- 31 characters, none of 0/O, 1/I/L: nothing to misread on a screen or on paper.
create function private.pass_alphabet() returns text
language sql immutable parallel safe set search_path = '' as $$
  select '23456789ABCDEFGHJKMNPQRSTUVWXYZ'
$$;
revoke all on function private.pass_alphabet() from public, anon, authenticated;

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
revoke all on function private.new_pass_code() from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Tables, their indexes, grants and required rows
-- ---------------------------------------------------------------------------------------------

create table public.reservations (
  id uuid default gen_random_uuid(),
  full_name text collate "fr-x-icu" not null,
  phone text not null,
  ville text collate "fr-x-icu",
  region text collate "fr-x-icu",
  attendance_status text default 'yes'::text not null,
  heard_from text not null,
  will_attend text default 'yes'::text not null,
  attendance_barrier text default 'none'::text not null,
  follows_booster_page text default 'yes'::text not null,
  consumes_booster_products text default 'yes'::text not null,
  created_at timestamptz default now() not null,
  pass_code text default private.new_pass_code() not null,
  state text default 'confirmed'::text not null,
  queue_number bigint,
  cancelled_at timestamptz,
  checked_in_at timestamptz,
  checked_in_door text,
  checked_in_by uuid,
  check_in_scan_id uuid,
  checked_in_by_hand boolean default false not null,
  constraint reservations_pkey primary key (id),
  constraint reservations_attendance_barrier_check check (attendance_barrier = any (array['location'::text, 'cost'::text, 'distance'::text, 'noCompanion'::text, 'artists'::text, 'none'::text])),
  constraint reservations_attendance_status_check check (attendance_status = any (array['yes'::text, 'no'::text, 'maybe'::text])),
  constraint reservations_cancelled_check check ((state = 'cancelled'::text) = (cancelled_at is not null)),
  constraint reservations_check_in_fields check (
case
    when checked_in_at is null then checked_in_door is null and checked_in_by is null and check_in_scan_id is null and not checked_in_by_hand
    else (checked_in_door is not null) <> checked_in_by_hand
end),
  constraint reservations_checked_in_check check (checked_in_at is null or state = 'confirmed'::text),
  constraint reservations_checked_in_door_check check (checked_in_door is null or char_length(checked_in_door) >= 1 and char_length(checked_in_door) <= 40),
  constraint reservations_consumes_check check (consumes_booster_products = any (array['yes'::text, 'no'::text])),
  constraint reservations_follows_check check (follows_booster_page = any (array['yes'::text, 'no'::text])),
  constraint reservations_full_name_check check (char_length(btrim(full_name)) >= 3 and char_length(btrim(full_name)) <= 100),
  constraint reservations_heard_from_check check (heard_from = any (array['flyer'::text, 'social'::text, 'wordOfMouth'::text])),
  constraint reservations_pass_code_check check (pass_code ~ '^[2-9A-HJKMNP-Z]{10}$'::text),
  constraint reservations_pass_code_key unique (pass_code),
  constraint reservations_phone_check check (phone ~ '^[0-9]{9}$'::text),
  constraint reservations_place_check check (ville is not null or region is not null),
  constraint reservations_region_check check (region is null or char_length(region) <= 80),
  constraint reservations_state_check check (state = any (array['confirmed'::text, 'waitlisted'::text, 'cancelled'::text])),
  constraint reservations_ville_check check (ville is null or char_length(btrim(ville)) >= 1 and char_length(btrim(ville)) <= 80),
  constraint reservations_waitlist_check check (state <> 'waitlisted'::text or queue_number is not null),
  constraint reservations_will_attend_check check (will_attend = any (array['yes'::text, 'no'::text]))
);
-- Added after rows existed, so older rows are not checked (not valid): as in production.
alter table public.reservations add constraint reservations_full_name_letter check (private.has_letter_or_digit(full_name)) not valid;
alter table public.reservations add constraint reservations_full_name_visible check (not private.is_blank(full_name)) not valid;
alter table public.reservations add constraint reservations_ville_letter check (ville is null or private.has_letter_or_digit(ville)) not valid;
alter table public.reservations add constraint reservations_ville_visible check (ville is null or not private.is_blank(ville)) not valid;
comment on column public.reservations.region is 'Legacy: older rows kept the city here. Read ville ?? region.';
comment on column public.reservations.pass_code is 'The personal pass: 10 characters of 23456789ABCDEFGHJKMNPQRSTUVWXYZ, shown as a QR code.';
comment on column public.reservations.queue_number is 'Order on the waitlist (a sequence): the position is the rank among waitlisted reservations.';
comment on column public.reservations.checked_in_by_hand is 'Checked in from the admin list (admin_check_in), not at a door: checked_in_door is null.';
create unique index reservations_phone_key on public.reservations (phone);
create index reservations_created_at_idx on public.reservations (created_at desc, id desc);
create index reservations_status_idx on public.reservations (attendance_status);
create index reservations_heard_from_idx on public.reservations (heard_from);
create index reservations_state_idx on public.reservations (state);
create index reservations_waitlist_idx on public.reservations (queue_number) where (state = 'waitlisted'::text);
create index reservations_checked_in_idx on public.reservations (checked_in_at) where (checked_in_at is not null);
create index reservations_place_idx on public.reservations (coalesce(ville, region));
alter table public.reservations enable row level security;
revoke all on public.reservations from public, anon, authenticated;
grant select on public.reservations to authenticated;

create table public.edition_settings (
  id boolean default true,
  concert_starts_at timestamptz not null,
  doors_open_at timestamptz not null,
  venue_name text not null,
  venue_address text not null,
  map_url text not null,
  capacity integer not null,
  overbooking_percent integer not null,
  reservations_open_at timestamptz not null,
  reservations_close_at timestamptz,
  contact_phone text not null,
  contact_email text not null,
  updated_at timestamptz default now() not null,
  personal_data_purge_at date,
  constraint edition_settings_pkey primary key (id),
  constraint edition_settings_capacity_check check (capacity >= 1 and capacity <= 100000),
  constraint edition_settings_close check (reservations_close_at is null or reservations_close_at > reservations_open_at and reservations_close_at <= concert_starts_at),
  constraint edition_settings_contact_email_check check (char_length(contact_email) <= 254 and contact_email ~ '^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$'::text),
  constraint edition_settings_contact_phone_check check (contact_phone ~ '^[0-9]{9}$'::text),
  constraint edition_settings_doors check (doors_open_at <= concert_starts_at),
  constraint edition_settings_id_check check (id),
  constraint edition_settings_map_url_check check (char_length(map_url) <= 500 and map_url ~ '^https://[^[:space:]]+$'::text),
  constraint edition_settings_open check (reservations_open_at < concert_starts_at),
  constraint edition_settings_overbooking_check check (overbooking_percent >= 0 and overbooking_percent <= 50),
  constraint edition_settings_venue_address_check check (char_length(venue_address) >= 2 and char_length(venue_address) <= 200 and not private.is_blank(venue_address)),
  constraint edition_settings_venue_name_check check (char_length(venue_name) >= 2 and char_length(venue_name) <= 120 and not private.is_blank(venue_name))
);
-- Added after rows existed, so older rows are not checked (not valid): as in production.
alter table public.edition_settings add constraint edition_settings_contact_email_valid check (private.email_is_valid(contact_email)) not valid;
comment on table public.edition_settings is 'Singleton: the Night Party''s date, venue, capacity and reservation window, and the contacts.';
comment on column public.edition_settings.overbooking_percent is 'Places confirmed beyond capacity, in percent: floor(capacity * (100 + overbooking) / 100).';
comment on column public.edition_settings.personal_data_purge_at is 'From this day (Africa/Douala) admin_purge_personal_data() may run; null: not set.';
alter table public.edition_settings enable row level security;
revoke all on public.edition_settings from public, anon, authenticated;
grant select on public.edition_settings to authenticated;

create sequence private.reservation_queue;
revoke all on sequence private.reservation_queue from public, anon, authenticated, service_role;

-- The key that turns a reservation's id into its directory id (HMAC): readers never learn the
-- real id.
create table private.reservation_directory_key (
  id boolean default true,
  secret bytea default extensions.gen_random_bytes(32) not null,
  constraint reservation_directory_key_pkey primary key (id),
  constraint reservation_directory_key_id_check check (id)
);
alter table private.reservation_directory_key enable row level security;
revoke all on private.reservation_directory_key from public, anon, authenticated;

-- The columns of reservations the admin list shows, without pass_code, queue_number,
-- checked_in_by and check_in_scan_id; phone masked (private.mask_phone). Written by the
-- triggers below only.
create table public.reservation_directory (
  id uuid,
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
  checked_in_by_hand boolean not null,
  constraint reservation_directory_pkey primary key (id)
);
comment on table public.reservation_directory is 'What readers (lecteur) see of reservations: no pass code, phone masked, an id of its own. Kept by triggers.';
create index reservation_directory_created_at_idx on public.reservation_directory (created_at desc, id desc);
create index reservation_directory_state_idx on public.reservation_directory (state);
create index reservation_directory_place_idx on public.reservation_directory (coalesce(ville, region));
alter table public.reservation_directory enable row level security;
revoke all on public.reservation_directory from public, anon, authenticated;
grant select on public.reservation_directory to authenticated;

insert into public.edition_settings (concert_starts_at, doors_open_at, venue_name, venue_address, map_url, capacity, overbooking_percent, reservations_open_at, reservations_close_at, contact_phone, contact_email, personal_data_purge_at)
values ('2025-04-26 15:00:00+00', '2025-04-26 13:00:00+00', 'Palais des Sports de Yaoundé', 'Palais Polyvalent des Sports, quartier Warda, Yaoundé', 'https://www.openstreetmap.org/search?query=Palais%20Polyvalent%20des%20Sports%20Yaound%C3%A9', '1500', '10', '2025-02-28 23:00:00+00', NULL, '699123456', 'contact@booster-challenge.cm', NULL);

insert into private.reservation_directory_key default values;

-- ---------------------------------------------------------------------------------------------
-- Functions
-- ---------------------------------------------------------------------------------------------

-- The survey counts and cities, for admins and readers (security definer: readers no longer
-- select reservations). Same answer as before.
create function public.reservation_summary() returns jsonb
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
revoke all on function public.reservation_summary() from public, anon, authenticated;
grant execute on function public.reservation_summary() to authenticated;

-- Places that may be confirmed: capacity plus overbooking, rounded down.
create function private.place_limit(s public.edition_settings) returns integer
language sql immutable set search_path = '' as $$
  select (s.capacity * (100 + s.overbooking_percent)) / 100
$$;
revoke all on function private.place_limit(public.edition_settings) from public, anon, authenticated;

-- Rank on the waitlist (1 = next to be promoted); null when not waitlisted.
create function private.waitlist_position(r public.reservations) returns integer
language sql stable set search_path = '' as $$
  select case when r.state = 'waitlisted' then
    (select count(*)::integer from public.reservations w
      where w.state = 'waitlisted' and w.queue_number <= r.queue_number) end
$$;
revoke all on function private.waitlist_position(public.reservations) from public, anon, authenticated;

-- What create_reservation answers (and answers again to a retry of the same reservation).
create function private.reservation_answer(r public.reservations) returns jsonb
language sql stable set search_path = '' as $$
  select jsonb_build_object('id', r.id, 'pass_code', r.pass_code, 'state', r.state,
                            'position', private.waitlist_position(r))
$$;
revoke all on function private.reservation_answer(public.reservations) from public, anon, authenticated;

-- A Night Party reservation. Order: proof of work, rate limit, honeypot, the same reservation
-- sent again (its id: answered as the first time), the reservation window, every field, then,
-- under the edition_settings row lock (one reservation at a time, so the capacity holds
-- whatever arrives together): the retry again, duplicates, and the place: confirmed while the
-- confirmed places are under capacity plus overbooking, else waitlisted at the end of the queue.
-- Returns { id, pass_code, state, position } (position: rank on the waitlist, null when confirmed).
create function public.create_reservation(payload jsonb) returns jsonb
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
revoke all on function public.create_reservation(jsonb) from public, anon, authenticated;
grant execute on function public.create_reservation(jsonb) to anon;
grant execute on function public.create_reservation(jsonb) to authenticated;

-- A code as typed or scanned: any case, spaces and dashes ignored. '' when it cannot be a code.
create function private.normalise_pass_code(code text) returns text
language sql immutable parallel safe set search_path = '' as $$
  select case when c ~ '^[2-9A-HJKMNP-Z]{10}$' then c else '' end
    from (select upper(regexp_replace(coalesce(code, ''),
            '[\s\u00a0\u2000-\u200f\u202f\ufeff\-\u2010-\u2015\u2212]', '', 'g')) as c) s
$$;
revoke all on function private.normalise_pass_code(text) from public, anon, authenticated;

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
revoke all on function private.fill_places() from public, anon, authenticated;

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
revoke all on function private.pass_json(public.reservations) from public, anon, authenticated;

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
revoke all on function public.get_pass(text) from public, anon, authenticated;
grant execute on function public.get_pass(text) to anon;
grant execute on function public.get_pass(text) to authenticated;

-- As before (rate limit, unknown code, entered pass, waitlist promoted), for visitors only: a
-- signed-in caller is staff and cancels from the administration (admin_cancel_reservation,
-- journaled with its actor). The holder's cancellation writes one 'reservation.cancel' row
-- without actor nor personal data.
create function public.cancel_reservation(code text) returns jsonb
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
revoke all on function public.cancel_reservation(text) from public, anon, authenticated;
grant execute on function public.cancel_reservation(text) to anon;
grant execute on function public.cancel_reservation(text) to authenticated;

-- As in 20251123120000_organiser_workspace.sql, plus 'promoted': how many waitlisted reservations
-- the freed place confirmed (private.fill_places), so that the cancellation's toast names the
-- change it caused (issue 27: "every status change caused by another action is named"). 0 when
-- nothing was freed (already cancelled).
create function public.admin_cancel_reservation(id uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  r public.reservations;
  promoted integer := 0;
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
    perform private.audit('reservation.cancel', 'reservation', r.id::text, 'Réservation annulée',
      jsonb_build_object('state', r.state), jsonb_build_object('state', 'cancelled'));
    update public.reservations x set state = 'cancelled', cancelled_at = now()
     where x.id = r.id returning * into r;
    promoted := private.fill_places();
  end if;
  return private.pass_json(r) || jsonb_build_object('promoted', promoted);
end;
$$;
revoke all on function public.admin_cancel_reservation(uuid) from public, anon, authenticated;
grant execute on function public.admin_cancel_reservation(uuid) to authenticated;

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
revoke all on function public.night_party_stats() from public, anon, authenticated;
grant execute on function public.night_party_stats() to authenticated;

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
revoke all on function public.attendance_report() from public, anon, authenticated;
grant execute on function public.attendance_report() to authenticated;

-- Every setting an admin edits, both tables, flat: the columns of edition_settings and
-- contest_settings (updated_at: the later of the two).
create function private.settings_json() returns jsonb
language sql stable security definer set search_path = '' as $$
  select (to_jsonb(e) - 'id' - 'updated_at')
         || (to_jsonb(c) - 'id' - 'updated_at')
         || jsonb_build_object('updated_at', greatest(e.updated_at, c.updated_at))
    from public.edition_settings e, public.contest_settings c
$$;
revoke all on function private.settings_json() from public, anon, authenticated;

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
revoke all on function private.setting_time(jsonb,text,timestamp with time zone,text,boolean) from public, anon, authenticated;

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
revoke all on function private.setting_int(jsonb,text,integer,integer,integer,text) from public, anon, authenticated;

-- As before (20251123120000_organiser_workspace.sql), with:
-- - personal_data_purge_at at least 30 days after the concert's day and the registrations'
--   last day (Douala), and unchanged while a purge is scheduled;
-- - concert_starts_at not moved before now once reservations exist (the concert would look
--   over, and the purge date could follow it);
-- - contact_email checked by private.email_is_valid.
create function public.admin_update_settings(payload jsonb) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  e public.edition_settings;
  c public.contest_settings;
  old_concert timestamptz;
  old_purge date;
  key text;
  v text;
  before_row jsonb;
  after_row jsonb;
  changed text[];
  allowed constant text[] := array['concert_starts_at', 'doors_open_at', 'venue_name',
    'venue_address', 'map_url', 'capacity', 'overbooking_percent', 'reservations_open_at',
    'reservations_close_at', 'contact_phone', 'contact_email', 'registration_opens_at',
    'registration_closes_at', 'max_participants', 'personal_data_purge_at'];
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
  old_concert := e.concert_starts_at;
  old_purge := e.personal_data_purge_at;
  before_row := private.settings_json();

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
    if jsonb_typeof(payload -> 'contact_email') is distinct from 'string'
       or not private.email_is_valid(v) then
      perform private.invalid('contact_email', 'Adresse email invalide');
    end if;
    e.contact_email := v;
  end if;
  if payload ? 'personal_data_purge_at' then
    if jsonb_typeof(payload -> 'personal_data_purge_at') = 'null' then
      e.personal_data_purge_at := null;
    else
      v := btrim(payload ->> 'personal_data_purge_at');
      begin
        if jsonb_typeof(payload -> 'personal_data_purge_at') is distinct from 'string'
           or v !~ '^\d{4}-\d{2}-\d{2}$' then
          raise invalid_datetime_format;
        end if;
        e.personal_data_purge_at := v::date;
      exception when invalid_datetime_format or datetime_field_overflow then
        perform private.invalid('personal_data_purge_at',
          'Date de purge des données personnelles invalide (AAAA-MM-JJ).');
      end;
    end if;
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
  -- A concert moved into the past would close the reservations and, with the purge date
  -- following it, bring the purge of places people hold closer (docs/decisions/018-…).
  if e.concert_starts_at is distinct from old_concert and e.concert_starts_at < now()
     and exists (select 1 from public.reservations) then
    perform private.invalid('concert_starts_at',
      'Des places sont réservées : le début du concert ne peut pas être placé dans le passé.');
  end if;
  if e.personal_data_purge_at is distinct from old_purge and exists (
       select 1 from private.purge_requests r where r.cancelled_at is null and r.ran_at is null) then
    perform private.invalid('personal_data_purge_at',
      'Une purge des données personnelles est programmée : annulez-la avant de changer sa date.');
  end if;
  if e.personal_data_purge_at is not null and e.personal_data_purge_at < 30 + greatest(
       (e.concert_starts_at at time zone 'Africa/Douala')::date,
       (c.registration_closes_at at time zone 'Africa/Douala')::date) then
    perform private.invalid('personal_data_purge_at',
      'La purge des données personnelles doit venir au moins 30 jours après le concert et la clôture des inscriptions.');
  end if;

  update public.edition_settings s set
    concert_starts_at = e.concert_starts_at, doors_open_at = e.doors_open_at,
    venue_name = e.venue_name, venue_address = e.venue_address, map_url = e.map_url,
    capacity = e.capacity, overbooking_percent = e.overbooking_percent,
    reservations_open_at = e.reservations_open_at, reservations_close_at = e.reservations_close_at,
    contact_phone = e.contact_phone, contact_email = e.contact_email,
    personal_data_purge_at = e.personal_data_purge_at, updated_at = now()
   where s.id;
  update public.contest_settings s set
    registration_opens_at = c.registration_opens_at,
    registration_closes_at = c.registration_closes_at,
    max_participants = c.max_participants, updated_at = now()
   where s.id;
  perform private.fill_places();

  after_row := private.settings_json();
  select array_agg(k order by k) into changed
    from jsonb_object_keys(after_row) k
   where k <> 'updated_at' and after_row -> k is distinct from before_row -> k;
  if changed is not null then
    perform private.audit('settings.update', 'settings', null,
      'Paramètres modifiés : ' || (select string_agg(case k
          when 'concert_starts_at' then 'date du concert'
          when 'doors_open_at' then 'ouverture des portes' when 'venue_name' then 'lieu'
          when 'venue_address' then 'adresse' when 'map_url' then 'plan'
          when 'capacity' then 'capacité' when 'overbooking_percent' then 'surbooking'
          when 'reservations_open_at' then 'ouverture des réservations'
          when 'reservations_close_at' then 'clôture des réservations'
          when 'contact_phone' then 'téléphone de contact'
          when 'contact_email' then 'e-mail de contact'
          when 'registration_opens_at' then 'ouverture des inscriptions'
          when 'registration_closes_at' then 'clôture des inscriptions'
          when 'max_participants' then 'nombre maximum de participants'
          when 'personal_data_purge_at' then 'date de purge des données personnelles'
          else k end, ', ' order by o) from unnest(changed) with ordinality u(k, o)),
      (select jsonb_object_agg(k, before_row -> k) from unnest(changed) k),
      (select jsonb_object_agg(k, after_row -> k) from unnest(changed) k));
  end if;
  return after_row;
end;
$$;
revoke all on function public.admin_update_settings(jsonb) from public, anon, authenticated;
grant execute on function public.admin_update_settings(jsonb) to authenticated;

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
revoke all on function public.edition_info() from public, anon, authenticated;
grant execute on function public.edition_info() to anon;
grant execute on function public.edition_info() to authenticated;

create function private.reservation_directory_id(reservation_id uuid) returns uuid
language sql stable set search_path = '' as $$
  select encode(substr(extensions.hmac(convert_to(reservation_id::text, 'UTF8'),
                 (select k.secret from private.reservation_directory_key k), 'sha256'), 1, 16),
                'hex')::uuid
$$;
revoke all on function private.reservation_directory_id(uuid) from public, anon, authenticated;

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
revoke all on function private.refresh_reservation_directory(uuid[]) from public, anon, authenticated;

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
revoke all on function private.reservations_to_directory() from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Triggers and policies
-- ---------------------------------------------------------------------------------------------

create policy reservations_admin_select on public.reservations
  for select to authenticated
  using (( select private.is_admin() as is_admin));

create policy edition_settings_staff_select on public.edition_settings
  for select to authenticated
  using (( select private.has_role(variadic array['admin'::text, 'lecteur'::text]) as has_role));

create policy reservation_directory_staff_select on public.reservation_directory
  for select to authenticated
  using (( select private.has_role(variadic array['admin'::text, 'lecteur'::text]) as has_role));

create trigger reservations_directory_insert after insert on public.reservations referencing new table as changed for each statement execute function private.reservations_to_directory();
-- Also for bulk loads that turn triggers off (session_replication_role = replica, as
-- scripts/fill-large.ts does): kept up to date whatever the load.
alter table public.reservations enable always trigger reservations_directory_insert;

create trigger reservations_directory_update after update on public.reservations referencing new table as changed for each statement execute function private.reservations_to_directory();
-- Also for bulk loads that turn triggers off (session_replication_role = replica, as
-- scripts/fill-large.ts does): kept up to date whatever the load.
alter table public.reservations enable always trigger reservations_directory_update;

create trigger reservations_directory_delete after delete on public.reservations referencing old table as gone for each statement execute function private.reservations_to_directory();
-- Also for bulk loads that turn triggers off (session_replication_role = replica, as
-- scripts/fill-large.ts does): kept up to date whatever the load.
alter table public.reservations enable always trigger reservations_directory_delete;

create trigger reservations_visible_text before insert or update of full_name, ville on public.reservations for each row execute function private.check_visible_text();
