-- The registration rush, flat with the table (issue 27, item 8;
-- docs/decisions/027-registration-rush-flat.md).
--
-- Cause: register_participant checked the capacity with `select count(*) from
-- public.participants` while holding the contest_settings row lock that serialises every
-- registration (the lock that keeps a rush from overshooting max_participants). That count is a
-- sequential scan of the whole table (9.5 ms and 1,137 pages at 50,000 participants, EXPLAIN
-- ANALYZE BUFFERS), paid once per registration, one registration after another: a rush of 200
-- queued 200 scans behind the lock. Every other statement of the registration, its triggers
-- included (directory, search documents and their trigram indexes, phone registry, visible
-- text), reads or writes a handful of index pages whatever the table's size.
--
-- 1. private.participant_count: one row holding the number of rows of public.participants (the
--    bin included, until purged, exactly what count(*) counted), kept by statement-level
--    triggers on insert, delete and truncate, enabled always (bulk loads that turn triggers off
--    keep it right too).
-- 2. register_participant and registration_status read that row instead of counting. The
--    settings lock is unchanged: registrations are still checked one at a time against the
--    count of the ones committed before them, so max_participants holds exactly.

-- ---------------------------------------------------------------------------------------------
-- 1. The counter
-- ---------------------------------------------------------------------------------------------

create table private.participant_count (
  singleton boolean primary key default true constraint participant_count_singleton check (singleton),
  total integer not null constraint participant_count_total_check check (total >= 0)
);
comment on table private.participant_count is
  'How many rows public.participants holds (the bin included): the capacity check of register_participant. Kept by triggers.';
revoke all on private.participant_count from public, anon, authenticated;
alter table private.participant_count enable row level security;

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

create trigger participants_count_insert after insert on public.participants
  referencing new table as changed for each statement
  execute function private.count_participants();
create trigger participants_count_delete after delete on public.participants
  referencing old table as gone for each statement
  execute function private.count_participants();
create trigger participants_count_truncate after truncate on public.participants
  for each statement execute function private.count_participants();
-- Also for bulk loads that turn triggers off (scripts/fill-large.ts), as for the directory.
alter table public.participants enable always trigger participants_count_insert;
alter table public.participants enable always trigger participants_count_delete;
alter table public.participants enable always trigger participants_count_truncate;

-- Existing rows (the table is locked until the migration commits: none can slip in between).
lock table public.participants in share row exclusive mode;
insert into private.participant_count (total) select count(*) from public.participants;

revoke all on function private.count_participants() from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- 2. The registration functions read the counter
-- ---------------------------------------------------------------------------------------------

-- Is registration open? { open, reason: open | not_open | closed | full, opensAt, closesAt }
create or replace function public.registration_status() returns jsonb
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
        when (select n.total from private.participant_count n) >= c.max_participants then 'full'
        else 'open'
      end as reason
    from public.contest_settings c
  ) s;
$$;

-- Registers a participant and its team members in one transaction, or nothing. Order: proof of
-- work, rate limit, honeypot, the same registration sent again (its id), every field, capacity,
-- then duplicates (answered 409 and counted). Returns { id }. As in
-- 20251122150000_abuse_resistance.sql, but the capacity is read from private.participant_count.
create or replace function public.register_participant(payload jsonb) returns jsonb
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

  -- The settings row lock serialises registrations, so a rush cannot overshoot the capacity:
  -- each one reads the count the ones before it committed (a new snapshot per statement).
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
  elsif (select n.total from private.participant_count n) >= settings.max_participants then
    -- One row read, where count(*) scanned the whole table under the lock (ADR 027).
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
-- register_participant and registration_status keep their grants (create or replace).
