-- The organisers' results (docs/decisions/031-jury-scorecards.md): a session's results per
-- category with every judge's scores, the ranking across cities on normalised scores, the top N
-- preselected through the pipeline (admin_set_status), and the export's sheet of every score.

-- ---------------------------------------------------------------------------------------------
-- Functions
-- ---------------------------------------------------------------------------------------------

-- A session's results (admins and readers; the judges' e-mails for admins): per category, its
-- criteria and one row per performer (the running order, and any performer scored there then
-- moved), with each judge's card, raw and normalised scores and ranks; ranked rows first.
create function public.audition_results(session_id uuid) returns jsonb
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
               case when c.total is null then null
                    when coalesce(stddev_pop(c.total) over w, 0) = 0 then 0::numeric
                    else (c.total - avg(c.total) over w) / stddev_pop(c.total) over w end as z
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
               round(avg(z.total), 2) as raw, round(avg(z.z), 3) as normalised
          from z join perf p on p.participant_id = z.participant_id
         group by z.participant_id, z.category
      ), ranked as materialized (
        select sc.*,
               case when sc.raw is not null then rank() over (
                 partition by sc.category, sc.raw is null order by sc.raw desc) end as rank_raw,
               case when sc.normalised is not null then rank() over (
                 partition by sc.category, sc.normalised is null order by sc.normalised desc)
               end as rank_normalised,
               sc.normalised is not null
                 and count(*) over (partition by sc.category, sc.normalised) > 1 as tied
          from sc
      ), shown as materialized (
        select p.category, r.rank_normalised, p.slot, p.name,
               json_build_object('participant_id', p.participant_id, 'position', p.place,
                 'name', p.name, 'mode', p.mode, 'slot', p.slot, 'status', p.status,
                 'absent', coalesce(r.absent, false), 'judges', coalesce(j.judges, '[]'::json),
                 'raw', r.raw, 'normalised', r.normalised, 'rank_raw', r.rank_raw,
                 'rank_normalised', r.rank_normalised, 'tied', coalesce(r.tied, false)) as row
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

-- The ranking of a category across every session (every city), on normalised scores.
create function public.audition_ranking(category text) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_reader();
  if audition_ranking.category is null or audition_ranking.category not in ('dance', 'singing') then
    perform private.invalid('category', 'Catégorie inconnue : choisissez danse ou chant.');
  end if;
  return coalesce((select jsonb_agg(jsonb_build_object('participant_id', r.participant_id,
      'name', coalesce(p.team_name, p.full_name), 'city', s.city, 'session_id', s.id,
      'held_on', s.held_on, 'normalised', r.normalised, 'raw', r.raw,
      'rank', r.rank_normalised, 'tied', r.tied, 'absent', r.absent, 'status', p.status)
      order by r.rank_normalised nulls last, s.held_on, s.city, p.full_name)
    from private.audition_ranked(audition_ranking.category, null) r
    join public.participants p on p.id = r.participant_id
    join public.audition_sessions s on s.id = r.session_id), '[]'::jsonb);
end;
$$;
revoke all on function public.audition_ranking(text) from public, anon, authenticated;
grant execute on function public.audition_ranking(text) to authenticated;

-- Gives the first `n` of a category's ranking on normalised scores (one session, or across
-- cities when session_id is null) the status 'preselectionne' or 'finaliste' through
-- admin_set_status (its history and journal rows), plus one 'jury.preselect' row. Absent and
-- unscored performers are never picked; a tie across the cut is refused.
create function public.admin_preselect_top(category text, n integer, status text,
  session_id uuid default null) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_category text := admin_preselect_top.category;
  v_session uuid := admin_preselect_top.session_id;
  s public.audition_sessions;
  ranks bigint[];
  picked uuid[];
  updated integer;
begin
  perform private.require_admin();
  if v_category is null or v_category not in ('dance', 'singing') then
    perform private.invalid('category', 'Catégorie inconnue : choisissez danse ou chant.');
  elsif admin_preselect_top.status is null
        or admin_preselect_top.status not in ('preselectionne', 'finaliste') then
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
  select array_agg(r.rank_normalised order by r.rank_normalised, r.participant_id),
         array_agg(r.participant_id order by r.rank_normalised, r.participant_id)
    into ranks, picked
    from private.audition_ranked(v_category, v_session) r where r.rank_normalised is not null;
  if picked is null then
    return private.refusal(409, 'Aucun participant noté dans cette catégorie.', 'nothing_ranked');
  end if;
  if cardinality(ranks) > n and ranks[n] = ranks[n + 1] then
    return private.refusal(409, format(
      'Égalité à la %s%s place : choisissez un autre nombre.', n, case when n = 1 then 're' else 'e' end),
      'ranking_tie');
  end if;
  picked := picked[1:n];
  updated := public.admin_set_status(picked, admin_preselect_top.status);
  perform private.audit('jury.preselect', 'participant',
    case when cardinality(picked) = 1 then picked[1]::text end,
    format('Les %s premiers en %s (%s) : statut « %s »', cardinality(picked),
           private.audition_category_label(v_category),
           case when v_session is null then 'toutes villes'
                else format('%s le %s', s.city, to_char(s.held_on, 'DD/MM/YYYY')) end,
           private.status_label(admin_preselect_top.status)),
    null, jsonb_build_object('category', v_category, 'session_id', v_session, 'n', n,
                             'status', admin_preselect_top.status, 'ids', to_jsonb(picked),
                             'updated', updated));
  return jsonb_build_object('ids', to_jsonb(picked), 'updated', updated);
end;
$$;
revoke all on function public.admin_preselect_top(text,integer,text,uuid) from public, anon, authenticated;
grant execute on function public.admin_preselect_top(text,integer,text,uuid) to authenticated;

-- The readable export's sheet (admins): one row per card and criterion (one row for an absent
-- card), by day, city, slot and judge.
create function public.audition_scores_export() returns jsonb
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_admin();
  return coalesce((select jsonb_agg(jsonb_build_object('city', s.city, 'held_on', s.held_on,
      'category', p.category, 'name', coalesce(p.team_name, p.full_name), 'judge', l.label,
      'criterion', k.label, 'value', x.value, 'total', z.total, 'absent', c.absent,
      'comment', c.comment)
      order by s.held_on, s.city, p.audition_at, p.full_name, l.ord, k.position)
    from public.audition_scorecards c
    join public.audition_sessions s on s.id = c.session_id
    join public.participants p on p.id = c.participant_id
    join (select j.session_id, j.user_id, 'Juré ' || row_number() over w as label,
                 row_number() over w as ord
            from public.audition_judges j
          window w as (partition by j.session_id order by j.position, j.user_id)) l
      on l.session_id = c.session_id and l.user_id = c.judge_id
    join private.audition_card_z(null) z
      on z.session_id = c.session_id and z.judge_id = c.judge_id and z.participant_id = c.participant_id
    left join public.audition_scores x on x.scorecard_id = c.id
    left join public.audition_session_criteria k on k.id = x.criterion_id), '[]'::jsonb);
end;
$$;
revoke all on function public.audition_scores_export() from public, anon, authenticated;
grant execute on function public.audition_scores_export() to authenticated;
