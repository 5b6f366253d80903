-- Votes that cannot be bought (docs/decisions/039-one-answer-and-votes-that-cannot-be-bought.md):
-- a round open online ('confirmed') takes only the confirmed passes reserved before the round
-- was created (and passes validated at the door); the default stays the door's validation.

comment on column public.vote_rounds.eligibility is 'Who may vote: checked_in (the default), passes validated at the door; confirmed (a round open online), confirmed passes reserved before the round''s created_at, and passes validated at the door (docs/decisions/039-one-answer-and-votes-that-cannot-be-bought.md).';

-- Why this pass may not vote in this round ({ status, code, message }), or null; `rd` null (no
-- round): only the pass's own state. Shared by cast_vote (the refusal) and vote_state (what the
-- pass page says). A vote that cannot be bought with scripted reservations
-- (docs/decisions/039-one-answer-and-votes-that-cannot-be-bought.md): by default only passes
-- validated at the door vote; a round open online ('confirmed') takes the confirmed passes
-- reserved before the round was created (and any pass validated at the door), so passes made
-- once the round is known are refused.
create function private.vote_pass_refusal(r public.reservations, rd public.vote_rounds)
returns jsonb
language sql stable set search_path = '' as $$
  select case
    when r.state = 'cancelled' then jsonb_build_object('status', 403, 'code', 'vote_cancelled',
      'message', 'Ce pass est annulé : il ne permet pas de voter.')
    when r.state = 'waitlisted' then jsonb_build_object('status', 403, 'code', 'vote_waitlisted',
      'message', 'Ce pass est en liste d''attente : il ne permet pas de voter.')
    when rd.eligibility = 'checked_in' and r.checked_in_at is null then jsonb_build_object(
      'status', 403, 'code', 'vote_not_checked_in',
      'message', 'Ce pass n''a pas encore été validé à l''entrée : faites-le scanner à la porte pour voter.')
    when rd.eligibility = 'confirmed' and r.checked_in_at is null
         and r.created_at >= rd.created_at then jsonb_build_object(
      'status', 403, 'code', 'vote_reserved_after',
      'message', 'Ce vote est ouvert aux pass réservés avant sa préparation : ce pass, réservé ensuite, ne permet d''y voter qu''une fois validé à l''entrée.')
  end
$$;
revoke all on function private.vote_pass_refusal(public.reservations,public.vote_rounds) from public, anon, authenticated;

-- One vote from a pass. Order: the pass (unknown code), a retried vote_id (the first answer
-- again), the pass's state, the round's lock shared then the round open by the server's clock
-- (a close takes the lock exclusive: no vote commits after the close's commit), the
-- eligibility, the candidate, then the pass's one row (the last vote counts; changes limited
-- per pass).
create or replace function public.cast_vote(code text, round_id uuid, candidate_id uuid, vote_id uuid)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_code text := private.normalise_pass_code(cast_vote.code);
  r public.reservations;
  rd public.vote_rounds;
  c public.vote_candidates;
  rc private.vote_receipts;
  v public.votes;
  refused jsonb;
begin
  if cast_vote.vote_id is null then
    perform private.invalid('vote_id', 'Identifiant de vote manquant.');
  end if;
  select * into r from public.reservations x where x.pass_code = v_code;
  if not found then
    return private.refusal(404, 'Pass inconnu : vérifiez le code.', 'pass_unknown');
  end if;
  select * into rc from private.vote_receipts x where x.vote_id = cast_vote.vote_id;
  if found then
    if rc.reservation_id is distinct from r.id or rc.round_id is distinct from cast_vote.round_id then
      perform private.invalid('vote_id', 'Cet identifiant de vote a déjà servi pour un autre vote.');
    end if;
    return private.vote_answer(rc);
  end if;
  refused := private.vote_pass_refusal(r, null::public.vote_rounds);
  if refused is not null then
    return private.refusal((refused ->> 'status')::integer, refused ->> 'message', refused ->> 'code');
  end if;
  perform private.vote_round_lock(cast_vote.round_id, false);
  -- A statement after the lock: its snapshot sees a close committed while this vote waited.
  select * into rd from public.vote_rounds x where x.id = cast_vote.round_id;
  if not found or rd.state = 'draft' then
    return private.refusal(409, 'Ce vote n''est pas ouvert.', 'vote_closed');
  elsif private.vote_round_state(rd) <> 'open' then
    return private.refusal(409, 'Le vote est clos : ce choix n''a pas été enregistré.', 'vote_closed');
  end if;
  refused := private.vote_pass_refusal(r, rd);
  if refused is not null then
    return private.refusal((refused ->> 'status')::integer, refused ->> 'message', refused ->> 'code');
  end if;
  select * into c from public.vote_candidates x
   where x.id = cast_vote.candidate_id and x.round_id = rd.id;
  if not found then
    return private.refusal(400, 'Ce candidat ne fait pas partie de ce vote.', 'vote_bad_candidate');
  end if;

  insert into public.votes as x (round_id, reservation_id, candidate_id, last_vote_id)
  values (rd.id, r.id, c.id, cast_vote.vote_id)
  on conflict on constraint votes_round_reservation_key do nothing
  returning * into v;
  if not found then
    -- The pass already voted: one change at a time per pass, then the vote_id checked again
    -- (the same vote_id sent from two phones at once).
    select * into v from public.votes x where x.round_id = rd.id and x.reservation_id = r.id
       for update;
    select * into rc from private.vote_receipts x where x.vote_id = cast_vote.vote_id;
    if found then
      if rc.reservation_id is distinct from r.id or rc.round_id is distinct from rd.id then
        perform private.invalid('vote_id', 'Cet identifiant de vote a déjà servi pour un autre vote.');
      end if;
      return private.vote_answer(rc);
    end if;
    if v.changes >= private.vote_max_changes() then
      return private.refusal(429,
        'Trop de changements de vote pour ce pass : votre dernier choix reste compté.',
        'vote_too_many');
    end if;
    update public.votes x set candidate_id = c.id, last_vote_id = cast_vote.vote_id,
           changed_at = now(), changes = x.changes + 1
     where x.id = v.id;
  end if;
  insert into private.vote_receipts (vote_id, round_id, reservation_id, candidate_id)
  values (cast_vote.vote_id, rd.id, r.id, c.id)
  on conflict on constraint vote_receipts_pkey do nothing
  returning * into rc;
  if not found then
    -- The same vote_id for another pass at the same instant: nothing of this call is kept.
    perform private.invalid('vote_id', 'Cet identifiant de vote a déjà servi pour un autre vote.');
  end if;
  return private.vote_answer(rc);
end;
$$;
-- What the pass page needs, polled every 10-15 s while `poll` is true: the open round, whether
-- this pass may vote (and why not) and its current vote. The candidates come once per round:
-- with known_round = the open round's id they are null, so that a poll stays under 1 KB.
create or replace function public.vote_state(code text, known_round uuid default null) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  r public.reservations;
  rd public.vote_rounds;
  v public.votes;
  poll boolean;
  refused jsonb;
begin
  select * into rd from public.vote_rounds x where x.state = 'open' and x.closes_at > now();
  poll := coalesce((private.door_window() ->> 'open')::boolean, false) or rd.id is not null;
  select * into r from public.reservations x
   where x.pass_code = private.normalise_pass_code(vote_state.code);
  if not found then
    return jsonb_build_object('poll', poll, 'server_now', now(), 'round', null,
      'can_vote', false, 'my_vote', null, 'refusal',
      jsonb_build_object('code', 'pass_unknown', 'message', 'Pass inconnu : vérifiez le code.'));
  end if;
  refused := private.vote_pass_refusal(r, rd);
  if rd.id is not null then
    select * into v from public.votes x where x.round_id = rd.id and x.reservation_id = r.id;
    if refused is null and v.changes >= private.vote_max_changes() then
      refused := jsonb_build_object('code', 'vote_too_many', 'message',
        'Trop de changements de vote pour ce pass : votre dernier choix reste compté.');
    end if;
  end if;
  return jsonb_build_object('poll', poll, 'server_now', now(),
    'round', case when rd.id is not null then jsonb_build_object('id', rd.id, 'title', rd.title,
      'closes_at', rd.closes_at,
      'candidates', case when known_round is distinct from rd.id then
        (select jsonb_agg(jsonb_build_object('id', c.id, 'number', c.number, 'name', c.name,
                                             'line', c.line) order by c.number)
           from public.vote_candidates c where c.round_id = rd.id) end) end,
    'can_vote', rd.id is not null and refused is null,
    'refusal', refused - 'status',
    'my_vote', v.candidate_id);
end;
$$;
drop function private.vote_pass_refusal(public.reservations, text);
