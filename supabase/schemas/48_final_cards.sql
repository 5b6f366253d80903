-- The judges' side of the final (docs/decisions/047-the-final.md): a conflict of interest
-- declared before scoring (the judge is recused for that performer), and the unlock of one
-- final's card, locked 5 minutes after it was first stored (jury_submit_scorecard), by the lead
-- judge or an admin with a reason; both journaled.

-- ---------------------------------------------------------------------------------------------
-- Functions
-- ---------------------------------------------------------------------------------------------

-- A judge of the session declares a conflict of interest with one of its performers, before
-- any card of theirs for that performer (refused after: 409 already_scored); the session open.
-- Declared already: the same answer. One 'jury.conflict' row.
create function public.jury_declare_conflict(session_id uuid, participant_id uuid,
  reason text default '') returns public.jury_conflict_answer
language plpgsql volatile security definer set search_path = '' as $$
declare
  s public.audition_sessions;
  perf record;
  v_reason text := private.clean_line(coalesce(jury_declare_conflict.reason, ''));
  label_ text;
begin
  perform private.require_jury();
  if char_length(v_reason) > 200 then
    perform private.invalid('reason', 'La raison ne doit pas dépasser 200 caractères.');
  end if;
  -- FOR SHARE, as a card takes it: a lock waits for the declaration, or the declaration reads
  -- the session locked.
  select * into s from public.audition_sessions x where x.id = jury_declare_conflict.session_id
     for share;
  if not found then
    return jsonb_populate_record(null::public.jury_conflict_answer,
      private.refusal(404, 'Session introuvable.', 'not_found'));
  end if;
  select l.label into label_ from private.audition_judge_labels(s.id) l where l.user_id = auth.uid();
  if label_ is null then
    raise exception 'Cette session ne vous est pas attribuée.' using errcode = '42501';
  end if;
  select * into perf from private.audition_performers(s.id) p
   where p.participant_id = jury_declare_conflict.participant_id;
  if not found then
    perform private.invalid('participant_id', 'Ce participant ne passe pas dans cette session.');
  end if;
  if exists (select 1 from public.jury_conflicts k where k.session_id = s.id
                and k.judge_id = auth.uid() and k.participant_id = perf.participant_id) then
    return jsonb_populate_record(null::public.jury_conflict_answer,
      jsonb_build_object('participant_id', perf.participant_id, 'declared', true));
  elsif s.state = 'locked' then
    return jsonb_populate_record(null::public.jury_conflict_answer,
      private.refusal(409, 'Session verrouillée : le conflit n’a pas été enregistré.',
                           'session_locked'));
  elsif exists (select 1 from public.audition_scorecards c where c.session_id = s.id
                   and c.judge_id = auth.uid() and c.participant_id = perf.participant_id) then
    return jsonb_populate_record(null::public.jury_conflict_answer, private.refusal(409,
      'Vous avez déjà noté ce participant : un conflit d’intérêts se déclare avant de noter.',
      'already_scored'));
  end if;
  -- The card check and this insert race a card of the same judge only: their own phone.
  insert into public.jury_conflicts (session_id, judge_id, participant_id, reason)
  values (s.id, auth.uid(), perf.participant_id, v_reason)
  on conflict on constraint jury_conflicts_pkey do nothing;
  perform private.audit('jury.conflict', 'participant', perf.participant_id::text,
    format('Conflit d’intérêts déclaré : %s ne note pas %s (%s le %s)', label_, perf.name, s.city,
           to_char(s.held_on, 'DD/MM/YYYY')),
    null, jsonb_build_object('session_id', s.id, 'judge', label_, 'reason', v_reason,
                             'name', perf.name));
  return jsonb_populate_record(null::public.jury_conflict_answer,
    jsonb_build_object('participant_id', perf.participant_id, 'declared', true));
end;
$$;
revoke all on function public.jury_declare_conflict(uuid,uuid,text) from public, anon, authenticated;
grant execute on function public.jury_declare_conflict(uuid,uuid,text) to authenticated;

-- Unlocks one final's card for 5 more minutes (the session's lead judge or an admin, with a
-- reason of 2 to 200 characters): its judge may change it again. Refused once the session is
-- locked (an admin unlocks the session first) and for a card still open. One 'jury.card_unlock'
-- row, which the final's results list (final_results, the published snapshot).
create function public.jury_unlock_card(card_id uuid, reason text) returns public.jury_card_unlocked
language plpgsql volatile security definer set search_path = '' as $$
declare
  c public.audition_scorecards;
  s public.audition_sessions;
  v_reason text := private.clean_line(coalesce(jury_unlock_card.reason, ''));
  judge_ text;
  name_ text;
begin
  perform private.require_jury();
  if char_length(v_reason) not between 2 and 200 then
    perform private.invalid('reason', 'Indiquez la raison du déverrouillage (2 à 200 caractères).');
  end if;
  select * into c from public.audition_scorecards x where x.id = jury_unlock_card.card_id;
  if not found then
    return jsonb_populate_record(null::public.jury_card_unlocked,
      private.refusal(404, 'Fiche introuvable.', 'not_found'));
  end if;
  select * into s from public.audition_sessions x where x.id = c.session_id for share;
  if not private.has_role('admin') and not exists (
       select 1 from public.audition_judges j
        where j.session_id = s.id and j.user_id = auth.uid() and j.is_lead) then
    raise exception 'Seul le juré principal ou un administrateur peut déverrouiller une fiche.'
      using errcode = '42501';
  end if;
  if s.state = 'locked' then
    return jsonb_populate_record(null::public.jury_card_unlocked,
      private.refusal(409, 'Session verrouillée : déverrouillez d’abord la session.',
                           'session_locked'));
  end if;
  update public.audition_scorecards x set locks_at = now() + interval '5 minutes'
   where x.id = c.id and x.locks_at <= now() returning * into c;
  if not found then
    return jsonb_populate_record(null::public.jury_card_unlocked,
      private.refusal(409, 'Cette fiche n’est pas verrouillée.', 'not_locked'));
  end if;
  select l.label into judge_ from private.audition_judge_labels(s.id) l where l.user_id = c.judge_id;
  select coalesce(p.team_name, p.full_name) into name_ from public.participants p
   where p.id = c.participant_id;
  perform private.audit('jury.card_unlock', 'audition_session', s.id::text,
    format('Fiche déverrouillée : %s pour %s (%s le %s), raison : %s', judge_, name_, s.city,
           to_char(s.held_on, 'DD/MM/YYYY'), v_reason),
    null, jsonb_build_object('card_id', c.id, 'judge', judge_, 'participant_id', c.participant_id,
                             'name', name_, 'reason', v_reason, 'locks_at', c.locks_at));
  return jsonb_populate_record(null::public.jury_card_unlocked,
    jsonb_build_object('card_id', c.id, 'judge', judge_, 'locks_at', c.locks_at));
end;
$$;
revoke all on function public.jury_unlock_card(uuid,text) from public, anon, authenticated;
grant execute on function public.jury_unlock_card(uuid,text) to authenticated;
