-- Preselection from the auditions' ranking (docs/decisions/040-ranking-floor-and-complete-first.md):
-- only from locked and complete sessions, the top N through the pipeline (admin_set_status),
-- and no status moved backwards unless the admin ticked that person.

-- ---------------------------------------------------------------------------------------------
-- Functions
-- ---------------------------------------------------------------------------------------------

-- How far along the pipeline a status is; refusé counts as a decision taken, after lauréat.
create function private.status_step(s text) returns integer
language sql immutable set search_path = '' as $$
  select array_position(array['inscrit', 'preselectionne', 'convoque', 'finaliste', 'laureat', 'refuse'], s)
$$;
revoke all on function private.status_step(text) from public, anon, authenticated;

-- The sessions of a category (or the one given) a ranking may not be taken from yet: open, or
-- locked with a present performer of that category missing a judge's card. Each as « Session
-- Douala du 12/12/2026 encore ouverte » or « … incomplète (2 participants sans toutes leurs notes) ».
create function private.audition_unready(category text, only_session uuid) returns text[]
language sql stable security definer set search_path = '' as $$
  select coalesce(array_agg(format('Session %s du %s %s', s.city, to_char(s.held_on, 'DD/MM/YYYY'),
           case when s.state <> 'locked' then 'encore ouverte'
                else format('incomplète (%s sans toutes leurs notes)', private.plural(m.n, 'participant'))
           end) order by s.held_on, s.city), '{}'::text[])
    from public.audition_sessions s
    cross join lateral (
      select count(*) as n from private.audition_performers(s.id) p
       where p.category = audition_unready.category
         and not exists (select 1 from public.audition_scorecards c
                          where c.session_id = s.id and c.participant_id = p.participant_id
                            and c.absent)
         and (select count(*) from public.audition_scorecards c
               where c.session_id = s.id and c.participant_id = p.participant_id)
           < (select count(*) from public.audition_judges j where j.session_id = s.id)) m
   where s.category in (audition_unready.category, 'both')
     and (only_session is null or s.id = only_session)
     and (s.state <> 'locked' or m.n > 0)
$$;
revoke all on function private.audition_unready(text,uuid) from public, anon, authenticated;

-- Gives the first `n` complete performers of a category's ranking on normalised scores (one
-- session, or across cities when session_id is null) the status 'preselectionne' or
-- 'finaliste' through admin_set_status (its history and journal rows), plus one
-- 'jury.preselect' row. Refused while a session of that category is open or incomplete
-- (the sessions named), when the cut falls inside a tie, and, when one of them is already
-- further along (convoqué, lauréat, refusé…), unless `move_back` lists exactly whom the admin
-- ticked to move back: those move, the others keep their status (`move_back` '{}': nobody).
create function public.admin_preselect_top(category text, n integer, status text,
  session_id uuid default null, move_back uuid[] default null) returns public.audition_preselection
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_category text := admin_preselect_top.category;
  v_session uuid := admin_preselect_top.session_id;
  v_status text := admin_preselect_top.status;
  s public.audition_sessions;
  unready text[];
  ranks bigint[];
  picked uuid[];
  behind jsonb;
  kept uuid[];
  targets uuid[];
  updated integer := 0;
begin
  perform private.require_admin();
  if v_category is null or v_category not in ('dance', 'singing') then
    perform private.invalid('category', 'Catégorie inconnue : choisissez danse ou chant.');
  elsif v_status is null or v_status not in ('preselectionne', 'finaliste') then
    perform private.invalid('status', 'Statut inconnu : choisissez présélectionné ou finaliste.');
  elsif n is null or n not between 1 and 1000 then
    perform private.invalid('n', 'Indiquez un nombre de participants de 1 à 1000.');
  end if;
  if v_session is not null then
    select * into s from public.audition_sessions x where x.id = v_session;
    if not found then
      return jsonb_populate_record(null::public.audition_preselection,
        private.refusal(404, 'Session introuvable.', 'not_found'));
    end if;
  end if;
  -- The sessions stay as read until this commits: an unlock (FOR UPDATE) waits.
  perform 1 from public.audition_sessions x
    where x.category in (v_category, 'both') and (v_session is null or x.id = v_session)
    for share;
  unready := private.audition_unready(v_category, v_session);
  if cardinality(unready) > 0 then
    return jsonb_populate_record(null::public.audition_preselection,
      private.refusal(409, format('%s impossible : %s. Verrouillez chaque session une fois toutes ses notes données.',
             case v_status when 'finaliste' then 'Désignation des finalistes' else 'Présélection' end,
             array_to_string(unready, ' ; ')), 'sessions_not_ready', to_jsonb(unready)::text));
  end if;
  select array_agg(r.rank_normalised order by r.rank_normalised, r.participant_id),
         array_agg(r.participant_id order by r.rank_normalised, r.participant_id)
    into ranks, picked
    from private.audition_ranked(v_category, v_session) r
   where r.rank_normalised is not null and not r.incomplete;
  if picked is null then
    return jsonb_populate_record(null::public.audition_preselection,
      private.refusal(409, 'Aucun participant noté dans cette catégorie.', 'nothing_ranked'));
  end if;
  if cardinality(ranks) > n and ranks[n] = ranks[n + 1] then
    return jsonb_populate_record(null::public.audition_preselection, private.refusal(409, format(
      'Égalité à la %s%s place : choisissez un autre nombre.', n, case when n = 1 then 're' else 'e' end),
      'ranking_tie'));
  end if;
  picked := picked[1:n];
  -- Their statuses stay as read until this commits: a status set meanwhile (a laureate) is seen
  -- here, never moved back by admin_set_status after this check.
  perform 1 from public.participants p where p.id = any (picked) order by p.id for update;
  select jsonb_agg(jsonb_build_object('participant_id', p.id,
           'name', coalesce(p.team_name, p.full_name), 'status', p.status)
           order by array_position(picked, p.id))
    into behind
    from public.participants p
   where p.id = any (picked) and private.status_step(p.status) > private.status_step(v_status);
  if behind is not null and move_back is null then
    return jsonb_populate_record(null::public.audition_preselection,
      private.refusal(409, format('Statut plus avancé pour %s : %s. Cochez ceux qui doivent revenir à « %s » ; les autres gardent leur statut.',
             private.plural(jsonb_array_length(behind), 'participant'),
             (select string_agg(format('%s (%s)', b ->> 'name', private.status_label(b ->> 'status')), ', ')
                from jsonb_array_elements(behind) b),
             private.status_label(v_status)), 'status_backwards', behind::text));
  end if;
  if exists (select 1 from unnest(coalesce(move_back, '{}')) m
              where m not in (select (b ->> 'participant_id')::uuid
                                from jsonb_array_elements(coalesce(behind, '[]')) b)) then
    return jsonb_populate_record(null::public.audition_preselection,
      private.refusal(409, 'Le classement ou les statuts ont changé : rouvrez la présélection.',
             'move_back_stale'));
  end if;
  select coalesce(array_agg((b ->> 'participant_id')::uuid), '{}') into kept
    from jsonb_array_elements(coalesce(behind, '[]')) b
   where (b ->> 'participant_id')::uuid <> all (coalesce(move_back, '{}'));
  select coalesce(array_agg(x order by i), '{}') into targets
    from unnest(picked) with ordinality t(x, i) where x <> all (kept);
  if cardinality(targets) > 0 then
    updated := public.admin_set_status(targets, v_status);
  end if;
  perform private.audit('jury.preselect', 'participant',
    case when cardinality(picked) = 1 then picked[1]::text end,
    format('Les %s premiers en %s (%s) : statut « %s »%s', cardinality(picked),
           private.audition_category_label(v_category),
           case when v_session is null then 'toutes villes'
                else format('%s le %s', s.city, to_char(s.held_on, 'DD/MM/YYYY')) end,
           private.status_label(v_status),
           case when cardinality(kept) > 0
                then format(' (%s gardant un statut plus avancé)', private.plural(cardinality(kept), 'participant'))
                else '' end),
    null, jsonb_build_object('category', v_category, 'session_id', v_session, 'n', n,
                             'status', v_status, 'ids', to_jsonb(picked), 'updated', updated,
                             'moved_back', to_jsonb(coalesce(move_back, '{}')), 'kept', to_jsonb(kept)));
  return jsonb_populate_record(null::public.audition_preselection,
    jsonb_build_object('ids', to_jsonb(picked), 'updated', updated,
                            'moved_back', to_jsonb(coalesce(move_back, '{}')), 'kept', to_jsonb(kept)));
end;
$$;
revoke all on function public.admin_preselect_top(text,integer,text,uuid,uuid[]) from public, anon, authenticated;
grant execute on function public.admin_preselect_top(text,integer,text,uuid,uuid[]) to authenticated;
