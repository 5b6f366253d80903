-- Abuse resistance: nobody can flood the contest, the concert or the inbox with the public key.
-- See docs/decisions/007-abuse-resistance.md for the layers and the numbers.
--
-- 1. Functions are private by default: one created by a later migration is executable by
--    nobody until granted.
-- 2. Text rules: "not blank" means something else than whitespace of any kind (Unicode spaces,
--    zero-width and control characters); one-line texts are stored normalised.
-- 3. Every public write goes through a function (reservations and contact messages too: the
--    two `with check (true)` insert policies go) that checks, in this order: an ALTCHA
--    proof-of-work solution (signed and verified here, each used once), the rate limit of the
--    client's address for that action, the honeypot, every field, and only then duplicates.
--    Refusals that must count (duplicates, limits) commit with PostgREST's `response.status`.
-- 4. One phone per person across all participants and all team members, whatever writes them.

-- ---------------------------------------------------------------------------------------------
-- 1. Private by default. The init migration's `in schema public ... from public` does not remove
--    PostgreSQL's built-in EXECUTE-to-PUBLIC: only a global default privilege does.
-- ---------------------------------------------------------------------------------------------

alter default privileges revoke execute on functions from public;
alter default privileges in schema public revoke execute on functions from anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- 2. Text rules
-- ---------------------------------------------------------------------------------------------

-- One line of text as it is stored: every run of whitespace, zero-width or control characters
-- becomes one space, and the ends are trimmed. '' when nothing visible is left.
create function private.clean_line(t text) returns text
language sql immutable parallel safe set search_path = '' as $$
  select btrim(regexp_replace(t,
    '[\s\u0000-\u001f\u007f-\u00a0\u00ad\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u2064\u3000\ufeff]+',
    ' ', 'g'))
$$;

-- Nothing visible: empty, or only whitespace / invisible characters.
create function private.is_blank(t text) returns boolean
language sql immutable parallel safe set search_path = '' as $$
  select private.clean_line(coalesce(t, '')) = ''
$$;

revoke all on function private.clean_line(text), private.is_blank(text) from public;
-- CHECK constraints run with the writer's rights: admins edit rows directly (RLS decides).
grant execute on function private.clean_line(text), private.is_blank(text) to authenticated;

-- Rows written from now on (NOT VALID: earlier rows were checked with the older rule).
alter table public.participants
  add constraint participants_full_name_visible check (not private.is_blank(full_name)) not valid,
  add constraint participants_city_visible check (not private.is_blank(city)) not valid,
  add constraint participants_team_name_visible
    check (team_name is null or not private.is_blank(team_name)) not valid;
alter table public.team_members
  add constraint team_members_full_name_visible check (not private.is_blank(full_name)) not valid;
alter table public.reservations
  add constraint reservations_full_name_visible check (not private.is_blank(full_name)) not valid,
  add constraint reservations_ville_visible
    check (ville is null or not private.is_blank(ville)) not valid;
alter table public.contact_messages
  add constraint contact_messages_name_visible check (not private.is_blank(name)) not valid,
  add constraint contact_messages_subject_visible check (not private.is_blank(subject)) not valid,
  add constraint contact_messages_message_visible check (not private.is_blank(message)) not valid;

-- ---------------------------------------------------------------------------------------------
-- 3a. Settings, secret and bookkeeping (all private: no API role can read them)
-- ---------------------------------------------------------------------------------------------

create table private.abuse_settings (
  id boolean primary key default true check (id),
  -- ALTCHA difficulty: the secret number is drawn in 0..pow_max_number; a browser tries half of
  -- them on average. Measured in docs/decisions/007-abuse-resistance.md.
  pow_max_number integer not null default 40000 check (pow_max_number between 100 and 10000000),
  -- How long a challenge may be solved and used.
  pow_ttl_seconds integer not null default 1800 check (pow_ttl_seconds between 60 and 86400),
  updated_at timestamptz not null default now()
);
insert into private.abuse_settings default values;

-- Per client address and per action: at most max_per_address accepted attempts in any window of
-- window_seconds. Sized for carrier-grade NAT (many subscribers behind one address).
create table private.rate_limits (
  action text primary key check (action in ('register', 'reserve', 'contact')),
  window_seconds integer not null check (window_seconds between 10 and 86400),
  max_per_address integer not null check (max_per_address between 1 and 100000)
);
insert into private.rate_limits (action, window_seconds, max_per_address) values
  ('reserve', 600, 120),
  ('register', 600, 60),
  ('contact', 600, 20);

create table private.pow_secret (
  id boolean primary key default true check (id),
  secret bytea not null default extensions.gen_random_bytes(32)
);
insert into private.pow_secret default values;

-- Spent solutions, until their challenge expires (then pruned).
create table private.pow_spent (
  challenge text primary key,
  expires_at timestamptz not null
);

-- One row per counted attempt: append-only, so a crowd behind one address never waits on a
-- shared counter row. Pruned as it goes (rows older than a day).
create table private.rate_hits (
  action text not null,
  address inet not null,
  at timestamptz not null default now()
);
create index rate_hits_lookup_idx on private.rate_hits (action, address, at);

revoke all on private.abuse_settings, private.rate_limits, private.pow_secret,
  private.pow_spent, private.rate_hits from public, anon, authenticated;
alter table private.abuse_settings enable row level security;
alter table private.rate_limits enable row level security;
alter table private.pow_secret enable row level security;
alter table private.pow_spent enable row level security;
alter table private.rate_hits enable row level security;

-- ---------------------------------------------------------------------------------------------
-- 3b. Helpers
-- ---------------------------------------------------------------------------------------------

-- The client's address as the API gateway passes it (request.headers, lower-cased by PostgREST):
-- Cloudflare's header first, then the gateway's, then the first hop of X-Forwarded-For.
create function private.client_address() returns inet
language plpgsql stable set search_path = '' as $$
declare
  headers jsonb := coalesce(nullif(current_setting('request.headers', true), '')::jsonb, '{}');
  raw text := coalesce(headers ->> 'cf-connecting-ip', headers ->> 'x-real-ip',
                       split_part(headers ->> 'x-forwarded-for', ',', 1));
begin
  return coalesce(nullif(btrim(raw), '')::inet, '0.0.0.0'::inet);
exception when others then
  return '0.0.0.0'::inet;
end;
$$;

-- A refusal that commits (so it counts against the limit and spends the solution): the HTTP
-- status through PostgREST's response.status, the body in PostgREST's error shape.
create function private.refusal(status integer, message text, hint text, details text default null)
returns jsonb
language plpgsql volatile set search_path = '' as $$
begin
  perform set_config('response.status', status::text, true);
  return jsonb_build_object('code', 'P' || status::text, 'message', message, 'hint', hint,
                            'details', details);
end;
$$;

-- A refused field: raised (nothing is stored, nothing counted), hint 'invalid_field', DETAIL the
-- field's name.
create function private.invalid(field text, message text) returns void
language plpgsql set search_path = '' as $$
begin
  raise exception '%', message using errcode = '22023', hint = 'invalid_field', detail = field;
end;
$$;

-- Verifies an ALTCHA (v1) solution and spends it. Raises when it is missing, malformed, wrong,
-- expired or already used.
create function private.spend_proof_of_work(pow text) returns void
language plpgsql volatile set search_path = '' as $$
declare
  solution jsonb;
  salt text;
  challenge text;
  number text;
  expires bigint;
begin
  if pow is null or btrim(pow) = '' then
    raise exception 'Vérification anti-robot manquante : rechargez la page et réessayez.'
      using errcode = 'P0001', hint = 'pow_missing';
  end if;
  begin
    solution := convert_from(decode(pow, 'base64'), 'UTF8')::jsonb;
  exception when others then
    solution := null;
  end;
  salt := solution ->> 'salt';
  challenge := solution ->> 'challenge';
  number := solution ->> 'number';
  expires := (substring(salt from '[?&]expires=([0-9]{1,12})'))::bigint;
  -- Every part must hold; any missing part (null) makes the whole solution invalid.
  if not coalesce(
       jsonb_typeof(solution) = 'object'
       and solution ->> 'algorithm' = 'SHA-256'
       and number ~ '^[0-9]{1,10}$'
       and challenge ~ '^[0-9a-f]{64}$'
       and expires is not null
       and encode(extensions.digest(salt || number, 'sha256'), 'hex') = challenge
       and encode(extensions.hmac(convert_to(challenge, 'UTF8'),
                                  (select secret from private.pow_secret), 'sha256'), 'hex')
           = solution ->> 'signature',
       false) then
    raise exception 'Vérification anti-robot invalide : rechargez la page et réessayez.'
      using errcode = 'P0001', hint = 'pow_invalid';
  end if;
  if expires < extract(epoch from now()) then
    raise exception 'Vérification anti-robot expirée : réessayez.'
      using errcode = 'P0001', hint = 'pow_expired';
  end if;
  insert into private.pow_spent (challenge, expires_at)
  values (challenge, to_timestamp(expires))
  on conflict do nothing;
  if not found then
    raise exception 'Vérification anti-robot déjà utilisée : réessayez.'
      using errcode = 'P0001', hint = 'pow_reused';
  end if;
end;
$$;

-- Counts one attempt of `action` from the client's address, or answers the refusal when the
-- address is over its limit (null when the attempt may go on). Staff are not limited.
create function private.take_rate_limit(action text) returns jsonb
language plpgsql volatile set search_path = '' as $$
declare
  rule private.rate_limits;
  addr inet := private.client_address();
  n integer;
  oldest timestamptz;
  wait_seconds integer;
begin
  if (select private.is_admin()) then
    return null;
  end if;
  select * into rule from private.rate_limits r where r.action = take_rate_limit.action;
  select count(*), min(h.at) into n, oldest
    from private.rate_hits h
   where h.action = take_rate_limit.action and h.address = addr
     and h.at > now() - make_interval(secs => rule.window_seconds);
  if n >= rule.max_per_address then
    wait_seconds := greatest(1, ceil(extract(epoch from
      oldest + make_interval(secs => rule.window_seconds) - now())))::integer;
    return private.refusal(429,
      format('Trop de demandes depuis votre connexion. Réessayez dans %s.',
        case when wait_seconds < 60 then 'une minute'
             else ceil(wait_seconds / 60.0)::integer || ' minutes' end),
      'rate_limited', wait_seconds::text);
  end if;
  insert into private.rate_hits (action, address) values (take_rate_limit.action, addr);
  -- Prune a little on the way, without ever waiting on another pruner.
  if random() < 0.02 then
    delete from private.rate_hits where ctid in (
      select ctid from private.rate_hits where at < now() - interval '1 day'
       limit 1000 for update skip locked);
    delete from private.pow_spent where challenge in (
      select p.challenge from private.pow_spent p where p.expires_at < now()
       limit 1000 for update skip locked);
  end if;
  return null;
end;
$$;

-- Checks common to the three public writes: the payload is one JSON object, its proof of work
-- is valid and unspent, and the address is under its limit. Returns the refusal to answer, if any.
create function private.admit_public_write(action text, payload jsonb) returns jsonb
language plpgsql volatile set search_path = '' as $$
begin
  if jsonb_typeof(payload) is distinct from 'object' then
    raise exception 'Données invalides.' using errcode = '22023', hint = 'payload';
  end if;
  perform private.spend_proof_of_work(payload ->> 'pow');
  return private.take_rate_limit(action);
end;
$$;

-- Text fields are JSON strings: `required` ones must be present, `optional` ones absent, null or
-- a string. A number or an object where a name is expected is refused like any invalid field.
create function private.require_strings(payload jsonb, required text[], optional text[] default '{}')
returns void
language plpgsql set search_path = '' as $$
declare
  key text;
begin
  foreach key in array required loop
    if jsonb_typeof(payload -> key) is distinct from 'string' then
      perform private.invalid(key, 'Ce champ est obligatoire.');
    end if;
  end loop;
  foreach key in array optional loop
    if jsonb_typeof(payload -> key) not in ('string', 'null') then
      perform private.invalid(key, 'Ce champ est invalide.');
    end if;
  end loop;
end;
$$;

-- A filled honeypot field (hidden from people and assistive technology): a robot.
create function private.is_robot(payload jsonb) returns boolean
language sql immutable set search_path = '' as $$
  select coalesce(btrim(payload ->> 'website'), '') <> ''
$$;

revoke all on function private.client_address(), private.refusal(integer, text, text, text),
  private.invalid(text, text), private.spend_proof_of_work(text), private.take_rate_limit(text),
  private.admit_public_write(text, jsonb), private.is_robot(jsonb),
  private.require_strings(jsonb, text[], text[]) from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- 3c. The challenge
-- ---------------------------------------------------------------------------------------------

-- An ALTCHA (v1) challenge: salt with its expiry, SHA-256 of salt + secret number, and the
-- HMAC-SHA256 signature of the challenge with the private secret. Stateless: nothing is stored.
create function public.pow_challenge() returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  s private.abuse_settings;
  salt text;
  secret_number bigint;
  challenge text;
begin
  select * into s from private.abuse_settings;
  salt := encode(extensions.gen_random_bytes(12), 'hex') || '?expires='
          || (floor(extract(epoch from now())) + s.pow_ttl_seconds)::bigint || '&';
  secret_number := ('x' || encode(extensions.gen_random_bytes(4), 'hex'))::bit(32)::bigint
                   % (s.pow_max_number + 1);
  challenge := encode(extensions.digest(salt || secret_number::text, 'sha256'), 'hex');
  return jsonb_build_object(
    'algorithm', 'SHA-256',
    'challenge', challenge,
    'maxnumber', s.pow_max_number,
    'salt', salt,
    'signature', encode(extensions.hmac(convert_to(challenge, 'UTF8'),
                                        (select secret from private.pow_secret), 'sha256'), 'hex'));
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- 3d. The three public writes
-- ---------------------------------------------------------------------------------------------

-- Every field of a registration, before any duplicate is looked for (so an invalid request says
-- nothing about who is registered).
create function private.check_registration(payload jsonb) returns void
language plpgsql immutable set search_path = '' as $$
declare
  ptype text := payload ->> 'participation_type';
  members jsonb := payload -> 'team_members';
  m jsonb;
  n integer;
  email_pattern constant text := '^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$';
begin
  perform private.require_strings(payload,
    array['full_name', 'email', 'phone', 'city', 'region', 'category', 'participation_type'],
    array['team_name', 'link_to_work', 'description']);
  if private.is_blank(payload ->> 'full_name') then
    perform private.invalid('full_name', 'Le nom complet est obligatoire');
  elsif char_length(private.clean_line(payload ->> 'full_name')) not between 2 and 100 then
    perform private.invalid('full_name', 'Le nom doit contenir entre 2 et 100 caractères.');
  end if;
  if private.is_blank(payload ->> 'email') then
    perform private.invalid('email', 'L''email est obligatoire');
  elsif char_length(btrim(payload ->> 'email')) > 254 or btrim(payload ->> 'email') !~ email_pattern then
    perform private.invalid('email', 'Adresse email invalide');
  end if;
  if coalesce(btrim(payload ->> 'phone'), '') !~ '^[0-9]{9}$' then
    perform private.invalid('phone', 'Numéro de téléphone invalide (9 chiffres requis, Pas d''espace)');
  end if;
  if private.is_blank(payload ->> 'city') then
    perform private.invalid('city', 'La ville est obligatoire');
  elsif char_length(private.clean_line(payload ->> 'city')) not between 2 and 80 then
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
  if ptype = 'team' and private.is_blank(payload ->> 'team_name') then
    perform private.invalid('team_name', 'Le nom de l''équipe est obligatoire');
  elsif ptype = 'team' and char_length(private.clean_line(payload ->> 'team_name')) not between 2 and 80 then
    perform private.invalid('team_name', 'Le nom de l''équipe doit contenir entre 2 et 80 caractères.');
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
       or private.is_blank(m ->> 'full_name') then
      perform private.invalid('team_members', 'Le nom du membre est obligatoire');
    elsif char_length(private.clean_line(m ->> 'full_name')) not between 2 and 100 then
      perform private.invalid('team_members', 'Le nom doit contenir entre 2 et 100 caractères.');
    elsif coalesce(btrim(m ->> 'phone'), '') !~ '^[0-9]{9}$' then
      perform private.invalid('team_members', 'Numéro de téléphone invalide (9 chiffres requis, Pas d''espace)');
    elsif not private.is_blank(m ->> 'email')
          and (char_length(btrim(m ->> 'email')) > 254 or btrim(m ->> 'email') !~ email_pattern) then
      perform private.invalid('team_members', 'Adresse email invalide');
    end if;
  end loop;
end;
$$;

-- Registers a participant and its team members in one transaction, or nothing. Order: proof of
-- work, rate limit, honeypot, the same registration sent again (its id), every field, capacity,
-- then duplicates (answered 409 and counted). Returns { id }.
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

-- A Night Party reservation. Same order as registrations. The client makes the id once per
-- filled form: sending it again answers { id } and stores nothing twice.
create function public.create_reservation(payload jsonb) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  refused jsonb;
  new_id uuid;
  v_phone text;
begin
  refused := private.admit_public_write('reserve', payload);
  if refused is not null then
    return refused;
  end if;
  begin
    new_id := coalesce(nullif(payload ->> 'id', '')::uuid, gen_random_uuid());
  exception when invalid_text_representation then
    perform private.invalid('id', 'Données de réservation invalides.');
  end;
  if private.is_robot(payload) then
    return jsonb_build_object('id', new_id);
  end if;
  v_phone := btrim(payload ->> 'phone');
  if exists (select 1 from public.reservations r where r.id = new_id and r.phone = v_phone) then
    return jsonb_build_object('id', new_id);
  end if;

  perform private.require_strings(payload,
    array['full_name', 'phone', 'ville', 'attendance_status', 'heard_from', 'will_attend',
          'attendance_barrier', 'follows_booster_page', 'consumes_booster_products']);
  if private.is_blank(payload ->> 'full_name') then
    perform private.invalid('full_name', 'Le nom est obligatoire');
  elsif char_length(private.clean_line(payload ->> 'full_name')) not between 3 and 100 then
    perform private.invalid('full_name', 'Le nom doit contenir entre 3 et 100 caractères.');
  end if;
  if coalesce(v_phone, '') !~ '^[0-9]{9}$' then
    perform private.invalid('phone', 'Numéro de téléphone invalide (9 chiffres requis, Pas d''espace)');
  end if;
  if private.is_blank(payload ->> 'ville') then
    perform private.invalid('ville', 'La ville est obligatoire');
  elsif char_length(private.clean_line(payload ->> 'ville')) > 80 then
    perform private.invalid('ville', 'La ville ne doit pas dépasser 80 caractères.');
  end if;
  if coalesce(payload ->> 'attendance_status', '') not in ('yes', 'no', 'maybe')
     or coalesce(payload ->> 'heard_from', '') not in ('flyer', 'social', 'wordOfMouth')
     or coalesce(payload ->> 'will_attend', '') not in ('yes', 'no')
     or coalesce(payload ->> 'attendance_barrier', '') not in
        ('location', 'cost', 'distance', 'noCompanion', 'artists', 'none')
     or coalesce(payload ->> 'follows_booster_page', '') not in ('yes', 'no')
     or coalesce(payload ->> 'consumes_booster_products', '') not in ('yes', 'no') then
    perform private.invalid('survey', 'Veuillez répondre à toutes les questions.');
  end if;

  if exists (select 1 from public.reservations r where r.id = new_id) then
    return private.refusal(409, 'Cette réservation a déjà été enregistrée.', 'duplicate_reservation');
  end if;
  if exists (select 1 from public.reservations r where r.phone = v_phone) then
    return private.refusal(409, 'Ce numéro de téléphone a déjà une réservation pour la Night Party.',
      'duplicate_phone');
  end if;

  insert into public.reservations (id, full_name, phone, ville, attendance_status, heard_from,
    will_attend, attendance_barrier, follows_booster_page, consumes_booster_products)
  values (new_id, private.clean_line(payload ->> 'full_name'), v_phone,
    private.clean_line(payload ->> 'ville'), payload ->> 'attendance_status',
    payload ->> 'heard_from', payload ->> 'will_attend', payload ->> 'attendance_barrier',
    payload ->> 'follows_booster_page', payload ->> 'consumes_booster_products');
  return jsonb_build_object('id', new_id);
exception
  when unique_violation then
    -- Two requests with the same phone at once: the second finds the first's row at commit.
    if sqlerrm like '%reservations_phone_key%' then
      raise exception 'Ce numéro de téléphone a déjà une réservation pour la Night Party.'
        using errcode = '23505', hint = 'duplicate_phone';
    elsif sqlerrm like '%reservations_pkey%' then
      return jsonb_build_object('id', new_id);
    end if;
    raise;
end;
$$;

-- A message to the organisers. Returns { id }.
create function public.send_contact_message(payload jsonb) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  refused jsonb;
  new_id uuid;
  email_pattern constant text := '^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$';
begin
  refused := private.admit_public_write('contact', payload);
  if refused is not null then
    return refused;
  end if;
  begin
    new_id := coalesce(nullif(payload ->> 'id', '')::uuid, gen_random_uuid());
  exception when invalid_text_representation then
    perform private.invalid('id', 'Données du message invalides.');
  end;
  if private.is_robot(payload) then
    return jsonb_build_object('id', new_id);
  end if;
  if exists (select 1 from public.contact_messages c where c.id = new_id) then
    return jsonb_build_object('id', new_id);
  end if;
  perform private.require_strings(payload, array['name', 'email', 'subject', 'message']);
  if private.is_blank(payload ->> 'name') then
    perform private.invalid('name', 'Le nom est obligatoire');
  elsif char_length(private.clean_line(payload ->> 'name')) > 100 then
    perform private.invalid('name', 'Le nom ne doit pas dépasser 100 caractères.');
  end if;
  if private.is_blank(payload ->> 'email') then
    perform private.invalid('email', 'L''email est obligatoire');
  elsif char_length(btrim(payload ->> 'email')) > 254 or btrim(payload ->> 'email') !~ email_pattern then
    perform private.invalid('email', 'Adresse email invalide');
  end if;
  if private.is_blank(payload ->> 'subject') then
    perform private.invalid('subject', 'Le sujet est obligatoire');
  elsif char_length(private.clean_line(payload ->> 'subject')) > 150 then
    perform private.invalid('subject', 'Le sujet ne doit pas dépasser 150 caractères.');
  end if;
  if private.is_blank(payload ->> 'message') then
    perform private.invalid('message', 'Le message est obligatoire');
  elsif char_length(btrim(payload ->> 'message')) not between 10 and 5000 then
    perform private.invalid('message', 'Le message doit contenir entre 10 et 5000 caractères.');
  end if;
  insert into public.contact_messages (id, name, email, subject, message)
  values (new_id, private.clean_line(payload ->> 'name'), lower(btrim(payload ->> 'email')),
    private.clean_line(payload ->> 'subject'), btrim(payload ->> 'message'));
  return jsonb_build_object('id', new_id);
end;
$$;

-- Anonymous visitors write through the functions only: no insert on the tables, and the two
-- `with check (true)` policies go.
drop policy reservations_public_insert on public.reservations;
drop policy contact_messages_public_insert on public.contact_messages;
revoke insert on public.reservations, public.contact_messages from anon, authenticated;

revoke all on function private.check_registration(jsonb) from public, anon, authenticated;
revoke all on function public.pow_challenge(), public.create_reservation(jsonb),
  public.send_contact_message(jsonb) from public, anon, authenticated;
grant execute on function public.pow_challenge(), public.create_reservation(jsonb),
  public.send_contact_message(jsonb) to anon, authenticated;
-- register_participant keeps its grants (create or replace).

-- ---------------------------------------------------------------------------------------------
-- 4. One phone per person, everywhere: a registry of every registrant's and team member's phone,
--    kept by triggers on both tables whatever writes them (functions, admin edits, direct
--    writes). Its primary key makes two registrations of one phone impossible, even at once.
-- ---------------------------------------------------------------------------------------------

create table private.phone_owners (
  phone text primary key,
  participant_id uuid not null references public.participants (id) on delete cascade
);
create index phone_owners_participant_idx on private.phone_owners (participant_id);
revoke all on private.phone_owners from public, anon, authenticated;
alter table private.phone_owners enable row level security;

-- Existing rows (a phone already used twice by earlier data keeps its first owner).
insert into private.phone_owners (phone, participant_id)
select phone, id from public.participants on conflict do nothing;
insert into private.phone_owners (phone, participant_id)
select phone, participant_id from public.team_members on conflict do nothing;

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

create trigger participants_phone_owner
  after insert or update of phone on public.participants
  for each row execute function private.track_phones();
create trigger team_members_phone_owner
  after insert or update of phone, participant_id or delete on public.team_members
  for each row execute function private.track_phones();

revoke all on function private.claim_phone(text, uuid, integer), private.release_phone(text, uuid),
  private.track_phones() from public, anon, authenticated;
