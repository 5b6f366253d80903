-- The contest: its settings (registration window, capacity), the participants and their team
-- members, registration (public), and the organisers' pipeline: statuses, audition slots,
-- notes, notifications, the status history, and the readers' masked directory
-- (docs/decisions/010-organiser-workspace.md, 017-roles-and-door-window.md).

-- ---------------------------------------------------------------------------------------------
-- Tables, their indexes, grants and required rows
-- ---------------------------------------------------------------------------------------------

create table public.contest_settings (
  id boolean default true,
  registration_opens_at timestamptz not null,
  registration_closes_at timestamptz not null,
  max_participants integer not null,
  updated_at timestamptz default now() not null,
  constraint contest_settings_pkey primary key (id),
  constraint contest_settings_id_check check (id),
  constraint contest_settings_max_participants_check check (max_participants >= 1 and max_participants <= 1000000),
  constraint contest_settings_window check (registration_closes_at > registration_opens_at)
);
comment on table public.contest_settings is 'Singleton: the registration window and capacity of the edition.';
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
create index participants_status_idx on public.participants (status) where (deleted_at is null);
create index participants_audition_city_idx on public.participants (audition_city) where (deleted_at is null);
create index participants_bin_idx on public.participants (deleted_at) where (deleted_at is not null);
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
create index team_members_phone_idx on public.team_members (phone);
alter table public.team_members enable row level security;
revoke all on public.team_members from public, anon, authenticated;
grant select on public.team_members to authenticated;

create table private.phone_owners (
  phone text,
  participant_id uuid not null,
  constraint phone_owners_pkey primary key (phone),
  constraint phone_owners_participant_id_fkey foreign key (participant_id) references public.participants(id) on delete cascade
);
create index phone_owners_participant_idx on private.phone_owners (participant_id);
alter table private.phone_owners enable row level security;
revoke all on private.phone_owners from public, anon, authenticated;

create table public.participant_status_history (
  id bigint generated always as identity,
  participant_id uuid not null,
  from_status text not null,
  to_status text not null,
  at timestamptz default now() not null,
  actor_email text,
  constraint participant_status_history_pkey primary key (id),
  constraint participant_status_history_participant_id_fkey foreign key (participant_id) references public.participants(id) on delete cascade
);
comment on table public.participant_status_history is 'Every status change of a participant (admin_set_status, admin_assign_slot).';
create index participant_status_history_idx on public.participant_status_history (participant_id, at desc, id desc);
alter table public.participant_status_history enable row level security;
revoke all on public.participant_status_history from public, anon, authenticated;
grant select on public.participant_status_history to authenticated;

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
create index participant_directory_created_at_idx on public.participant_directory (created_at desc, id desc);
create index participant_directory_status_idx on public.participant_directory (status);
alter table public.participant_directory enable row level security;
revoke all on public.participant_directory from public, anon, authenticated;
grant select on public.participant_directory to authenticated;

insert into public.contest_settings (registration_opens_at, registration_closes_at, max_participants)
values ('2025-06-14 23:00:00+00', '2025-07-30 22:59:59+00', '2000');

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
revoke all on function private.check_team() from public, anon, authenticated;

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
revoke all on function public.registration_status() from public, anon, authenticated;
grant execute on function public.registration_status() to anon;
grant execute on function public.registration_status() to authenticated;

create function private.check_registration(payload jsonb) returns void
language plpgsql immutable set search_path = '' as $$
declare
  ptype text := payload ->> 'participation_type';
  members jsonb := payload -> 'team_members';
  m jsonb;
  n integer;
begin
  perform private.require_strings(payload,
    array['full_name', 'email', 'phone', 'city', 'region', 'category', 'participation_type'],
    array['team_name', 'link_to_work', 'description']);
  perform private.require_name(payload ->> 'full_name', 'full_name', 'Le nom complet est obligatoire');
  if char_length(private.clean_line(payload ->> 'full_name')) not between 2 and 100 then
    perform private.invalid('full_name', 'Le nom doit contenir entre 2 et 100 caractères.');
  end if;
  if private.is_blank(payload ->> 'email') then
    perform private.invalid('email', 'L''email est obligatoire');
  elsif not private.email_is_valid(btrim(payload ->> 'email')) then
    perform private.invalid('email', 'Adresse email invalide');
  end if;
  if coalesce(btrim(payload ->> 'phone'), '') !~ '^[0-9]{9}$' then
    perform private.invalid('phone', 'Numéro de téléphone invalide (9 chiffres requis, Pas d''espace)');
  end if;
  perform private.require_name(payload ->> 'city', 'city', 'La ville est obligatoire');
  if char_length(private.clean_line(payload ->> 'city')) not between 2 and 80 then
    perform private.invalid('city', 'La ville doit contenir entre 2 et 80 caractères.');
  end if;
  if coalesce(payload ->> 'region', '') not in ('Adamaoua', 'Centre', 'Est', 'Extrême-Nord',
      'Littoral', 'Nord', 'Nord-Ouest', 'Ouest', 'Sud', 'Sud-Ouest') then
    perform private.invalid('region', 'Veuillez sélectionner votre région');
  end if;
  if coalesce(payload ->> 'category', '') not in ('dance', 'singing') then
    perform private.invalid('category', 'Veuillez choisir une catégorie');
  end if;
  if coalesce(ptype, '') not in ('solo', 'team') then
    perform private.invalid('participation_type', 'Veuillez choisir un mode de participation');
  end if;
  if ptype = 'team' then
    perform private.require_name(payload ->> 'team_name', 'team_name', 'Le nom de l''équipe est obligatoire');
    if char_length(private.clean_line(payload ->> 'team_name')) not between 2 and 80 then
      perform private.invalid('team_name', 'Le nom de l''équipe doit contenir entre 2 et 80 caractères.');
    end if;
  end if;
  if not private.is_blank(payload ->> 'link_to_work')
     and (char_length(btrim(payload ->> 'link_to_work')) > 500
          or btrim(payload ->> 'link_to_work') !~* '^https?://[^[:space:]]+$') then
    perform private.invalid('link_to_work', 'Lien invalide');
  end if;
  if char_length(coalesce(payload ->> 'description', '')) > 1000 then
    perform private.invalid('description', 'La description ne doit pas dépasser 1000 caractères.');
  end if;
  if jsonb_typeof(payload -> 'agree_to_terms') is distinct from 'boolean'
     or not (payload ->> 'agree_to_terms')::boolean then
    perform private.invalid('agree_to_terms', 'Vous devez accepter le règlement');
  end if;
  if members is not null and jsonb_typeof(members) <> 'array' then
    perform private.invalid('team_members', 'Données d''inscription invalides.');
  end if;
  n := coalesce(jsonb_array_length(members), 0);
  if ptype = 'team' and n not between 1 and 9 then
    raise exception 'Une équipe compte de 2 à 10 personnes (le responsable et 1 à 9 membres).'
      using errcode = '23514', hint = 'team_size';
  elsif ptype = 'solo' and n > 0 then
    raise exception 'Une inscription solo ne peut pas avoir de membres d''équipe.'
      using errcode = '23514', hint = 'team_size';
  end if;
  for m in select value from jsonb_array_elements(coalesce(members, '[]'::jsonb)) loop
    if jsonb_typeof(m) is distinct from 'object' or jsonb_typeof(m -> 'full_name') is distinct from 'string'
       or jsonb_typeof(m -> 'phone') is distinct from 'string'
       or jsonb_typeof(m -> 'email') not in ('string', 'null')
       or private.is_blank(m ->> 'full_name') or not private.has_letter_or_digit(m ->> 'full_name') then
      perform private.invalid('team_members', 'Le nom du membre est obligatoire');
    elsif char_length(private.clean_line(m ->> 'full_name')) not between 2 and 100 then
      perform private.invalid('team_members', 'Le nom doit contenir entre 2 et 100 caractères.');
    elsif coalesce(btrim(m ->> 'phone'), '') !~ '^[0-9]{9}$' then
      perform private.invalid('team_members', 'Numéro de téléphone invalide (9 chiffres requis, Pas d''espace)');
    elsif not private.is_blank(m ->> 'email') and not private.email_is_valid(btrim(m ->> 'email')) then
      perform private.invalid('team_members', 'Adresse email invalide');
    end if;
  end loop;
end;
$$;
revoke all on function private.check_registration(jsonb) from public, anon, authenticated;

-- Registers a participant and its team members in one transaction, or nothing. Order: proof of
-- work, rate limit, honeypot, the same registration sent again (its id), every field, capacity,
-- then duplicates (answered 409 and counted). Returns { id }.
create function public.register_participant(payload jsonb) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  refused jsonb;
  settings public.contest_settings;
  new_id uuid;
  ptype text;
  members jsonb;
  v_email text;
  v_phone text;
  taken text;
  member_at integer;
begin
  refused := private.admit_public_write('register', payload);
  if refused is not null then
    return refused;
  end if;
  begin
    new_id := coalesce(nullif(payload ->> 'id', '')::uuid, gen_random_uuid());
  exception when invalid_text_representation then
    perform private.invalid('id', 'Données d''inscription invalides.');
  end;
  if private.is_robot(payload) then
    return jsonb_build_object('id', new_id);
  end if;
  ptype := payload ->> 'participation_type';
  members := coalesce(payload -> 'team_members', '[]'::jsonb);
  v_email := lower(btrim(payload ->> 'email'));
  v_phone := btrim(payload ->> 'phone');

  -- The same registration sent again after a lost answer: answer as the first time.
  if exists (select 1 from public.participants p where p.id = new_id and lower(p.email) = v_email) then
    return jsonb_build_object('id', new_id);
  end if;

  perform private.check_registration(payload);

  -- The settings row lock serialises registrations, so a rush cannot overshoot the capacity.
  select * into settings from public.contest_settings for update;
  -- Checked again under the lock: an overlapping retry now sees the row the first one stored.
  if exists (select 1 from public.participants p where p.id = new_id and lower(p.email) = v_email) then
    return jsonb_build_object('id', new_id);
  end if;
  if exists (select 1 from public.participants p where p.id = new_id) then
    return private.refusal(409, 'Cette inscription a déjà été enregistrée.', 'duplicate_registration');
  end if;
  if now() < settings.registration_opens_at then
    raise exception 'Les inscriptions ne sont pas encore ouvertes.' using errcode = 'P0001', hint = 'registration_not_open';
  elsif now() > settings.registration_closes_at then
    raise exception 'Les inscriptions sont clôturées.' using errcode = 'P0001', hint = 'registration_closed';
  elsif (select count(*) from public.participants) >= settings.max_participants then
    raise exception 'Le nombre maximum de participants est atteint.' using errcode = 'P0001', hint = 'registration_full';
  end if;

  select case when lower(p.email) = v_email then 'email' else 'phone' end into taken
    from public.participants p where lower(p.email) = v_email or p.phone = v_phone
   order by (lower(p.email) = v_email) desc limit 1;
  if taken is null and exists (select 1 from private.phone_owners o where o.phone = v_phone) then
    taken := 'phone';
  end if;
  if taken = 'email' then
    return private.refusal(409, 'Cette adresse email est déjà inscrite au Booster Challenge.', 'duplicate_email');
  elsif taken = 'phone' then
    return private.refusal(409, 'Ce numéro de téléphone est déjà inscrit au Booster Challenge.', 'duplicate_phone');
  end if;
  select m.ord into member_at
    from jsonb_array_elements(members) with ordinality as m(value, ord)
   where exists (select 1 from private.phone_owners o where o.phone = btrim(m.value ->> 'phone'))
   order by m.ord limit 1;
  if member_at is not null then
    return private.refusal(409,
      format('Le numéro de téléphone du membre %s est déjà inscrit au Booster Challenge.', member_at),
      'duplicate_member_phone', member_at::text);
  end if;

  insert into public.participants (id, full_name, email, phone, city, region, category,
    participation_type, team_name, link_to_work, description, agree_to_terms)
  values (new_id,
    private.clean_line(payload ->> 'full_name'),
    v_email,
    v_phone,
    private.clean_line(payload ->> 'city'),
    payload ->> 'region',
    payload ->> 'category',
    ptype,
    case when ptype = 'team' then private.clean_line(payload ->> 'team_name') end,
    nullif(btrim(payload ->> 'link_to_work'), ''),
    nullif(btrim(payload ->> 'description'), ''),
    true);

  insert into public.team_members (participant_id, position, full_name, email, phone)
  select new_id, m.ord, private.clean_line(m.value ->> 'full_name'),
         nullif(lower(btrim(m.value ->> 'email')), ''), btrim(m.value ->> 'phone')
    from jsonb_array_elements(members) with ordinality as m(value, ord);

  return jsonb_build_object('id', new_id);
exception
  when unique_violation then
    -- A registration of the same e-mail or phone committed between the check and the insert.
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
revoke all on function public.register_participant(jsonb) from public, anon, authenticated;
grant execute on function public.register_participant(jsonb) to anon;
grant execute on function public.register_participant(jsonb) to authenticated;

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
revoke all on function private.participant_snapshot(uuid) from public, anon, authenticated;

-- Updates a participant and, when p_members is given, replaces its team members, in one
-- transaction: a failure leaves the old values and members in place. Admins only; a binned
-- participant is not found. Writes one 'participant.update' audit row with the fields that
-- changed (before and after), none when nothing changed.
create function public.admin_update_participant(p_id uuid, p_patch jsonb,
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
revoke all on function public.admin_update_participant(uuid,jsonb,jsonb) from public, anon, authenticated;
grant execute on function public.admin_update_participant(uuid,jsonb,jsonb) to authenticated;

-- Statistics ignore the bin. Readers see them too (security definer: readers have no select on
-- participants). Same figures as before, plus byStatus and byAuditionCity.
create function public.participant_stats() returns jsonb
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
revoke all on function public.participant_stats() from public, anon, authenticated;
grant execute on function public.participant_stats() to authenticated;

-- Records `phone` for `pid`; another registration's phone is refused in French. The same
-- registration using one phone twice is left to private.check_team (its own message, at commit).
create function private.claim_phone(phone text, pid uuid, member_position integer) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  owner uuid;
begin
  insert into private.phone_owners (phone, participant_id) values (phone, pid)
  on conflict do nothing;
  if found then
    return;
  end if;
  select o.participant_id into owner from private.phone_owners o where o.phone = claim_phone.phone;
  if owner is distinct from pid then
    if member_position is null then
      raise exception 'Ce numéro de téléphone est déjà inscrit au Booster Challenge.'
        using errcode = '23505', hint = 'duplicate_phone';
    end if;
    raise exception 'Le numéro de téléphone du membre % est déjà inscrit au Booster Challenge.', member_position
      using errcode = '23505', hint = 'duplicate_member_phone', detail = member_position::text;
  end if;
end;
$$;
revoke all on function private.claim_phone(text,uuid,integer) from public, anon, authenticated;

-- Forgets `phone` for `pid` when no row of that registration uses it any more.
create function private.release_phone(phone text, pid uuid) returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  delete from private.phone_owners o
   where o.phone = release_phone.phone and o.participant_id = pid
     and not exists (select 1 from public.participants p where p.id = pid and p.phone = release_phone.phone)
     and not exists (select 1 from public.team_members t
                      where t.participant_id = pid and t.phone = release_phone.phone);
end;
$$;
revoke all on function private.release_phone(text,uuid) from public, anon, authenticated;

create function private.track_phones() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_table_name = 'participants' then
    if tg_op = 'UPDATE' and old.phone is distinct from new.phone then
      perform private.release_phone(old.phone, old.id);
    end if;
    if tg_op = 'INSERT' or old.phone is distinct from new.phone then
      perform private.claim_phone(new.phone, new.id, null);
    end if;
    return null;
  end if;
  -- team_members
  if tg_op in ('UPDATE', 'DELETE') then
    perform private.release_phone(old.phone, old.participant_id);
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    perform private.claim_phone(new.phone, new.participant_id, new.position);
  end if;
  return null;
end;
$$;
revoke all on function private.track_phones() from public, anon, authenticated;

-- The statuses and cities as the refusals name them.
create function private.status_label(s text) returns text
language sql immutable set search_path = '' as $$
  select case s when 'inscrit' then 'inscrit' when 'preselectionne' then 'présélectionné'
                when 'convoque' then 'convoqué' when 'finaliste' then 'finaliste'
                when 'laureat' then 'lauréat' when 'refuse' then 'refusé' end
$$;
revoke all on function private.status_label(text) from public, anon, authenticated;

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
revoke all on function public.admin_set_status(uuid[],text) from public, anon, authenticated;
grant execute on function public.admin_set_status(uuid[],text) to authenticated;

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
revoke all on function public.admin_assign_slot(uuid[],text,timestamp with time zone) from public, anon, authenticated;
grant execute on function public.admin_assign_slot(uuid[],text,timestamp with time zone) to authenticated;

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
revoke all on function public.admin_set_notes(uuid,text) from public, anon, authenticated;
grant execute on function public.admin_set_notes(uuid,text) to authenticated;

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
revoke all on function public.admin_mark_notified(uuid[],text) from public, anon, authenticated;
grant execute on function public.admin_mark_notified(uuid[],text) to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Triggers and policies
-- ---------------------------------------------------------------------------------------------

create policy contest_settings_staff_select on public.contest_settings
  for select to authenticated
  using (( select private.has_role(variadic array['admin'::text, 'lecteur'::text]) as has_role));

create policy participants_admin_select on public.participants
  for select to authenticated
  using ((( select private.is_admin() as is_admin) and (deleted_at is null)));

create policy team_members_admin_select on public.team_members
  for select to authenticated
  using (( select private.is_admin() as is_admin));

create policy participant_status_history_staff_select on public.participant_status_history
  for select to authenticated
  using (( select private.has_role(variadic array['admin'::text, 'lecteur'::text]) as has_role));

create policy participant_directory_staff_select on public.participant_directory
  for select to authenticated
  using (( select private.has_role(variadic array['admin'::text, 'lecteur'::text]) as has_role));

create constraint trigger participants_team after insert or update of participation_type, phone on public.participants deferrable initially deferred for each row execute function private.check_team();

create constraint trigger team_members_team after insert or delete or update on public.team_members deferrable initially deferred for each row execute function private.check_team();

create trigger participants_phone_owner after insert or update of phone on public.participants for each row execute function private.track_phones();

create trigger team_members_phone_owner after insert or delete or update of phone, participant_id on public.team_members for each row execute function private.track_phones();

create trigger participants_directory_insert after insert on public.participants referencing new table as changed for each statement execute function private.participants_to_directory();
-- Also for bulk loads that turn triggers off (session_replication_role = replica, as
-- scripts/fill-large.ts does): kept up to date whatever the load.
alter table public.participants enable always trigger participants_directory_insert;

create trigger participants_directory_update after update on public.participants referencing new table as changed for each statement execute function private.participants_to_directory();
-- Also for bulk loads that turn triggers off (session_replication_role = replica, as
-- scripts/fill-large.ts does): kept up to date whatever the load.
alter table public.participants enable always trigger participants_directory_update;

create trigger team_members_directory_insert after insert on public.team_members referencing new table as changed for each statement execute function private.members_to_directory();
-- Also for bulk loads that turn triggers off (session_replication_role = replica, as
-- scripts/fill-large.ts does): kept up to date whatever the load.
alter table public.team_members enable always trigger team_members_directory_insert;

create trigger team_members_directory_update after update on public.team_members referencing old table as gone new table as changed for each statement execute function private.members_to_directory();
-- Also for bulk loads that turn triggers off (session_replication_role = replica, as
-- scripts/fill-large.ts does): kept up to date whatever the load.
alter table public.team_members enable always trigger team_members_directory_update;

create trigger team_members_directory_delete after delete on public.team_members referencing old table as gone for each statement execute function private.members_to_directory();
-- Also for bulk loads that turn triggers off (session_replication_role = replica, as
-- scripts/fill-large.ts does): kept up to date whatever the load.
alter table public.team_members enable always trigger team_members_directory_delete;

create trigger participants_visible_text before insert or update of full_name, city, team_name, email on public.participants for each row execute function private.check_visible_text();

create trigger team_members_visible_text before insert or update of full_name, email on public.team_members for each row execute function private.check_visible_text();
