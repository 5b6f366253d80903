-- The participants search counts its matches up to 1,000 and says "more" past that (issue 27,
-- item 3: a page of 10 with its count under 50 ms at 500,000 participants). Only
-- public.search_participants changes; its signature and grants stay.
--
-- Returns { total, more, rows }: `total` is exact when `more` is false, otherwise 1000 and the
-- list says "plus de 1 000". Pages past the thousandth match still come (exports read them all).

create or replace function public.search_participants(
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
) returns jsonb
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
    cond := cond || format(' and s.%I like %L', case when is_admin then 'doc' else 'reader_doc' end,
      '%' || replace(replace(replace(w, '\', '\\'), '%', '\%'), '_', '\_') || '%');
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
  return jsonb_build_object('total', total, 'more', more, 'rows', page_rows);
end;
$$;
