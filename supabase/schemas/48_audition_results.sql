-- The lock and what the judges read (docs/decisions/031-jury-scorecards.md): who is missing,
-- the lock (lead judge or admin) and the admins' unlock, the z-scores and rankings, a judge's
-- sessions and session (blind until the lock), the sessions' list.

-- ---------------------------------------------------------------------------------------------
-- Functions
-- ---------------------------------------------------------------------------------------------

-- Who has not scored every present performer: [{ judge_label, judge_email, user_id, performers }]
-- for the judges with some missing. A performer marked absent by a judge needs no other card;
-- a judge recused for a performer owes none (docs/decisions/047-the-final.md).
create function private.audition_missing(session_id uuid) returns jsonb
language sql stable security definer set search_path = '' as $$
  with perf as (
    select p.participant_id from private.audition_performers(audition_missing.session_id) p
     where not exists (select 1 from public.audition_scorecards c
                        where c.session_id = audition_missing.session_id
                          and c.participant_id = p.participant_id and c.absent)
  )
  select coalesce(jsonb_agg(jsonb_build_object('judge_label', l.label, 'judge_email', l.email,
                    'user_id', l.user_id, 'performers', m.n) order by l.ord), '[]'::jsonb)
    from private.audition_judge_labels(audition_missing.session_id) l
    cross join lateral (select count(*) as n from perf
                         where not exists (select 1 from public.audition_scorecards c
                                            where c.session_id = audition_missing.session_id
                                              and c.judge_id = l.user_id
                                              and c.participant_id = perf.participant_id)
                           and not exists (select 1 from public.jury_conflicts k
                                            where k.session_id = audition_missing.session_id
                                              and k.judge_id = l.user_id
                                              and k.participant_id = perf.participant_id)) m
   where m.n > 0
$$;
revoke all on function private.audition_missing(uuid) from public, anon, authenticated;

-- Locks a session (its lead judge or an admin): every judge must have scored every present
-- performer, or `force` (the journal names who was missing). Locked already: answered as is.
create function public.jury_lock_session(session_id uuid, force boolean default false)
returns public.audition_session_answer
language plpgsql volatile security definer set search_path = '' as $$
declare
  s public.audition_sessions;
  missing jsonb;
begin
  perform private.require_jury();
  select * into s from public.audition_sessions x where x.id = jury_lock_session.session_id for update;
  if not found then
    return jsonb_populate_record(null::public.audition_session_answer,
      private.refusal(404, 'Session introuvable.', 'not_found'));
  end if;
  if not private.has_role('admin') and not exists (
       select 1 from public.audition_judges j
        where j.session_id = s.id and j.user_id = auth.uid() and j.is_lead) then
    raise exception 'Seul le juré principal ou un administrateur peut verrouiller la session.'
      using errcode = '42501';
  end if;
  if s.state = 'locked' then
    return jsonb_populate_record(null::public.audition_session_answer,
      private.audition_session_json(s));
  end if;
  missing := private.audition_missing(s.id);
  if jsonb_array_length(missing) > 0 and not coalesce(force, false) then
    return jsonb_populate_record(null::public.audition_session_answer,
      private.refusal(409, format('Notes manquantes : %s. Verrouillez quand même pour passer outre.',
             (select string_agg(format('%s (%s)', m ->> 'judge_label',
                                       private.plural((m ->> 'performers')::integer, 'participant')), ', ')
                from jsonb_array_elements(missing) m)),
           'scores_missing', (select jsonb_agg(m - 'judge_email' - 'user_id')
                                from jsonb_array_elements(missing) m)::text));
  end if;
  update public.audition_sessions x set state = 'locked', locked_at = now(), locked_by = auth.uid(),
         updated_at = now()
   where x.id = s.id returning * into s;
  perform private.audit('jury.lock', 'audition_session', s.id::text,
    format('Session d’audition verrouillée : %s le %s%s', s.city, to_char(s.held_on, 'DD/MM/YYYY'),
           case when jsonb_array_length(missing) > 0 then format(' (forcée ; notes manquantes : %s)',
             (select string_agg(format('%s, %s', m ->> 'judge_label',
                                       private.plural((m ->> 'performers')::integer, 'participant')), ' ; ')
                from jsonb_array_elements(missing) m)) else '' end),
    jsonb_build_object('state', 'open'),
    jsonb_build_object('state', 'locked', 'forced', jsonb_array_length(missing) > 0,
                       'missing', (select jsonb_agg(m - 'judge_email')
                                     from jsonb_array_elements(missing) m)));
  return jsonb_populate_record(null::public.audition_session_answer,
    private.audition_session_json(s));
end;
$$;
revoke all on function public.jury_lock_session(uuid,boolean) from public, anon, authenticated;
grant execute on function public.jury_lock_session(uuid,boolean) to authenticated;

-- Unlocks a session (admins, with a reason): its judges may change their cards again.
create function public.admin_unlock_session(session_id uuid, reason text)
returns public.audition_session_answer
language plpgsql volatile security definer set search_path = '' as $$
declare
  s public.audition_sessions;
  v_reason text := private.clean_line(coalesce(admin_unlock_session.reason, ''));
begin
  perform private.require_admin();
  if char_length(v_reason) not between 2 and 200 then
    perform private.invalid('reason', 'Indiquez la raison du déverrouillage (2 à 200 caractères).');
  end if;
  select * into s from public.audition_sessions x where x.id = admin_unlock_session.session_id for update;
  if not found then
    return jsonb_populate_record(null::public.audition_session_answer,
      private.refusal(404, 'Session introuvable.', 'not_found'));
  elsif s.state <> 'locked' then
    return jsonb_populate_record(null::public.audition_session_answer,
      private.refusal(409, 'Cette session n’est pas verrouillée.', 'not_locked'));
  end if;
  update public.audition_sessions x set state = 'open', locked_at = null, locked_by = null,
         updated_at = now()
   where x.id = s.id returning * into s;
  perform private.audit('jury.unlock', 'audition_session', s.id::text,
    format('Session d’audition déverrouillée : %s le %s', s.city, to_char(s.held_on, 'DD/MM/YYYY')),
    jsonb_build_object('state', 'locked'), jsonb_build_object('state', 'open', 'reason', v_reason));
  return jsonb_populate_record(null::public.audition_session_answer,
    private.audition_session_json(s));
end;
$$;
revoke all on function public.admin_unlock_session(uuid,text) from public, anon, authenticated;
grant execute on function public.admin_unlock_session(uuid,text) to authenticated;

-- Every card's weighted total (audition_scorecards.total, 0 to 10) and z-score: within its
-- session and the performer's category, per judge, (total − that judge's mean) / the
-- population standard deviation of that judge's totals, never less than 1 point: a judge whose
-- marks barely vary gets no outsized weight (docs/decisions/040-ranking-floor-and-complete-first.md).
-- Absent cards have neither and count in no mean. `only_session` null: every session;
-- `only_category` null: both categories.
create function private.audition_card_z(only_session uuid, only_category text default null)
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

-- Each performer of a category (null: each category apart), in one session or every one
-- (`locked_only`: locked sessions only, what readers see): raw = mean of the judges' totals (2
-- decimals), normalised = mean of their z-scores (3 decimals), over the judges who scored;
-- absent when every card says absent; incomplete when fewer judges scored than the session has.
-- Ranks per category on the shown values, incomplete performers after every complete one
-- (docs/decisions/040-ranking-floor-and-complete-first.md), ties sharing one (1, 2, 2, 4);
-- absent and unscored performers have none. Performers in the bin are left out.
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

-- The sessions the caller judges, newest first, with their progress.
create function public.jury_sessions() returns setof public.jury_session_summary
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_jury();
  return query
  select s.id, s.city, s.held_on, s.category, s.venue, s.state, j.is_lead,
         (select count(*) from public.audition_judges x where x.session_id = s.id),
         (select count(*) from private.audition_performers(s.id)),
         (select count(*) from public.audition_scorecards c
           where c.session_id = s.id and c.judge_id = auth.uid())
    from public.audition_sessions s
    join public.audition_judges j on j.session_id = s.id and j.user_id = auth.uid()
   order by s.held_on desc, s.city, s.category;
end;
$$;
revoke all on function public.jury_sessions() from public, anon, authenticated;
grant execute on function public.jury_sessions() to authenticated;

-- One session for its judge (admins: any): the criteria, the running order (name, category,
-- mode, slot: nothing else), the caller's own cards and declared conflicts; the other judges'
-- totals only once
-- locked; who is missing for the lead judge and admins.
create function public.jury_session(session_id uuid) returns public.jury_session_answer
language plpgsql stable security definer set search_path = '' as $$
declare
  s public.audition_sessions;
  me public.audition_judges;
  admin_ boolean := private.has_role('admin');
begin
  perform private.require_jury();
  select * into s from public.audition_sessions x where x.id = jury_session.session_id;
  if not found then
    return jsonb_populate_record(null::public.jury_session_answer,
      private.refusal(404, 'Session introuvable.', 'not_found'));
  end if;
  select * into me from public.audition_judges j where j.session_id = s.id and j.user_id = auth.uid();
  if me.user_id is null and not admin_ then
    raise exception 'Cette session ne vous est pas attribuée.' using errcode = '42501';
  end if;
  return jsonb_populate_record(null::public.jury_session_answer,
    jsonb_build_object('id', s.id, 'city', s.city, 'held_on', s.held_on,
    'category', s.category, 'venue', s.venue, 'state', s.state, 'locked_at', s.locked_at,
    'is_lead', coalesce(me.is_lead, false), 'server_now', now(),
    'criteria', coalesce((select jsonb_object_agg(k.category, k.list) from (
        select x.category, jsonb_agg(jsonb_build_object('id', x.id, 'key', x.key,
                 'label', x.label, 'weight', x.weight) order by x.position) as list
          from public.audition_session_criteria x where x.session_id = s.id
         group by x.category) k), '{}'::jsonb),
    'performers', coalesce((select jsonb_agg(jsonb_build_object('id', p.participant_id,
        'position', p.place, 'name', p.name, 'category', p.category, 'mode', p.mode,
        'slot', p.slot) order by p.place) from private.audition_performers(s.id) p), '[]'::jsonb),
    'my_cards', coalesce((select jsonb_agg(private.audition_card_json(c) order by c.participant_id)
        from public.audition_scorecards c
       where c.session_id = s.id and c.judge_id = auth.uid()), '[]'::jsonb),
    'kind', s.kind,
    'my_conflicts', coalesce((select jsonb_agg(k.participant_id order by k.participant_id)
        from public.jury_conflicts k
       where k.session_id = s.id and k.judge_id = auth.uid()), '[]'::jsonb),
    'others', case when s.state = 'locked' then coalesce((select jsonb_agg(jsonb_build_object(
        'judge', l.label, 'participant_id', z.participant_id, 'absent', z.absent,
        'total', z.total) order by l.ord, z.participant_id)
        from private.audition_card_z(s.id) z
        join private.audition_judge_labels(s.id) l on l.user_id = z.judge_id
       where z.judge_id is distinct from auth.uid()), '[]'::jsonb) end,
    -- A final's cards of every judge (no marks: blindness holds) for its lead and admins, who
    -- unlock one past its lock with a reason (jury_unlock_card, docs/decisions/047-the-final.md).
    'cards_to_unlock', case when s.kind = 'final' and (admin_ or me.is_lead) then coalesce((
        select jsonb_agg(jsonb_build_object('card_id', c.id, 'judge', l.label,
                 'participant_id', c.participant_id, 'locks_at', c.locks_at)
                 order by l.ord, c.participant_id)
          from public.audition_scorecards c
          join private.audition_judge_labels(s.id) l on l.user_id = c.judge_id
         where c.session_id = s.id), '[]'::jsonb) end,
    'missing', case when admin_ then private.audition_missing(s.id)
                    when me.is_lead then (select coalesce(jsonb_agg(m - 'judge_email' - 'user_id'), '[]'::jsonb)
                                            from jsonb_array_elements(private.audition_missing(s.id)) m) end));
end;
$$;
revoke all on function public.jury_session(uuid) from public, anon, authenticated;
grant execute on function public.jury_session(uuid) to authenticated;

-- Every session with its judges and progress (admins and readers): scored_count counts the
-- performers of the running order with a card from every judge or marked absent.
create function public.admin_audition_sessions() returns setof public.audition_session_row
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_reader();
  return query
  select r.*
    from public.audition_sessions s
    cross join lateral (
      select count(*) as n,
             count(*) filter (where c.any_absent or c.cards >= (select count(*)
                                from public.audition_judges j where j.session_id = s.id)) as done
        from private.audition_performers(s.id) p
        left join (select x.participant_id, count(*) as cards, bool_or(x.absent) as any_absent
                     from public.audition_scorecards x where x.session_id = s.id
                    group by x.participant_id) c on c.participant_id = p.participant_id) pc
    cross join lateral jsonb_populate_record(null::public.audition_session_row,
      private.audition_session_json(s) || jsonb_build_object(
        'performers_count', pc.n, 'scored_count', pc.done, 'created_at', s.created_at)) r
   order by s.held_on desc, s.city, s.category;
end;
$$;
revoke all on function public.admin_audition_sessions() from public, anon, authenticated;
grant execute on function public.admin_audition_sessions() to authenticated;
