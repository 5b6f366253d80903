-- The public vote, from the passes and on the stage screen: cast_vote, vote_state (what the pass
-- page polls) and vote_screen_state (nothing personal). Tables and helpers: 57_public_vote.sql
-- (docs/decisions/030-public-vote.md).

-- What cast_vote answers for an accepted vote_id (and answers again to its retries).
create function private.vote_answer(rc private.vote_receipts) returns jsonb
language sql stable set search_path = '' as $$
  select jsonb_build_object('ok', true, 'round_id', rc.round_id,
           'candidate', jsonb_build_object('id', c.id, 'number', c.number, 'name', c.name),
           'vote_id', rc.vote_id)
    from public.vote_candidates c where c.id = rc.candidate_id
$$;
revoke all on function private.vote_answer(private.vote_receipts) from public, anon, authenticated;

-- One vote from a pass. Order: the pass (unknown code), a retried vote_id (the first answer
-- again), the pass's state, the round's lock shared then the round open by the server's clock
-- (a close takes the lock exclusive: no vote commits after the close's commit), the
-- eligibility, the candidate, then the pass's one row (the last vote counts; changes limited
-- per pass).
create function public.cast_vote(code text, round_id uuid, candidate_id uuid, vote_id uuid)
returns public.cast_vote_answer
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
    -- Counted per address, refused past the limit (22_wrong_codes.sql).
    refused := private.wrong_code();
    return jsonb_populate_record(null::public.cast_vote_answer,
      coalesce(refused, private.refusal(404, 'Pass inconnu : vérifiez le code.', 'pass_unknown')));
  end if;
  select * into rc from private.vote_receipts x where x.vote_id = cast_vote.vote_id;
  if found then
    if rc.reservation_id is distinct from r.id or rc.round_id is distinct from cast_vote.round_id then
      perform private.invalid('vote_id', 'Cet identifiant de vote a déjà servi pour un autre vote.');
    end if;
    return jsonb_populate_record(null::public.cast_vote_answer, private.vote_answer(rc));
  end if;
  refused := private.vote_pass_refusal(r, null::public.vote_rounds);
  if refused is not null then
    return jsonb_populate_record(null::public.cast_vote_answer,
      private.refusal((refused ->> 'status')::integer, refused ->> 'message', refused ->> 'code'));
  end if;
  perform private.vote_round_lock(cast_vote.round_id, false);
  -- A statement after the lock: its snapshot sees a close committed while this vote waited.
  select * into rd from public.vote_rounds x where x.id = cast_vote.round_id;
  if not found or rd.state = 'draft' then
    return jsonb_populate_record(null::public.cast_vote_answer,
      private.refusal(409, 'Ce vote n’est pas ouvert.', 'vote_closed'));
  elsif private.vote_round_state(rd) <> 'open' then
    return jsonb_populate_record(null::public.cast_vote_answer,
      private.refusal(409, 'Le vote est clos : ce choix n’a pas été enregistré.', 'vote_closed'));
  end if;
  refused := private.vote_pass_refusal(r, rd);
  if refused is not null then
    return jsonb_populate_record(null::public.cast_vote_answer,
      private.refusal((refused ->> 'status')::integer, refused ->> 'message', refused ->> 'code'));
  end if;
  select * into c from public.vote_candidates x
   where x.id = cast_vote.candidate_id and x.round_id = rd.id;
  if not found then
    return jsonb_populate_record(null::public.cast_vote_answer,
      private.refusal(400, 'Ce candidat ne fait pas partie de ce vote.', 'vote_bad_candidate'));
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
      return jsonb_populate_record(null::public.cast_vote_answer, private.vote_answer(rc));
    end if;
    if v.changes >= private.vote_max_changes() then
      return jsonb_populate_record(null::public.cast_vote_answer, private.refusal(429,
        'Trop de changements de vote pour ce pass : votre dernier choix reste compté.',
        'vote_too_many'));
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
  return jsonb_populate_record(null::public.cast_vote_answer, private.vote_answer(rc));
end;
$$;
revoke all on function public.cast_vote(text,uuid,uuid,uuid) from public, anon, authenticated;
grant execute on function public.cast_vote(text,uuid,uuid,uuid) to anon, authenticated;

-- What the pass page needs, polled every 10-15 s while `poll` is true: the open round, whether
-- this pass may vote (and why not) and its current vote. An unknown code is a wrong code
-- (counted, refused past the limit; poll false). The candidates come once per round:
-- with known_round = the open round's id they are null, so that a poll stays under 1 KB.
create function public.vote_state(code text, known_round uuid default null)
returns public.vote_state_answer
language plpgsql volatile security definer set search_path = '' as $$
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
    -- Counted per address, refused past the limit (22_wrong_codes.sql); never polled again.
    refused := private.wrong_code();
    if refused is not null then
      return jsonb_populate_record(null::public.vote_state_answer, refused);
    end if;
    return jsonb_populate_record(null::public.vote_state_answer,
      jsonb_build_object('poll', false, 'server_now', now(), 'round', null,
      'can_vote', false, 'my_vote', null, 'refusal',
      jsonb_build_object('code', 'pass_unknown', 'message', 'Pass inconnu : vérifiez le code.')));
  end if;
  refused := private.vote_pass_refusal(r, rd);
  if rd.id is not null then
    select * into v from public.votes x where x.round_id = rd.id and x.reservation_id = r.id;
    if refused is null and v.changes >= private.vote_max_changes() then
      refused := jsonb_build_object('code', 'vote_too_many', 'message',
        'Trop de changements de vote pour ce pass : votre dernier choix reste compté.');
    end if;
  end if;
  return jsonb_populate_record(null::public.vote_state_answer,
    jsonb_build_object('poll', poll, 'server_now', now(),
    'round', case when rd.id is not null then jsonb_build_object('id', rd.id, 'title', rd.title,
      'closes_at', rd.closes_at,
      'candidates', case when known_round is distinct from rd.id then
        (select jsonb_agg(jsonb_build_object('id', c.id, 'number', c.number, 'name', c.name,
                                             'line', c.line) order by c.number)
           from public.vote_candidates c where c.round_id = rd.id) end) end,
    'can_vote', rd.id is not null and refused is null,
    'refusal', refused - 'status',
    'my_vote', v.candidate_id));
end;
$$;
revoke all on function public.vote_state(text,uuid) from public, anon, authenticated;
grant execute on function public.vote_state(text,uuid) to anon, authenticated;

-- The stage screen: the round last opened, closed or revealed, its voters' count and its
-- candidates; votes, shares and the winner once revealed. Nothing about any pass.
create function public.vote_screen_state() returns public.vote_screen_answer
language plpgsql stable security definer set search_path = '' as $$
declare
  rd public.vote_rounds;
  st text;
  shown boolean;
begin
  select x.* into rd from private.vote_screen s join public.vote_rounds x on x.id = s.round_id;
  st := private.vote_round_state(rd);
  if rd.id is null or st = 'draft' then
    return jsonb_populate_record(null::public.vote_screen_answer,
      jsonb_build_object('mode', 'idle', 'server_now', now(), 'round', null));
  end if;
  shown := st = 'revealed';
  return jsonb_populate_record(null::public.vote_screen_answer,
    jsonb_build_object('mode', st, 'server_now', now(), 'round', jsonb_build_object(
    'id', rd.id, 'title', rd.title, 'closes_at', rd.closes_at,
    'voters', (select count(*) from public.votes v where v.round_id = rd.id),
    'candidates', (select jsonb_agg(c - 'id' - 'participant_id' order by (c ->> 'number')::integer)
                     from jsonb_array_elements(private.vote_candidates_json(rd.id, shown)) c),
    'winner', case when shown then private.vote_winner(rd.id) end)));
end;
$$;
revoke all on function public.vote_screen_state() from public, anon, authenticated;
grant execute on function public.vote_screen_state() to anon, authenticated;

