-- The public vote's control desk (régie, and admins): what the stage screen shows, opening,
-- closing and revealing a round, resting the screen, and a round's results for the exports
-- (docs/decisions/030-public-vote.md).

-- The stage screen shows `round_id` (null: idle).
create function private.vote_show(round_id uuid) returns void
language sql volatile security definer set search_path = '' as $$
  update private.vote_screen s set round_id = vote_show.round_id, updated_at = now()
$$;
revoke all on function private.vote_show(uuid) from public, anon, authenticated;

-- draft -> open until now() + its duration, on the stage screen. Refused while another round is
-- open (the unique index decides between two opens at the same instant).
create function public.regie_open_round(id uuid) returns public.vote_round_answer
language plpgsql volatile security definer set search_path = '' as $$
declare
  rd public.vote_rounds;
  n integer;
begin
  perform private.require_vote_desk();
  perform private.vote_settle();
  select * into rd from public.vote_rounds x where x.id = regie_open_round.id for update;
  if not found then
    return jsonb_populate_record(null::public.vote_round_answer,
      private.refusal(404, 'Manche introuvable.', 'not_found'));
  elsif rd.state <> 'draft' then
    return jsonb_populate_record(null::public.vote_round_answer,
      private.refusal(409, 'Cette manche a déjà été ouverte.', 'vote_not_draft'));
  end if;
  select count(*) into n from public.vote_candidates c where c.round_id = rd.id;
  if n not between 2 and 12 then
    return jsonb_populate_record(null::public.vote_round_answer,
      private.refusal(409, 'Une manche se vote entre 2 et 12 candidats.', 'vote_candidates'));
  end if;
  if exists (select 1 from public.vote_rounds x where x.state = 'open') then
    return jsonb_populate_record(null::public.vote_round_answer,
      private.refusal(409, 'Une autre manche est ouverte : closez-la avant d’ouvrir celle-ci.',
        'vote_other_open'));
  end if;
  begin
    update public.vote_rounds x
       set state = 'open', opened_at = now(),
           closes_at = now() + make_interval(secs => rd.duration_seconds), updated_at = now()
     where x.id = rd.id returning * into rd;
  exception when unique_violation then
    return jsonb_populate_record(null::public.vote_round_answer,
      private.refusal(409, 'Une autre manche est ouverte : closez-la avant d’ouvrir celle-ci.',
        'vote_other_open'));
  end;
  perform private.vote_show(rd.id);
  perform private.audit('vote.open', 'vote_round', rd.id::text,
    format('Vote « %s » ouvert (%s s)', rd.title, rd.duration_seconds),
    jsonb_build_object('state', 'draft'),
    jsonb_build_object('state', 'open', 'closes_at', rd.closes_at));
  return jsonb_populate_record(null::public.vote_round_answer,
    private.vote_round_json(rd, false));
end;
$$;
revoke all on function public.regie_open_round(uuid) from public, anon, authenticated;
grant execute on function public.regie_open_round(uuid) to authenticated;

-- open -> closed now. The round's lock, exclusive, waits for every vote in flight and makes the
-- later ones see the close: no vote is counted after this commit. A round already closed (by
-- hand or by its timer) or revealed is answered as it is.
create function public.regie_close_round(id uuid) returns public.vote_round_answer
language plpgsql volatile security definer set search_path = '' as $$
declare
  rd public.vote_rounds;
begin
  perform private.require_vote_desk();
  perform private.vote_settle();
  perform private.vote_round_lock(regie_close_round.id, true);
  select * into rd from public.vote_rounds x where x.id = regie_close_round.id for update;
  if not found then
    return jsonb_populate_record(null::public.vote_round_answer,
      private.refusal(404, 'Manche introuvable.', 'not_found'));
  elsif rd.state = 'draft' then
    return jsonb_populate_record(null::public.vote_round_answer,
      private.refusal(409, 'Cette manche n’a pas encore été ouverte.', 'vote_not_open'));
  elsif rd.state = 'open' then
    update public.vote_rounds x set state = 'closed', closed_at = now(), updated_at = now()
     where x.id = rd.id returning * into rd;
    perform private.audit('vote.close', 'vote_round', rd.id::text,
      format('Vote « %s » clos (%s)', rd.title,
             private.plural((select count(*) from public.votes v where v.round_id = rd.id), 'votant')),
      jsonb_build_object('state', 'open'), jsonb_build_object('state', 'closed'));
  end if;
  perform private.vote_show(rd.id);
  return jsonb_populate_record(null::public.vote_round_answer,
    private.vote_round_json(rd, rd.state = 'revealed' or private.has_role('admin')));
end;
$$;
revoke all on function public.regie_close_round(uuid) from public, anon, authenticated;
grant execute on function public.regie_close_round(uuid) to authenticated;

-- closed -> revealed: the stage screen shows the results. Already revealed: answered as it is.
create function public.regie_reveal_round(id uuid) returns public.vote_round_answer
language plpgsql volatile security definer set search_path = '' as $$
declare
  rd public.vote_rounds;
  w integer;
begin
  perform private.require_vote_desk();
  perform private.vote_settle();
  select * into rd from public.vote_rounds x where x.id = regie_reveal_round.id for update;
  if not found then
    return jsonb_populate_record(null::public.vote_round_answer,
      private.refusal(404, 'Manche introuvable.', 'not_found'));
  elsif rd.state in ('draft', 'open') then
    return jsonb_populate_record(null::public.vote_round_answer,
      private.refusal(409, 'Closez le vote avant d’en révéler les résultats.',
        'vote_not_closed'));
  elsif rd.state = 'closed' then
    update public.vote_rounds x set state = 'revealed', revealed_at = now(), updated_at = now()
     where x.id = rd.id returning * into rd;
    w := private.vote_winner(rd.id);
    perform private.audit('vote.reveal', 'vote_round', rd.id::text,
      format('Résultats du vote « %s » révélés : %s (%s)', rd.title,
             coalesce((select format('n° %s — %s en tête', c.number, c.name)
                         from public.vote_candidates c where c.round_id = rd.id and c.number = w),
                      case when w is null and exists (select 1 from public.votes v where v.round_id = rd.id)
                           then 'égalité en tête' else 'aucun vote' end),
             private.plural((select count(*) from public.votes v where v.round_id = rd.id), 'votant')),
      jsonb_build_object('state', 'closed'), jsonb_build_object('state', 'revealed', 'winner', w));
  end if;
  perform private.vote_show(rd.id);
  return jsonb_populate_record(null::public.vote_round_answer,
    private.vote_round_json(rd, true));
end;
$$;
revoke all on function public.regie_reveal_round(uuid) from public, anon, authenticated;
grant execute on function public.regie_reveal_round(uuid) to authenticated;

-- The stage screen back to its idle page. Answers vote_screen_state().
create function public.regie_reset_screen() returns public.vote_screen_answer
language plpgsql volatile security definer set search_path = '' as $$
begin
  perform private.require_vote_desk();
  perform private.vote_settle();
  perform private.vote_show(null);
  perform private.audit('vote.screen_reset', 'vote_screen', null,
    'Écran de scène remis à l’accueil', null, null);
  return public.vote_screen_state();
end;
$$;
revoke all on function public.regie_reset_screen() from public, anon, authenticated;
grant execute on function public.regie_reset_screen() to authenticated;

-- A closed or revealed round's results for the export: each candidate's votes and share.
create function public.admin_vote_results(round_id uuid) returns public.vote_results_answer
language plpgsql volatile security definer set search_path = '' as $$
declare
  rd public.vote_rounds;
begin
  perform private.require_admin();
  perform private.vote_settle();
  select * into rd from public.vote_rounds x where x.id = admin_vote_results.round_id;
  if not found then
    return jsonb_populate_record(null::public.vote_results_answer,
      private.refusal(404, 'Manche introuvable.', 'not_found'));
  elsif rd.state in ('draft', 'open') then
    return jsonb_populate_record(null::public.vote_results_answer,
      private.refusal(409, 'Les résultats d’une manche se lisent une fois le vote clos.',
        'vote_not_closed'));
  end if;
  return jsonb_populate_record(null::public.vote_results_answer,
    jsonb_build_object('round_id', rd.id, 'title', rd.title, 'state', rd.state,
      'opened_at', rd.opened_at, 'closed_at', rd.closed_at,
      'voters', (select count(*) from public.votes v where v.round_id = rd.id),
      'winner', private.vote_winner(rd.id),
      'candidates', (select jsonb_agg(c - 'id' - 'participant_id' order by (c ->> 'number')::integer)
                       from jsonb_array_elements(private.vote_candidates_json(rd.id, true)) c)));
end;
$$;
revoke all on function public.admin_vote_results(uuid) from public, anon, authenticated;
grant execute on function public.admin_vote_results(uuid) to authenticated;

