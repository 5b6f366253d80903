-- The final's results (docs/decisions/047-the-final.md): computed by the database from the
-- final sessions' cards (normalised per judge with the one-point floor of ADR 040, recused
-- judges left out), the counted public vote rounds and the published rules; published once per
-- category as a sealed snapshot that everyone reads.

-- ---------------------------------------------------------------------------------------------
-- Tables, their indexes, grants and required rows
-- ---------------------------------------------------------------------------------------------

create table private.final_results_key (
  id boolean default true,
  secret bytea default extensions.gen_random_bytes(32) not null,
  constraint final_results_key_pkey primary key (id),
  constraint final_results_key_id_check check (id)
);
comment on table private.final_results_key is 'The key that seals the published results (HMAC-SHA256 of the snapshot), never sent.';
alter table private.final_results_key enable row level security;
revoke all on private.final_results_key from public, anon, authenticated;
insert into private.final_results_key default values;

create table public.final_result_snapshots (
  id uuid default gen_random_uuid(),
  category text not null,
  published_at timestamptz default now() not null,
  published_by uuid,
  results jsonb not null,
  inputs_digest text not null,
  signature text not null,
  constraint final_result_snapshots_pkey primary key (id),
  constraint final_result_snapshots_category_key unique (category),
  constraint final_result_snapshots_category_fkey foreign key (category) references public.final_rules(category),
  constraint final_result_snapshots_published_by_fkey foreign key (published_by) references auth.users(id) on delete set null,
  constraint final_result_snapshots_digest_check check (inputs_digest ~ '^[0-9a-f]{64}$'),
  constraint final_result_snapshots_signature_check check (signature ~ '^[0-9a-f]{64}$')
);
comment on table public.final_result_snapshots is 'One published result per category (admin_publish_final_results): the formula, the ranks, the judges as « Juré n », inputs_digest the SHA-256 of every input (rules, cards, conflicts, votes), signature the HMAC-SHA256 of the whole under private.final_results_key. Read by everyone through final_results_public.';
create index final_result_snapshots_published_by_idx on public.final_result_snapshots (published_by)
  where published_by is not null;
alter table public.final_result_snapshots enable row level security;
revoke all on public.final_result_snapshots from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Functions
-- ---------------------------------------------------------------------------------------------

-- A category's results, computed afresh (the same inputs give the same answer and digest):
-- per finalist of the final sessions, the jury's normalised score (each judge's card as a
-- z-score within the session with their spread floored at one point, averaged over the judges
-- who scored: a recused judge is left out), the public's votes in the counted rounds and share,
-- both parts on 0-100 (the lowest finalist 0, the highest 100), the combined score, the rank
-- and the tie-break step that decided it; per judge, the mean distance between their z-scores
-- and the other judges' mean, flagged above one point (far).
create function private.final_compute(category text) returns jsonb
language sql stable security definer set search_path = '' as $$
  with r as materialized (
    select x.* from public.final_rules x where x.category = final_compute.category
  ), sess as materialized (
    select s.id, s.city, s.held_on, s.state from public.audition_sessions s
     where s.kind = 'final' and s.category in ('both', final_compute.category)
  ), judges as materialized (
    select s.id as session_id, l.user_id, l.label, l.is_lead, l.ord
      from sess s cross join lateral private.audition_judge_labels(s.id) l
  ), perf as materialized (
    select s.id as session_id, p.participant_id, p.name
      from sess s cross join lateral private.audition_performers(s.id) p
     where p.category = final_compute.category
  ), cards as materialized (
    select c.id, c.session_id, c.judge_id, c.participant_id, c.absent, c.total,
           (c.total - avg(c.total) over w) / greatest(coalesce(stddev_pop(c.total) over w, 0), 1) as z
      from public.audition_scorecards c
      join perf p on p.session_id = c.session_id and p.participant_id = c.participant_id
    window w as (partition by c.session_id, c.judge_id)
  ), crit as materialized (
    select x.session_id, x.judge_id, x.participant_id, k.key, k.position, x.value,
           (x.value - avg(x.value) over w) / greatest(coalesce(stddev_pop(x.value) over w, 0), 1) as z
      from public.audition_scores x
      join public.audition_session_criteria k on k.id = x.criterion_id
      join perf p on p.session_id = x.session_id and p.participant_id = x.participant_id
    window w as (partition by x.session_id, x.judge_id, k.key)
  ), recused as materialized (
    select k.session_id, k.judge_id, k.participant_id from public.jury_conflicts k
      join perf p on p.session_id = k.session_id and p.participant_id = k.participant_id
  ), counted as materialized (
    select v.round_id, v.candidate_id, vc.participant_id from public.votes v
      join public.vote_candidates vc on vc.id = v.candidate_id and vc.round_id = v.round_id
      join r on v.round_id = any (r.vote_round_ids)
  ), per as (
    select p.session_id, p.participant_id, p.name,
           (select count(*) from judges j where j.session_id = p.session_id) as judges_n,
           (select count(*) from recused q where q.session_id = p.session_id
               and q.participant_id = p.participant_id) as recused_n,
           (select count(c.total) from cards c where c.session_id = p.session_id
               and c.participant_id = p.participant_id) as scored,
           coalesce((select bool_and(c.absent) from cards c where c.session_id = p.session_id
               and c.participant_id = p.participant_id), false) as absent,
           (select round(avg(c.total), 2) from cards c where c.session_id = p.session_id
               and c.participant_id = p.participant_id) as raw,
           (select round(avg(c.z), 3) from cards c where c.session_id = p.session_id
               and c.participant_id = p.participant_id) as normalised,
           (select round(avg(k.value), 2) from crit k where k.session_id = p.session_id
               and k.participant_id = p.participant_id
               and k.key = (select r.tiebreak_criterion from r)) as criterion_mean,
           (select c.total from cards c join judges j on j.session_id = c.session_id
               and j.user_id = c.judge_id and j.is_lead
             where c.session_id = p.session_id and c.participant_id = p.participant_id) as head_total,
           (select count(*) from counted v where v.participant_id = p.participant_id) as votes
      from perf p
  ), pts as (
    select q.*, q.normalised is not null as ranked, q.scored < q.judges_n - q.recused_n as incomplete,
           case when q.normalised is not null then
             case when max(q.normalised) over () = min(q.normalised) over () then 100::numeric
                  else round(100 * (q.normalised - min(q.normalised) over ())
                             / (max(q.normalised) over () - min(q.normalised) over ()), 2) end
           end as jury_points,
           case when q.normalised is not null and (select r.public_share from r) > 0 then
             case when max(q.votes) filter (where q.normalised is not null) over ()
                     = min(q.votes) filter (where q.normalised is not null) over () then 100::numeric
                  else round(100.0 * (q.votes - min(q.votes) filter (where q.normalised is not null) over ())
                             / (max(q.votes) filter (where q.normalised is not null) over ()
                                - min(q.votes) filter (where q.normalised is not null) over ()), 2) end
           end as public_points
      from per q
  ), comb as (
    select t.*, round(((select r.jury_share from r) * t.jury_points
                       + (select r.public_share from r) * coalesce(t.public_points, 0)) / 100, 2) as combined,
           (select r.tiebreak from r) as chain
      from pts t
  ), keyed as (
    select b.*,
           case b.chain[1] when 'jury' then b.normalised when 'criterion' then b.criterion_mean
                           when 'head_judge' then b.head_total end as k1,
           case b.chain[2] when 'jury' then b.normalised when 'criterion' then b.criterion_mean
                           when 'head_judge' then b.head_total end as k2,
           case b.chain[3] when 'jury' then b.normalised when 'criterion' then b.criterion_mean
                           when 'head_judge' then b.head_total end as k3
      from comb b
  ), ranked as (
    select y.*,
           case when y.ranked then rank() over (partition by y.ranked order by y.incomplete,
             y.combined desc, y.k1 desc nulls last, y.k2 desc nulls last, y.k3 desc nulls last) end as rank,
           count(*) over (partition by y.ranked, y.incomplete, y.combined) as c0,
           count(*) over (partition by y.ranked, y.incomplete, y.combined, y.k1) as c1,
           count(*) over (partition by y.ranked, y.incomplete, y.combined, y.k1, y.k2) as c2,
           count(*) over (partition by y.ranked, y.incomplete, y.combined, y.k1, y.k2, y.k3) as c3
      from keyed y
  ), devs as (
    select c.session_id, c.judge_id, round(avg(abs(c.z - o.mean_other)), 3) as deviation
      from cards c
      cross join lateral (select avg(c2.z) as mean_other, count(c2.z) as n from cards c2
                           where c2.session_id = c.session_id and c2.participant_id = c.participant_id
                             and c2.judge_id <> c.judge_id) o
     where c.z is not null and o.n >= 2
     group by c.session_id, c.judge_id
  ), inputs as (
    select jsonb_build_object(
      'rules', (select jsonb_build_object('jury_share', r.jury_share, 'public_share', r.public_share,
                  'tiebreak', r.tiebreak, 'tiebreak_criterion', r.tiebreak_criterion,
                  'vote_round_ids', r.vote_round_ids) from r),
      'cards', coalesce((select jsonb_agg(jsonb_build_object('id', c.id, 'session_id', c.session_id,
                  'judge_id', c.judge_id, 'participant_id', c.participant_id, 'absent', c.absent,
                  'total', c.total, 'scores', (select jsonb_object_agg(k.key, k.value) from crit k
                     where k.session_id = c.session_id and k.judge_id = c.judge_id
                       and k.participant_id = c.participant_id)) order by c.id) from cards c), '[]'),
      'conflicts', coalesce((select jsonb_agg(to_jsonb(q) order by q.session_id, q.judge_id, q.participant_id)
                               from recused q), '[]'),
      'votes', coalesce((select jsonb_agg(jsonb_build_object('round_id', v.round_id,
                  'candidate_id', v.candidate_id, 'votes', v.n) order by v.round_id, v.candidate_id)
                  from (select round_id, candidate_id, count(*) as n from counted
                         group by round_id, candidate_id) v), '[]')) as j
  )
  select jsonb_build_object(
    'category', final_compute.category,
    'formula', (select private.final_rules_json(f) || jsonb_build_object('spread_floor', 1,
                  'far_threshold', 1, 'card_lock_minutes', 5)
                  from public.final_rules f where f.category = final_compute.category),
    'sessions', coalesce((select jsonb_agg(jsonb_build_object('id', s.id, 'city', s.city,
                  'held_on', s.held_on, 'state', s.state) order by s.held_on, s.id) from sess s), '[]'),
    'votes_total', (select count(*) from counted),
    'finalists', coalesce((select jsonb_agg(jsonb_build_object('participant_id', k.participant_id,
        'name', k.name, 'rank', k.rank, 'absent', k.absent, 'incomplete', k.incomplete,
        'judges_count', k.judges_n, 'recused', k.recused_n, 'scored', k.scored, 'raw', k.raw,
        'normalised', k.normalised, 'jury_points', k.jury_points, 'votes', k.votes,
        'public_percent', case when (select count(*) from counted) > 0
                               then round(100.0 * k.votes / (select count(*) from counted), 1) end,
        'public_points', k.public_points, 'combined', k.combined,
        'criterion_mean', k.criterion_mean, 'head_total', k.head_total,
        'tiebreak', case when not k.ranked or k.c0 = 1 then null
                         when cardinality(k.chain) >= 1 and k.c1 = 1 then k.chain[1]
                         when cardinality(k.chain) >= 2 and k.c2 = 1 then k.chain[2]
                         when cardinality(k.chain) >= 3 and k.c3 = 1 then k.chain[3]
                         else 'unresolved' end,
        'judges', (select jsonb_agg(jsonb_build_object('label', j.label,
             'recused', exists (select 1 from recused q where q.session_id = j.session_id
                                   and q.judge_id = j.user_id and q.participant_id = k.participant_id),
             'absent', c.absent, 'total', c.total, 'z', round(c.z, 3),
             'criteria', (select jsonb_agg(jsonb_build_object('key', x.key, 'value', x.value,
                            'z', round(x.z, 3)) order by x.position) from crit x
                           where x.session_id = j.session_id and x.judge_id = j.user_id
                             and x.participant_id = k.participant_id)) order by j.ord)
             from judges j left join cards c on c.session_id = j.session_id
              and c.judge_id = j.user_id and c.participant_id = k.participant_id
            where j.session_id = k.session_id))
        order by k.rank nulls last, k.name) from ranked k), '[]'),
    'judges', coalesce((select jsonb_agg(jsonb_build_object('session_id', j.session_id,
        'label', j.label, 'is_lead', j.is_lead, 'deviation', d.deviation,
        'far', coalesce(d.deviation > 1, false)) order by j.session_id, j.ord)
        from judges j left join devs d on d.session_id = j.session_id and d.judge_id = j.user_id), '[]'),
    'card_unlocks', coalesce((select jsonb_agg(jsonb_build_object('at', a.at,
        'judge', a.after ->> 'judge', 'name', a.after ->> 'name', 'reason', a.after ->> 'reason')
        order by a.at, a.id) from public.audit_log a
       where a.action = 'jury.card_unlock' and a.entity_id in (select s.id::text from sess s)), '[]'),
    'inputs_digest', (select encode(extensions.digest(i.j::text, 'sha256'), 'hex') from inputs i))
$$;
revoke all on function private.final_compute(text) from public, anon, authenticated;

-- A category's results as computed now, with the published snapshot if any (admins; readers
-- once every final session of the category is locked, as for the auditions, ADR 040).
create function public.final_results(category text) returns public.final_results_answer
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_reader();
  if final_results.category is null or final_results.category not in ('dance', 'singing') then
    perform private.invalid('category', 'Catégorie inconnue : choisissez danse ou chant.');
  end if;
  if not private.has_role('admin') and exists (select 1 from public.audition_sessions s
       where s.kind = 'final' and s.category in ('both', final_results.category) and s.state <> 'locked') then
    return jsonb_populate_record(null::public.final_results_answer,
      private.refusal(409, 'Finale encore ouverte : ses résultats se lisent après le verrouillage.',
                           'session_open'));
  end if;
  return jsonb_populate_record(null::public.final_results_answer,
    private.final_compute(final_results.category) || jsonb_build_object('published',
    (select jsonb_build_object('published_at', x.published_at, 'inputs_digest', x.inputs_digest,
                               'signature', x.signature)
       from public.final_result_snapshots x where x.category = final_results.category)));
end;
$$;
revoke all on function public.final_results(text) from public, anon, authenticated;
grant execute on function public.final_results(text) to authenticated;
