-- Issue 38: a ranking that cannot be steered or read half-done
-- (docs/decisions/040-ranking-floor-and-complete-first.md): each judge's spread floored at one
-- point, incomplete performers ranked after complete ones, the raw rank beside the normalised
-- one, preselection refused while a session is open or incomplete and never moving a status
-- backwards unless ticked, readers reading a session's cards only once it is locked.

create function private.reader_audition_sessions() returns setof uuid
language sql stable security definer set search_path = '' as $$
  select s.id from public.audition_sessions s
   where s.state = 'locked' and private.has_role('lecteur')
$$;
revoke all on function private.reader_audition_sessions() from public, anon, authenticated;
grant execute on function private.reader_audition_sessions() to authenticated;

alter policy audition_scorecards_staff_select on public.audition_scorecards
  using ((select private.has_role('admin'))
         or session_id in (select private.reader_audition_sessions())
         or (judge_id = (select auth.uid()) and session_id in (select private.my_audition_sessions())));

alter policy audition_scores_staff_select on public.audition_scores
  using ((select private.has_role('admin'))
         or session_id in (select private.reader_audition_sessions())
         or (judge_id = (select auth.uid()) and session_id in (select private.my_audition_sessions())));

create or replace function private.audition_card_z(only_session uuid, only_category text default null)
returns table (session_id uuid, category text, participant_id uuid, judge_id uuid,
               absent boolean, total numeric, z numeric)
language sql stable security definer set search_path = '' as $$
  with stats as (
    select c.session_id, p.category, c.participant_id, c.judge_id, c.absent, c.total,
           avg(c.total) over w as mean, stddev_pop(c.total) over w as sd
      from public.audition_scorecards c
      join public.participants p on p.id = c.participant_id
     where (only_session is null or c.session_id = only_session)
       and (only_category is null or p.category = only_category)
    window w as (partition by c.session_id, p.category, c.judge_id)
  )
  select t.session_id, t.category, t.participant_id, t.judge_id, t.absent, t.total,
         (t.total - t.mean) / greatest(coalesce(t.sd, 0), 1)
    from stats t
$$;
revoke all on function private.audition_card_z(uuid,text) from public, anon, authenticated;

drop function private.audition_ranked(text,uuid);
create function private.audition_ranked(category text, only_session uuid,
  locked_only boolean default false)
returns table (participant_id uuid, session_id uuid, category text, absent boolean, raw numeric,
               normalised numeric, scored integer, judges integer, incomplete boolean,
               rank_raw bigint, rank_normalised bigint, tied boolean)
language sql stable security definer set search_path = '' as $$
  with sc as (
    select z.participant_id, z.session_id, z.category, bool_and(z.absent) as absent,
           round(avg(z.total), 2) as raw, round(avg(z.z), 3) as normalised,
           count(z.total)::integer as scored,
           (select count(*)::integer from public.audition_judges j
             where j.session_id = z.session_id) as judges
      from private.audition_card_z(only_session, audition_ranked.category) z
      join public.participants p on p.id = z.participant_id and p.deleted_at is null
     where not coalesce(locked_only, false)
        or z.session_id in (select x.id from public.audition_sessions x where x.state = 'locked')
     group by z.participant_id, z.session_id, z.category
  ), k as (
    select sc.*, not sc.absent and sc.scored < sc.judges as incomplete from sc
  )
  select k.participant_id, k.session_id, k.category, k.absent, k.raw, k.normalised, k.scored,
         k.judges, k.incomplete,
         case when k.raw is not null then rank() over (
           partition by k.category, k.raw is null order by k.incomplete, k.raw desc) end,
         case when k.normalised is not null then rank() over (
           partition by k.category, k.normalised is null order by k.incomplete, k.normalised desc) end,
         k.normalised is not null
           and count(*) over (partition by k.category, k.incomplete, k.normalised) > 1
    from k
$$;
revoke all on function private.audition_ranked(text,uuid,boolean) from public, anon, authenticated;

create or replace function public.audition_results(session_id uuid) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  s public.audition_sessions;
  admin_ boolean := private.has_role('admin');
begin
  perform private.require_reader();
  select * into s from public.audition_sessions x where x.id = audition_results.session_id;
  if not found then
    return private.refusal(404, 'Session introuvable.', 'not_found');
  end if;
  if not admin_ and s.state <> 'locked' then
    return private.refusal(409, format('Session %s du %s encore ouverte : ses résultats se lisent après le verrouillage.',
             s.city, to_char(s.held_on, 'DD/MM/YYYY')), 'session_open');
  end if;
  return json_build_object(
    'session', private.audition_session_json(s),
    'judges', coalesce((select json_agg(json_build_object('label', l.label, 'is_lead', l.is_lead,
                'email', case when admin_ then l.email end) order by l.ord)
                 from private.audition_judge_labels(s.id) l), '[]'::json),
    'categories', (
      with running as materialized (
        select p.participant_id, p.place, p.name, p.category, p.mode, p.slot, p.status
          from private.audition_performers(s.id) p
      ), perf as materialized (
        select * from running
        union all
        select q.id, null, coalesce(q.team_name, q.full_name)::text, q.category,
               q.participation_type, q.audition_at, q.status
          from public.participants q
         where q.deleted_at is null
           and q.id in (select c.participant_id from public.audition_scorecards c
                         where c.session_id = s.id
                           and not exists (select 1 from running r
                                            where r.participant_id = c.participant_id))
      ), labels as materialized (
        select * from private.audition_judge_labels(s.id)
      ), z as materialized (
        -- Every card of the session with its scores and z-score, in one pass: as
        -- private.audition_card_z (same formula and partition) and a hash of the scores by card.
        select c.participant_id, c.judge_id, c.absent, c.comment, c.total, p.category, v.scores,
               (c.total - avg(c.total) over w)
                 / greatest(coalesce(stddev_pop(c.total) over w, 0), 1) as z
          from public.audition_scorecards c
          join public.participants p on p.id = c.participant_id
          left join (select x.scorecard_id, json_object_agg(k.key, x.value) as scores
                       from public.audition_scores x
                       join public.audition_session_criteria k
                         on k.session_id = s.id and k.id = x.criterion_id
                      where x.session_id = s.id
                      group by x.scorecard_id) v on v.scorecard_id = c.id
         where c.session_id = s.id
        window w as (partition by p.category, c.judge_id)
      ), judged as materialized (
        select p.participant_id, json_agg(json_build_object('label', l.label,
                 'scored', z.judge_id is not null, 'absent', coalesce(z.absent, false),
                 'total', z.total, 'z', round(z.z, 3), 'scores', coalesce(z.scores, '{}'::json),
                 'comment', coalesce(z.comment, '')) order by l.ord) as judges
          from perf p cross join labels l
          left join z on z.participant_id = p.participant_id and z.judge_id = l.user_id
         group by p.participant_id
      ), sc as (
        -- As private.audition_ranked, from the z-scores above (computed once).
        select z.participant_id, z.category, bool_and(z.absent) as absent,
               round(avg(z.total), 2) as raw, round(avg(z.z), 3) as normalised,
               count(z.total)::integer as scored,
               not bool_and(z.absent) and count(z.total) < (select count(*) from labels) as incomplete
          from z join perf p on p.participant_id = z.participant_id
         group by z.participant_id, z.category
      ), ranked as materialized (
        select sc.*,
               case when sc.raw is not null then rank() over (
                 partition by sc.category, sc.raw is null order by sc.incomplete, sc.raw desc)
               end as rank_raw,
               case when sc.normalised is not null then rank() over (
                 partition by sc.category, sc.normalised is null
                 order by sc.incomplete, sc.normalised desc) end as rank_normalised,
               sc.normalised is not null and count(*) over (
                 partition by sc.category, sc.incomplete, sc.normalised) > 1 as tied
          from sc
      ), shown as materialized (
        select p.category, r.rank_normalised, p.slot, p.name,
               json_build_object('participant_id', p.participant_id, 'position', p.place,
                 'name', p.name, 'mode', p.mode, 'slot', p.slot, 'status', p.status,
                 'absent', coalesce(r.absent, false), 'judges', coalesce(j.judges, '[]'::json),
                 'raw', r.raw, 'normalised', r.normalised, 'rank_raw', r.rank_raw,
                 'rank_normalised', r.rank_normalised, 'tied', coalesce(r.tied, false),
                 'scored', coalesce(r.scored, 0), 'judges_count', (select count(*) from labels),
                 'incomplete', coalesce(r.incomplete, (select count(*) from labels) > 0)) as row
          from perf p
          left join ranked r on r.participant_id = p.participant_id
          left join judged j on j.participant_id = p.participant_id
      )
      select coalesce(json_agg(json_build_object('category', cat.c,
          'criteria', coalesce((select json_agg(json_build_object('id', k.id, 'key', k.key,
                        'label', k.label, 'weight', k.weight) order by k.position)
                          from public.audition_session_criteria k
                         where k.session_id = s.id and k.category = cat.c), '[]'::json),
          'rows', coalesce((select json_agg(x.row order by x.rank_normalised nulls last, x.slot, x.name)
                              from shown x where x.category = cat.c), '[]'::json))
          order by cat.c), '[]'::json)
        from (values ('dance'), ('singing')) cat(c)
       where s.category in ('both', cat.c)))::jsonb;
end;
$$;
revoke all on function public.audition_results(uuid) from public, anon, authenticated;
grant execute on function public.audition_results(uuid) to authenticated;

create or replace function public.audition_ranking(category text) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  admin_ boolean := private.has_role('admin');
begin
  perform private.require_reader();
  if audition_ranking.category is null or audition_ranking.category not in ('dance', 'singing') then
    perform private.invalid('category', 'Catégorie inconnue : choisissez danse ou chant.');
  end if;
  return coalesce((select jsonb_agg(jsonb_build_object('participant_id', r.participant_id,
      'name', coalesce(p.team_name, p.full_name), 'city', s.city, 'session_id', s.id,
      'held_on', s.held_on, 'session_state', s.state, 'normalised', r.normalised, 'raw', r.raw,
      'rank', r.rank_normalised, 'rank_raw', r.rank_raw, 'tied', r.tied, 'absent', r.absent,
      'scored', r.scored, 'judges_count', r.judges, 'incomplete', r.incomplete, 'status', p.status)
      order by r.rank_normalised nulls last, s.held_on, s.city, p.full_name)
    from private.audition_ranked(audition_ranking.category, null, not admin_) r
    join public.participants p on p.id = r.participant_id
    join public.audition_sessions s on s.id = r.session_id), '[]'::jsonb);
end;
$$;
revoke all on function public.audition_ranking(text) from public, anon, authenticated;
grant execute on function public.audition_ranking(text) to authenticated;

drop function public.admin_preselect_top(text,integer,text,uuid);
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
  session_id uuid default null, move_back uuid[] default null) returns jsonb
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
    perform private.invalid('category', 'Catégorie inconnue : choisissez danse ou chant.');
  elsif v_status is null or v_status not in ('preselectionne', 'finaliste') then
    perform private.invalid('status', 'Statut inconnu : choisissez présélectionné ou finaliste.');
  elsif n is null or n not between 1 and 1000 then
    perform private.invalid('n', 'Indiquez un nombre de participants de 1 à 1000.');
  end if;
  if v_session is not null then
    select * into s from public.audition_sessions x where x.id = v_session;
    if not found then
      return private.refusal(404, 'Session introuvable.', 'not_found');
    end if;
  end if;
  -- The sessions stay as read until this commits: an unlock (FOR UPDATE) waits.
  perform 1 from public.audition_sessions x
    where x.category in (v_category, 'both') and (v_session is null or x.id = v_session)
    for share;
  unready := private.audition_unready(v_category, v_session);
  if cardinality(unready) > 0 then
    return private.refusal(409, format('%s impossible : %s. Verrouillez chaque session une fois toutes ses notes données.',
             case v_status when 'finaliste' then 'Désignation des finalistes' else 'Présélection' end,
             array_to_string(unready, ' ; ')), 'sessions_not_ready', to_jsonb(unready)::text);
  end if;
  select array_agg(r.rank_normalised order by r.rank_normalised, r.participant_id),
         array_agg(r.participant_id order by r.rank_normalised, r.participant_id)
    into ranks, picked
    from private.audition_ranked(v_category, v_session) r
   where r.rank_normalised is not null and not r.incomplete;
  if picked is null then
    return private.refusal(409, 'Aucun participant noté dans cette catégorie.', 'nothing_ranked');
  end if;
  if cardinality(ranks) > n and ranks[n] = ranks[n + 1] then
    return private.refusal(409, format(
      'Égalité à la %s%s place : choisissez un autre nombre.', n, case when n = 1 then 're' else 'e' end),
      'ranking_tie');
  end if;
  picked := picked[1:n];
  select jsonb_agg(jsonb_build_object('participant_id', p.id,
           'name', coalesce(p.team_name, p.full_name), 'status', p.status)
           order by array_position(picked, p.id))
    into behind
    from public.participants p
   where p.id = any (picked) and private.status_step(p.status) > private.status_step(v_status);
  if behind is not null and move_back is null then
    return private.refusal(409, format('Statut plus avancé pour %s : %s. Cochez ceux qui doivent revenir à « %s » ; les autres gardent leur statut.',
             private.plural(jsonb_array_length(behind), 'participant'),
             (select string_agg(format('%s (%s)', b ->> 'name', private.status_label(b ->> 'status')), ', ')
                from jsonb_array_elements(behind) b),
             private.status_label(v_status)), 'status_backwards', behind::text);
  end if;
  if exists (select 1 from unnest(coalesce(move_back, '{}')) m
              where m not in (select (b ->> 'participant_id')::uuid
                                from jsonb_array_elements(coalesce(behind, '[]')) b)) then
    return private.refusal(409, 'Le classement ou les statuts ont changé : rouvrez la présélection.',
             'move_back_stale');
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
    format('Les %s premiers en %s (%s) : statut « %s »%s', cardinality(picked),
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
  return jsonb_build_object('ids', to_jsonb(picked), 'updated', updated,
                            'moved_back', to_jsonb(coalesce(move_back, '{}')), 'kept', to_jsonb(kept));
end;
$$;
revoke all on function public.admin_preselect_top(text,integer,text,uuid,uuid[]) from public, anon, authenticated;
grant execute on function public.admin_preselect_top(text,integer,text,uuid,uuid[]) to authenticated;
