-- The roles of a hosted Supabase project, made once per cluster by the superuser
-- (supabase_admin). `postgres` is not a superuser there: it owns the project's objects, applies
-- the migrations and may switch to the API roles. PostgREST logs in as `authenticator` and
-- switches to anon, authenticated or service_role per request; their settings (statement
-- timeouts) are applied per request as PostgREST does.
do $$
begin
  if not exists (select from pg_roles where rolname = 'postgres') then
    create role postgres login createrole createdb replication bypassrls password 'postgres';
  end if;
  if not exists (select from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
  if not exists (select from pg_roles where rolname = 'authenticator') then
    create role authenticator login noinherit password 'postgres';
  end if;
end
$$;

grant anon, authenticated, service_role to authenticator;
grant anon, authenticated, service_role, authenticator to postgres with admin option;

alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';
alter role authenticator set statement_timeout = '8s';
alter role postgres set search_path = "$user", public, extensions;
