-- Overlapping retries of one registration answer like the first request.
--
-- register_participant(payload) is idempotent on the client's id: a visitor whose answer was lost
-- sends the same form again and gets the same id. When the retry overlaps the first request (a
-- double tap, a slow mobile network), it used to check for the id before the first request had
-- committed, then wait on the settings lock and find the e-mail taken: "déjà inscrit(e)". The
-- check is now repeated once the lock is held. Same signature: grants are kept.

create or replace function public.register_participant(payload jsonb) returns jsonb
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

  -- Checked again now that the lock is held: a retry that arrived while the first request was
  -- still running waited on the lock, and (read committed) now sees the row the first one
  -- stored. It gets the same answer instead of "already registered".
  if exists (select 1 from public.participants p
             where p.id = new_id and lower(p.email) = lower(btrim(payload ->> 'email'))) then
    return jsonb_build_object('id', new_id);
  end if;
  if exists (select 1 from public.participants p where p.id = new_id) then
    raise exception 'Cette inscription a déjà été enregistrée.'
      using errcode = '23505', hint = 'duplicate_registration';
  end if;
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
