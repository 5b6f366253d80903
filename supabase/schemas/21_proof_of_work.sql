-- Proof of work: every public write carries a solved challenge, spent once; when all addresses
-- together pass an action's ceiling, its challenges get harder and the dashboard shows an alert
-- (docs/decisions/016-trusted-address-and-proof-of-work.md).

-- ---------------------------------------------------------------------------------------------
-- Tables, their indexes, grants and required rows
-- ---------------------------------------------------------------------------------------------

create table private.pow_secret (
  id boolean default true,
  secret bytea default extensions.gen_random_bytes(32) not null,
  constraint pow_secret_pkey primary key (id),
  constraint pow_secret_id_check check (id)
);
alter table private.pow_secret enable row level security;
revoke all on private.pow_secret from public, anon, authenticated;

-- Spent solutions, until their challenge expires (then pruned).
create table private.pow_spent (
  challenge text,
  expires_at timestamptz not null,
  constraint pow_spent_pkey primary key (challenge)
);
alter table private.pow_spent enable row level security;
revoke all on private.pow_spent from public, anon, authenticated;

-- One row per surge of an action (all addresses together past its ceiling), for the dashboard.
-- Written by the database only; admins and readers read it.
create table public.surge_alerts (
  id bigint generated always as identity,
  action text not null,
  window_seconds integer not null,
  started_at timestamptz default now() not null,
  last_seen_at timestamptz default now() not null,
  peak_hits integer not null,
  peak_level integer not null,
  constraint surge_alerts_pkey primary key (id),
  constraint surge_alerts_action_check check (action = any (array['register'::text, 'reserve'::text, 'contact'::text, 'wrong_code'::text])),
  constraint surge_alerts_peak_level_check check (peak_level >= 1)
);
create index surge_alerts_action_idx on public.surge_alerts (action, last_seen_at desc);
create index surge_alerts_started_idx on public.surge_alerts (started_at desc);
alter table public.surge_alerts enable row level security;
revoke all on public.surge_alerts from public, anon, authenticated;
grant select on public.surge_alerts to authenticated;

insert into private.pow_secret default values;

-- ---------------------------------------------------------------------------------------------
-- Functions
-- ---------------------------------------------------------------------------------------------

-- Records that `action` is past its ceiling: a new alert when none was seen within the window
-- (a new surge), else the current one's peak, at most once a minute or when the level rises.
create function private.note_surge(action text, level integer, window_seconds integer)
returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  open_alert public.surge_alerts;
  hits integer;
begin
  select * into open_alert from public.surge_alerts a
   where a.action = note_surge.action
     and a.last_seen_at > now() - make_interval(secs => note_surge.window_seconds)
   order by a.last_seen_at desc limit 1;
  if found and open_alert.last_seen_at > now() - interval '1 minute'
     and open_alert.peak_level >= level then
    return;
  end if;
  -- One writer at a time per action; the others go on without waiting.
  if not pg_try_advisory_xact_lock(hashtext('private.note_surge'), hashtext(action)) then
    return;
  end if;
  select count(*) into hits from private.rate_hits h
   where h.action = note_surge.action
     and h.at > now() - make_interval(secs => note_surge.window_seconds);
  if open_alert.id is null then
    -- Checked again under the lock: another request may have just written it.
    if exists (select 1 from public.surge_alerts a
                where a.action = note_surge.action
                  and a.last_seen_at > now() - make_interval(secs => note_surge.window_seconds)) then
      return;
    end if;
    insert into public.surge_alerts (action, window_seconds, peak_hits, peak_level)
    values (action, window_seconds, hits, level);
  else
    update public.surge_alerts a
       set last_seen_at = now(), peak_hits = greatest(a.peak_hits, hits),
           peak_level = greatest(a.peak_level, level)
     where a.id = (select b.id from public.surge_alerts b where b.id = open_alert.id
                   for update skip locked);
  end if;
end;
$$;
revoke all on function private.note_surge(text,integer,integer) from public, anon, authenticated;

-- The difficulty level of `action` now: 0 under its ceiling (accepted attempts of all addresses
-- over its window), 1 from the ceiling, 2 from twice it, 3 from four times... up to
-- pow_max_level. Counts no further than the last level needs, so a surge cannot make it slow.
-- Past the ceiling, the surge is noted (private.note_surge).
create function private.pow_level(action text) returns integer
language plpgsql volatile set search_path = '' as $$
declare
  rule private.rate_limits;
  top integer := (select s.pow_max_level from private.abuse_settings s);
  n integer;
  level integer;
begin
  select * into rule from private.rate_limits r where r.action = pow_level.action;
  if rule.surge_ceiling is null or top = 0 then
    return 0;
  end if;
  select count(*) into n from (
    select 1 from private.rate_hits h
     where h.action = pow_level.action
       and h.at > now() - make_interval(secs => rule.window_seconds)
     limit rule.surge_ceiling::bigint * (2 ^ (top - 1))::bigint) capped;
  if n < rule.surge_ceiling then
    return 0;
  end if;
  level := least(top, 1 + floor(log(2, n::numeric / rule.surge_ceiling))::integer);
  perform private.note_surge(action, level, rule.window_seconds);
  return level;
end;
$$;
revoke all on function private.pow_level(text) from public, anon, authenticated;

-- The secret number's range at `level`.
create function private.pow_max_number(at_level integer) returns bigint
language sql stable set search_path = '' as $$
  select least(100000000, s.pow_max_number::bigint * s.pow_level_factor::bigint ^ at_level)::bigint
    from private.abuse_settings s
$$;
revoke all on function private.pow_max_number(integer) from public, anon, authenticated;

-- An ALTCHA (v1) challenge for one public write (`action`: 'reserve', 'register', 'contact' or
-- 'recover': "Retrouver mon pass") or, without it, for any of the first three at the highest of
-- their levels. Its salt carries the expiry, the action and the level, all covered by the
-- signature. Counted per address ('challenge').
create function public.pow_challenge(action text default null) returns public.pow_challenge_answer
language plpgsql volatile security definer set search_path = '' as $$
declare
  s private.abuse_settings;
  refused jsonb;
  level integer := 0;
  each_action text;
  maxnumber bigint;
  salt text;
  secret_number bigint;
  challenge text;
begin
  if action is not null and action not in ('reserve', 'register', 'contact', 'recover') then
    perform private.invalid('action', 'Action inconnue.');
  end if;
  refused := private.take_rate_limit('challenge');
  if refused is not null then
    return jsonb_populate_record(null::public.pow_challenge_answer, refused);
  end if;
  foreach each_action in array
    case when action is null then array['reserve', 'register', 'contact'] else array[action] end
  loop
    level := greatest(level, private.pow_level(each_action));
  end loop;
  select * into s from private.abuse_settings;
  maxnumber := private.pow_max_number(level);
  salt := encode(extensions.gen_random_bytes(12), 'hex') || '?expires='
          || (floor(extract(epoch from now())) + s.pow_ttl_seconds)::bigint || '&'
          || coalesce('action=' || action || '&', '') || 'level=' || level || '&';
  secret_number := ('x' || encode(extensions.gen_random_bytes(4), 'hex'))::bit(32)::bigint
                   % (maxnumber + 1);
  challenge := encode(extensions.digest(salt || secret_number::text, 'sha256'), 'hex');
  return jsonb_populate_record(null::public.pow_challenge_answer, jsonb_build_object(
    'algorithm', 'SHA-256',
    'challenge', challenge,
    'maxnumber', maxnumber,
    'salt', salt,
    'signature', encode(extensions.hmac(convert_to(challenge, 'UTF8'),
                                        (select secret from private.pow_secret), 'sha256'), 'hex')));
end;
$$;
revoke all on function public.pow_challenge(text) from public, anon, authenticated;
grant execute on function public.pow_challenge(text) to anon, authenticated;

-- Verifies an ALTCHA (v1) solution for `action` and spends it. Raises when it is missing,
-- malformed, wrong, for another action, expired, more than one level easier than the action's
-- level now (a stockpile made before a surge), or already used.
create function private.spend_proof_of_work(pow text, action text) returns void
language plpgsql volatile set search_path = '' as $$
declare
  solution jsonb;
  salt text;
  challenge text;
  number text;
  expires bigint;
  for_action text;
  level integer;
begin
  if pow is null or btrim(pow) = '' then
    raise exception 'Vérification anti-robot manquante : rechargez la page et réessayez.'
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
  for_action := substring(salt from '[?&]action=([a-z]{1,20})&');
  level := coalesce(substring(salt from '[?&]level=([0-9]{1,2})&')::integer, 0);
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
           = solution ->> 'signature'
       and (for_action is null or for_action = action),
       false) then
    raise exception 'Vérification anti-robot invalide : rechargez la page et réessayez.'
      using errcode = 'P0001', hint = 'pow_invalid';
  end if;
  if expires < extract(epoch from now()) then
    raise exception 'Vérification anti-robot expirée : réessayez.'
      using errcode = 'P0001', hint = 'pow_expired';
  end if;
  if level < private.pow_level(action) - 1 then
    raise exception 'Vérification anti-robot trop ancienne : réessayez.'
      using errcode = 'P0001', hint = 'pow_outdated';
  end if;
  insert into private.pow_spent (challenge, expires_at)
  values (challenge, to_timestamp(expires))
  on conflict do nothing;
  if not found then
    raise exception 'Vérification anti-robot déjà utilisée : réessayez.'
      using errcode = 'P0001', hint = 'pow_reused';
  end if;
end;
$$;
revoke all on function private.spend_proof_of_work(text,text) from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Triggers and policies
-- ---------------------------------------------------------------------------------------------

create policy surge_alerts_staff_read on public.surge_alerts for select to authenticated
  using ((select private.has_role('admin', 'lecteur')));
