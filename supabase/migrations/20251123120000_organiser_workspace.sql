-- The organisers' workspace: an audit trail of every admin write, a bin for deleted
-- participants, the contest pipeline (status, audition slot, notes, notification), the inbox's
-- "handled" state, the retention purge, and the reader role's masked list. See
-- docs/decisions/010-organiser-workspace.md.
--
-- 1. public.audit_log: one row per admin write, written by the security-definer functions only
--    (private.audit). Direct insert/update/delete on the data tables is revoked: every admin
--    write goes through a function that writes its audit row.
-- 2. Participants: bin (deleted_at, deleted_by), pipeline columns, status history.
-- 3. public.participant_directory: the list readers (lecteur) read, contact details masked,
--    kept by triggers. Readers get no select on participants or team_members.
-- 4. The existing admin writes (admin_update_participant, admin_cancel_reservation,
--    admin_check_in and the door's check_in, admin_update_settings) write their audit row.
-- 5. New admin functions: bin, pipeline, inbox, export log, retention purge.

-- ---------------------------------------------------------------------------------------------
-- 1. The audit trail
-- ---------------------------------------------------------------------------------------------

create table public.audit_log (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  -- The staff member (auth.users id) and their e-mail at the time; null for SQL run by hand.
  actor uuid,
  actor_email text,
  action text not null constraint audit_log_action_check check (action in (
    'participant.update', 'participant.delete', 'participant.restore', 'participant.status',
    'participant.slot', 'participant.notes', 'participant.notified', 'reservation.cancel',
    'reservation.check_in', 'settings.update', 'message.handled', 'export', 'retention.purge',
    'bin.purge')),
  -- participant | reservation | message | settings | bin | retention | what was exported
  entity text not null,
  -- The one row concerned (uuid as text); null for bulk actions, whose ids are in after.ids.
  entity_id text,
  -- A short French sentence, without personal data (names and contacts are in before/after).
  summary text not null,
  before jsonb,
  after jsonb
);
comment on table public.audit_log is
  'One row per admin write (docs/decisions/010-organiser-workspace.md), written by the database.';
create index audit_log_at_idx on public.audit_log (at desc, id desc);
create index audit_log_action_idx on public.audit_log (action, at desc);
create index audit_log_entity_idx on public.audit_log (entity_id) where entity_id is not null;

revoke all on public.audit_log from anon, authenticated;
alter table public.audit_log enable row level security;
grant select on public.audit_log to authenticated;
create policy audit_log_admin_select on public.audit_log
  for select to authenticated using ((select private.is_admin()));
-- No write policy and no write grant: private.audit (security definer) is the only writer.

-- The signed-in staff member's e-mail (auth.users, else the token's claim).
create function private.actor_email() returns text
language sql stable security definer set search_path = '' as $$
  select coalesce((select u.email::text from auth.users u where u.id = auth.uid()),
                  auth.jwt() ->> 'email')
$$;

create function private.audit(action text, entity text, entity_id text, summary text,
  before jsonb default null, after jsonb default null) returns void
language sql volatile security definer set search_path = '' as $$
  insert into public.audit_log (actor, actor_email, action, entity, entity_id, summary, before, after)
  values (auth.uid(), private.actor_email(), action, entity, entity_id, summary, before, after)
$$;

-- "1 participant", "3 participants" (French: 0 and 1 are singular).
create function private.plural(n bigint, word text) returns text
language sql immutable set search_path = '' as $$
  select n::text || ' ' || word || case when n > 1 then 's' else '' end
$$;

-- ---------------------------------------------------------------------------------------------
-- 2. Participants: bin, pipeline, history
-- ---------------------------------------------------------------------------------------------

alter table public.participants
  add column deleted_at timestamptz,
  add column deleted_by uuid,
  add column status text not null default 'inscrit'
    constraint participants_status_check check (status in
      ('inscrit', 'preselectionne', 'convoque', 'finaliste', 'laureat', 'refuse')),
  add column audition_city text
    constraint participants_audition_city_check check (audition_city is null or audition_city in
      ('Douala', 'Yaoundé', 'Bafoussam', 'Garoua', 'Limbe')),
  add column audition_at timestamptz,
  add column notes text
    constraint participants_notes_check check (notes is null or char_length(notes) <= 2000),
  add column notified_at timestamptz,
  add column notified_by uuid,
  -- A slot is a city and a date together.
  add constraint participants_audition_slot_check
    check ((audition_city is null) = (audition_at is null)),
  add constraint participants_bin_check check (deleted_at is not null or deleted_by is null);

comment on column public.participants.deleted_at is
  'In the bin since (restorable for 30 days, then purged); null for a live registration.';
comment on column public.participants.status is
  'Contest pipeline: inscrit, preselectionne, convoque, finaliste, laureat, refuse.';

create index participants_status_idx on public.participants (status) where deleted_at is null;
create index participants_audition_city_idx on public.participants (audition_city)
  where deleted_at is null;
create index participants_bin_idx on public.participants (deleted_at) where deleted_at is not null;

-- The bin hides a participant from every list, for everyone (admins included): binned rows are
-- read through binned_participants().
drop policy participants_admin_select on public.participants;
create policy participants_admin_select on public.participants
  for select to authenticated using ((select private.is_admin()) and deleted_at is null);

create table public.participant_status_history (
  id bigint generated always as identity primary key,
  participant_id uuid not null references public.participants (id) on delete cascade,
  from_status text not null,
  to_status text not null,
  at timestamptz not null default now(),
  actor_email text
);
comment on table public.participant_status_history is
  'Every status change of a participant (admin_set_status, admin_assign_slot).';
create index participant_status_history_idx
  on public.participant_status_history (participant_id, at desc, id desc);

revoke all on public.participant_status_history from anon, authenticated;
alter table public.participant_status_history enable row level security;
grant select on public.participant_status_history to authenticated;
create policy participant_status_history_staff_select on public.participant_status_history
  for select to authenticated using ((select private.has_role('admin', 'lecteur')));

-- The statuses and cities as the refusals name them.
create function private.status_label(s text) returns text
language sql immutable set search_path = '' as $$
  select case s when 'inscrit' then 'inscrit' when 'preselectionne' then 'présélectionné'
                when 'convoque' then 'convoqué' when 'finaliste' then 'finaliste'
                when 'laureat' then 'lauréat' when 'refuse' then 'refusé' end
$$;

-- ---------------------------------------------------------------------------------------------
-- 3. The readers' list: participants with masked contact details
-- ---------------------------------------------------------------------------------------------

-- '6•• •• •• 56', as the pass and the door show a phone.
create function private.mask_phone(phone text) returns text
language sql immutable parallel safe set search_path = '' as $$
  select case when phone is not null then left(phone, 1) || '•• •• •• ' || right(phone, 2) end
$$;

-- 'a•••@example.cm'
create function private.mask_email(email text) returns text
language sql immutable parallel safe set search_path = '' as $$
  select case when email is not null then left(email, 1) || '•••@' || split_part(email, '@', 2) end
$$;

-- Same columns as participants (email and phone masked), without the bin's and the staff's
-- columns, and the team members as JSON (same keys as team_members rows, contacts masked).
-- Only live registrations (not binned). Written by the triggers below only.
create table public.participant_directory (
  id uuid primary key references public.participants (id) on delete cascade,
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
  team_members jsonb not null default '[]'::jsonb
);
comment on table public.participant_directory is
  'What readers (lecteur) see of participants: contact details masked. Kept by triggers.';
create index participant_directory_created_at_idx
  on public.participant_directory (created_at desc, id desc);
create index participant_directory_status_idx on public.participant_directory (status);

revoke all on public.participant_directory from anon, authenticated;
alter table public.participant_directory enable row level security;
grant select on public.participant_directory to authenticated;
create policy participant_directory_staff_select on public.participant_directory
  for select to authenticated using ((select private.has_role('admin', 'lecteur')));

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

-- Statement-level, with the rows the statement touched: a bulk change refreshes in one go.
create function private.participants_to_directory() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.refresh_participant_directory(array(select c.id from changed c));
  return null;
end;
$$;

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

create trigger participants_directory_insert after insert on public.participants
  referencing new table as changed for each statement
  execute function private.participants_to_directory();
create trigger participants_directory_update after update on public.participants
  referencing new table as changed for each statement
  execute function private.participants_to_directory();
-- A deleted participant's row goes with it (on delete cascade).
create trigger team_members_directory_insert after insert on public.team_members
  referencing new table as changed for each statement
  execute function private.members_to_directory();
create trigger team_members_directory_update after update on public.team_members
  referencing new table as changed old table as gone for each statement
  execute function private.members_to_directory();
create trigger team_members_directory_delete after delete on public.team_members
  referencing old table as gone for each statement
  execute function private.members_to_directory();
-- Also for bulk loads that turn triggers off (session_replication_role = replica, as
-- scripts/fill-large.ts does): the directory never falls behind.
alter table public.participants enable always trigger participants_directory_insert;
alter table public.participants enable always trigger participants_directory_update;
alter table public.team_members enable always trigger team_members_directory_insert;
alter table public.team_members enable always trigger team_members_directory_update;
alter table public.team_members enable always trigger team_members_directory_delete;

-- Existing rows.
select private.refresh_participant_directory(array(select id from public.participants));

revoke all on function private.actor_email(),
  private.audit(text, text, text, text, jsonb, jsonb), private.plural(bigint, text),
  private.status_label(text), private.mask_phone(text), private.mask_email(text),
  private.refresh_participant_directory(uuid[]), private.participants_to_directory(),
  private.members_to_directory() from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- 4. Writes through functions only
-- ---------------------------------------------------------------------------------------------

-- Admins wrote participants, team members, contest settings and deleted messages straight into
-- the tables: those writes left no audit row. Every write is now a function that writes one.
revoke insert, update, delete on public.participants, public.team_members, public.reservations,
  public.contact_messages, public.edition_settings, public.contest_settings
  from anon, authenticated;
drop policy participants_admin_update on public.participants;
drop policy participants_admin_delete on public.participants;
drop policy team_members_admin_insert on public.team_members;
drop policy team_members_admin_update on public.team_members;
drop policy team_members_admin_delete on public.team_members;
drop policy contest_settings_admin_update on public.contest_settings;
drop policy contact_messages_admin_delete on public.contact_messages;

-- Readers read the contest's window with the Night Party's settings (the admin area's sign-in
-- check reads it) and the inbox; neither writes.
drop policy contest_settings_admin_select on public.contest_settings;
create policy contest_settings_staff_select on public.contest_settings
  for select to authenticated using ((select private.has_role('admin', 'lecteur')));

alter table public.contact_messages
  add column handled_at timestamptz,
  add column handled_by uuid,
  add constraint contact_messages_handled_check check (handled_at is not null or handled_by is null);
create index contact_messages_unhandled_idx on public.contact_messages (created_at desc)
  where handled_at is null;
drop policy contact_messages_admin_select on public.contact_messages;
create policy contact_messages_staff_select on public.contact_messages
  for select to authenticated using ((select private.has_role('admin', 'lecteur')));

alter table public.edition_settings
  add column personal_data_purge_at date;
comment on column public.edition_settings.personal_data_purge_at is
  'From this day (Africa/Douala) admin_purge_personal_data() may run; null: not set.';

-- A participant as an edit changes it (the fields of admin_update_participant, members without
-- their ids), or null when it is not live (unknown or binned).
create function private.participant_snapshot(pid uuid) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'full_name', p.full_name, 'email', p.email, 'phone', p.phone, 'city', p.city,
    'region', p.region, 'category', p.category, 'participation_type', p.participation_type,
    'team_name', p.team_name, 'link_to_work', p.link_to_work, 'description', p.description,
    'team_members', coalesce((select jsonb_agg(jsonb_build_object(
        'full_name', t.full_name, 'email', t.email, 'phone', t.phone) order by t.position)
        from public.team_members t where t.participant_id = p.id), '[]'::jsonb))
    from public.participants p where p.id = pid and p.deleted_at is null
$$;

-- Updates a participant and, when p_members is given, replaces its team members, in one
-- transaction: a failure leaves the old values and members in place. Admins only; a binned
-- participant is not found. Writes one 'participant.update' audit row with the fields that
-- changed (before and after), none when nothing changed.
create or replace function public.admin_update_participant(p_id uuid, p_patch jsonb,
  p_members jsonb default null)
returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  ptype text;
  before_row jsonb;
  after_row jsonb;
  changed text[];
begin
  perform private.require_admin();
  before_row := private.participant_snapshot(p_id);
  if before_row is null then
    raise exception 'Participant non trouvé' using errcode = 'P0002', hint = 'not_found';
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
  where p.id = p_id and p.deleted_at is null
  returning p.participation_type into ptype;

  if p_members is not null or ptype = 'solo' then
    delete from public.team_members where participant_id = p_id;
  end if;
  if p_members is not null and ptype = 'team' then
    insert into public.team_members (participant_id, position, full_name, email, phone)
    select p_id, m.ord, btrim(m.value ->> 'full_name'),
           nullif(lower(btrim(m.value ->> 'email')), ''), btrim(m.value ->> 'phone')
      from jsonb_array_elements(p_members) with ordinality as m(value, ord);
  end if;

  after_row := private.participant_snapshot(p_id);
  select array_agg(k order by k) into changed
    from jsonb_object_keys(after_row) k where after_row -> k is distinct from before_row -> k;
  if changed is not null then
    perform private.audit('participant.update', 'participant', p_id::text,
      'Fiche modifiée : ' || (select string_agg(case k
          when 'full_name' then 'nom' when 'email' then 'e-mail' when 'phone' then 'téléphone'
          when 'city' then 'ville' when 'region' then 'région' when 'category' then 'catégorie'
          when 'participation_type' then 'mode' when 'team_name' then 'nom d''équipe'
          when 'link_to_work' then 'lien' when 'description' then 'description'
          when 'team_members' then 'membres' else k end, ', ' order by o)
        from unnest(changed) with ordinality u(k, o)),
      (select jsonb_object_agg(k, before_row -> k) from unnest(changed) k),
      (select jsonb_object_agg(k, after_row -> k) from unnest(changed) k));
  end if;
end;
$$;

-- Statistics ignore the bin. Readers see them too (security definer: readers have no select on
-- participants). Same figures as before, plus byStatus and byAuditionCity.
create or replace function public.participant_stats() returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  result jsonb;
begin
  perform private.require_reader();
  select jsonb_build_object(
    'total', c.total,
    'byCategory', jsonb_build_object('dance', c.dance, 'singing', c.singing),
    'byParticipationType', jsonb_build_object('solo', c.solo, 'team', c.team),
    'byRegion', coalesce((
      select jsonb_agg(jsonb_build_object('region', region, 'count', n) order by n desc, region)
        from (select region, count(*) as n from public.participants
               where deleted_at is null group by region) r), '[]'::jsonb),
    'byStatus', (
      select jsonb_object_agg(s.status, coalesce(g.n, 0))
        from unnest(array['inscrit', 'preselectionne', 'convoque', 'finaliste', 'laureat',
                          'refuse']) s(status)
        left join (select status, count(*) as n from public.participants
                    where deleted_at is null group by status) g on g.status = s.status),
    'byAuditionCity', coalesce((
      select jsonb_agg(jsonb_build_object('city', audition_city, 'count', n) order by audition_city)
        from (select audition_city, count(*) as n from public.participants
               where deleted_at is null and audition_city is not null
               group by audition_city) a), '[]'::jsonb),
    'lastRegistrationAt', c.last_at,
    'last7Days', (
      select jsonb_agg(jsonb_build_object('day', to_char(d.day, 'YYYY-MM-DD'), 'count', coalesce(n.n, 0))
                        order by d.day)
        from generate_series(
               (now() at time zone 'Africa/Douala')::date - 6,
               (now() at time zone 'Africa/Douala')::date, interval '1 day') as d(day)
        left join (
          select (created_at at time zone 'Africa/Douala')::date as day, count(*) as n
            from public.participants
           where deleted_at is null
             and created_at >= ((now() at time zone 'Africa/Douala')::date - 6) at time zone 'Africa/Douala'
           group by 1) n on n.day = d.day::date))
  into result
  from (select count(*) as total,
               count(*) filter (where category = 'dance') as dance,
               count(*) filter (where category = 'singing') as singing,
               count(*) filter (where participation_type = 'solo') as solo,
               count(*) filter (where participation_type = 'team') as team,
               max(created_at) as last_at
          from public.participants where deleted_at is null) c;
  return result;
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- 4b. The Night Party's admin writes and the door, with their audit row
-- ---------------------------------------------------------------------------------------------

-- As before, and a new entry writes one 'reservation.check_in' row (by hand: door 'admin').
-- Other verdicts (already, unknown, waitlisted, cancelled) and a replayed scan write nothing.
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
     set checked_in_at = now(), checked_in_door = v_door, checked_in_by = auth.uid(),
         check_in_scan_id = scan_id
   where x.id = r.id
  returning * into r;
  perform private.audit('reservation.check_in', 'reservation', r.id::text,
    case when v_door = 'admin' then 'Entrée validée à la main'
         else format('Entrée validée (%s)', v_door) end,
    null, jsonb_build_object('door', v_door, 'scan_id', scan_id));
  return private.door_answer('validated', r);
end;
$$;

-- As before, and a cancellation writes one 'reservation.cancel' row.
create or replace function public.admin_cancel_reservation(id uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  r public.reservations;
  promoted integer;
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
  return private.pass_json(r);
end;
$$;

-- Every setting an admin edits, both tables, flat (personal_data_purge_at included).
-- admin_update_settings as before, plus personal_data_purge_at (a date, YYYY-MM-DD, or null:
-- not set), which may not fall before the concert nor before the registrations close (the
-- edition's data are in use until then). Writes one 'settings.update' row with the settings
-- that changed, none when nothing changed.
create or replace function public.admin_update_settings(payload jsonb) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  e public.edition_settings;
  c public.contest_settings;
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
    if jsonb_typeof(payload -> 'contact_email') is distinct from 'string' or char_length(v) > 254
       or v !~ '^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$' then
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
  if e.personal_data_purge_at is not null and e.personal_data_purge_at <= greatest(
       (e.concert_starts_at at time zone 'Africa/Douala')::date,
       (c.registration_closes_at at time zone 'Africa/Douala')::date) then
    perform private.invalid('personal_data_purge_at',
      'La purge des données personnelles doit suivre le concert et la clôture des inscriptions.');
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

-- ---------------------------------------------------------------------------------------------
-- 5. New admin functions
-- ---------------------------------------------------------------------------------------------

-- A list of participants for a bulk action: 1 to 10,000 ids.
create function private.require_ids(ids uuid[]) returns void
language plpgsql immutable set search_path = '' as $$
begin
  if coalesce(cardinality(ids), 0) = 0 then
    perform private.invalid('ids', 'Sélectionnez au moins un participant.');
  elsif cardinality(ids) > 10000 then
    perform private.invalid('ids', 'Au plus 10 000 participants à la fois.');
  end if;
end;
$$;

-- Bin: participants deleted more than 30 days ago are deleted for good (team members, history
-- and phones with them), and the personal data of their audit rows is cleared. One 'bin.purge'
-- row when something was purged. Returns how many.
create function private.purge_bin() returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  purged uuid[];
begin
  with gone as (
    delete from public.participants p
     where p.deleted_at < now() - interval '30 days'
    returning p.id)
  select array_agg(g.id order by g.id) into purged from gone g;
  if purged is null then
    return 0;
  end if;
  update public.audit_log a set before = null, after = null
   where a.entity = 'participant' and a.entity_id = any (array(select u::text from unnest(purged) u));
  perform private.audit('bin.purge', 'bin', null,
    format('Corbeille vidée : %s définitivement', private.plural(cardinality(purged), 'participant')
           || case when cardinality(purged) > 1 then ' supprimés' else ' supprimé' end),
    null, jsonb_build_object('count', cardinality(purged), 'ids', to_jsonb(purged)));
  return cardinality(purged);
end;
$$;

-- Empties the bin of what is older than 30 days (see private.purge_bin). Returns the count.
create function public.admin_purge_bin() returns integer
language plpgsql volatile security definer set search_path = '' as $$
begin
  perform private.require_admin();
  return private.purge_bin();
end;
$$;

-- Moves a participant to the bin (restorable for 30 days): hidden from every list and
-- statistic; its e-mail and phones stay taken, and its place counted, until it is purged.
-- Empties the bin of older entries first. One 'participant.delete' row (before: the
-- registration).
create function public.admin_delete_participant(id uuid) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  snapshot jsonb;
begin
  perform private.require_admin();
  perform private.purge_bin();
  snapshot := private.participant_snapshot(admin_delete_participant.id);
  update public.participants p set deleted_at = now(), deleted_by = auth.uid()
   where p.id = admin_delete_participant.id and p.deleted_at is null;
  if not found then
    raise exception 'Participant non trouvé.' using errcode = 'P0001', hint = 'not_found';
  end if;
  perform private.audit('participant.delete', 'participant', admin_delete_participant.id::text,
    'Participant placé dans la corbeille', snapshot, null);
end;
$$;

-- Brings a participant back from the bin. One 'participant.restore' row.
create function public.admin_restore_participant(id uuid) returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  perform private.require_admin();
  update public.participants p set deleted_at = null, deleted_by = null
   where p.id = admin_restore_participant.id and p.deleted_at is not null;
  if not found then
    raise exception 'Ce participant n''est pas dans la corbeille.'
      using errcode = 'P0001', hint = 'not_found';
  end if;
  perform private.audit('participant.restore', 'participant', admin_restore_participant.id::text,
    'Participant restauré depuis la corbeille', null,
    private.participant_snapshot(admin_restore_participant.id));
end;
$$;

-- The bin, newest first: [{ id, full_name, deleted_at, deleted_by_email, purge_at }].
create function public.binned_participants() returns jsonb
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_admin();
  return coalesce((
    select jsonb_agg(jsonb_build_object(
             'id', p.id, 'full_name', p.full_name, 'deleted_at', p.deleted_at,
             'deleted_by_email', u.email, 'purge_at', p.deleted_at + interval '30 days')
             order by p.deleted_at desc, p.id)
      from public.participants p
      left join auth.users u on u.id = p.deleted_by
     where p.deleted_at is not null), '[]'::jsonb);
end;
$$;

-- Sets the status of participants (any status to any other: admins also correct mistakes).
-- Binned, unknown ids and those already at that status are skipped. One history row per change
-- and one 'participant.status' row (after.ids: the participants changed; before.status: each
-- one's previous status), none when nothing changed. Returns how many changed.
create function public.admin_set_status(ids uuid[], status text) returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_status text := admin_set_status.status;
  previous jsonb;
  n integer;
begin
  perform private.require_admin();
  if v_status is null or v_status not in
     ('inscrit', 'preselectionne', 'convoque', 'finaliste', 'laureat', 'refuse') then
    perform private.invalid('status',
      'Statut inconnu : choisissez inscrit, présélectionné, convoqué, finaliste, lauréat ou refusé.');
  end if;
  perform private.require_ids(ids);
  with target as (
    select p.id, p.status as from_status from public.participants p
     where p.id = any (ids) and p.deleted_at is null and p.status <> v_status
     for update
  ), changed as (
    update public.participants p set status = v_status from target t where p.id = t.id
    returning p.id, t.from_status
  ), history as (
    insert into public.participant_status_history (participant_id, from_status, to_status, actor_email)
    select c.id, c.from_status, v_status, private.actor_email() from changed c
  )
  select count(*), jsonb_object_agg(c.id, c.from_status) into n, previous from changed c;
  if n > 0 then
    perform private.audit('participant.status', 'participant',
      case when n = 1 then (select k from jsonb_object_keys(previous) k) end,
      format('Statut « %s » pour %s', private.status_label(v_status), private.plural(n, 'participant')),
      jsonb_build_object('status', previous),
      jsonb_build_object('status', v_status,
        'ids', (select jsonb_agg(k order by k) from jsonb_object_keys(previous) k)));
  end if;
  return n;
end;
$$;

-- Gives participants an audition slot: a city of the auditions and a date and time (both null:
-- the slot is removed). Those still 'inscrit' or 'preselectionne' become 'convoque' (with their
-- history rows); later statuses are kept. A changed slot clears "notified" (the convocation sent
-- named the old one). One 'participant.slot' row, none when nothing changed. Returns how many
-- changed.
create function public.admin_assign_slot(ids uuid[], city text, at timestamptz) returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_city text := admin_assign_slot.city;
  v_at timestamptz := admin_assign_slot.at;
  moved jsonb;
  n integer;
begin
  perform private.require_admin();
  if v_city is not null and v_city not in ('Douala', 'Yaoundé', 'Bafoussam', 'Garoua', 'Limbe') then
    perform private.invalid('city',
      'Ville d''audition inconnue : choisissez Douala, Yaoundé, Bafoussam, Garoua ou Limbe.');
  end if;
  if (v_city is null) <> (v_at is null) then
    perform private.invalid(case when v_at is null then 'at' else 'city' end,
      'Indiquez la ville et la date et l''heure de l''audition.');
  end if;
  perform private.require_ids(ids);
  with target as (
    select p.id, p.status as from_status, p.audition_city as old_city, p.audition_at as old_at
      from public.participants p
     where p.id = any (ids) and p.deleted_at is null
       and (p.audition_city is distinct from v_city or p.audition_at is distinct from v_at
            or (v_city is not null and p.status in ('inscrit', 'preselectionne')))
     for update
  ), changed as (
    update public.participants p set
      audition_city = v_city, audition_at = v_at,
      status = case when v_city is not null and t.from_status in ('inscrit', 'preselectionne')
                    then 'convoque' else p.status end,
      notified_at = case when t.old_city is distinct from v_city or t.old_at is distinct from v_at
                         then null else p.notified_at end,
      notified_by = case when t.old_city is distinct from v_city or t.old_at is distinct from v_at
                         then null else p.notified_by end
      from target t where p.id = t.id
    returning p.id, t.from_status, p.status as to_status, t.old_city, t.old_at
  ), history as (
    insert into public.participant_status_history (participant_id, from_status, to_status, actor_email)
    select c.id, c.from_status, c.to_status, private.actor_email() from changed c
     where c.from_status <> c.to_status
  )
  select count(*), jsonb_object_agg(c.id, jsonb_build_object(
           'status', c.from_status, 'audition_city', c.old_city, 'audition_at', c.old_at))
    into n, moved from changed c;
  if n > 0 then
    perform private.audit('participant.slot', 'participant',
      case when n = 1 then (select k from jsonb_object_keys(moved) k) end,
      case when v_city is null
           then format('Créneau d''audition retiré pour %s', private.plural(n, 'participant'))
           else format('Audition à %s le %s pour %s', v_city,
                  to_char(v_at at time zone 'Africa/Douala', 'DD/MM/YYYY "à" HH24"h"MI'),
                  private.plural(n, 'participant')) end,
      jsonb_build_object('participants', moved),
      jsonb_build_object('audition_city', v_city, 'audition_at', v_at,
        'ids', (select jsonb_agg(k order by k) from jsonb_object_keys(moved) k)));
  end if;
  return n;
end;
$$;

-- The organisers' internal notes on a participant (2,000 characters at most; blank clears
-- them). One 'participant.notes' row, none when unchanged.
create function public.admin_set_notes(id uuid, notes text) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_notes text := nullif(btrim(admin_set_notes.notes), '');
  old_notes text;
begin
  perform private.require_admin();
  if private.is_blank(v_notes) then
    v_notes := null;
  end if;
  if char_length(v_notes) > 2000 then
    perform private.invalid('notes', 'Les notes ne doivent pas dépasser 2000 caractères.');
  end if;
  select p.notes into old_notes from public.participants p
   where p.id = admin_set_notes.id and p.deleted_at is null for update;
  if not found then
    raise exception 'Participant non trouvé.' using errcode = 'P0001', hint = 'not_found';
  end if;
  if old_notes is distinct from v_notes then
    update public.participants p set notes = v_notes where p.id = admin_set_notes.id;
    perform private.audit('participant.notes', 'participant', admin_set_notes.id::text,
      'Notes internes modifiées', jsonb_build_object('notes', old_notes),
      jsonb_build_object('notes', v_notes));
  end if;
end;
$$;

-- Records that participants were sent their convocation ('whatsapp' or 'email'): notified_at
-- now, by the caller. One 'participant.notified' row. Returns how many.
create function public.admin_mark_notified(ids uuid[], channel text) returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  done uuid[];
begin
  perform private.require_admin();
  if channel is null or channel not in ('whatsapp', 'email') then
    perform private.invalid('channel', 'Canal inconnu : choisissez whatsapp ou email.');
  end if;
  perform private.require_ids(ids);
  with changed as (
    update public.participants p set notified_at = now(), notified_by = auth.uid()
     where p.id = any (ids) and p.deleted_at is null
    returning p.id)
  select array_agg(c.id order by c.id) into done from changed c;
  if done is null then
    return 0;
  end if;
  perform private.audit('participant.notified', 'participant',
    case when cardinality(done) = 1 then done[1]::text end,
    format('Convocation envoyée par %s à %s',
           case channel when 'whatsapp' then 'WhatsApp' else 'e-mail' end,
           private.plural(cardinality(done), 'participant')),
    null, jsonb_build_object('channel', channel, 'ids', to_jsonb(done)));
  return cardinality(done);
end;
$$;

-- Marks a message handled (by the caller, now) or not handled again. One 'message.handled' row,
-- none when it already was in that state.
create function public.admin_set_message_handled(id uuid, handled boolean) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  was timestamptz;
begin
  perform private.require_admin();
  if handled is null then
    perform private.invalid('handled', 'Indiquez si le message est traité.');
  end if;
  select m.handled_at into was from public.contact_messages m
   where m.id = admin_set_message_handled.id for update;
  if not found then
    raise exception 'Message non trouvé.' using errcode = 'P0001', hint = 'not_found';
  end if;
  if (was is not null) <> handled then
    update public.contact_messages m
       set handled_at = case when handled then now() end,
           handled_by = case when handled then auth.uid() end
     where m.id = admin_set_message_handled.id;
    perform private.audit('message.handled', 'message', admin_set_message_handled.id::text,
      case when handled then 'Message marqué comme traité'
           else 'Message marqué comme non traité' end,
      jsonb_build_object('handled', not handled), jsonb_build_object('handled', handled));
  end if;
end;
$$;

-- The inbox's badge: messages no organiser has handled yet.
create function public.unhandled_message_count() returns integer
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_reader();
  return (select count(*) from public.contact_messages m where m.handled_at is null);
end;
$$;

-- Exports are reads made by the browser: it records each download here (admins only; readers
-- get no personal-data export). `what`: the file ('participants', 'participants_excel',
-- 'reservations', 'messages'…), `filters`: the list's filters, `row_count`: the rows written.
-- One 'export' row.
create function public.log_export(what text, filters jsonb, row_count integer) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_what text := private.clean_line(what);
begin
  perform private.require_admin();
  if private.is_blank(v_what) or char_length(v_what) > 80 then
    perform private.invalid('what', 'Indiquez ce qui est exporté (80 caractères au plus).');
  end if;
  if filters is not null and jsonb_typeof(filters) <> 'object' then
    perform private.invalid('filters', 'Les filtres doivent être un objet JSON.');
  end if;
  if row_count is null or row_count < 0 then
    perform private.invalid('row_count', 'Le nombre de lignes exportées est invalide.');
  end if;
  perform private.audit('export', v_what, null,
    format('Export « %s » : %s', v_what, private.plural(row_count, 'ligne')),
    null, jsonb_build_object('filters', coalesce(filters, '{}'::jsonb), 'row_count', row_count));
end;
$$;

-- Retention: from edition_settings.personal_data_purge_at (Africa/Douala), deletes the personal
-- data of the edition except the laureates' registrations (with their team members):
-- participants not laureate (the bin included) with their team members, status history and
-- phones; every reservation; every contact message; the rate-limit records (addresses); and the
-- personal data (before / after) of the audit rows about what is deleted. Refused before that
-- day or when no day is set. Returns { participants, team_members, reservations,
-- contact_messages, audit_rows_cleared, laureates_kept } and writes one 'retention.purge' row
-- with those counts.
create function public.admin_purge_personal_data() returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  purge_at date;
  counts jsonb;
  n_participants integer;
  n_members integer;
  n_reservations integer;
  n_messages integer;
  n_audit integer;
  n_kept integer;
begin
  perform private.require_admin();
  select s.personal_data_purge_at into purge_at from public.edition_settings s for update;
  if purge_at is null then
    raise exception 'Aucune date de purge des données personnelles n''est fixée : choisissez-la dans les paramètres.'
      using errcode = 'P0001', hint = 'purge_date_unset';
  elsif (now() at time zone 'Africa/Douala')::date < purge_at then
    raise exception 'Les données personnelles ne pourront être purgées qu''à partir du %.',
      to_char(purge_at, 'DD/MM/YYYY') using errcode = 'P0001', hint = 'purge_not_due',
      detail = purge_at::text;
  end if;

  select count(*) into n_members from public.team_members t
    join public.participants p on p.id = t.participant_id
   where p.status <> 'laureat' or p.deleted_at is not null;
  update public.audit_log a set before = null, after = null
   where (a.before is not null or a.after is not null)
     and (a.entity in ('reservation', 'message')
          or (a.entity = 'participant' and a.entity_id is not null and not exists (
                select 1 from public.participants p
                 where p.id::text = a.entity_id and p.status = 'laureat' and p.deleted_at is null)));
  get diagnostics n_audit = row_count;
  delete from public.participants p where p.status <> 'laureat' or p.deleted_at is not null;
  get diagnostics n_participants = row_count;
  delete from public.reservations r where true;
  get diagnostics n_reservations = row_count;
  delete from public.contact_messages m where true;
  get diagnostics n_messages = row_count;
  delete from private.rate_hits h where true;
  select count(*) into n_kept from public.participants;

  counts := jsonb_build_object('participants', n_participants, 'team_members', n_members,
    'reservations', n_reservations, 'contact_messages', n_messages,
    'audit_rows_cleared', n_audit, 'laureates_kept', n_kept);
  perform private.audit('retention.purge', 'retention', null,
    format('Purge des données personnelles : %s, %s et %s supprimés ; %s conservés',
           private.plural(n_participants, 'participant'), private.plural(n_reservations, 'réservation'),
           private.plural(n_messages, 'message'), private.plural(n_kept, 'lauréat')),
    null, counts);
  return counts;
end;
$$;

revoke all on function private.participant_snapshot(uuid), private.require_ids(uuid[]),
  private.purge_bin() from public, anon, authenticated;

revoke all on function public.admin_purge_bin(), public.admin_delete_participant(uuid),
  public.admin_restore_participant(uuid), public.binned_participants(),
  public.admin_set_status(uuid[], text), public.admin_assign_slot(uuid[], text, timestamptz),
  public.admin_set_notes(uuid, text), public.admin_mark_notified(uuid[], text),
  public.admin_set_message_handled(uuid, boolean), public.unhandled_message_count(),
  public.log_export(text, jsonb, integer), public.admin_purge_personal_data()
  from public, anon, authenticated;
-- Staff (each function checks the role itself).
grant execute on function public.admin_purge_bin(), public.admin_delete_participant(uuid),
  public.admin_restore_participant(uuid), public.binned_participants(),
  public.admin_set_status(uuid[], text), public.admin_assign_slot(uuid[], text, timestamptz),
  public.admin_set_notes(uuid, text), public.admin_mark_notified(uuid[], text),
  public.admin_set_message_handled(uuid, boolean), public.unhandled_message_count(),
  public.log_export(text, jsonb, integer), public.admin_purge_personal_data()
  to authenticated;
-- admin_update_participant, participant_stats, admin_cancel_reservation and
-- admin_update_settings keep their grants (create or replace).
