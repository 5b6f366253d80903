-- The organisers' results (docs/decisions/031-jury-scorecards.md): a session's results per
-- category with every judge's scores, the ranking across cities on normalised scores, and the
-- export's sheet of every score (the preselection: 49_audition_preselection.sql).

-- ---------------------------------------------------------------------------------------------
-- Functions
-- ---------------------------------------------------------------------------------------------

-- A session's results (admins; readers once it is locked: no judge's score or comment before
-- the lock, docs/decisions/040-ranking-floor-and-complete-first.md; the judges' e-mails for
-- admins): per category, its criteria and one row per performer (the running order, and any
-- performer scored there then moved), with each judge's card, raw and normalised scores and
-- ranks, incomplete ones (fewer judges scored than the session has) after the complete ones.
create function public.audition_results(session_id uuid) returns public.audition_results_answer
language plpgsql stable security definer set search_path = '' as $$
declare
  s public.audition_sessions;
  admin_ boolean := private.has_role('admin');
begin
  perform private.require_reader();
  select * into s from public.audition_sessions x where x.id = audition_results.session_id;
  if not found then
    return jsonb_populate_record(null::public.audition_results_answer,
      private.refusal(404, 'Session introuvable.', 'not_found'));
  end if;
  if not admin_ and s.state <> 'locked' then
    return jsonb_populate_record(null::public.audition_results_answer,
      private.refusal(409, format('Session %s du %s encore ouverte : ses résultats se lisent après le verrouillage.',
             s.city, to_char(s.held_on, 'DD/MM/YYYY')), 'session_open'));
  end if;
  return jsonb_populate_record(null::public.audition_results_answer, json_build_object(
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
       where s.category in ('both', cat.c)))::jsonb);
end;
$$;
revoke all on function public.audition_results(uuid) from public, anon, authenticated;
grant execute on function public.audition_results(uuid) to authenticated;

-- The ranking of a category across every session (every city), on normalised scores, the raw
-- rank beside it, incomplete performers after the complete ones (readers: locked sessions only).
create function public.audition_ranking(category text) returns setof public.audition_ranking_row
language plpgsql stable security definer set search_path = '' as $$
declare
  admin_ boolean := private.has_role('admin');
begin
  perform private.require_reader();
  if audition_ranking.category is null or audition_ranking.category not in ('dance', 'singing') then
    perform private.invalid('category', 'Catégorie inconnue : choisissez danse ou chant.');
  end if;
  return query
  select r.participant_id, coalesce(p.team_name, p.full_name)::text, s.city, s.id, s.held_on,
         s.state, r.normalised, r.raw, r.rank_normalised, r.rank_raw, r.tied, r.absent,
         r.scored, r.judges, r.incomplete, p.status
    from private.audition_ranked(audition_ranking.category, null, not admin_) r
    join public.participants p on p.id = r.participant_id
    join public.audition_sessions s on s.id = r.session_id
   order by r.rank_normalised nulls last, s.held_on, s.city, p.full_name;
end;
$$;
revoke all on function public.audition_ranking(text) from public, anon, authenticated;
grant execute on function public.audition_ranking(text) to authenticated;

-- The readable export's sheet (admins): one row per card and criterion (one row for an absent
-- card), by day, city, slot and judge.
create function public.audition_scores_export() returns setof public.audition_score_export_row
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_admin();
  return query
  select s.city, s.held_on, p.category, coalesce(p.team_name, p.full_name)::text, l.label,
         k.label, x.value::numeric, z.total, c.absent, c.comment
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
    left join public.audition_session_criteria k on k.id = x.criterion_id
   order by s.held_on, s.city, p.audition_at, p.full_name, l.ord, k.position;
end;
$$;
revoke all on function public.audition_scores_export() from public, anon, authenticated;
grant execute on function public.audition_scores_export() to authenticated;
