-- The contest: its settings (registration window, capacity, the final), the participants with
-- their place in the pipeline, their team members, and the count of participants that the
-- capacity check reads (docs/decisions/010-organiser-workspace.md, 027-registration-rush-flat.md).

-- ---------------------------------------------------------------------------------------------
-- Tables, their indexes, grants and required rows
-- ---------------------------------------------------------------------------------------------

create table public.contest_settings (
  id boolean default true,
  registration_opens_at timestamptz not null,
  registration_closes_at timestamptz not null,
  max_participants integer not null,
  updated_at timestamptz default now() not null,
  final_city text not null,
  final_on date not null,
  constraint contest_settings_pkey primary key (id),
  constraint contest_settings_final_city_check check (char_length(final_city) >= 2 and char_length(final_city) <= 80 and private.has_letter_or_digit(final_city)),
  constraint contest_settings_final_on_check check (final_on >= '2000-01-01'::date and final_on <= '2199-12-31'::date),
  constraint contest_settings_id_check check (id),
  constraint contest_settings_max_participants_check check (max_participants >= 1 and max_participants <= 1000000),
  constraint contest_settings_window check (registration_closes_at > registration_opens_at)
);
comment on table public.contest_settings is 'Singleton: the registration window and capacity of the edition.';
comment on column public.contest_settings.final_city is 'Where the final takes place (a city).';
comment on column public.contest_settings.final_on is 'The final''s day (Africa/Douala); its year is the edition''s year (edition_info.edition_year).';
alter table public.contest_settings enable row level security;
revoke all on public.contest_settings from public, anon, authenticated;
grant select on public.contest_settings to authenticated;

create table public.participants (
  id uuid default gen_random_uuid(),
  full_name text collate "fr-x-icu" not null,
  email text not null,
  phone text not null,
  city text collate "fr-x-icu" not null,
  region text collate "fr-x-icu" not null,
  category text not null,
  participation_type text not null,
  team_name text,
  link_to_work text,
  description text,
  agree_to_terms boolean not null,
  created_at timestamptz default now() not null,
  deleted_at timestamptz,
  deleted_by uuid,
  status text default 'inscrit'::text not null,
  audition_city text,
  audition_at timestamptz,
  notes text,
  notified_at timestamptz,
  notified_by uuid,
  constraint participants_pkey primary key (id),
  constraint participants_agree_to_terms_check check (agree_to_terms),
  constraint participants_audition_city_check check (audition_city is null or (audition_city = any (array['Douala'::text, 'Yaoundé'::text, 'Bafoussam'::text, 'Garoua'::text, 'Limbe'::text]))),
  constraint participants_audition_slot_check check ((audition_city is null) = (audition_at is null)),
  constraint participants_bin_check check (deleted_at is not null or deleted_by is null),
  constraint participants_category_check check (category = any (array['dance'::text, 'singing'::text])),
  constraint participants_city_check check (char_length(btrim(city)) >= 2 and char_length(btrim(city)) <= 80),
  constraint participants_description_check check (description is null or char_length(description) <= 1000),
  constraint participants_email_check check (char_length(email) <= 254 and email ~ '^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$'::text),
  constraint participants_full_name_check check (char_length(btrim(full_name)) >= 2 and char_length(btrim(full_name)) <= 100),
  constraint participants_link_to_work_check check (link_to_work is null or char_length(link_to_work) <= 500 and link_to_work ~* '^https?://[^[:space:]]+$'::text),
  constraint participants_notes_check check (notes is null or char_length(notes) <= 2000),
  constraint participants_participation_type_check check (participation_type = any (array['solo'::text, 'team'::text])),
  constraint participants_phone_check check (phone ~ '^[0-9]{9}$'::text),
  constraint participants_region_check check (region = any (array['Adamaoua'::text, 'Centre'::text, 'Est'::text, 'Extrême-Nord'::text, 'Littoral'::text, 'Nord'::text, 'Nord-Ouest'::text, 'Ouest'::text, 'Sud'::text, 'Sud-Ouest'::text])),
  constraint participants_status_check check (status = any (array['inscrit'::text, 'preselectionne'::text, 'convoque'::text, 'finaliste'::text, 'laureat'::text, 'refuse'::text])),
  constraint participants_team_name_check check (team_name is null or char_length(btrim(team_name)) >= 2 and char_length(btrim(team_name)) <= 80),
  constraint participants_team_name_for_teams check ((participation_type = 'team'::text) = (team_name is not null))
);
-- Added after rows existed, so older rows are not checked (not valid): as in production.
alter table public.participants add constraint participants_city_letter check (private.has_letter_or_digit(city)) not valid;
alter table public.participants add constraint participants_city_visible check (not private.is_blank(city)) not valid;
alter table public.participants add constraint participants_email_valid check (private.email_is_valid(email)) not valid;
alter table public.participants add constraint participants_full_name_letter check (private.has_letter_or_digit(full_name)) not valid;
alter table public.participants add constraint participants_full_name_visible check (not private.is_blank(full_name)) not valid;
alter table public.participants add constraint participants_team_name_letter check (team_name is null or private.has_letter_or_digit(team_name)) not valid;
alter table public.participants add constraint participants_team_name_visible check (team_name is null or not private.is_blank(team_name)) not valid;
comment on column public.participants.deleted_at is 'In the bin since (restorable for 30 days, then purged); null for a live registration.';
comment on column public.participants.status is 'Contest pipeline: inscrit, preselectionne, convoque, finaliste, laureat, refuse.';
create unique index participants_email_key on public.participants (lower(email));
create unique index participants_phone_key on public.participants (phone);
create index participants_created_at_idx on public.participants (created_at desc, id desc);
create index participants_category_idx on public.participants (category);
create index participants_type_idx on public.participants (participation_type);
create index participants_region_idx on public.participants (region);
create index participants_status_idx on public.participants (status) where deleted_at is null;
create index participants_audition_city_idx on public.participants (audition_city)
  where deleted_at is null;
create index participants_bin_idx on public.participants (deleted_at) where deleted_at is not null;
alter table public.participants enable row level security;
revoke all on public.participants from public, anon, authenticated;
grant select on public.participants to authenticated;

create table public.team_members (
  id uuid default gen_random_uuid(),
  participant_id uuid not null,
  position smallint not null,
  full_name text not null,
  email text,
  phone text not null,
  created_at timestamptz default now() not null,
  constraint team_members_pkey primary key (id),
  constraint team_members_email_check check (email is null or char_length(email) <= 254 and email ~ '^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$'::text),
  constraint team_members_full_name_check check (char_length(btrim(full_name)) >= 2 and char_length(btrim(full_name)) <= 100),
  constraint team_members_phone_check check (phone ~ '^[0-9]{9}$'::text),
  constraint team_members_position_check check ("position" >= 1 and "position" <= 9),
  constraint team_members_position_key unique (participant_id, "position"),
  constraint team_members_participant_id_fkey foreign key (participant_id) references public.participants(id) on delete cascade
);
-- Added after rows existed, so older rows are not checked (not valid): as in production.
alter table public.team_members add constraint team_members_email_valid check (email is null or private.email_is_valid(email)) not valid;
alter table public.team_members add constraint team_members_full_name_letter check (private.has_letter_or_digit(full_name)) not valid;
alter table public.team_members add constraint team_members_full_name_visible check (not private.is_blank(full_name)) not valid;
comment on column public.team_members.position is 'Member number 1..9 within the team (the registrant is not a row here): teams are 2 to 10 people.';
-- register_participant looks members up by phone (one registration per person).
create index team_members_phone_idx on public.team_members (phone);
alter table public.team_members enable row level security;
revoke all on public.team_members from public, anon, authenticated;
grant select on public.team_members to authenticated;

create table private.participant_count (
  singleton boolean default true,
  total integer not null,
  constraint participant_count_pkey primary key (singleton),
  constraint participant_count_singleton check (singleton),
  constraint participant_count_total_check check (total >= 0)
);
comment on table private.participant_count is 'How many rows public.participants holds (the bin included): the capacity check of register_participant. Kept by triggers.';
alter table private.participant_count enable row level security;
revoke all on private.participant_count from public, anon, authenticated;

insert into public.contest_settings (registration_opens_at, registration_closes_at, max_participants, final_city, final_on)
values ('2025-06-14 23:00:00+00', '2025-07-30 22:59:59+00', '2000', 'Douala', '2025-09-28');

insert into private.participant_count (total)
values ('0');

-- ---------------------------------------------------------------------------------------------
-- Functions
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
    raise exception 'Une inscription solo ne peut pas avoir de membres d’équipe.'
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
    raise exception 'Chaque personne de l’équipe doit avoir son propre numéro de téléphone (membre %).', repeated
      using errcode = '23514', hint = 'team_phone_repeated', detail = repeated::text;
  end if;
  return null;
end;
$$;
revoke all on function private.check_team() from public, anon, authenticated;

-- Is registration open? { open, reason: open | not_open | closed | full, opensAt, closesAt }
create function public.registration_status() returns public.registration_status_answer
language sql stable security definer set search_path = '' as $$
  select jsonb_populate_record(null::public.registration_status_answer, jsonb_build_object(
    'open', s.reason = 'open',
    'reason', s.reason,
    'opensAt', s.registration_opens_at,
    'closesAt', s.registration_closes_at))
  from (
    select c.*,
      case
        when now() < c.registration_opens_at then 'not_open'
        when now() > c.registration_closes_at then 'closed'
        when (select n.total from private.participant_count n) >= c.max_participants then 'full'
        else 'open'
      end as reason
    from public.contest_settings c
  ) s;
$$;
revoke all on function public.registration_status() from public, anon, authenticated;
grant execute on function public.registration_status() to anon, authenticated;

-- Statement-level: a bulk insert or delete moves the counter once. The row's lock is taken by
-- the statement that changes participants and held until its transaction ends, so concurrent
-- writers add up exactly (each update reads the latest committed total).
create function private.count_participants() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    update private.participant_count c set total = c.total + (select count(*) from changed);
  elsif tg_op = 'DELETE' then
    update private.participant_count c set total = c.total - (select count(*) from gone);
  else
    update private.participant_count c set total = 0;
  end if;
  return null;
end;
$$;
revoke all on function private.count_participants() from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Triggers and policies
-- ---------------------------------------------------------------------------------------------

create policy contest_settings_staff_select on public.contest_settings
  for select to authenticated using ((select private.has_role('admin', 'lecteur')));

create policy participants_admin_select on public.participants
  for select to authenticated using ((select private.is_admin()) and deleted_at is null);

create policy team_members_admin_select on public.team_members
  for select to authenticated using ((select private.is_admin()));

create constraint trigger participants_team
  after insert or update of participation_type, phone on public.participants
  deferrable initially deferred for each row execute function private.check_team();

create constraint trigger team_members_team
  after insert or update or delete on public.team_members
  deferrable initially deferred for each row execute function private.check_team();

create trigger participants_visible_text
  before insert or update of full_name, city, team_name, email on public.participants
  for each row execute function private.check_visible_text();

create trigger team_members_visible_text
  before insert or update of full_name, email on public.team_members
  for each row execute function private.check_visible_text();

create trigger participants_count_insert after insert on public.participants
  referencing new table as changed for each statement
  execute function private.count_participants();
-- Also for bulk loads that turn triggers off (session_replication_role = replica, as
-- bench/support/fill-large.ts does): kept up to date whatever the load.
alter table public.participants enable always trigger participants_count_insert;

create trigger participants_count_delete after delete on public.participants
  referencing old table as gone for each statement
  execute function private.count_participants();
-- Also for bulk loads that turn triggers off (session_replication_role = replica, as
-- bench/support/fill-large.ts does): kept up to date whatever the load.
alter table public.participants enable always trigger participants_count_delete;

create trigger participants_count_truncate after truncate on public.participants
  for each statement execute function private.count_participants();
-- Also for bulk loads that turn triggers off (session_replication_role = replica, as
-- bench/support/fill-large.ts does): kept up to date whatever the load.
alter table public.participants enable always trigger participants_count_truncate;
