-- Search: one folded text per participant (accents and case ignored, phones as digits, team
-- members included), a masked one for readers, kept by triggers and searched with trigram
-- indexes (docs/decisions/022-search-people.md).

-- A new hosted project does not enable pg_trgm: it is created here (the indexes below need it).
create extension if not exists pg_trgm with schema extensions;

-- ---------------------------------------------------------------------------------------------
-- Tables, their indexes, grants and required rows
-- ---------------------------------------------------------------------------------------------

create table private.participant_search (
  id uuid,
  created_at timestamptz not null,
  full_name text collate "fr-x-icu" not null,
  region text collate "fr-x-icu" not null,
  category text not null,
  participation_type text not null,
  status text not null,
  audition_city text,
  doc text not null,
  reader_doc text not null,
  constraint participant_search_pkey primary key (id),
  constraint participant_search_id_fkey foreign key (id) references public.participants(id) on delete cascade
);
comment on table private.participant_search is 'The participants search (search_participants): live participants, folded documents. Kept by triggers.';
create index participant_search_doc_idx on private.participant_search
  using gin (doc extensions.gin_trgm_ops);
create index participant_search_reader_doc_idx on private.participant_search
  using gin (reader_doc extensions.gin_trgm_ops);
create index participant_search_created_at_idx on private.participant_search
  (created_at desc, id desc);
create index participant_search_full_name_idx on private.participant_search
  (full_name, created_at desc, id desc);
create index participant_search_region_idx on private.participant_search
  (region, created_at desc, id desc);
alter table private.participant_search enable row level security;
revoke all on private.participant_search from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Functions
-- ---------------------------------------------------------------------------------------------

-- unaccent() is only stable (its dictionary could change); with the dictionary named it depends
-- on nothing else, so it is wrapped as immutable, as an index expression requires. Lower case
-- after removing accents: 'É' -> 'E' -> 'e'; 'Œ' -> 'OE' -> 'oe'.
create function private.search_fold(t text) returns text
language sql immutable parallel safe strict set search_path = '' as $$
  select lower(extensions.unaccent('extensions.unaccent'::regdictionary, t))
$$;
revoke all on function private.search_fold(text) from public, anon, authenticated;

-- The words of a search, folded, each of which must appear in a document (in any order). A
-- search made only of digits, spaces, '+', '.', '-' and brackets is one phone number: its digits,
-- without a leading +237 / 00237 when a whole Cameroonian number follows ("+237 6 70 00 20 26"
-- -> '670002026'). At most 8 words.
create function private.search_words(search text) returns text[]
language sql immutable parallel safe set search_path = '' as $$
  with s as (select btrim(private.search_fold(coalesce(search, ''))) as t),
  d as (select regexp_replace(t, '[[:space:].()+-]', '', 'g') as digits, t from s)
  select case
    when d.digits ~ '^[0-9]+$' then
      array[regexp_replace(d.digits, '^(00)?237([0-9]{9})$', '\2')]
    else coalesce((select array_agg(u.w order by u.n) from (
             select x.w, min(x.n) as n
               from regexp_split_to_table(d.t, '[[:space:]]+') with ordinality as x(w, n)
              where x.w <> ''
              group by x.w
              order by min(x.n)
              limit 8) u), '{}')
  end
  from d
$$;
revoke all on function private.search_words(text) from public, anon, authenticated;

-- Brings the search rows of `ids` in line with participants and team_members.
create function private.refresh_participant_search(ids uuid[]) returns void
language sql volatile security definer set search_path = '' as $$
  delete from private.participant_search s
   where s.id = any (ids)
     and not exists (select 1 from public.participants p where p.id = s.id and p.deleted_at is null);
  insert into private.participant_search as s (id, created_at, full_name, region, category,
    participation_type, status, audition_city, doc, reader_doc)
  select p.id, p.created_at, p.full_name, p.region, p.category, p.participation_type, p.status,
         p.audition_city,
         concat_ws(' ', private.search_fold(p.full_name), private.search_fold(p.team_name),
           private.search_fold(p.email), p.phone,
           (select string_agg(concat_ws(' ', private.search_fold(t.full_name),
                     private.search_fold(t.email), t.phone), ' ' order by t.position)
              from public.team_members t where t.participant_id = p.id)),
         concat_ws(' ', private.search_fold(p.full_name), private.search_fold(p.team_name),
           private.search_fold(private.mask_email(p.email)),
           (select string_agg(concat_ws(' ', private.search_fold(t.full_name),
                     private.search_fold(private.mask_email(t.email))), ' ' order by t.position)
              from public.team_members t where t.participant_id = p.id))
    from public.participants p
    join (select distinct u.id from unnest(ids) u(id)) u on u.id = p.id
   where p.deleted_at is null
  on conflict (id) do update set
    created_at = excluded.created_at, full_name = excluded.full_name, region = excluded.region,
    category = excluded.category, participation_type = excluded.participation_type,
    status = excluded.status, audition_city = excluded.audition_city, doc = excluded.doc,
    reader_doc = excluded.reader_doc
  where (s.created_at, s.full_name, s.region, s.category, s.participation_type, s.status,
         s.audition_city, s.doc, s.reader_doc)
        is distinct from
        (excluded.created_at, excluded.full_name, excluded.region, excluded.category,
         excluded.participation_type, excluded.status, excluded.audition_city, excluded.doc,
         excluded.reader_doc);
$$;
revoke all on function private.refresh_participant_search(uuid[]) from public, anon, authenticated;

-- Statement-level, with the rows the statement touched: a bulk change refreshes in one go.
create function private.participants_to_search() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.refresh_participant_search(array(select c.id from changed c));
  return null;
end;
$$;
revoke all on function private.participants_to_search() from public, anon, authenticated;

create function private.members_to_search() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'DELETE' then
    perform private.refresh_participant_search(array(select distinct g.participant_id from gone g));
  elsif tg_op = 'UPDATE' then
    perform private.refresh_participant_search(array(
      select c.participant_id from changed c union select g.participant_id from gone g));
  else
    perform private.refresh_participant_search(array(select distinct c.participant_id from changed c));
  end if;
  return null;
end;
$$;
revoke all on function private.members_to_search() from public, anon, authenticated;

-- What search_participants answers: the count (exact up to 1,000, `more` past it) and the
-- page's rows as participant_directory has them (a reader's contacts masked, an admin's real;
-- the team members as JSON). Declared here, after the table its rows take their type from.
create type public.participant_search_page as (
  total bigint,
  more boolean,
  rows public.participant_directory[]
);

create function public.search_participants(
  search text,
  category text default null,
  participation_type text default null,
  region text default null,
  status text default null,
  audition_city text default null,
  sort text default 'created_at',
  ascending boolean default false,
  page integer default 0,
  page_size integer default 10
) returns public.participant_search_page
language plpgsql stable security definer set search_path = '' as $$
declare
  is_admin boolean;
  words text[];
  w text;
  cond text := 'true';
  dir text := case when ascending then 'asc' else 'desc' end;
  ord text;
  total bigint;
  more boolean;
  ids uuid[];
  page_rows jsonb;
begin
  perform private.require_reader();
  is_admin := private.has_role('admin');

  if char_length(coalesce(search, '')) > 200 then
    perform private.invalid('search', 'La recherche est trop longue (200 caractères au plus).');
  end if;
  if page_size is null or page_size not between 1 and 1000 then
    perform private.invalid('page_size', 'Une page compte de 1 à 1 000 lignes.');
  end if;
  if page is null or page not between 0 and 1000000 then
    perform private.invalid('page', 'Numéro de page invalide.');
  end if;
  if sort is null or sort not in ('created_at', 'full_name', 'region') then
    perform private.invalid('sort', 'Tri inconnu : par date, par nom ou par région.');
  end if;

  words := private.search_words(search);
  foreach w in array words loop
    -- Eight hex digits may also be the registration reference a participant is told to quote,
    -- the id's first 8 characters (src/lib/registration-reference.ts): matched on the id's
    -- range (its primary key), never as part of the documents, where "17" would find every id
    -- holding it (docs/decisions/045-admin-on-a-phone-and-readable-journal.md).
    cond := cond || format(' and (s.%I like %L%s)',
      case when is_admin then 'doc' else 'reader_doc' end,
      '%' || replace(replace(replace(w, '\', '\\'), '%', '\%'), '_', '\_') || '%',
      case when w ~ '^[0-9a-f]{8}$' then
        format(' or s.id between %L::uuid and %L::uuid',
               w || '-0000-0000-0000-000000000000', w || '-ffff-ffff-ffff-ffffffffffff')
      else '' end);
  end loop;
  if nullif(category, '') is not null then
    cond := cond || format(' and s.category = %L', category);
  end if;
  if nullif(participation_type, '') is not null then
    cond := cond || format(' and s.participation_type = %L', participation_type);
  end if;
  if nullif(region, '') is not null then
    cond := cond || format(' and s.region = %L', region);
  end if;
  if nullif(status, '') is not null then
    cond := cond || format(' and s.status = %L', status);
  end if;
  if nullif(audition_city, '') is not null then
    cond := cond || format(' and s.audition_city = %L', audition_city);
  end if;

  ord := case when sort = 'created_at' then format('s.created_at %s, s.id %s', dir, dir)
              else format('s.%I %s, s.created_at desc, s.id desc', sort, dir) end;

  -- The count stops at 1,000: past it, "plus de 1 000" says as much to a person paging ten at a
  -- time, and an exact count of a name shared by 31,000 people rechecked every match (150 ms at
  -- 500,000 participants; docs/decisions/022-search-people.md).
  execute format('select count(*) from (select 1 from private.participant_search s where %s
                  limit 1001) c', cond) into total;
  more := total > 1000;
  total := least(total, 1000);
  -- The page. Few matches (a phone, an e-mail, a rare name: at most 1,000): read them all through
  -- the trigram index and sort them. Many: walking the date index until the page is full is quicker, which the
  -- planner chooses by itself, but it cannot tell when the few matches lie far down that index
  -- (a phone prefix of older registrations: 12,000 rows read for 10).
  execute format('with m as %s (select s.* from private.participant_search s where %s)
                  select array(select m.id from m order by %s limit %s offset %s)',
                 case when more then 'not materialized' else 'materialized' end,
                 cond, replace(ord, 's.', 'm.'), page_size, page::bigint * page_size)
    into ids;

  if is_admin then
    select coalesce(jsonb_agg(to_jsonb(p) || jsonb_build_object('team_members',
             coalesce((select jsonb_agg(to_jsonb(t) order by t.position)
                         from public.team_members t where t.participant_id = p.id), '[]'::jsonb))
             order by u.n), '[]'::jsonb)
      into page_rows
      from unnest(ids) with ordinality u(id, n)
      join public.participants p on p.id = u.id;
  else
    select coalesce(jsonb_agg(to_jsonb(d) order by u.n), '[]'::jsonb)
      into page_rows
      from unnest(ids) with ordinality u(id, n)
      join public.participant_directory d on d.id = u.id;
  end if;
  return jsonb_populate_record(null::public.participant_search_page,
    jsonb_build_object('total', total, 'more', more, 'rows', page_rows));
end;
$$;
revoke all on function public.search_participants(text,text,text,text,text,text,text,boolean,integer,integer) from public, anon, authenticated;
grant execute on function public.search_participants(text,text,text,text,text,text,text,boolean,integer,integer) to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Triggers and policies
-- ---------------------------------------------------------------------------------------------

create trigger participants_search_insert after insert on public.participants
  referencing new table as changed for each statement
  execute function private.participants_to_search();
-- Also for bulk loads that turn triggers off (session_replication_role = replica, as
-- bench/support/fill-large.ts does): kept up to date whatever the load.
alter table public.participants enable always trigger participants_search_insert;

create trigger participants_search_update after update on public.participants
  referencing new table as changed for each statement
  execute function private.participants_to_search();
-- Also for bulk loads that turn triggers off (session_replication_role = replica, as
-- bench/support/fill-large.ts does): kept up to date whatever the load.
alter table public.participants enable always trigger participants_search_update;

-- A deleted participant's row goes with it (on delete cascade).
create trigger team_members_search_insert after insert on public.team_members
  referencing new table as changed for each statement
  execute function private.members_to_search();
-- Also for bulk loads that turn triggers off (session_replication_role = replica, as
-- bench/support/fill-large.ts does): kept up to date whatever the load.
alter table public.team_members enable always trigger team_members_search_insert;

create trigger team_members_search_update after update on public.team_members
  referencing new table as changed old table as gone for each statement
  execute function private.members_to_search();
-- Also for bulk loads that turn triggers off (session_replication_role = replica, as
-- bench/support/fill-large.ts does): kept up to date whatever the load.
alter table public.team_members enable always trigger team_members_search_update;

create trigger team_members_search_delete after delete on public.team_members
  referencing old table as gone for each statement
  execute function private.members_to_search();
-- Also for bulk loads that turn triggers off (session_replication_role = replica, as
-- bench/support/fill-large.ts does): kept up to date whatever the load.
alter table public.team_members enable always trigger team_members_search_delete;
