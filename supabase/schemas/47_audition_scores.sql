-- The judges' scorecards (docs/decisions/031-jury-scorecards.md): one card per session, judge
-- and performer, made on the judge's phone with its own id and a revision (the highest one
-- wins, the same one answers the same), its scores per criterion; the session's running order.
-- The lock that refuses every later card is in 48_audition_results.sql.

-- ---------------------------------------------------------------------------------------------
-- Tables, their indexes, grants and required rows
-- ---------------------------------------------------------------------------------------------

create table public.audition_scorecards (
  id uuid not null,
  session_id uuid not null,
  judge_id uuid not null,
  participant_id uuid not null,
  absent boolean default false not null,
  comment text default ''::text not null,
  revision integer not null,
  created_at timestamptz default now() not null,
  updated_at timestamptz default now() not null,
  total numeric(6,3),
  locks_at timestamptz,
  constraint audition_scorecards_pkey primary key (id),
  constraint audition_scorecards_card_key unique (session_id, judge_id, participant_id),
  constraint audition_scorecards_id_owner_key unique (id, session_id, judge_id, participant_id),
  constraint audition_scorecards_comment_check check (char_length(comment) <= 280),
  constraint audition_scorecards_revision_check check (revision >= 1),
  constraint audition_scorecards_total_check check (case when absent then total is null else total >= 0 and total <= 10 end),
  constraint audition_scorecards_judge_fkey foreign key (session_id, judge_id) references public.audition_judges(session_id, user_id) on delete cascade,
  constraint audition_scorecards_participant_id_fkey foreign key (participant_id) references public.participants(id) on delete cascade
);
comment on table public.audition_scorecards is 'A judge''s card for one performer of a session (jury_submit_scorecard): absent, or scored on every criterion of the performer''s category.';
comment on column public.audition_scorecards.total is 'The weighted total, sum(value × weight) / 100 over the session''s criteria (frozen once scored), written with the scores; null when absent.';
comment on column public.audition_scorecards.revision is 'Raised by the phone at each change: a card arriving with a revision not above the stored one is not applied (the last change made offline wins).';
comment on column public.audition_scorecards.locks_at is 'A final''s card (docs/decisions/047-the-final.md): refused after this time, 5 minutes after it is first stored, until the lead judge or an admin unlocks it with a reason (jury_unlock_card). Null: an audition''s card, open until its session''s lock.';
create index audition_scorecards_participant_idx on public.audition_scorecards (participant_id);
create index audition_scorecards_judge_idx on public.audition_scorecards (judge_id);
alter table public.audition_scorecards enable row level security;
revoke all on public.audition_scorecards from public, anon, authenticated;
grant select on public.audition_scorecards to authenticated;

create table public.audition_scores (
  scorecard_id uuid not null,
  session_id uuid not null,
  judge_id uuid not null,
  participant_id uuid not null,
  criterion_id uuid not null,
  value numeric(3,1) not null,
  constraint audition_scores_pkey primary key (session_id, judge_id, participant_id, criterion_id),
  constraint audition_scores_value_check check (value >= 0 and value <= 10 and value * 2 = trunc(value * 2)),
  constraint audition_scores_card_fkey foreign key (scorecard_id, session_id, judge_id, participant_id) references public.audition_scorecards(id, session_id, judge_id, participant_id) on delete cascade,
  constraint audition_scores_criterion_fkey foreign key (criterion_id, session_id) references public.audition_session_criteria(id, session_id)
);
comment on table public.audition_scores is 'A score from 0 to 10 in half points, per card and criterion of the session''s copy.';
create index audition_scores_card_idx on public.audition_scores (scorecard_id);
create index audition_scores_criterion_idx on public.audition_scores (criterion_id, session_id);
alter table public.audition_scores enable row level security;
revoke all on public.audition_scores from public, anon, authenticated;
grant select on public.audition_scores to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Functions
-- ---------------------------------------------------------------------------------------------

-- A session's running order, computed each time (a participant moved or added later shows):
-- not in the bin, of its category; for an audition, convoked to the session's city on its day
-- (Douala), not refused, by slot then name; for a final, the finalists and laureates by name
-- (docs/decisions/047-the-final.md).
create function private.audition_performers(session_id uuid)
returns table (participant_id uuid, place bigint, name text, category text, mode text,
               slot timestamptz, status text)
language sql stable security definer set search_path = '' as $$
  select x.id, row_number() over (order by x.slot_key, x.name, x.id), x.name, x.category,
         x.participation_type, x.audition_at, x.status
    from (
      select p.id, p.audition_at as slot_key, coalesce(p.team_name, p.full_name)::text as name,
             p.category, p.participation_type, p.audition_at, p.status
        from public.audition_sessions s
        join public.participants p
          on p.deleted_at is null and p.audition_city = s.city
         and p.audition_at >= (s.held_on::timestamp at time zone 'Africa/Douala')
         and p.audition_at < ((s.held_on + 1)::timestamp at time zone 'Africa/Douala')
         and s.category in ('both', p.category) and p.status <> 'refuse'
       where s.id = audition_performers.session_id and s.kind = 'audition'
      union all
      select p.id, null, coalesce(p.team_name, p.full_name)::text, p.category,
             p.participation_type, p.audition_at, p.status
        from public.audition_sessions s
        join public.participants p
          on p.deleted_at is null and s.category in ('both', p.category)
         and p.status in ('finaliste', 'laureat')
       where s.id = audition_performers.session_id and s.kind = 'final'
    ) x
   order by 2
$$;
revoke all on function private.audition_performers(uuid) from public, anon, authenticated;

-- A card as its judge reads it: scores by criterion id.
create function private.audition_card_json(c public.audition_scorecards) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object('id', c.id, 'participant_id', c.participant_id, 'absent', c.absent,
    'comment', c.comment, 'revision', c.revision, 'updated_at', c.updated_at, 'total', c.total,
    'locks_at', c.locks_at,
    'scores', coalesce((select jsonb_object_agg(x.criterion_id, x.value)
                          from public.audition_scores x where x.scorecard_id = c.id), '{}'::jsonb))
$$;
revoke all on function private.audition_card_json(public.audition_scorecards) from public, anon, authenticated;

-- One card from a judge of the session (see the table's comments). Order: the caller's role,
-- the fields, the session's row FOR SHARE (a lock takes it FOR UPDATE: a card in flight commits
-- before the lock, a card after it waits and reads the session locked), the caller a judge of
-- it, a replay of the stored card and revision (the same answer, even after the lock), the
-- lock, a declared conflict, a final's card past its own lock (docs/decisions/047-the-final.md),
-- an older revision (not applied), the performer in the running order, the scores. One
-- 'jury.score' row per card stored.
create function public.jury_submit_scorecard(session_id uuid, participant_id uuid, card_id uuid,
  revision integer, absent boolean, comment text, scores jsonb) returns public.jury_scorecard_answer
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_session uuid := jury_submit_scorecard.session_id;
  v_participant uuid := jury_submit_scorecard.participant_id;
  v_revision integer := jury_submit_scorecard.revision;
  v_absent boolean := coalesce(jury_submit_scorecard.absent, false);
  v_comment text := private.clean_line(coalesce(jury_submit_scorecard.comment, ''));
  v_scores jsonb := coalesce(jury_submit_scorecard.scores, '{}'::jsonb);
  s public.audition_sessions;
  c public.audition_scorecards;
  perf record;
  k record;
  v jsonb;
  total numeric := 0;
begin
  perform private.require_jury();
  if card_id is null then
    perform private.invalid('card_id', 'Identifiant de fiche manquant.');
  elsif v_revision is null or v_revision not between 1 and 1000000 then
    perform private.invalid('revision', 'Révision de la fiche invalide.');
  elsif char_length(v_comment) > 280 then
    perform private.invalid('comment', 'Le commentaire ne doit pas dépasser 280 caractères.');
  elsif jsonb_typeof(v_scores) <> 'object' then
    perform private.invalid('scores', 'Notes invalides.');
  end if;
  select * into s from public.audition_sessions x where x.id = v_session for share;
  if not found then
    return jsonb_populate_record(null::public.jury_scorecard_answer,
      private.refusal(404, 'Session introuvable.', 'not_found'));
  elsif not exists (select 1 from public.audition_judges j
                     where j.session_id = s.id and j.user_id = auth.uid()) then
    raise exception 'Cette session ne vous est pas attribuée.' using errcode = '42501';
  end if;
  select * into c from public.audition_scorecards x
   where x.session_id = s.id and x.judge_id = auth.uid() and x.participant_id = v_participant;
  if found and c.id = card_id and c.revision = v_revision then
    return jsonb_populate_record(null::public.jury_scorecard_answer,
      jsonb_build_object('card', private.audition_card_json(c), 'stored', true));
  end if;
  if s.state = 'locked' then
    return jsonb_populate_record(null::public.jury_scorecard_answer,
      private.refusal(409, 'Session verrouillée : la note n’a pas été enregistrée.',
                           'session_locked'));
  elsif exists (select 1 from public.jury_conflicts jc where jc.session_id = s.id
                   and jc.judge_id = auth.uid() and jc.participant_id = v_participant) then
    return jsonb_populate_record(null::public.jury_scorecard_answer, private.refusal(409,
      'Vous avez déclaré un conflit d’intérêts avec ce participant : vous ne le notez pas.',
      'conflict_declared'));
  elsif c.locks_at <= now() then
    return jsonb_populate_record(null::public.jury_scorecard_answer, private.refusal(409, format(
      'Fiche verrouillée depuis %s : le juré principal ou un administrateur peut la déverrouiller.',
      substr(private.douala_time(c.locks_at), 14)), 'card_locked'));
  end if;
  if c.id is not null and c.revision >= v_revision then
    return jsonb_populate_record(null::public.jury_scorecard_answer,
      jsonb_build_object('card', private.audition_card_json(c), 'stored', false));
  end if;
  if exists (select 1 from public.audition_scorecards x where x.id = card_id
                and (x.session_id, x.judge_id, x.participant_id) <> (s.id, auth.uid(), v_participant)) then
    perform private.invalid('card_id', 'Cet identifiant de fiche a déjà servi pour une autre note.');
  end if;
  select * into perf from private.audition_performers(s.id) p where p.participant_id = v_participant;
  if not found then
    perform private.invalid('participant_id', 'Ce participant ne passe pas dans cette session.');
  end if;
  if not v_absent then
    if exists (select 1 from jsonb_object_keys(v_scores) sk(k)
                where not exists (select 1 from public.audition_session_criteria x
                                   where x.session_id = s.id and x.category = perf.category
                                     and x.id::text = sk.k)) then
      perform private.invalid('scores', 'Critère inconnu : rechargez la session.');
    end if;
    for k in select x.id, x.label, x.weight from public.audition_session_criteria x
              where x.session_id = s.id and x.category = perf.category loop
      v := v_scores -> (k.id::text);
      if v is null or jsonb_typeof(v) <> 'number' then
        perform private.invalid('scores', format('Notez le critère « %s ».', k.label));
      elsif (v #>> '{}')::numeric not between 0 and 10
            or (v #>> '{}')::numeric * 2 <> trunc((v #>> '{}')::numeric * 2) then
        perform private.invalid('scores', format(
          'La note de « %s » va de 0 à 10 par demi-points.', k.label));
      end if;
      total := total + (v #>> '{}')::numeric * k.weight / 100;
    end loop;
  end if;
  insert into public.audition_scorecards as x (id, session_id, judge_id, participant_id, absent,
                                               comment, revision, total, locks_at)
  values (card_id, s.id, auth.uid(), v_participant, v_absent, v_comment, v_revision,
          case when not v_absent then total end,
          case when s.kind = 'final' then now() + interval '5 minutes' end)
  on conflict on constraint audition_scorecards_card_key do update
     set absent = excluded.absent, comment = excluded.comment, revision = excluded.revision,
         total = excluded.total, updated_at = now()
   where x.revision < excluded.revision
  returning * into c;
  if not found then
    -- A higher revision of this card committed meanwhile: it stays.
    select * into c from public.audition_scorecards x
     where x.session_id = s.id and x.judge_id = auth.uid() and x.participant_id = v_participant;
    return jsonb_populate_record(null::public.jury_scorecard_answer,
      jsonb_build_object('card', private.audition_card_json(c), 'stored', false));
  end if;
  delete from public.audition_scores x where x.scorecard_id = c.id;
  if not v_absent then
    insert into public.audition_scores (scorecard_id, session_id, judge_id, participant_id,
                                        criterion_id, value)
    select c.id, s.id, auth.uid(), v_participant, x.id, (v_scores ->> (x.id::text))::numeric
      from public.audition_session_criteria x
     where x.session_id = s.id and x.category = perf.category;
  end if;
  perform private.audit('jury.score', 'participant', v_participant::text,
    format('Note du jury : %s le %s, passage n° %s, %s', s.city, to_char(s.held_on, 'DD/MM/YYYY'),
           perf.place, case when v_absent then 'absent'
                               else replace(trim_scale(round(total, 2))::text, '.', ',') || ' / 10' end),
    null, jsonb_build_object('session_id', s.id, 'card_id', c.id, 'revision', c.revision,
                             'absent', v_absent, 'total', case when not v_absent then total end,
                             'name', perf.name));
  return jsonb_populate_record(null::public.jury_scorecard_answer,
    jsonb_build_object('card', private.audition_card_json(c), 'stored', true));
end;
$$;
revoke all on function public.jury_submit_scorecard(uuid,uuid,uuid,integer,boolean,text,jsonb) from public, anon, authenticated;
grant execute on function public.jury_submit_scorecard(uuid,uuid,uuid,integer,boolean,text,jsonb) to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Triggers and policies
-- ---------------------------------------------------------------------------------------------

-- A judge reads their own cards only (the others' totals through jury_session once locked); a
-- reader, the cards of locked sessions only (docs/decisions/040-ranking-floor-and-complete-first.md).
create policy audition_scorecards_staff_select on public.audition_scorecards
  for select to authenticated
  using ((select private.has_role('admin'))
         or session_id in (select private.reader_audition_sessions())
         or (judge_id = (select auth.uid()) and session_id in (select private.my_audition_sessions())));

create policy audition_scores_staff_select on public.audition_scores
  for select to authenticated
  using ((select private.has_role('admin'))
         or session_id in (select private.reader_audition_sessions())
         or (judge_id = (select auth.uid()) and session_id in (select private.my_audition_sessions())));
