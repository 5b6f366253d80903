-- The admins' and readers' reports on reservations and the readers' masked directory
-- (docs/decisions/009-night-party-operations.md, 017-roles-and-door-window.md).

-- ---------------------------------------------------------------------------------------------
-- Tables, their indexes, grants and required rows
-- ---------------------------------------------------------------------------------------------

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
create index reservation_directory_created_at_idx
  on public.reservation_directory (created_at desc, id desc);
create index reservation_directory_state_idx on public.reservation_directory (state);
create index reservation_directory_place_idx on public.reservation_directory ((coalesce(ville, region)));
alter table public.reservation_directory enable row level security;
revoke all on public.reservation_directory from public, anon, authenticated;
grant select on public.reservation_directory to authenticated;

insert into private.reservation_directory_key default values;

-- ---------------------------------------------------------------------------------------------
-- Functions
-- ---------------------------------------------------------------------------------------------

-- The survey counts and cities, for admins and readers (security definer: readers no longer
-- select reservations). Same answer as before.
create function public.reservation_summary() returns public.reservation_summary_answer
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_reader();
  return (select jsonb_populate_record(null::public.reservation_summary_answer, jsonb_build_object(
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
       where place is not null), '[]'::jsonb)))
  from public.reservations);
end;
$$;
revoke all on function public.reservation_summary() from public, anon, authenticated;
grant execute on function public.reservation_summary() to authenticated;

-- The capacity bar (public.reservation_capacity): limit = capacity + overbooking and confirmed
-- counts every confirmed place (entered or not).
create function public.night_party_stats() returns public.reservation_capacity
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_reader();
  return (
    select jsonb_populate_record(null::public.reservation_capacity, jsonb_build_object(
      'capacity', s.capacity,
      'limit', private.place_limit(s),
      'confirmed', (select count(*) from public.reservations r where r.state = 'confirmed'),
      'waitlisted', (select count(*) from public.reservations r where r.state = 'waitlisted'),
      'checked_in', (select count(*) from public.reservations r where r.checked_in_at is not null),
      'cancelled', (select count(*) from public.reservations r where r.state = 'cancelled')))
      from public.edition_settings s);
end;
$$;
revoke all on function public.night_party_stats() from public, anon, authenticated;
grant execute on function public.night_party_stats() to authenticated;

-- The survey crossed with who came, for the sponsor: one row per question and answer (every
-- answer, in the form's order, zeros included; public.reservation_attendance_line), where
-- reserved counts the confirmed places (those who could come), came those checked in, prefilled
-- says the form offered this answer already chosen, kept counts the confirmed places left at it
-- (the visitor did not change it) and unknown those on it made before the record existed
-- (survey_changed null). On an answer that is not pre-filled, kept and unknown are 0: the
-- visitor chose it. Readers read it too.
create function public.attendance_report() returns setof public.reservation_attendance_line
language plpgsql stable security definer set search_path = '' as $$
declare
  defaults jsonb := private.survey_defaults();
begin
  perform private.require_reader();
  return query
    with answers(question, q_order, answer, a_order) as (
      values
        ('attendance_status', 1, 'yes', 1), ('attendance_status', 1, 'no', 2),
        ('attendance_status', 1, 'maybe', 3),
        ('heard_from', 2, 'flyer', 1), ('heard_from', 2, 'social', 2),
        ('heard_from', 2, 'wordOfMouth', 3),
        ('will_attend', 3, 'yes', 1), ('will_attend', 3, 'no', 2),
        ('attendance_barrier', 4, 'location', 1), ('attendance_barrier', 4, 'cost', 2),
        ('attendance_barrier', 4, 'distance', 3), ('attendance_barrier', 4, 'noCompanion', 4),
        ('attendance_barrier', 4, 'artists', 5), ('attendance_barrier', 4, 'none', 6),
        ('follows_booster_page', 5, 'yes', 1), ('follows_booster_page', 5, 'no', 2),
        ('consumes_booster_products', 6, 'yes', 1), ('consumes_booster_products', 6, 'no', 2)
    ), given as (
      select g.question, g.answer, count(*) as reserved,
             count(*) filter (where r.checked_in_at is not null) as came,
             count(*) filter (where g.answer = defaults ->> g.question
                                and r.survey_changed is not null
                                and not g.question = any (r.survey_changed)) as kept,
             count(*) filter (where g.answer = defaults ->> g.question
                                and r.survey_changed is null) as unknown
        from public.reservations r
       cross join lateral (values
         ('attendance_status', r.attendance_status), ('heard_from', r.heard_from),
         ('will_attend', r.will_attend), ('attendance_barrier', r.attendance_barrier),
         ('follows_booster_page', r.follows_booster_page),
         ('consumes_booster_products', r.consumes_booster_products)) as g(question, answer)
       where r.state = 'confirmed'
       group by g.question, g.answer
    )
    select a.question, a.answer, coalesce(g.reserved, 0), coalesce(g.came, 0),
           a.answer = coalesce(defaults ->> a.question, ''), coalesce(g.kept, 0),
           coalesce(g.unknown, 0)
      from answers a left join given g on g.question = a.question and g.answer = a.answer
     order by a.q_order, a.a_order;
end;
$$;
revoke all on function public.attendance_report() from public, anon, authenticated;
grant execute on function public.attendance_report() to authenticated;

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

create policy reservation_directory_staff_select on public.reservation_directory
  for select to authenticated using ((select private.has_role('admin', 'lecteur')));

create trigger reservations_directory_insert after insert on public.reservations
  referencing new table as changed for each statement
  execute function private.reservations_to_directory();
-- Also for bulk loads that turn triggers off (session_replication_role = replica, as
-- bench/support/fill-large.ts does): kept up to date whatever the load.
alter table public.reservations enable always trigger reservations_directory_insert;

create trigger reservations_directory_update after update on public.reservations
  referencing new table as changed for each statement
  execute function private.reservations_to_directory();
-- Also for bulk loads that turn triggers off (session_replication_role = replica, as
-- bench/support/fill-large.ts does): kept up to date whatever the load.
alter table public.reservations enable always trigger reservations_directory_update;

create trigger reservations_directory_delete after delete on public.reservations
  referencing old table as gone for each statement
  execute function private.reservations_to_directory();
-- Also for bulk loads that turn triggers off (session_replication_role = replica, as
-- bench/support/fill-large.ts does): kept up to date whatever the load.
alter table public.reservations enable always trigger reservations_directory_delete;
