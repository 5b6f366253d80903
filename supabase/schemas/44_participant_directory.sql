-- The readers' (`lecteur`) directory of participants: contact details masked, kept by triggers
-- (docs/decisions/017-roles-and-door-window.md).

-- ---------------------------------------------------------------------------------------------
-- Tables, their indexes, grants and required rows
-- ---------------------------------------------------------------------------------------------

-- Same columns as participants (email and phone masked), without the bin's and the staff's
-- columns, and the team members as JSON (same keys as team_members rows, contacts masked).
-- Only live registrations (not binned). Written by the triggers below only.
create table public.participant_directory (
  id uuid,
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
  created_at timestamptz not null,
  status text not null,
  audition_city text,
  audition_at timestamptz,
  notes text,
  notified_at timestamptz,
  team_members jsonb default '[]'::jsonb not null,
  constraint participant_directory_pkey primary key (id),
  constraint participant_directory_id_fkey foreign key (id) references public.participants(id) on delete cascade
);
comment on table public.participant_directory is 'What readers (lecteur) see of participants: contact details masked. Kept by triggers.';
create index participant_directory_created_at_idx
  on public.participant_directory (created_at desc, id desc);
create index participant_directory_status_idx on public.participant_directory (status);
alter table public.participant_directory enable row level security;
revoke all on public.participant_directory from public, anon, authenticated;
grant select on public.participant_directory to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Functions
-- ---------------------------------------------------------------------------------------------

-- Brings the directory rows of `ids` in line with participants and team_members.
create function private.refresh_participant_directory(ids uuid[]) returns void
language sql volatile security definer set search_path = '' as $$
  delete from public.participant_directory d
   where d.id = any (ids)
     and not exists (select 1 from public.participants p where p.id = d.id and p.deleted_at is null);
  insert into public.participant_directory as d (id, full_name, email, phone, city, region,
    category, participation_type, team_name, link_to_work, description, agree_to_terms,
    created_at, status, audition_city, audition_at, notes, notified_at, team_members)
  select p.id, p.full_name, private.mask_email(p.email), private.mask_phone(p.phone), p.city,
         p.region, p.category, p.participation_type, p.team_name, p.link_to_work, p.description,
         p.agree_to_terms, p.created_at, p.status, p.audition_city, p.audition_at, p.notes,
         p.notified_at,
         coalesce((select jsonb_agg(jsonb_build_object(
                     'id', t.id, 'participant_id', t.participant_id, 'position', t.position,
                     'full_name', t.full_name, 'email', private.mask_email(t.email),
                     'phone', private.mask_phone(t.phone), 'created_at', t.created_at)
                     order by t.position)
                     from public.team_members t where t.participant_id = p.id), '[]'::jsonb)
    from public.participants p
    join (select distinct u.id from unnest(ids) u(id)) u on u.id = p.id
   where p.deleted_at is null
  on conflict (id) do update set
    full_name = excluded.full_name, email = excluded.email, phone = excluded.phone,
    city = excluded.city, region = excluded.region, category = excluded.category,
    participation_type = excluded.participation_type, team_name = excluded.team_name,
    link_to_work = excluded.link_to_work, description = excluded.description,
    agree_to_terms = excluded.agree_to_terms, created_at = excluded.created_at,
    status = excluded.status, audition_city = excluded.audition_city,
    audition_at = excluded.audition_at, notes = excluded.notes,
    notified_at = excluded.notified_at, team_members = excluded.team_members;
$$;
revoke all on function private.refresh_participant_directory(uuid[]) from public, anon, authenticated;

-- Statement-level, with the rows the statement touched: a bulk change refreshes in one go.
create function private.participants_to_directory() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.refresh_participant_directory(array(select c.id from changed c));
  return null;
end;
$$;
revoke all on function private.participants_to_directory() from public, anon, authenticated;

create function private.members_to_directory() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'DELETE' then
    perform private.refresh_participant_directory(array(select distinct c.participant_id from gone c));
  elsif tg_op = 'UPDATE' then
    perform private.refresh_participant_directory(array(
      select c.participant_id from changed c union select g.participant_id from gone g));
  else
    perform private.refresh_participant_directory(array(select distinct c.participant_id from changed c));
  end if;
  return null;
end;
$$;
revoke all on function private.members_to_directory() from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Triggers and policies
-- ---------------------------------------------------------------------------------------------

create policy participant_directory_staff_select on public.participant_directory
  for select to authenticated using ((select private.has_role('admin', 'lecteur')));

create trigger participants_directory_insert after insert on public.participants
  referencing new table as changed for each statement
  execute function private.participants_to_directory();
-- Also for bulk loads that turn triggers off (session_replication_role = replica, as
-- scripts/fill-large.ts does): kept up to date whatever the load.
alter table public.participants enable always trigger participants_directory_insert;

create trigger participants_directory_update after update on public.participants
  referencing new table as changed for each statement
  execute function private.participants_to_directory();
-- Also for bulk loads that turn triggers off (session_replication_role = replica, as
-- scripts/fill-large.ts does): kept up to date whatever the load.
alter table public.participants enable always trigger participants_directory_update;

-- A deleted participant's row goes with it (on delete cascade).
create trigger team_members_directory_insert after insert on public.team_members
  referencing new table as changed for each statement
  execute function private.members_to_directory();
-- Also for bulk loads that turn triggers off (session_replication_role = replica, as
-- scripts/fill-large.ts does): kept up to date whatever the load.
alter table public.team_members enable always trigger team_members_directory_insert;

create trigger team_members_directory_update after update on public.team_members
  referencing new table as changed old table as gone for each statement
  execute function private.members_to_directory();
-- Also for bulk loads that turn triggers off (session_replication_role = replica, as
-- scripts/fill-large.ts does): kept up to date whatever the load.
alter table public.team_members enable always trigger team_members_directory_update;

create trigger team_members_directory_delete after delete on public.team_members
  referencing old table as gone for each statement
  execute function private.members_to_directory();
-- Also for bulk loads that turn triggers off (session_replication_role = replica, as
-- scripts/fill-large.ts does): kept up to date whatever the load.
alter table public.team_members enable always trigger team_members_directory_delete;
