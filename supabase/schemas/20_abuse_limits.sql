-- Abuse limits: the client address (read from one trusted header, IPv6 counted per /64) and
-- the rate limit each public write counts against (docs/decisions/007-abuse-resistance.md,
-- 016-trusted-address-and-proof-of-work.md).

-- ---------------------------------------------------------------------------------------------
-- Tables, their indexes, grants and required rows
-- ---------------------------------------------------------------------------------------------

create table private.abuse_settings (
  id boolean default true,
  pow_max_number integer default 40000 not null,
  pow_ttl_seconds integer default 600 not null,
  updated_at timestamptz default now() not null,
  client_address_header text default 'cf-connecting-ip'::text not null,
  pow_level_factor integer default 4 not null,
  pow_max_level integer default 2 not null,
  constraint abuse_settings_pkey primary key (id),
  constraint abuse_settings_client_address_header_check check (client_address_header ~ '^[a-z0-9][a-z0-9-]{0,63}$'::text),
  constraint abuse_settings_id_check check (id),
  constraint abuse_settings_pow_level_factor_check check (pow_level_factor >= 2 and pow_level_factor <= 16),
  constraint abuse_settings_pow_max_level_check check (pow_max_level >= 0 and pow_max_level <= 6),
  constraint abuse_settings_pow_max_number_check check (pow_max_number >= 100 and pow_max_number <= 10000000),
  constraint abuse_settings_pow_ttl_seconds_check check (pow_ttl_seconds >= 60 and pow_ttl_seconds <= 86400)
);
alter table private.abuse_settings enable row level security;
revoke all on private.abuse_settings from public, anon, authenticated;

-- Per client address and per action: at most max_per_address accepted attempts in any window of
-- window_seconds. Sized for carrier-grade NAT (many subscribers behind one address).
create table private.rate_limits (
  action text,
  window_seconds integer not null,
  max_per_address integer not null,
  surge_ceiling integer,
  constraint rate_limits_pkey primary key (action),
  constraint rate_limits_action_check check (action = any (array['register'::text, 'reserve'::text, 'contact'::text, 'cancel'::text, 'challenge'::text, 'recover'::text, 'wrong_code'::text, 'certificate_check'::text])),
  constraint rate_limits_max_per_address_check check (max_per_address >= 1 and max_per_address <= 100000),
  constraint rate_limits_surge_ceiling_check check (surge_ceiling >= 1 and surge_ceiling <= 10000000),
  constraint rate_limits_window_seconds_check check (window_seconds >= 10 and window_seconds <= 86400)
);
alter table private.rate_limits enable row level security;
revoke all on private.rate_limits from public, anon, authenticated;

-- One row per counted attempt: append-only, so a crowd behind one address never waits on a
-- shared counter row. Pruned as it goes (rows older than a day).
create table private.rate_hits (
  action text not null,
  address inet not null,
  at timestamptz default now() not null
);
create index rate_hits_lookup_idx on private.rate_hits (action, address, at);
-- The total of an action over its window, read at each challenge and each write.
create index rate_hits_action_at_idx on private.rate_hits (action, at);
alter table private.rate_hits enable row level security;
revoke all on private.rate_hits from public, anon, authenticated;

insert into private.abuse_settings (pow_max_number, pow_ttl_seconds, client_address_header, pow_level_factor, pow_max_level)
values ('40000', '600', 'cf-connecting-ip', '4', '2');

insert into private.rate_limits (action, window_seconds, max_per_address, surge_ceiling)
values ('reserve', '600', '120', '1000');
insert into private.rate_limits (action, window_seconds, max_per_address, surge_ceiling)
values ('register', '600', '60', '300');
insert into private.rate_limits (action, window_seconds, max_per_address, surge_ceiling)
values ('contact', '600', '20', '100');
insert into private.rate_limits (action, window_seconds, max_per_address, surge_ceiling)
values ('cancel', '600', '30', NULL);
insert into private.rate_limits (action, window_seconds, max_per_address, surge_ceiling)
values ('challenge', '600', '600', NULL);
insert into private.rate_limits (action, window_seconds, max_per_address, surge_ceiling)
values ('recover', '600', '30', '300');
-- Unknown pass codes (and phones without a pass) per address: docs/decisions/039-one-answer-and-
-- votes-that-cannot-be-bought.md, supabase/schemas/22_wrong_codes.sql.
insert into private.rate_limits (action, window_seconds, max_per_address, surge_ceiling)
values ('wrong_code', '600', '50', '500');
-- Certificate codes checked on /resultats: supabase/schemas/68_final_certificates.sql.
insert into private.rate_limits (action, window_seconds, max_per_address, surge_ceiling)
values ('certificate_check', '600', '30', NULL);

-- ---------------------------------------------------------------------------------------------
-- Functions
-- ---------------------------------------------------------------------------------------------

-- The client's address: the value of the one header the deployment guarantees, nothing else
-- (a client can send any other header, and most gateways pass them through). An IPv4-mapped
-- IPv6 address is its IPv4 address. Missing or unreadable: 0.0.0.0 (one shared bucket).
create function private.client_address() returns inet
language plpgsql stable set search_path = '' as $$
declare
  headers jsonb := coalesce(nullif(current_setting('request.headers', true), '')::jsonb, '{}');
  raw text := btrim(headers ->> (select s.client_address_header from private.abuse_settings s));
begin
  raw := regexp_replace(raw, '^::ffff:([0-9]+\.[0-9]+\.[0-9]+\.[0-9]+)$', '\1', 'i');
  return coalesce(host(nullif(raw, '')::inet)::inet, '0.0.0.0'::inet);
exception when others then
  return '0.0.0.0'::inet;
end;
$$;
revoke all on function private.client_address() from public, anon, authenticated;

-- What the limits count: an IPv4 address alone, an IPv6 address by its /64 (a subscriber gets a
-- whole /64, so one phone could otherwise take a new address per request).
create function private.address_bucket(addr inet) returns inet
language sql immutable parallel safe set search_path = '' as $$
  select case when family(addr) = 6 then network(set_masklen(addr, 64))::inet
              else set_masklen(addr, 32) end
$$;
revoke all on function private.address_bucket(inet) from public, anon, authenticated;

create function private.client_bucket() returns inet
language sql stable set search_path = '' as $$
  select private.address_bucket(private.client_address())
$$;
revoke all on function private.client_bucket() from public, anon, authenticated;

-- Counts one attempt of `action` from the client's address bucket, or answers the refusal when
-- the bucket is over its limit (null when the attempt may go on). Staff are not limited.
create function private.take_rate_limit(action text) returns jsonb
language plpgsql volatile set search_path = '' as $$
declare
  rule private.rate_limits;
  addr inet := private.client_bucket();
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
revoke all on function private.take_rate_limit(text) from public, anon, authenticated;

-- Checks common to the three public writes: the payload is one JSON object, its proof of work
-- is valid for this action and unspent, and the address is under its limit. Returns the refusal
-- to answer, if any.
create function private.admit_public_write(action text, payload jsonb) returns jsonb
language plpgsql volatile set search_path = '' as $$
begin
  if jsonb_typeof(payload) is distinct from 'object' then
    raise exception 'Données invalides.' using errcode = '22023', hint = 'payload';
  end if;
  perform private.spend_proof_of_work(payload ->> 'pow', action);
  return private.take_rate_limit(action);
end;
$$;
revoke all on function private.admit_public_write(text,jsonb) from public, anon, authenticated;

-- A filled honeypot field (hidden from people and assistive technology): a robot.
create function private.is_robot(payload jsonb) returns boolean
language sql immutable set search_path = '' as $$
  select coalesce(btrim(payload ->> 'website'), '') <> ''
$$;
revoke all on function private.is_robot(jsonb) from public, anon, authenticated;

-- What the database sees of the caller: the trusted header's name, the address read from it,
-- the bucket the limits count, and every address-like header of the request (to compare).
create function public.admin_client_address() returns public.admin_client_address_answer
language plpgsql stable security definer set search_path = '' as $$
declare
  headers jsonb := coalesce(nullif(current_setting('request.headers', true), '')::jsonb, '{}');
begin
  perform private.require_admin();
  return jsonb_populate_record(null::public.admin_client_address_answer, jsonb_build_object(
    'header', (select s.client_address_header from private.abuse_settings s),
    'address', host(private.client_address()),
    'bucket', private.client_bucket()::text,
    'headers', (select coalesce(jsonb_object_agg(h.key, h.value), '{}'::jsonb)
                  from jsonb_each_text(headers) h
                 where h.key ~ 'client-?ip|connecting-ip|real-ip|forwarded|remote-addr|user-ip|^via$')));
end;
$$;
revoke all on function public.admin_client_address() from public, anon, authenticated;
grant execute on function public.admin_client_address() to authenticated;
