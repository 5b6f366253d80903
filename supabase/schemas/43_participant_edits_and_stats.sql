-- An admin's edit of a participant (journaled with before and after) and the statistics.

-- ---------------------------------------------------------------------------------------------
-- Functions
-- ---------------------------------------------------------------------------------------------

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
      'Fiche modifiée : ' || (select string_agg(case k
          when 'full_name' then 'nom' when 'email' then 'e-mail' when 'phone' then 'téléphone'
          when 'city' then 'ville' when 'region' then 'région' when 'category' then 'catégorie'
          when 'participation_type' then 'mode' when 'team_name' then 'nom d’équipe'
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
create function public.participant_stats() returns public.participant_stats_answer
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
  return jsonb_populate_record(null::public.participant_stats_answer, result);
end;
$$;
revoke all on function public.participant_stats() from public, anon, authenticated;
grant execute on function public.participant_stats() to authenticated;
