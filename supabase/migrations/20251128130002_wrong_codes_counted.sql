-- Wrong pass codes counted (docs/decisions/039-one-answer-and-votes-that-cannot-be-bought.md):
-- get_pass, vote_state, cast_vote and cancel_reservation count a code that opens no pass per
-- client address (rate_hits, action 'wrong_code'), refuse it past the address's limit and raise
-- the dashboard's alert; right codes are never counted nor refused.

alter table private.rate_limits drop constraint rate_limits_action_check;
alter table private.rate_limits add constraint rate_limits_action_check check (action = any (array['register'::text, 'reserve'::text, 'contact'::text, 'cancel'::text, 'challenge'::text, 'recover'::text, 'wrong_code'::text]));
insert into private.rate_limits (action, window_seconds, max_per_address, surge_ceiling)
values ('wrong_code', '600', '50', '500');

alter table public.surge_alerts drop constraint surge_alerts_action_check;
alter table public.surge_alerts add constraint surge_alerts_action_check check (action = any (array['register'::text, 'reserve'::text, 'contact'::text, 'wrong_code'::text]));

-- Counts one wrong code from the client's address, as private.take_rate_limit counts an
-- attempt (one row per wrong code, none for a right one). Returns null while the address is
-- under its limit (the caller answers "Pass inconnu" as before); over it, the attempt is not
-- stored, the alert is written (private.note_surge: once a minute at most) and, with `refuse`,
-- the refusal to answer is returned (429, hint 'wrong_codes_limited', details: seconds to wait).
-- Without `refuse` (recover_pass, whose answer must not depend on the phone) nothing is
-- answered differently. Many addresses together past the action's surge ceiling are an alert
-- too (private.pow_level notes it). Staff are not counted.
create function private.wrong_code(refuse boolean default true) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  rule private.rate_limits;
  addr inet := private.client_bucket();
  n integer;
  oldest timestamptz;
  wait_seconds integer;
begin
  if (select private.is_admin()) then
    return null;
  end if;
  select * into rule from private.rate_limits r where r.action = 'wrong_code';
  select count(*), min(h.at) into n, oldest
    from private.rate_hits h
   where h.action = 'wrong_code' and h.address = addr
     and h.at > now() - make_interval(secs => rule.window_seconds);
  if n < rule.max_per_address then
    insert into private.rate_hits (action, address) values ('wrong_code', addr);
    perform private.pow_level('wrong_code');
    return null;
  end if;
  perform private.note_surge('wrong_code', 1, rule.window_seconds);
  if not refuse then
    return null;
  end if;
  wait_seconds := greatest(1, ceil(extract(epoch from
    oldest + make_interval(secs => rule.window_seconds) - now())))::integer;
  return private.refusal(429,
    format('Trop de codes de pass inconnus depuis votre connexion : réessayez dans %s. Un pass reçu par message s''ouvre toujours par son lien.',
      case when wait_seconds < 60 then 'une minute'
           else ceil(wait_seconds / 60.0)::integer || ' minutes' end),
    'wrong_codes_limited', wait_seconds::text);
end;
$$;
revoke all on function private.wrong_code(boolean) from public, anon, authenticated;

-- One pass, by its code (any case; spaces and dashes ignored). null when no pass has this code.
-- Otherwise only { code, first_name, masked_phone, state, position, checked_in_at,
-- concert_starts_at, doors_open_at, venue_name, venue_address, map_url }, state being
-- confirmed | waitlisted | cancelled | checked_in. A wrong code is counted per address, and
-- refused past the limit (private.wrong_code, docs/decisions/039-one-answer-and-votes-that-
-- cannot-be-bought.md).
create or replace function public.get_pass(code text) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  r public.reservations;
begin
  select * into r from public.reservations x
   where x.pass_code = private.normalise_pass_code(get_pass.code);
  if not found then
    return private.wrong_code();
  end if;
  return private.pass_json(r);
end;
$$;
-- As before (rate limit, unknown code counted as a wrong code, entered pass, waitlist promoted),
-- for visitors only: a
-- signed-in caller is staff and cancels from the administration (admin_cancel_reservation,
-- journaled with its actor). The holder's cancellation writes one 'reservation.cancel' row
-- without actor nor personal data.
create or replace function public.cancel_reservation(code text) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  refused jsonb;
  v_code text := private.normalise_pass_code(cancel_reservation.code);
  r public.reservations;
  was text;
begin
  if auth.uid() is not null then
    raise exception 'Vous êtes connecté avec un compte de l''organisation : annulez cette réservation depuis l''administration (page Réservations).'
      using errcode = '42501', hint = 'staff_cancel_from_admin';
  end if;
  refused := private.take_rate_limit('cancel');
  if refused is not null then
    return refused;
  end if;
  if not exists (select 1 from public.reservations x where x.pass_code = v_code) then
    -- Counted per address, refused past the limit (22_wrong_codes.sql).
    refused := private.wrong_code();
    return coalesce(refused, private.refusal(404, 'Pass inconnu : vérifiez le code.', 'pass_unknown'));
  end if;
  -- Same lock order as create_reservation: settings, then the row.
  perform 1 from public.edition_settings for update;
  select * into r from public.reservations x where x.pass_code = v_code for update;
  if r.checked_in_at is not null then
    return private.refusal(409, 'Ce pass a déjà servi à l''entrée : il ne peut plus être annulé.',
      'pass_checked_in');
  end if;
  if r.state <> 'cancelled' then
    was := r.state;
    update public.reservations x set state = 'cancelled', cancelled_at = now()
     where x.id = r.id returning * into r;
    perform private.fill_places();
    perform private.audit('reservation.cancel', 'reservation', r.id::text,
      'Annulé par le titulaire', jsonb_build_object('state', was),
      jsonb_build_object('state', 'cancelled'));
  end if;
  return private.pass_json(r);
end;
$$;
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
    -- Counted per address, refused past the limit (22_wrong_codes.sql).
    refused := private.wrong_code();
    return coalesce(refused, private.refusal(404, 'Pass inconnu : vérifiez le code.', 'pass_unknown'));
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
-- this pass may vote (and why not) and its current vote. An unknown code is a wrong code
-- (counted, refused past the limit; poll false). The candidates come once per round:
-- with known_round = the open round's id they are null, so that a poll stays under 1 KB.
create or replace function public.vote_state(code text, known_round uuid default null) returns jsonb
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
      return refused;
    end if;
    return jsonb_build_object('poll', false, 'server_now', now(), 'round', null,
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
