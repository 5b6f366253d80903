-- Staff and roles: who may enter the administration and with which role (`admin`, `lecteur`,
-- `controle`, `regie`, `jury`), and the checks every staff function starts with. A sign-in counts for
-- 24 hours (docs/decisions/015-sign-out-this-device-at-once.md, 017-roles-and-door-window.md,
-- 030-public-vote.md, 031-jury-scorecards.md).

-- ---------------------------------------------------------------------------------------------
-- Tables, their indexes, grants and required rows
-- ---------------------------------------------------------------------------------------------

create table private.admins (
  user_id uuid,
  created_at timestamptz default now() not null,
  role text default 'admin'::text not null,
  constraint admins_pkey primary key (user_id),
  constraint admins_role_check check (role = any (array['admin'::text, 'lecteur'::text, 'controle'::text, 'regie'::text, 'jury'::text])),
  constraint admins_user_id_fkey foreign key (user_id) references auth.users(id) on delete cascade
);
comment on table private.admins is 'Staff: Supabase Auth users allowed into /admin, with their role (see README).';
comment on column private.admins.role is 'admin: everything; lecteur: reads reservations and statistics; controle: door check-in only; regie: opens, closes and reveals the public vote''s rounds, nothing personal; jury: scores the audition sessions it is assigned to (names, categories and slots only).';
alter table private.admins enable row level security;
revoke all on private.admins from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Functions
-- ---------------------------------------------------------------------------------------------

-- Signed in (password) less than 24 hours ago: the `amr` time of the JWT, which refreshing a
-- token does not change.
create function private.signed_in_recently() returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce(
           (select max((m ->> 'timestamp')::bigint)
              from jsonb_array_elements(
                     case when jsonb_typeof(auth.jwt() -> 'amr') = 'array'
                          then auth.jwt() -> 'amr' else '[]'::jsonb end) m),
           0) > extract(epoch from now() - interval '24 hours');
$$;
revoke all on function private.signed_in_recently() from public, anon, authenticated;
grant execute on function private.signed_in_recently() to authenticated;

-- The caller is staff with one of `roles` and signed in less than 24 hours ago.
create function private.has_role(variadic roles text[]) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from private.admins a where a.user_id = auth.uid() and a.role = any (roles))
     and private.signed_in_recently();
$$;
revoke all on function private.has_role(text[]) from public, anon, authenticated;
grant execute on function private.has_role(text[]) to authenticated;

-- Admins only, as before (every policy and function written with is_admin() keeps its meaning).
create function private.is_admin() returns boolean
language sql stable security definer set search_path = '' as $$
  select private.has_role('admin');
$$;
revoke all on function private.is_admin() from public, anon, authenticated;
grant execute on function private.is_admin() to authenticated;

-- The caller's staff role, or null (not staff, or signed in more than 24 hours ago).
create function public.my_staff_role() returns text
language sql stable security definer set search_path = '' as $$
  select a.role from private.admins a
   where a.user_id = auth.uid() and private.signed_in_recently();
$$;
revoke all on function public.my_staff_role() from public, anon, authenticated;
grant execute on function public.my_staff_role() to authenticated;

create function private.require_admin() returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if not private.has_role('admin') then
    raise exception 'Accès réservé aux administrateurs.' using errcode = '42501';
  end if;
end;
$$;
revoke all on function private.require_admin() from public, anon, authenticated;

create function private.require_reader() returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if not private.has_role('admin', 'lecteur') then
    raise exception 'Accès réservé aux administrateurs.' using errcode = '42501';
  end if;
end;
$$;
revoke all on function private.require_reader() from public, anon, authenticated;

-- The signed-in staff member's e-mail (auth.users, else the token's claim).
create function private.actor_email() returns text
language sql stable security definer set search_path = '' as $$
  select coalesce((select u.email::text from auth.users u where u.id = auth.uid()),
                  auth.jwt() ->> 'email')
$$;
revoke all on function private.actor_email() from public, anon, authenticated;
