-- What the door list says of a pass code: 24 bits of a slow, salted derivation of it
-- (PBKDF2-HMAC-SHA256, the edition's salt and iteration count in private.door_key), derived in
-- the background: each check fits about 5e7 codes, so a stolen list confirms none
-- (docs/decisions/036-door-admits-what-it-scanned.md, 042-a-door-list-without-codes.md).

-- ---------------------------------------------------------------------------------------------
-- Tables, their indexes, grants and required rows
-- ---------------------------------------------------------------------------------------------

create table private.door_checks (
  reservation_id uuid not null,
  pass_code text not null,
  check_ref text not null,
  derived_at timestamptz default now() not null,
  constraint door_checks_pkey primary key (reservation_id),
  constraint door_checks_reservation_id_fkey foreign key (reservation_id) references public.reservations(id) on delete cascade
);
comment on table private.door_checks is 'private.door_check of each pass''s code, derived by private.door_checks_fill (pg_cron each minute, and door_list): the door list''s check. Stale when pass_code is no longer the reservation''s.';
alter table private.door_checks enable row level security;
revoke all on private.door_checks from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Functions
-- ---------------------------------------------------------------------------------------------

-- base64url (no padding, 4 characters) of the first 3 bytes of PBKDF2-HMAC-SHA256(normalised
-- code, salt, iterations): the door phone derives the same with WebCrypto
-- (src/data/door/door-ref.ts). 3 bytes, not 16: 31^10 / 2^24 = 4.9e7 codes share each check, so
-- the list never singles out a code; only the database confirms one (ADR 042).
-- pgcrypto has no PBKDF2: one block, U1 = HMAC(code, salt || 1), Ui = HMAC(code, Ui-1), XORed
-- as bit(256). 60,000 iterations: about 0.25 s here (ADR 036).
create function private.door_check(code text) returns text
language plpgsql stable security definer set search_path = '' as $$
declare
  k bytea := convert_to(code, 'UTF8');
  salt bytea;
  iterations integer;
  u bytea;
  t bit(256);
  h text;
begin
  select k.salt, k.iterations into salt, iterations from private.door_key k;
  u := extensions.hmac(salt || '\x00000001'::bytea, k, 'sha256');
  t := ('x' || encode(u, 'hex'))::bit(256);
  for i in 2..iterations loop
    u := extensions.hmac(u, k, 'sha256');
    t := t # ('x' || encode(u, 'hex'))::bit(256);
  end loop;
  select string_agg(lpad(to_hex(substring(t from j * 8 + 1 for 8)::integer), 2, '0'), '' order by j)
    into h from generate_series(0, 2) j;
  return translate(rtrim(encode(decode(h, 'hex'), 'base64'), '='), '+/', '-_');
end;
$$;
revoke all on function private.door_check(text) from public, anon, authenticated;

-- Derives the checks that are missing or stale (a pass code changed), confirmed passes first,
-- the newest first (a pass reserved this minute before one the cron missed),
-- until `budget_ms` is spent; each pass derived goes into the next door list delta. One fill at a
-- time (another one running: nothing). Returns how many were derived.
create function private.door_checks_fill(budget_ms integer) returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  started timestamptz := clock_timestamp();
  r record;
  n integer := 0;
begin
  if not pg_try_advisory_xact_lock(hashtextextended('door.checks', 0)) then
    return 0;
  end if;
  for r in
    select x.id, x.pass_code from public.reservations x
      left join private.door_checks c on c.reservation_id = x.id
     where c.reservation_id is null or c.pass_code <> x.pass_code
     order by x.state = 'confirmed' desc, x.created_at desc
  loop
    exit when clock_timestamp() - started > make_interval(secs => budget_ms / 1000.0);
    insert into private.door_checks as c (reservation_id, pass_code, check_ref)
    values (r.id, r.pass_code, private.door_check(r.pass_code))
    on conflict (reservation_id) do update
      set pass_code = excluded.pass_code, check_ref = excluded.check_ref, derived_at = now();
    update public.reservations x set door_version = private.door_list_version() where x.id = r.id;
    n := n + 1;
  end loop;
  return n;
end;
$$;
revoke all on function private.door_checks_fill(integer) from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- The schedule (not a schema object: pg_cron's job table, where pg_cron is installed)
-- ---------------------------------------------------------------------------------------------

-- Hosted Supabase: a pass reserved is derived within the minute. Elsewhere (the embedded
-- backend) door_list derives what is missing, a few seconds per call.
do $$
begin
  if exists (select 1 from pg_catalog.pg_extension where extname = 'pg_cron') then
    execute $cron$select cron.schedule('booster-door-checks', '* * * * *',
      'select private.door_checks_fill(50000)')$cron$;
  end if;
end;
$$;
