-- Reservations and passes: the survey's pre-filled answers and which ones a visitor changed,
-- the edition as visitors read it, a pass code per reservation, the waiting list, and the pass
-- as its holder reads it (docs/decisions/009-night-party-operations.md, 025-survey-defaults.md).

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

-- 128 random bits, base64url (22 characters): what the pass's QR holds for the door, never
-- derived from the code (docs/decisions/042-a-door-list-without-codes.md).
create function private.new_qr_token() returns text
language sql volatile set search_path = '' as $$
  select translate(rtrim(encode(extensions.gen_random_bytes(16), 'base64'), '='), '+/', '-_')
$$;
revoke all on function private.new_qr_token() from public, anon, authenticated;

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
  survey_changed text[],
  door_ref text not null,
  door_version bigint not null,
  qr_token text default private.new_qr_token() not null,
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
  constraint reservations_qr_token_check check (qr_token ~ '^[A-Za-z0-9_-]{22}$'::text),
  constraint reservations_qr_token_key unique (qr_token),
  constraint reservations_place_check check (ville is not null or region is not null),
  constraint reservations_region_check check (region is null or char_length(region) <= 80),
  constraint reservations_state_check check (state = any (array['confirmed'::text, 'waitlisted'::text, 'cancelled'::text])),
  constraint reservations_survey_changed_check check (survey_changed is null or survey_changed <@ array['attendance_status'::text, 'will_attend'::text, 'attendance_barrier'::text, 'follows_booster_page'::text, 'consumes_booster_products'::text] and (attendance_status = 'yes'::text or ('attendance_status'::text = any (survey_changed))) and (will_attend = 'yes'::text or ('will_attend'::text = any (survey_changed))) and (attendance_barrier = 'none'::text or ('attendance_barrier'::text = any (survey_changed))) and (follows_booster_page = 'yes'::text or ('follows_booster_page'::text = any (survey_changed))) and (consumes_booster_products = 'yes'::text or ('consumes_booster_products'::text = any (survey_changed)))),
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
comment on column public.reservations.door_ref is 'private.door_ref(pass_code): how the door list names the pass (docs/decisions/032-offline-door.md). Kept by a trigger.';
comment on column public.reservations.door_version is 'The transaction that last changed what the door list shows of this pass (door_list''s deltas). Kept by a trigger.';
comment on column public.reservations.qr_token is 'What the pass''s QR holds besides its link: 128 random bits the door checks (docs/decisions/042-a-door-list-without-codes.md). Given by get_pass to whoever holds the code.';
comment on column public.reservations.survey_changed is 'The pre-filled survey questions (column names) whose answer the visitor changed on the form; null: not recorded (made before the record existed). See docs/decisions/025-survey-defaults.md.';
-- One live (confirmed or waitlisted) pass per phone; a cancelled pass does not hold its phone, so
-- its holder may reserve again (docs/decisions/039-one-answer-and-votes-that-cannot-be-bought.md).
create unique index reservations_phone_key on public.reservations (phone) where state <> 'cancelled';
create index reservations_phone_idx on public.reservations (phone);
create index reservations_created_at_idx on public.reservations (created_at desc, id desc);
create index reservations_status_idx on public.reservations (attendance_status);
create index reservations_heard_from_idx on public.reservations (heard_from);
create index reservations_state_idx on public.reservations (state);
create index reservations_waitlist_idx on public.reservations (queue_number) where state = 'waitlisted';
create index reservations_checked_in_idx on public.reservations (checked_in_at)
  where checked_in_at is not null;
create index reservations_place_idx on public.reservations ((coalesce(ville, region)));
create unique index reservations_door_ref_key on public.reservations (door_ref);
create index reservations_door_version_idx on public.reservations (door_version);
alter table public.reservations enable row level security;
revoke all on public.reservations from public, anon, authenticated;
grant select on public.reservations to authenticated;

create sequence private.reservation_queue;
revoke all on sequence private.reservation_queue from public, anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Functions
-- ---------------------------------------------------------------------------------------------

-- A code as typed or scanned: any case, spaces and dashes ignored. '' when it cannot be a code.
create function private.normalise_pass_code(code text) returns text
language sql immutable parallel safe set search_path = '' as $$
  select case when c ~ '^[2-9A-HJKMNP-Z]{10}$' then c else '' end
    from (select upper(regexp_replace(coalesce(code, ''),
            '[\s\u00a0\u2000-\u200f\u202f\ufeff\-\u2010-\u2015\u2212]', '', 'g')) as c) s
$$;
revoke all on function private.normalise_pass_code(text) from public, anon, authenticated;

-- Rank on the waitlist (1 = next to be promoted); null when not waitlisted.
create function private.waitlist_position(r public.reservations) returns integer
language sql stable set search_path = '' as $$
  select case when r.state = 'waitlisted' then
    (select count(*)::integer from public.reservations w
      where w.state = 'waitlisted' and w.queue_number <= r.queue_number) end
$$;
revoke all on function private.waitlist_position(public.reservations) from public, anon, authenticated;

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

-- What a visitor may know of their pass: first name, masked phone, state, the concert's facts and
-- the QR's token (ADR 042). Never the full name, phone, survey or anything of another reservation.
create function private.pass_json(r public.reservations) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'code', r.pass_code,
    'qr_token', r.qr_token,
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

-- As before (20251123100000_night_party_operations.sql), with the contest's registration window,
-- final's city and day and edition year (the final's; the Night Party's name takes the concert's
-- year, from concert_starts_at), and reminder_configured (message_settings.reminder_days_before).
create function public.edition_info() returns public.edition_info_answer
language sql stable security definer set search_path = '' as $$
  select jsonb_populate_record(null::public.edition_info_answer, jsonb_build_object(
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
    'waitlist_open', x.state = 'open' and x.left_ = 0,
    'registration_opens_at', c.registration_opens_at,
    'registration_closes_at', c.registration_closes_at,
    'final_city', c.final_city,
    'final_on', c.final_on,
    'edition_year', extract(year from c.final_on)::integer,
    'reminder_configured', m.reminder_days_before is not null))
  from public.edition_settings s
  cross join public.contest_settings c
  cross join public.message_settings m
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
grant execute on function public.edition_info() to anon, authenticated;

-- The form's pre-filled answers, by column: the one list the function, the check and the report
-- read. The specification's values (SPEC §4, reservation form defaults); heard_from has none.
create function private.survey_defaults() returns jsonb
language sql immutable set search_path = '' as $$
  select jsonb_build_object('attendance_status', 'yes', 'will_attend', 'yes',
                            'attendance_barrier', 'none', 'follows_booster_page', 'yes',
                            'consumes_booster_products', 'yes')
$$;
revoke all on function private.survey_defaults() from public, anon, authenticated;

-- payload.survey_changed -> the stored record: null when absent or JSON null (not recorded);
-- otherwise an array of at most five strings, each a pre-filled question's column name (raised
-- with a French message otherwise: the whole reservation is refused, nothing stored), completed
-- with every answer that differs from its default, without repeats, in the form's order.
create function private.survey_changed(payload jsonb) returns text[]
language plpgsql stable set search_path = '' as $$
declare
  sent jsonb := payload -> 'survey_changed';
  defaults jsonb := private.survey_defaults();
begin
  if sent is null or jsonb_typeof(sent) = 'null' then
    return null;
  end if;
  if jsonb_typeof(sent) <> 'array' or jsonb_array_length(sent) > 5 or exists (
       select 1 from jsonb_array_elements(sent) e
        where jsonb_typeof(e) <> 'string' or not defaults ? (e #>> '{}')) then
    perform private.invalid('survey_changed',
      'Réponses modifiées invalides : seules les questions pré-remplies du questionnaire sont acceptées.');
  end if;
  return array(
    select d.key
      from jsonb_each_text(defaults) d(key, value)
     where sent ? d.key or payload ->> d.key is distinct from d.value
     order by array_position(array['attendance_status', 'will_attend', 'attendance_barrier',
                                   'follows_booster_page', 'consumes_booster_products'], d.key));
end;
$$;
revoke all on function private.survey_changed(jsonb) from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Triggers and policies
-- ---------------------------------------------------------------------------------------------

create policy reservations_admin_select on public.reservations
  for select to authenticated using ((select private.is_admin()));

create trigger reservations_visible_text
  before insert or update of full_name, ville on public.reservations
  for each row execute function private.check_visible_text();
