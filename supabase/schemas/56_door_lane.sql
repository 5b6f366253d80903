-- A door account's pace and what its phone search showed it: the scans it may send per minute
-- and per ten minutes of scan time, the alert when it goes over, and the passes its own phone
-- search returned (the only references door_sync takes without a code or a phone)
-- (docs/decisions/036-door-admits-what-it-scanned.md).

-- ---------------------------------------------------------------------------------------------
-- Tables, their indexes, grants and required rows
-- ---------------------------------------------------------------------------------------------

create table private.door_lane (
  actor uuid not null,
  minute timestamptz not null,
  scans integer default 0 not null,
  unmatched integer default 0 not null,
  refused integer default 0 not null,
  constraint door_lane_pkey primary key (actor, minute)
);
comment on table private.door_lane is 'Scans of a door account per minute of scan time: taken (of which matched no pass) and refused over the lane limit. Counts, never one row per scan.';
alter table private.door_lane enable row level security;
revoke all on private.door_lane from public, anon, authenticated;

create table private.door_lane_alerts (
  id bigint generated always as identity,
  actor uuid not null,
  door text not null,
  first_at timestamptz default now() not null,
  last_at timestamptz default now() not null,
  refused integer default 0 not null,
  admitted_unknown integer default 0 not null,
  constraint door_lane_alerts_pkey primary key (id)
);
comment on table private.door_lane_alerts is 'A door account that sent more scans than a lane does, or whose phone let someone in offline on a code that is no pass''s: one row per account per ten minutes, with how many scans were refused and how many such entries. Read through door_lane_alerts_list.';
comment on column private.door_lane_alerts.admitted_unknown is 'Scans door_sync received as admitted offline whose code matches no pass (a code that matched only the list''s 24-bit check, docs/decisions/042-a-door-list-without-codes.md): refused, nothing recorded.';
create index door_lane_alerts_actor_idx on private.door_lane_alerts (actor, last_at);
alter table private.door_lane_alerts enable row level security;
revoke all on private.door_lane_alerts from public, anon, authenticated;

create table private.door_search_grants (
  actor uuid not null,
  reservation_id uuid not null,
  granted_at timestamptz default now() not null,
  constraint door_search_grants_pkey primary key (actor, reservation_id),
  constraint door_search_grants_reservation_id_fkey foreign key (reservation_id) references public.reservations(id) on delete cascade
);
comment on table private.door_search_grants is 'The pass a door account''s phone search returned, and when: door_sync takes its bare reference from that account for search_grant_seconds.';
create index door_search_grants_reservation_idx on private.door_search_grants (reservation_id);
alter table private.door_search_grants enable row level security;
revoke all on private.door_search_grants from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Functions
-- ---------------------------------------------------------------------------------------------

-- One lane at a time per account (held until the transaction ends): two requests of one
-- account never both take the last place of a minute.
create function private.door_lane_lock() returns void
language sql volatile set search_path = '' as $$
  select pg_advisory_xact_lock(hashtextextended('door.lane:' || auth.uid()::text, 0))
$$;
revoke all on function private.door_lane_lock() from public, anon, authenticated;

-- Takes one scan of this account at `at` (its scan time) when the lane has room: fewer than
-- lane_per_minute in that minute and fewer than lane_per_10_minutes in its ten-minute block.
-- true: taken (`unmatched`: it matched no pass, counted, never stored). false: refused, counted,
-- and the account's alert (one per ten minutes) says how many. Call door_lane_lock first.
create function private.door_lane_take(door text, at timestamptz, unmatched boolean)
returns boolean
language plpgsql volatile security definer set search_path = '' as $$
declare
  settings private.door_settings;
  m timestamptz := date_trunc('minute', at);
  block timestamptz := date_bin('10 minutes', at, timestamptz '2000-01-01 00:00:00+00');
  in_minute integer;
  in_block integer;
  alert bigint;
begin
  select * into settings from private.door_settings;
  select coalesce(sum(l.scans) filter (where l.minute = m), 0), coalesce(sum(l.scans), 0)
    into in_minute, in_block
    from private.door_lane l
   where l.actor = auth.uid() and l.minute >= block and l.minute < block + interval '10 minutes';
  if in_minute < settings.lane_per_minute and in_block < settings.lane_per_10_minutes then
    insert into private.door_lane as l (actor, minute, scans, unmatched)
    values (auth.uid(), m, 1, unmatched::integer)
    on conflict (actor, minute) do update
      set scans = l.scans + 1, unmatched = l.unmatched + excluded.unmatched;
    return true;
  end if;
  insert into private.door_lane as l (actor, minute, refused) values (auth.uid(), m, 1)
  on conflict (actor, minute) do update set refused = l.refused + 1;
  update private.door_lane_alerts a set last_at = now(), refused = a.refused + 1
   where a.id = (select x.id from private.door_lane_alerts x
                  where x.actor = auth.uid() and x.last_at > now() - interval '10 minutes'
                  order by x.last_at desc limit 1)
  returning a.id into alert;
  if alert is null then
    insert into private.door_lane_alerts (actor, door, refused) values (auth.uid(), door, 1);
  end if;
  return false;
end;
$$;
revoke all on function private.door_lane_take(text,timestamptz,boolean) from public, anon, authenticated;

-- A scan this account's phone admitted offline whose code is no pass's (door_sync: 'unknown'):
-- counted on the account's alert of these ten minutes, shown on Présence (ADR 042).
create function private.door_unknown_admitted(door text) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  alert bigint;
begin
  update private.door_lane_alerts a set last_at = now(), admitted_unknown = a.admitted_unknown + 1
   where a.id = (select x.id from private.door_lane_alerts x
                  where x.actor = auth.uid() and x.last_at > now() - interval '10 minutes'
                  order by x.last_at desc limit 1)
  returning a.id into alert;
  if alert is null then
    insert into private.door_lane_alerts (actor, door, admitted_unknown)
    values (auth.uid(), door, 1);
  end if;
end;
$$;
revoke all on function private.door_unknown_admitted(text) from public, anon, authenticated;

-- The refusal of a scan over the lane limit (check_in's answer; door_sync's verdict 'limited').
create function private.door_lane_refusal() returns jsonb
language sql volatile set search_path = '' as $$
  select private.refusal(429,
    'Trop de contrôles depuis ce compte pour une seule file : patientez une minute. L’administration est prévenue.',
    'door_lane_limited', '60')
$$;
revoke all on function private.door_lane_refusal() from public, anon, authenticated;

-- Whether this account's own phone search returned the pass less than search_grant_seconds ago.
create function private.door_search_granted(reservation_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from private.door_search_grants g, private.door_settings s
     where g.actor = auth.uid() and g.reservation_id = door_search_granted.reservation_id
       and g.granted_at > now() - make_interval(secs => s.search_grant_seconds))
$$;
revoke all on function private.door_search_granted(uuid) from public, anon, authenticated;

-- The lane alerts, newest first, for admins (the account's e-mail) and readers (the door only).
create function public.door_lane_alerts_list() returns setof public.door_lane_alert
language plpgsql stable security definer set search_path = '' as $$
declare
  admin boolean := private.has_role('admin');
begin
  if not private.has_role('admin', 'lecteur') then
    raise exception 'Accès réservé au personnel.' using errcode = '42501';
  end if;
  return query
    select a.id, a.door, case when admin then u.email::text end, a.first_at, a.last_at,
           a.refused, a.admitted_unknown
      from private.door_lane_alerts a left join auth.users u on u.id = a.actor
     order by a.last_at desc, a.id desc;
end;
$$;
revoke all on function public.door_lane_alerts_list() from public, anon, authenticated;
grant execute on function public.door_lane_alerts_list() to authenticated;
