-- Foundation: the `private` schema, the default privileges, the extensions, and the helpers
-- every domain uses: refusals in French, plurals, masks, dates in Douala's time.
--
-- supabase/schemas/ is the CURRENT schema, one file per domain, applied in the order of their
-- numeric prefix (supabase/schemas/README.md). supabase/migrations/ still says how each
-- database got here; tests/integration/declarative-schema.test.ts keeps the two equal
-- (docs/decisions/028-declarative-schema.md). Supabase's own bootstrap (the roles, `auth`,
-- `extensions` with a new project's pgcrypto, uuid-ossp and pg_stat_statements) comes first:
-- supabase/local/bootstrap.sql locally. Other extensions are created where they are needed.
--
-- Supabase grants everything in `public` to anon/authenticated by default: the defaults below
-- take it back, and every object grants the minimum each role needs
-- (docs/decisions/001-supabase-rls-as-the-wall.md). No function is PUBLIC's by default.

create schema private;
revoke all on schema private from public;
grant usage on schema private to authenticated;

alter default privileges in schema public revoke all on tables from anon, authenticated;
alter default privileges in schema public revoke all on sequences from anon, authenticated;
alter default privileges revoke execute on functions from public;
alter default privileges in schema public revoke all on functions from anon, authenticated, public;

create extension unaccent with schema extensions;

-- ---------------------------------------------------------------------------------------------
-- Functions
-- ---------------------------------------------------------------------------------------------

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
revoke all on function private.refusal(integer,text,text,text) from public, anon, authenticated;

-- A refused field: raised (nothing is stored, nothing counted), hint 'invalid_field', DETAIL the
-- field's name.
create function private.invalid(field text, message text) returns void
language plpgsql set search_path = '' as $$
begin
  raise exception '%', message using errcode = '22023', hint = 'invalid_field', detail = field;
end;
$$;
revoke all on function private.invalid(text,text) from public, anon, authenticated;

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
revoke all on function private.require_strings(jsonb,text[],text[]) from public, anon, authenticated;

-- "1 participant", "3 participants" (French: 0 and 1 are singular); a word ending in s, x or z
-- does not change: "3 pass", never "3 passs" (issue 40).
create function private.plural(n bigint, word text) returns text
language sql immutable set search_path = '' as $$
  select n::text || ' ' || word || case when n > 1 and word !~ '[sxz]$' then 's' else '' end
$$;
revoke all on function private.plural(bigint,text) from public, anon, authenticated;

-- '6•• •• •• 56', as the pass and the door show a phone.
create function private.mask_phone(phone text) returns text
language sql immutable parallel safe set search_path = '' as $$
  select case when phone is not null then left(phone, 1) || '•• •• •• ' || right(phone, 2) end
$$;
revoke all on function private.mask_phone(text) from public, anon, authenticated;

-- 'a•••@example.cm'
create function private.mask_email(email text) returns text
language sql immutable parallel safe set search_path = '' as $$
  select case when email is not null then left(email, 1) || '•••@' || split_part(email, '@', 2) end
$$;
revoke all on function private.mask_email(text) from public, anon, authenticated;

-- A list of participants for a bulk action: 1 to 10,000 ids.
create function private.require_ids(ids uuid[]) returns void
language plpgsql immutable set search_path = '' as $$
begin
  if coalesce(cardinality(ids), 0) = 0 then
    perform private.invalid('ids', 'Sélectionnez au moins un participant.');
  elsif cardinality(ids) > 10000 then
    perform private.invalid('ids', 'Au plus 10 000 participants à la fois.');
  end if;
end;
$$;
revoke all on function private.require_ids(uuid[]) from public, anon, authenticated;


-- 'le 03/12/2025 à 14 h 05', 'le 10/12/2025 à 0 h' (Douala; hours as docs/glossary.md writes them).
create function private.douala_when(t timestamptz) returns text
language sql stable set search_path = '' as $$
  select to_char(t at time zone 'Africa/Douala', '"le "DD/MM/YYYY" à "FMHH24" h"')
         || case when extract(minute from t at time zone 'Africa/Douala') = 0 then ''
                 else to_char(t at time zone 'Africa/Douala', '" "MI') end
$$;
revoke all on function private.douala_when(timestamp with time zone) from public, anon, authenticated;

-- '03/12/2025 à 14 h 05' (Douala): douala_when without its "le ", as the refusals write a date.
create function private.douala_time(t timestamptz) returns text
language sql stable set search_path = '' as $$
  select substr(private.douala_when(t), 4)
$$;
revoke all on function private.douala_time(timestamp with time zone) from public, anon, authenticated;
