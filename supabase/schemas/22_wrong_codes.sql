-- Wrong pass codes, counted per client address (docs/decisions/039-one-answer-and-votes-that-
-- cannot-be-bought.md): get_pass, vote_state, cast_vote and cancel_reservation count a code that
-- opens no pass, and recover_pass a phone that holds none, in the rate limits' append-only rows
-- (action 'wrong_code', 20_abuse_limits.sql). Past the address's limit a wrong code is refused
-- in French, and the dashboard's alerts say so (public.surge_alerts, 21_proof_of_work.sql).
-- Right codes are never counted nor refused: a hall of 3,000 guests shares a few carrier
-- addresses, and a guest's own pass always opens.

-- ---------------------------------------------------------------------------------------------
-- Functions
-- ---------------------------------------------------------------------------------------------

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
    format('Trop de codes de pass inconnus depuis votre connexion : réessayez dans %s. Un pass reçu par message s’ouvre toujours par son lien.',
      case when wait_seconds < 60 then 'une minute'
           else ceil(wait_seconds / 60.0)::integer || ' minutes' end),
    'wrong_codes_limited', wait_seconds::text);
end;
$$;
revoke all on function private.wrong_code(boolean) from public, anon, authenticated;
