-- Booster Challenge: schema, constraints, row-level security and functions.
-- Runs unchanged on hosted Supabase (`supabase db push`) and on the embedded local backend.
-- The anon key is public: RLS, grants and constraints below are the only wall.

create schema if not exists private;
revoke all on schema private from public;
grant usage on schema private to authenticated;

-- Supabase grants everything in `public` to anon/authenticated by default: take it all back,
-- then grant the minimum each role needs, table by table.
alter default privileges in schema public revoke all on tables from anon, authenticated;
alter default privileges in schema public revoke all on functions from anon, authenticated, public;
alter default privileges in schema public revoke all on sequences from anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Tables
-- ---------------------------------------------------------------------------------------------

create table public.contest_settings (
  id boolean primary key default true check (id),
  registration_opens_at timestamptz not null,
  registration_closes_at timestamptz not null,
  max_participants integer not null check (max_participants between 1 and 1000000),
  updated_at timestamptz not null default now(),
  constraint contest_settings_window check (registration_closes_at > registration_opens_at)
);
comment on table public.contest_settings is 'Singleton: the registration window and capacity of the edition.';

-- Edition 2025: 15 June to 30 July 2025 (Africa/Douala, UTC+1).
insert into public.contest_settings (registration_opens_at, registration_closes_at, max_participants)
values ('2025-06-15 00:00:00+01', '2025-07-30 23:59:59+01', 2000);

create table public.participants (
  id uuid primary key default gen_random_uuid(),
  full_name text not null constraint participants_full_name_check
    check (char_length(btrim(full_name)) between 2 and 100),
  email text not null constraint participants_email_check
    check (char_length(email) <= 254 and email ~ '^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$'),
  phone text not null constraint participants_phone_check check (phone ~ '^[0-9]{9}$'),
  city text not null constraint participants_city_check
    check (char_length(btrim(city)) between 2 and 80),
  region text not null constraint participants_region_check check (region in (
    'Adamaoua', 'Centre', 'Est', 'Extrême-Nord', 'Littoral',
    'Nord', 'Nord-Ouest', 'Ouest', 'Sud', 'Sud-Ouest')),
  category text not null constraint participants_category_check
    check (category in ('dance', 'singing')),
  participation_type text not null constraint participants_participation_type_check
    check (participation_type in ('solo', 'team')),
  team_name text constraint participants_team_name_check
    check (team_name is null or char_length(btrim(team_name)) between 2 and 80),
  link_to_work text constraint participants_link_to_work_check
    check (link_to_work is null or (char_length(link_to_work) <= 500
      and link_to_work ~* '^https?://[^[:space:]]+$')),
  description text constraint participants_description_check
    check (description is null or char_length(description) <= 1000),
  agree_to_terms boolean not null constraint participants_agree_to_terms_check
    check (agree_to_terms),
  created_at timestamptz not null default now(),
  constraint participants_team_name_for_teams
    check ((participation_type = 'team') = (team_name is not null))
);

create unique index participants_email_key on public.participants (lower(email));
create unique index participants_phone_key on public.participants (phone);
create index participants_created_at_idx on public.participants (created_at desc, id desc);
create index participants_category_idx on public.participants (category);
create index participants_type_idx on public.participants (participation_type);
create index participants_region_idx on public.participants (region);

create table public.team_members (
  id uuid primary key default gen_random_uuid(),
  participant_id uuid not null references public.participants (id) on delete cascade,
  position smallint not null constraint team_members_position_check check (position between 1 and 9),
  full_name text not null constraint team_members_full_name_check
    check (char_length(btrim(full_name)) between 2 and 100),
  email text constraint team_members_email_check
    check (email is null or (char_length(email) <= 254
      and email ~ '^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$')),
  phone text not null constraint team_members_phone_check check (phone ~ '^[0-9]{9}$'),
  created_at timestamptz not null default now(),
  constraint team_members_position_key unique (participant_id, position)
);
comment on column public.team_members.position is
  'Member number 1..9 within the team (the registrant is not a row here): teams are 2 to 10 people.';
-- register_participant looks members up by phone (one registration per person).
create index team_members_phone_idx on public.team_members (phone);

create table public.reservations (
  id uuid primary key default gen_random_uuid(),
  full_name text not null constraint reservations_full_name_check
    check (char_length(btrim(full_name)) between 3 and 100),
  phone text not null constraint reservations_phone_check check (phone ~ '^[0-9]{9}$'),
  ville text constraint reservations_ville_check
    check (ville is null or char_length(btrim(ville)) between 1 and 80),
  region text constraint reservations_region_check
    check (region is null or char_length(region) <= 80),
  attendance_status text not null default 'yes' constraint reservations_attendance_status_check
    check (attendance_status in ('yes', 'no', 'maybe')),
  heard_from text not null constraint reservations_heard_from_check
    check (heard_from in ('flyer', 'social', 'wordOfMouth')),
  will_attend text not null default 'yes' constraint reservations_will_attend_check
    check (will_attend in ('yes', 'no')),
  attendance_barrier text not null default 'none' constraint reservations_attendance_barrier_check
    check (attendance_barrier in ('location', 'cost', 'distance', 'noCompanion', 'artists', 'none')),
  follows_booster_page text not null default 'yes' constraint reservations_follows_check
    check (follows_booster_page in ('yes', 'no')),
  consumes_booster_products text not null default 'yes' constraint reservations_consumes_check
    check (consumes_booster_products in ('yes', 'no')),
  created_at timestamptz not null default now(),
  constraint reservations_place_check check (ville is not null or region is not null)
);
comment on column public.reservations.region is 'Legacy: older rows kept the city here. Read ville ?? region.';

create unique index reservations_phone_key on public.reservations (phone);
create index reservations_created_at_idx on public.reservations (created_at desc, id desc);
create index reservations_status_idx on public.reservations (attendance_status);
create index reservations_heard_from_idx on public.reservations (heard_from);
create index reservations_place_idx on public.reservations ((coalesce(ville, region)));

create table public.contact_messages (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint contact_messages_name_check
    check (char_length(btrim(name)) between 1 and 100),
  email text not null constraint contact_messages_email_check
    check (char_length(email) <= 254 and email ~ '^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$'),
  subject text not null constraint contact_messages_subject_check
    check (char_length(btrim(subject)) between 1 and 150),
  message text not null constraint contact_messages_message_check
    check (char_length(btrim(message)) between 10 and 5000),
  created_at timestamptz not null default now()
);
create index contact_messages_created_at_idx on public.contact_messages (created_at desc);

create table private.admins (
  user_id uuid primary key references auth.users (id) on delete cascade,
  created_at timestamptz not null default now()
);
comment on table private.admins is 'Supabase Auth users allowed into /admin. Add rows by hand (see README).';
revoke all on private.admins from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Team rules: a team is the registrant plus 1 to 9 members, a solo has none, and each person of a
-- team has their own phone (one registration per person). Checked at commit, so a participant and
-- its members can be written in one transaction in any order, by any path (register_participant,
-- admin_update_participant, or an admin writing the tables directly).
-- ---------------------------------------------------------------------------------------------

create function private.check_team() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  -- participants rows carry `id`, team_members rows `participant_id`; on delete only OLD exists.
  pid uuid := case when tg_table_name = 'participants' then (to_jsonb(new) ->> 'id')::uuid
                   else (coalesce(to_jsonb(new), to_jsonb(old)) ->> 'participant_id')::uuid end;
  ptype text;
  pphone text;
  members integer;
  repeated integer;
begin
  select participation_type, phone into ptype, pphone from public.participants where id = pid;
  if ptype is null then
    return null; -- participant deleted: members went with it
  end if;
  select count(*) into members from public.team_members where participant_id = pid;
  if ptype = 'team' and members not between 1 and 9 then
    raise exception 'Une équipe compte de 2 à 10 personnes (le responsable et 1 à 9 membres).'
      using errcode = '23514', hint = 'team_size';
  elsif ptype = 'solo' and members > 0 then
    raise exception 'Une inscription solo ne peut pas avoir de membres d''équipe.'
      using errcode = '23514', hint = 'team_size';
  end if;
  -- DETAIL carries the member's number (1-based), for the form to point at that member's phone.
  select t.position into repeated
    from public.team_members t
   where t.participant_id = pid
     and (t.phone = pphone
          or exists (select 1 from public.team_members o
                     where o.participant_id = pid and o.position < t.position and o.phone = t.phone))
   order by t.position limit 1;
  if repeated is not null then
    raise exception 'Chaque personne de l''équipe doit avoir son propre numéro de téléphone (membre %).', repeated
      using errcode = '23514', hint = 'team_phone_repeated', detail = repeated::text;
  end if;
  return null;
end;
$$;

create constraint trigger participants_team
  after insert or update of participation_type, phone on public.participants
  deferrable initially deferred for each row execute function private.check_team();

create constraint trigger team_members_team
  after insert or update or delete on public.team_members
  deferrable initially deferred for each row execute function private.check_team();

-- ---------------------------------------------------------------------------------------------
-- Who is an admin: listed in private.admins AND signed in less than 24 hours ago (the `amr`
-- sign-in time of the JWT, which refreshing a token does not change).
-- ---------------------------------------------------------------------------------------------

create function private.is_admin() returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from private.admins a where a.user_id = auth.uid())
     and coalesce(
           (select max((m ->> 'timestamp')::bigint)
              from jsonb_array_elements(
                     case when jsonb_typeof(auth.jwt() -> 'amr') = 'array'
                          then auth.jwt() -> 'amr' else '[]'::jsonb end) m),
           0) > extract(epoch from now() - interval '24 hours');
$$;
revoke all on function private.is_admin() from public;
grant execute on function private.is_admin() to authenticated;

revoke all on function private.check_team() from public;

-- ---------------------------------------------------------------------------------------------
-- Grants and RLS: one policy per role and operation.
-- ---------------------------------------------------------------------------------------------

revoke all on public.contest_settings, public.participants, public.team_members,
  public.reservations, public.contact_messages from anon, authenticated;

alter table public.contest_settings enable row level security;
alter table public.participants enable row level security;
alter table public.team_members enable row level security;
alter table public.reservations enable row level security;
alter table public.contact_messages enable row level security;
alter table private.admins enable row level security;

-- contest_settings: admins read and change the window; visitors ask registration_status().
grant select, update (registration_opens_at, registration_closes_at, max_participants, updated_at)
  on public.contest_settings to authenticated;
create policy contest_settings_admin_select on public.contest_settings
  for select to authenticated using ((select private.is_admin()));
create policy contest_settings_admin_update on public.contest_settings
  for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));

-- participants: created only through register_participant(); admins read, edit, delete.
grant select, delete on public.participants to authenticated;
grant update (full_name, email, phone, city, region, category, participation_type, team_name,
  link_to_work, description) on public.participants to authenticated;
create policy participants_admin_select on public.participants
  for select to authenticated using ((select private.is_admin()));
create policy participants_admin_update on public.participants
  for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy participants_admin_delete on public.participants
  for delete to authenticated using ((select private.is_admin()));

-- team_members: admins only (admin_update_participant replaces them).
grant select, insert, update, delete on public.team_members to authenticated;
create policy team_members_admin_select on public.team_members
  for select to authenticated using ((select private.is_admin()));
create policy team_members_admin_insert on public.team_members
  for insert to authenticated with check ((select private.is_admin()));
create policy team_members_admin_update on public.team_members
  for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy team_members_admin_delete on public.team_members
  for delete to authenticated using ((select private.is_admin()));

-- reservations: anyone may insert (no read-back: the client makes the id, return=minimal);
-- admins read. Read-only for everyone else.
grant insert (id, full_name, phone, ville, attendance_status, heard_from, will_attend,
  attendance_barrier, follows_booster_page, consumes_booster_products)
  on public.reservations to anon, authenticated;
grant select on public.reservations to authenticated;
create policy reservations_public_insert on public.reservations
  for insert to anon, authenticated with check (true);
create policy reservations_admin_select on public.reservations
  for select to authenticated using ((select private.is_admin()));

-- contact_messages: anyone may write one; admins read and delete.
grant insert (id, name, email, subject, message) on public.contact_messages to anon, authenticated;
grant select, delete on public.contact_messages to authenticated;
create policy contact_messages_public_insert on public.contact_messages
  for insert to anon, authenticated with check (true);
create policy contact_messages_admin_select on public.contact_messages
  for select to authenticated using ((select private.is_admin()));
create policy contact_messages_admin_delete on public.contact_messages
  for delete to authenticated using ((select private.is_admin()));

-- ---------------------------------------------------------------------------------------------
-- Functions
-- ---------------------------------------------------------------------------------------------

-- Is registration open? { open, reason: open | not_open | closed | full, opensAt, closesAt }
create function public.registration_status() returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'open', s.reason = 'open',
    'reason', s.reason,
    'opensAt', s.registration_opens_at,
    'closesAt', s.registration_closes_at)
  from (
    select c.*,
      case
        when now() < c.registration_opens_at then 'not_open'
        when now() > c.registration_closes_at then 'closed'
        when (select count(*) from public.participants) >= c.max_participants then 'full'
        else 'open'
      end as reason
    from public.contest_settings c
  ) s;
$$;

-- Registers a participant and its team members in one transaction, or nothing.
-- payload: { id?, full_name, email, phone, city, region, category, participation_type, team_name,
--            link_to_work, description, agree_to_terms, team_members: [{ full_name, phone, email }] }
-- Returns { id }. Calling it again with the same id and e-mail returns the same id (a retry after
-- a lost response stores nothing twice).
create function public.register_participant(payload jsonb) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  settings public.contest_settings;
  new_id uuid := coalesce(nullif(payload ->> 'id', '')::uuid, gen_random_uuid());
  ptype text := payload ->> 'participation_type';
  members jsonb := coalesce(payload -> 'team_members', '[]'::jsonb);
  member_count integer;
  taken text;
  member_at integer;
begin
  if jsonb_typeof(payload) is distinct from 'object' or jsonb_typeof(members) <> 'array' then
    raise exception 'Données d''inscription invalides.' using errcode = '22023', hint = 'registration_payload';
  end if;

  -- Same registration sent twice (retry): answer as the first time.
  if exists (select 1 from public.participants p
             where p.id = new_id and lower(p.email) = lower(btrim(payload ->> 'email'))) then
    return jsonb_build_object('id', new_id);
  end if;
  -- Same form sent again after a lost answer, but with another e-mail: it is already stored.
  if exists (select 1 from public.participants p where p.id = new_id) then
    raise exception 'Cette inscription a déjà été enregistrée.'
      using errcode = '23505', hint = 'duplicate_registration';
  end if;

  -- The settings row lock serialises registrations, so a rush cannot overshoot the capacity.
  select * into settings from public.contest_settings for update;
  if now() < settings.registration_opens_at then
    raise exception 'Les inscriptions ne sont pas encore ouvertes.' using errcode = 'P0001', hint = 'registration_not_open';
  elsif now() > settings.registration_closes_at then
    raise exception 'Les inscriptions sont clôturées.' using errcode = 'P0001', hint = 'registration_closed';
  elsif (select count(*) from public.participants) >= settings.max_participants then
    raise exception 'Le nombre maximum de participants est atteint.' using errcode = 'P0001', hint = 'registration_full';
  end if;

  member_count := jsonb_array_length(members);
  if ptype = 'team' and member_count not between 1 and 9 then
    raise exception 'Une équipe compte de 2 à 10 personnes (le responsable et 1 à 9 membres).'
      using errcode = '23514', hint = 'team_size';
  elsif ptype = 'solo' and member_count > 0 then
    raise exception 'Une inscription solo ne peut pas avoir de membres d''équipe.'
      using errcode = '23514', hint = 'team_size';
  end if;

  select case when lower(p.email) = lower(btrim(payload ->> 'email')) then 'email' else 'phone' end
    into taken
    from public.participants p
   where lower(p.email) = lower(btrim(payload ->> 'email')) or p.phone = btrim(payload ->> 'phone')
   limit 1;
  -- A team member of another registration is registered too (SPEC §9: one category, one mode).
  if taken is null and exists (select 1 from public.team_members t
                               where t.phone = btrim(payload ->> 'phone')) then
    taken := 'phone';
  end if;
  if taken = 'email' then
    raise exception 'Cette adresse email est déjà inscrite au Booster Challenge.'
      using errcode = '23505', hint = 'duplicate_email';
  elsif taken = 'phone' then
    raise exception 'Ce numéro de téléphone est déjà inscrit au Booster Challenge.'
      using errcode = '23505', hint = 'duplicate_phone';
  end if;

  -- No member is registered already, as a registrant or as a member of another team (the same
  -- phone twice within this team is refused by private.check_team). DETAIL carries the member's
  -- number (1-based) for the form.
  select m.ord into member_at
    from jsonb_array_elements(members) with ordinality as m(value, ord)
   where exists (select 1 from public.participants p where p.phone = btrim(m.value ->> 'phone'))
      or exists (select 1 from public.team_members t where t.phone = btrim(m.value ->> 'phone'))
   order by m.ord limit 1;
  if member_at is not null then
    raise exception 'Le numéro de téléphone du membre % est déjà inscrit au Booster Challenge.', member_at
      using errcode = '23505', hint = 'duplicate_member_phone', detail = member_at::text;
  end if;

  insert into public.participants (id, full_name, email, phone, city, region, category,
    participation_type, team_name, link_to_work, description, agree_to_terms)
  values (new_id,
    btrim(payload ->> 'full_name'),
    lower(btrim(payload ->> 'email')),
    btrim(payload ->> 'phone'),
    btrim(payload ->> 'city'),
    payload ->> 'region',
    payload ->> 'category',
    ptype,
    case when ptype = 'team' then nullif(btrim(payload ->> 'team_name'), '') end,
    nullif(btrim(payload ->> 'link_to_work'), ''),
    nullif(btrim(payload ->> 'description'), ''),
    coalesce((payload ->> 'agree_to_terms')::boolean, false));

  insert into public.team_members (participant_id, position, full_name, email, phone)
  select new_id, m.ord, btrim(m.value ->> 'full_name'),
         nullif(lower(btrim(m.value ->> 'email')), ''), btrim(m.value ->> 'phone')
    from jsonb_array_elements(members) with ordinality as m(value, ord);

  return jsonb_build_object('id', new_id);
exception
  when unique_violation then
    -- A concurrent registration took the e-mail or phone between the check and the insert.
    if sqlerrm like '%participants_email_key%' then
      raise exception 'Cette adresse email est déjà inscrite au Booster Challenge.'
        using errcode = '23505', hint = 'duplicate_email';
    elsif sqlerrm like '%participants_phone_key%' then
      raise exception 'Ce numéro de téléphone est déjà inscrit au Booster Challenge.'
        using errcode = '23505', hint = 'duplicate_phone';
    end if;
    raise;
end;
$$;

-- Updates a participant and, when p_members is given, replaces its team members, in one
-- transaction: a failure leaves the old values and members in place. Runs with the caller's
-- rights, so RLS decides (admins only).
create function public.admin_update_participant(p_id uuid, p_patch jsonb, p_members jsonb default null)
returns void
language plpgsql volatile security invoker set search_path = '' as $$
declare
  ptype text;
begin
  if not (select private.is_admin()) then
    raise exception 'Accès réservé aux administrateurs.' using errcode = '42501';
  end if;

  update public.participants p set
    full_name = coalesce(btrim(p_patch ->> 'full_name'), p.full_name),
    email = coalesce(lower(btrim(p_patch ->> 'email')), p.email),
    phone = coalesce(btrim(p_patch ->> 'phone'), p.phone),
    city = coalesce(btrim(p_patch ->> 'city'), p.city),
    region = coalesce(p_patch ->> 'region', p.region),
    category = coalesce(p_patch ->> 'category', p.category),
    participation_type = coalesce(p_patch ->> 'participation_type', p.participation_type),
    team_name = case
      when coalesce(p_patch ->> 'participation_type', p.participation_type) = 'solo' then null
      when p_patch ? 'team_name' then nullif(btrim(p_patch ->> 'team_name'), '')
      else p.team_name end,
    link_to_work = case when p_patch ? 'link_to_work'
      then nullif(btrim(p_patch ->> 'link_to_work'), '') else p.link_to_work end,
    description = case when p_patch ? 'description'
      then nullif(btrim(p_patch ->> 'description'), '') else p.description end
  where p.id = p_id
  returning p.participation_type into ptype;

  if not found then
    raise exception 'Participant non trouvé' using errcode = 'P0002', hint = 'not_found';
  end if;

  if p_members is not null or ptype = 'solo' then
    delete from public.team_members where participant_id = p_id;
  end if;
  if p_members is not null and ptype = 'team' then
    insert into public.team_members (participant_id, position, full_name, email, phone)
    select p_id, m.ord, btrim(m.value ->> 'full_name'),
           nullif(lower(btrim(m.value ->> 'email')), ''), btrim(m.value ->> 'phone')
      from jsonb_array_elements(p_members) with ordinality as m(value, ord);
  end if;

end;
$$;

-- Every figure of the dashboard and the stats page, computed over all rows.
create function public.participant_stats() returns jsonb
language plpgsql stable security invoker set search_path = '' as $$
declare
  result jsonb;
begin
  if not (select private.is_admin()) then
    raise exception 'Accès réservé aux administrateurs.' using errcode = '42501';
  end if;
  select jsonb_build_object(
    'total', (select count(*) from public.participants),
    'byCategory', jsonb_build_object(
      'dance', (select count(*) from public.participants where category = 'dance'),
      'singing', (select count(*) from public.participants where category = 'singing')),
    'byParticipationType', jsonb_build_object(
      'solo', (select count(*) from public.participants where participation_type = 'solo'),
      'team', (select count(*) from public.participants where participation_type = 'team')),
    'byRegion', coalesce((
      select jsonb_agg(jsonb_build_object('region', region, 'count', n) order by n desc, region)
        from (select region, count(*) as n from public.participants group by region) r), '[]'::jsonb),
    'lastRegistrationAt', (select max(created_at) from public.participants),
    'last7Days', (
      select jsonb_agg(jsonb_build_object('day', to_char(d.day, 'YYYY-MM-DD'), 'count', coalesce(c.n, 0))
                        order by d.day)
        from generate_series(
               (now() at time zone 'Africa/Douala')::date - 6,
               (now() at time zone 'Africa/Douala')::date, interval '1 day') as d(day)
        left join (
          select (created_at at time zone 'Africa/Douala')::date as day, count(*) as n
            from public.participants
           where created_at >= ((now() at time zone 'Africa/Douala')::date - 6) at time zone 'Africa/Douala'
           group by 1) c on c.day = d.day::date)
  ) into result;
  return result;
end;
$$;

-- Counts of the reservation survey, over all reservations, and the cities present (for the filter).
create function public.reservation_summary() returns jsonb
language plpgsql stable security invoker set search_path = '' as $$
declare
  result jsonb;
begin
  if not (select private.is_admin()) then
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

revoke all on function public.registration_status() from public, anon, authenticated;
revoke all on function public.register_participant(jsonb) from public, anon, authenticated;
revoke all on function public.admin_update_participant(uuid, jsonb, jsonb) from public, anon, authenticated;
revoke all on function public.participant_stats() from public, anon, authenticated;
revoke all on function public.reservation_summary() from public, anon, authenticated;

grant execute on function public.registration_status() to anon, authenticated;
grant execute on function public.register_participant(jsonb) to anon, authenticated;
grant execute on function public.admin_update_participant(uuid, jsonb, jsonb) to authenticated;
grant execute on function public.participant_stats() to authenticated;
grant execute on function public.reservation_summary() to authenticated;
