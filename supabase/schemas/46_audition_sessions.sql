-- The auditions prepared by admins (docs/decisions/031-jury-scorecards.md): the criteria and
-- their weights, the accounts that may judge, a session saved with its judges and lead, a
-- session deleted before its first scorecard; each write journaled.

-- ---------------------------------------------------------------------------------------------
-- Functions
-- ---------------------------------------------------------------------------------------------

-- Replaces a category's criteria: [{ key?, label, weight }], 2 to 8, labels of 2 to 40
-- characters without repeats, whole weights of 1 to 100 summing to 100. A missing key is made
-- from the label ('Présence scénique' -> 'presence-scenique'). The sessions without a scorecard
-- take the new criteria; the others keep theirs (frozen). One 'jury.criteria' row.
create function public.admin_save_audition_criteria(category text, criteria jsonb)
returns public.audition_criteria_answer
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_category text := admin_save_audition_criteria.category;
  e jsonb;
  rows_ jsonb := '[]'::jsonb;
  v_label text;
  v_key text;
  v_weight integer;
  total integer := 0;
  before_ jsonb;
  s record;
begin
  perform private.require_admin();
  if v_category is null or v_category not in ('dance', 'singing') then
    perform private.invalid('category', 'Catégorie inconnue : choisissez danse ou chant.');
  end if;
  if jsonb_typeof(criteria) is distinct from 'array' or jsonb_array_length(criteria) not between 2 and 8 then
    perform private.invalid('criteria', 'Une catégorie compte de 2 à 8 critères.');
  end if;
  for e in select x from jsonb_array_elements(criteria) x loop
    if jsonb_typeof(e) <> 'object' then
      perform private.invalid('criteria', 'Critère invalide.');
    end if;
    perform private.require_strings(e, '{label}', '{key}');
    v_label := private.clean_line(e ->> 'label');
    if char_length(v_label) not between 2 and 40 or not private.has_letter_or_digit(v_label) then
      perform private.invalid('criteria', 'Le nom d’un critère doit contenir de 2 à 40 caractères.');
    end if;
    v_key := coalesce(nullif(e ->> 'key', ''), btrim(regexp_replace(
      lower(extensions.unaccent(v_label)), '[^a-z0-9]+', '-', 'g'), '-'));
    if v_key !~ '^[a-z0-9]+(-[a-z0-9]+)*$' or char_length(v_key) > 40 then
      perform private.invalid('criteria', format('Le critère « %s » n’a pas de clé valide.', v_label));
    end if;
    if exists (select 1 from jsonb_array_elements(rows_) r
                where lower(r ->> 'label') = lower(v_label) or r ->> 'key' = v_key) then
      perform private.invalid('criteria', format('Le critère « %s » est donné deux fois.', v_label));
    end if;
    v_weight := private.payload_int(e, 'weight', 1, 100, null,
      'Le poids d’un critère est un nombre entier de 1 à 100.');
    if v_weight is null then
      perform private.invalid('criteria', format('Indiquez le poids du critère « %s ».', v_label));
    end if;
    total := total + v_weight;
    rows_ := rows_ || jsonb_build_array(jsonb_build_object('key', v_key, 'label', v_label,
                                                          'weight', v_weight));
  end loop;
  if total <> 100 then
    perform private.invalid('criteria',
      format('La somme des poids doit faire 100 (elle fait %s).', total));
  end if;
  select jsonb_agg(jsonb_build_object('key', a.key, 'label', a.label, 'weight', a.weight)
                   order by a.position) into before_
    from public.audition_criteria a where a.category = v_category;
  if before_ = rows_ then
    return public.audition_criteria();
  end if;
  delete from public.audition_criteria a where a.category = v_category;
  insert into public.audition_criteria (category, position, key, label, weight)
  select v_category, r.ord, r.v ->> 'key', r.v ->> 'label', (r.v ->> 'weight')::integer
    from jsonb_array_elements(rows_) with ordinality r(v, ord);
  -- Sessions of this category not yet scored take the new criteria (under their row's lock:
  -- a first scorecard waits, or this waits for it and leaves the session frozen).
  for s in select x.id, x.category from public.audition_sessions x
            where x.category in ('both', v_category) order by x.id for update loop
    if not exists (select 1 from public.audition_scorecards c where c.session_id = s.id) then
      perform private.audition_copy_criteria(s.id, s.category);
    end if;
  end loop;
  perform private.audit('jury.criteria', 'audition_criteria', v_category,
    format('Critères du jury (%s) modifiés', private.audition_category_label(v_category)),
    jsonb_build_object('criteria', before_), jsonb_build_object('criteria', rows_));
  return public.audition_criteria();
end;
$$;
revoke all on function public.admin_save_audition_criteria(text,jsonb) from public, anon, authenticated;
grant execute on function public.admin_save_audition_criteria(text,jsonb) to authenticated;

-- The staff accounts with the role jury, for the session editor (admins).
create function public.jury_accounts() returns setof public.jury_account
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_admin();
  return query
  select a.user_id, u.email::text
    from private.admins a join auth.users u on u.id = a.user_id
   where a.role = 'jury'
   order by u.email;
end;
$$;
revoke all on function public.jury_accounts() from public, anon, authenticated;
grant execute on function public.jury_accounts() to authenticated;

-- Creates (no id) or updates a session: { id?, city, held_on 'YYYY-MM-DD', category, venue,
-- judges: [user_id…] (1 to 12, role jury or admin; their order gives 'Juré 1', 'Juré 2'…),
-- lead: one of them, kind?: 'audition' (the default) or 'final' (its running order: the
-- finalists, docs/decisions/047-the-final.md) }. A locked session is refused; once scored, its city, day and category
-- stay and a judge who has scored stays. Two sessions of one city and day may not share a
-- category. One 'jury.session_save' row.
create function public.admin_save_audition_session(payload jsonb)
returns public.audition_session_answer
language plpgsql volatile security definer set search_path = '' as $$
declare
  s public.audition_sessions;
  v_id uuid;
  v_city text;
  v_day date;
  v_category text;
  v_venue text;
  v_judges uuid[];
  v_lead uuid;
  v_kind text;
  scored boolean := false;
  created boolean;
begin
  perform private.require_admin();
  if jsonb_typeof(payload) is distinct from 'object' then
    perform private.invalid('payload', 'Session invalide.');
  end if;
  perform private.require_strings(payload, '{city,held_on,category,venue,lead}', '{id,kind}');
  v_kind := coalesce(payload ->> 'kind', 'audition');
  if v_kind not in ('audition', 'final') then
    perform private.invalid('kind', 'Type de session inconnu : audition ou finale.');
  end if;
  v_city := payload ->> 'city';
  if v_city not in ('Douala', 'Yaoundé', 'Bafoussam', 'Garoua', 'Limbe') then
    perform private.invalid('city',
      'Ville d’audition inconnue : choisissez Douala, Yaoundé, Bafoussam, Garoua ou Limbe.');
  end if;
  if payload ->> 'held_on' !~ '^\d{4}-\d{2}-\d{2}$' then
    perform private.invalid('held_on', 'Indiquez la date de la session (AAAA-MM-JJ).');
  end if;
  begin
    v_day := (payload ->> 'held_on')::date;
  exception when others then
    perform private.invalid('held_on', 'Indiquez la date de la session (AAAA-MM-JJ).');
  end;
  if v_day not between date '2000-01-01' and date '2199-12-31' then
    perform private.invalid('held_on', 'Indiquez la date de la session (AAAA-MM-JJ).');
  end if;
  v_category := payload ->> 'category';
  if v_category not in ('dance', 'singing', 'both') then
    perform private.invalid('category', 'Catégorie inconnue : choisissez danse, chant ou les deux.');
  end if;
  v_venue := private.clean_line(payload ->> 'venue');
  if char_length(v_venue) not between 2 and 200 or not private.has_letter_or_digit(v_venue) then
    perform private.invalid('venue', 'Indiquez l’adresse de l’audition (2 à 200 caractères).');
  end if;
  if jsonb_typeof(payload -> 'judges') is distinct from 'array'
     or jsonb_array_length(payload -> 'judges') not between 1 and 12
     or exists (select 1 from jsonb_array_elements(payload -> 'judges') j
                 where jsonb_typeof(j) <> 'string'
                    or j #>> '{}' !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$') then
    perform private.invalid('judges', 'Choisissez de 1 à 12 jurés.');
  end if;
  select array_agg(j.v::uuid order by j.ord) into v_judges
    from jsonb_array_elements_text(payload -> 'judges') with ordinality j(v, ord);
  if cardinality(v_judges) <> (select count(distinct x) from unnest(v_judges) x) then
    perform private.invalid('judges', 'Un juré est choisi deux fois.');
  end if;
  if exists (select 1 from unnest(v_judges) x
              where not exists (select 1 from private.admins a
                                 where a.user_id = x and a.role in ('jury', 'admin'))) then
    perform private.invalid('judges', 'Seuls les comptes du jury (ou administrateurs) peuvent juger.');
  end if;
  if payload ->> 'lead' !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
     or not (payload ->> 'lead')::uuid = any (v_judges) then
    perform private.invalid('lead', 'Le juré principal doit faire partie des jurés de la session.');
  end if;
  v_lead := (payload ->> 'lead')::uuid;
  if coalesce(payload ->> 'id', '') <> '' then
    begin
      v_id := (payload ->> 'id')::uuid;
    exception when invalid_text_representation then
      perform private.invalid('id', 'Session introuvable.');
    end;
    select * into s from public.audition_sessions x where x.id = v_id for update;
    if not found then
      return jsonb_populate_record(null::public.audition_session_answer,
        private.refusal(404, 'Session introuvable.', 'not_found'));
    elsif s.state = 'locked' then
      return jsonb_populate_record(null::public.audition_session_answer,
        private.refusal(409, 'Session verrouillée : déverrouillez-la avant de la modifier.',
                             'session_locked'));
    end if;
    scored := exists (select 1 from public.audition_scorecards c where c.session_id = s.id);
    if scored and (s.city, s.held_on, s.category, s.kind)
                  is distinct from (v_city, v_day, v_category, v_kind) then
      return jsonb_populate_record(null::public.audition_session_answer, private.refusal(409,
        'Des notes existent déjà : la ville, la date, la catégorie et le type de la session ne changent plus.',
        'session_scored'));
    end if;
    if exists (select 1 from public.audition_scorecards c
                where c.session_id = s.id and not c.judge_id = any (v_judges)) then
      return jsonb_populate_record(null::public.audition_session_answer,
        private.refusal(409, 'Un juré qui a déjà noté ne peut pas être retiré de la session.',
                             'session_scored'));
    end if;
  end if;
  if exists (select 1 from public.audition_sessions x
              where x.city = v_city and x.held_on = v_day and x.id is distinct from v_id
                and (x.category = v_category or 'both' in (x.category, v_category))) then
    perform private.invalid('category', format(
      'Une session existe déjà à %s le %s pour cette catégorie.', v_city, to_char(v_day, 'DD/MM/YYYY')));
  end if;
  created := v_id is null;
  if created then
    insert into public.audition_sessions (city, held_on, category, venue, kind)
    values (v_city, v_day, v_category, v_venue, v_kind) returning * into s;
  else
    update public.audition_sessions x set city = v_city, held_on = v_day, category = v_category,
           venue = v_venue, kind = v_kind, updated_at = now()
     where x.id = s.id returning * into s;
  end if;
  if not scored then
    perform private.audition_copy_criteria(s.id, s.category);
  end if;
  delete from public.audition_judges j where j.session_id = s.id and not j.user_id = any (v_judges);
  update public.audition_judges j set is_lead = false where j.session_id = s.id and j.user_id <> v_lead;
  insert into public.audition_judges (session_id, user_id, is_lead, position)
  select s.id, x.u, x.u = v_lead, x.ord from unnest(v_judges) with ordinality x(u, ord)
  on conflict on constraint audition_judges_pkey
  do update set is_lead = excluded.is_lead, position = excluded.position;
  perform private.audit('jury.session_save', 'audition_session', s.id::text,
    format('Session %s %s : %s le %s (%s), %s', case when v_kind = 'final' then 'de finale' else 'd''audition' end,
           case when created then 'créée' else 'modifiée' end,
           s.city, to_char(s.held_on, 'DD/MM/YYYY'), private.audition_category_label(s.category),
           private.plural(cardinality(v_judges), 'juré')),
    null, jsonb_build_object('city', s.city, 'held_on', s.held_on, 'category', s.category,
                             'kind', s.kind, 'venue', s.venue, 'judges', to_jsonb(v_judges), 'lead', v_lead));
  return jsonb_populate_record(null::public.audition_session_answer,
    private.audition_session_json(s));
end;
$$;
revoke all on function public.admin_save_audition_session(jsonb) from public, anon, authenticated;
grant execute on function public.admin_save_audition_session(jsonb) to authenticated;

-- Deletes a session without scorecards (a scored one is kept: its notes are the record).
create function public.admin_delete_audition_session(session_id uuid)
returns public.audition_session_deleted
language plpgsql volatile security definer set search_path = '' as $$
declare
  s public.audition_sessions;
begin
  perform private.require_admin();
  select * into s from public.audition_sessions x where x.id = admin_delete_audition_session.session_id
     for update;
  if not found then
    return jsonb_populate_record(null::public.audition_session_deleted,
      private.refusal(404, 'Session introuvable.', 'not_found'));
  end if;
  if exists (select 1 from public.audition_scorecards c where c.session_id = s.id) then
    return jsonb_populate_record(null::public.audition_session_deleted,
      private.refusal(409, 'Des notes existent : cette session ne peut plus être supprimée.',
                           'session_scored'));
  end if;
  delete from public.audition_sessions x where x.id = s.id;
  perform private.audit('jury.session_delete', 'audition_session', s.id::text,
    format('Session d’audition supprimée : %s le %s (%s)', s.city, to_char(s.held_on, 'DD/MM/YYYY'),
           private.audition_category_label(s.category)),
    jsonb_build_object('city', s.city, 'held_on', s.held_on, 'category', s.category), null);
  return jsonb_populate_record(null::public.audition_session_deleted,
    jsonb_build_object('id', s.id, 'deleted', true));
end;
$$;
revoke all on function public.admin_delete_audition_session(uuid) from public, anon, authenticated;
grant execute on function public.admin_delete_audition_session(uuid) to authenticated;
