-- Registration: the public `register_participant`, its checks, and one phone number per
-- participant or team member across the edition (docs/decisions/007-abuse-resistance.md).

-- ---------------------------------------------------------------------------------------------
-- Tables, their indexes, grants and required rows
-- ---------------------------------------------------------------------------------------------

create table private.phone_owners (
  phone text,
  participant_id uuid not null,
  constraint phone_owners_pkey primary key (phone),
  constraint phone_owners_participant_id_fkey foreign key (participant_id) references public.participants(id) on delete cascade
);
create index phone_owners_participant_idx on private.phone_owners (participant_id);
alter table private.phone_owners enable row level security;
revoke all on private.phone_owners from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Functions
-- ---------------------------------------------------------------------------------------------

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
    perform private.require_name(payload ->> 'team_name', 'team_name', 'Le nom de l’équipe est obligatoire');
    if char_length(private.clean_line(payload ->> 'team_name')) not between 2 and 80 then
      perform private.invalid('team_name', 'Le nom de l’équipe doit contenir entre 2 et 80 caractères.');
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
    perform private.invalid('team_members', 'Données d’inscription invalides.');
  end if;
  n := coalesce(jsonb_array_length(members), 0);
  if ptype = 'team' and n not between 1 and 9 then
    raise exception 'Une équipe compte de 2 à 10 personnes (le responsable et 1 à 9 membres).'
      using errcode = '23514', hint = 'team_size';
  elsif ptype = 'solo' and n > 0 then
    raise exception 'Une inscription solo ne peut pas avoir de membres d’équipe.'
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
-- then duplicates (answered 409 and counted). Answers { id } (public.participant_registered). As in
-- 20251122150000_abuse_resistance.sql, but the capacity is read from private.participant_count.
create function public.register_participant(payload jsonb) returns public.participant_registered
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
    return jsonb_populate_record(null::public.participant_registered, refused);
  end if;
  begin
    new_id := coalesce(nullif(payload ->> 'id', '')::uuid, gen_random_uuid());
  exception when invalid_text_representation then
    perform private.invalid('id', 'Données d’inscription invalides.');
  end;
  if private.is_robot(payload) then
    return jsonb_populate_record(null::public.participant_registered, jsonb_build_object('id', new_id));
  end if;
  ptype := payload ->> 'participation_type';
  members := coalesce(payload -> 'team_members', '[]'::jsonb);
  v_email := lower(btrim(payload ->> 'email'));
  v_phone := btrim(payload ->> 'phone');

  -- The same registration sent again after a lost answer: answer as the first time.
  if exists (select 1 from public.participants p where p.id = new_id and lower(p.email) = v_email) then
    return jsonb_populate_record(null::public.participant_registered, jsonb_build_object('id', new_id));
  end if;

  perform private.check_registration(payload);

  -- The settings row lock serialises registrations, so a rush cannot overshoot the capacity:
  -- each one reads the count the ones before it committed (a new snapshot per statement).
  select * into settings from public.contest_settings for update;
  -- Checked again under the lock: an overlapping retry now sees the row the first one stored.
  if exists (select 1 from public.participants p where p.id = new_id and lower(p.email) = v_email) then
    return jsonb_populate_record(null::public.participant_registered, jsonb_build_object('id', new_id));
  end if;
  if exists (select 1 from public.participants p where p.id = new_id) then
    return jsonb_populate_record(null::public.participant_registered, private.refusal(409, 'Cette inscription a déjà été enregistrée.', 'duplicate_registration'));
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
    return jsonb_populate_record(null::public.participant_registered, private.refusal(409,
      'Cette adresse e-mail est déjà inscrite au Booster Challenge.', 'duplicate_email'));
  elsif taken = 'phone' then
    return jsonb_populate_record(null::public.participant_registered, private.refusal(409,
      'Ce numéro de téléphone est déjà inscrit au Booster Challenge.', 'duplicate_phone'));
  end if;
  select m.ord into member_at
    from jsonb_array_elements(members) with ordinality as m(value, ord)
   where exists (select 1 from private.phone_owners o where o.phone = btrim(m.value ->> 'phone'))
   order by m.ord limit 1;
  if member_at is not null then
    return jsonb_populate_record(null::public.participant_registered, private.refusal(409,
      format('Le numéro de téléphone du membre %s est déjà inscrit au Booster Challenge.', member_at),
      'duplicate_member_phone', member_at::text));
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

  return jsonb_populate_record(null::public.participant_registered, jsonb_build_object('id', new_id));
exception
  when unique_violation then
    -- A registration of the same e-mail or phone committed between the check and the insert.
    if sqlerrm like '%participants_email_key%' then
      raise exception 'Cette adresse e-mail est déjà inscrite au Booster Challenge.'
        using errcode = '23505', hint = 'duplicate_email';
    elsif sqlerrm like '%participants_phone_key%' then
      raise exception 'Ce numéro de téléphone est déjà inscrit au Booster Challenge.'
        using errcode = '23505', hint = 'duplicate_phone';
    end if;
    raise;
end;
$$;
revoke all on function public.register_participant(jsonb) from public, anon, authenticated;
grant execute on function public.register_participant(jsonb) to anon, authenticated;

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

-- ---------------------------------------------------------------------------------------------
-- Triggers and policies
-- ---------------------------------------------------------------------------------------------

create trigger participants_phone_owner
  after insert or update of phone on public.participants
  for each row execute function private.track_phones();

create trigger team_members_phone_owner
  after insert or update of phone, participant_id or delete on public.team_members
  for each row execute function private.track_phones();
