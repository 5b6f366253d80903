-- The results page's query, faster (issue 30's benchmark, bench/jury.ts). public.audition_results
-- builds its nested answer as json and casts it to jsonb once (jsonb re-encodes every nested
-- level at each step: the scores in a card, the cards in a row, the rows in a category); reads
-- the session's cards once with their z-scores (private.audition_card_z's formula, inline: no
-- scan of every session's cards); groups the scores by card before joining them (a hash, not a
-- sort of every score of the session); finds the performers scored there then moved from the
-- session's cards (an anti-join on the running order, not a scan of every participant). The
-- same answer: the cast sorts the objects' keys as jsonb_build_object did.
-- Folded into supabase/schemas/49_audition_ranking.sql.

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
