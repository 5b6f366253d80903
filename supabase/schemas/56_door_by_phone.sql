-- Check-in by the holder's phone when the pass is lost, and the search that shows the holder
-- before "Valider l'entrée": look-ups are limited and journaled
-- (docs/decisions/017-roles-and-door-window.md, 032-offline-door.md).

-- ---------------------------------------------------------------------------------------------
-- Functions
-- ---------------------------------------------------------------------------------------------

-- The verdict of a look-up in the journal's words.
create function private.lookup_outcome(outcome text) returns text
language sql immutable set search_path = '' as $$
  select case outcome
    when 'validated' then 'entrée validée' when 'already' then 'déjà entré'
    when 'unknown' then 'aucune réservation' when 'waitlisted' then 'liste d''attente'
    when 'cancelled' then 'pass annulé' when 'door_not_open' then 'refusée, contrôle pas encore ouvert'
    when 'door_closed' then 'refusée, contrôle fermé'
    when 'door_lookup_limited' then 'refusée, trop de recherches'
    when 'found' then 'réservation trouvée'
    else outcome end
$$;
revoke all on function private.lookup_outcome(text) from public, anon, authenticated;

-- A phone as typed: its digits; +237 / 237 before 9 digits dropped.
create function private.door_phone_digits(phone text) returns text
language sql immutable set search_path = '' as $$
  select case when char_length(d) = 12 and left(d, 3) = '237' then right(d, 9) else d end
    from (select regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g') as d) x
$$;
revoke all on function private.door_phone_digits(text) from public, anon, authenticated;

-- null when this door account may look a phone up now; otherwise the refusal: outside the door
-- window, or lookup_max_per_window look-ups already in lookup_window_seconds. One look-up at a
-- time per account (the lock is held until the transaction ends): the count stays true in a
-- burst.
create function private.door_lookup_refusal() returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  settings private.door_settings;
  n integer;
  oldest timestamptz;
  wait_seconds integer;
  answer jsonb;
begin
  select * into settings from private.door_settings;
  perform pg_advisory_xact_lock(hashtextextended('door.lookup:' || auth.uid()::text, 0));
  answer := private.door_closed_refusal();
  if answer is null then
    select count(*), min(a.at) into n, oldest
      from public.audit_log a
     where a.action = 'door.lookup' and a.actor = auth.uid()
       and a.at > now() - make_interval(secs => settings.lookup_window_seconds)
       and not coalesce((a.after ->> 'refused')::boolean, false);
    if n >= settings.lookup_max_per_window then
      wait_seconds := greatest(1, ceil(extract(epoch from
        oldest + make_interval(secs => settings.lookup_window_seconds) - now())))::integer;
      answer := private.refusal(429,
        format('Trop de recherches par téléphone depuis ce compte : réessayez dans %s, ou scannez le pass ou tapez son code.',
          case when wait_seconds < 60 then 'une minute'
               else ceil(wait_seconds / 60.0)::integer || ' minutes' end),
        'door_lookup_limited', wait_seconds::text);
    end if;
  end if;
  return answer;
end;
$$;
revoke all on function private.door_lookup_refusal() from public, anon, authenticated;

-- The same, finding the reservation by its phone (9 digits; spaces, +237 ignored), inside the
-- door window, at most lookup_max_per_window per lookup_window_seconds per door account. Every
-- look-up, found or not, refused or not, writes one 'door.lookup' row (phone masked); an entry
-- it records writes its 'reservation.check_in' row too.
create function public.check_in_by_phone(phone text, door text, scan_id uuid default null)
returns public.door_check_in
language plpgsql volatile security definer set search_path = '' as $$
declare
  digits text := private.door_phone_digits(phone);
  v_door text;
  answer jsonb;
  outcome text;
  r public.reservations;
begin
  perform private.require_door_staff();
  perform private.require_door(door);
  v_door := private.clean_line(door);
  answer := private.door_lookup_refusal();
  if answer is not null then
    outcome := answer ->> 'hint';
  else
    if digits ~ '^[0-9]{9}$' then
      -- A phone may hold cancelled passes beside its live one (ADR 039): the live one first.
      select * into r from public.reservations x where x.phone = digits
       order by x.state = 'cancelled', x.created_at desc limit 1 for update;
    end if;
    answer := private.check_in_locked(r, door, scan_id);
    outcome := answer ->> 'verdict';
  end if;
  perform private.audit('door.lookup', 'reservation', r.id::text,
    format('Recherche par téléphone %s à « %s » : %s',
           coalesce(private.mask_phone(nullif(digits, '')), '(vide)'), v_door,
           private.lookup_outcome(outcome)),
    null, jsonb_build_object('phone', private.mask_phone(nullif(digits, '')), 'door', v_door,
      'outcome', outcome, 'refused', outcome not in
        ('validated', 'already', 'unknown', 'waitlisted', 'cancelled'),
      'scan_id', scan_id));
  return jsonb_populate_record(null::public.door_check_in, answer);
end;
$$;
revoke all on function public.check_in_by_phone(text,text,uuid) from public, anon, authenticated;
grant execute on function public.check_in_by_phone(text,text,uuid) to authenticated;

-- The pass of a phone (9 digits; spaces, +237 ignored), shown to the steward before "Valider
-- l'entrée" (then door_sync with its ref, taken from this account only, for a few minutes). Limited and journaled as check_in_by_phone (one
-- 'door.lookup' row, outcome 'found' or 'unknown'). Its matches: none or one door_phone_match.
create function public.door_phone_search(phone text, door text)
returns public.door_phone_search_answer
language plpgsql volatile security definer set search_path = '' as $$
declare
  digits text := private.door_phone_digits(phone);
  v_door text;
  answer jsonb;
  outcome text;
  r public.reservations;
begin
  perform private.require_door_staff();
  perform private.require_door(door);
  v_door := private.clean_line(door);
  answer := private.door_lookup_refusal();
  if answer is not null then
    outcome := answer ->> 'hint';
  else
    if digits ~ '^[0-9]{9}$' then
      select * into r from public.reservations x where x.phone = digits
       order by x.state = 'cancelled', x.created_at desc limit 1;
    end if;
    outcome := case when r.id is null then 'unknown' else 'found' end;
    -- What this account was shown: door_sync takes this pass's bare reference from it for
    -- search_grant_seconds (docs/decisions/036-door-admits-what-it-scanned.md).
    if r.id is not null then
      insert into private.door_search_grants as g (actor, reservation_id)
      values (auth.uid(), r.id)
      on conflict (actor, reservation_id) do update set granted_at = now();
    end if;
    answer := jsonb_build_object('matches', case when r.id is null then '[]'::jsonb
      else jsonb_build_array(jsonb_build_object('ref', r.door_ref,
        'first_name', private.first_name(r.full_name),
        'last_initial', private.last_initial(r.full_name),
        'masked_phone', private.mask_phone(r.phone), 'state', r.state,
        'position', private.waitlist_position(r), 'checked_in_at', r.checked_in_at,
        'door', r.checked_in_door, 'by_hand', r.checked_in_by_hand)) end);
  end if;
  perform private.audit('door.lookup', 'reservation', r.id::text,
    format('Recherche par téléphone %s à « %s » : %s',
           coalesce(private.mask_phone(nullif(digits, '')), '(vide)'), v_door,
           private.lookup_outcome(outcome)),
    null, jsonb_build_object('phone', private.mask_phone(nullif(digits, '')), 'door', v_door,
      'outcome', outcome, 'refused', outcome not in ('found', 'unknown'), 'search', true));
  return jsonb_populate_record(null::public.door_phone_search_answer, answer);
end;
$$;
revoke all on function public.door_phone_search(text,text) from public, anon, authenticated;
grant execute on function public.door_phone_search(text,text) to authenticated;

-- A queued scan of an offline phone search (a pass's reference with the 9 digits the steward
-- typed, checked by door_sync) is a phone look-up: within the same limit, journaled the same
-- way (docs/decisions/036-door-admits-what-it-scanned.md). null when it may go on; otherwise the
-- refusal (door_sync's answer stays 200: the other scans of the batch are answered).
create function private.door_sync_lookup(digits text, door text, r public.reservations,
  scan_id uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  answer jsonb := private.door_lookup_refusal();
  outcome text := coalesce(answer ->> 'hint', case when r.id is null then 'unknown' else 'found' end);
begin
  if answer is not null then
    perform set_config('response.status', '200', true);
  end if;
  perform private.audit('door.lookup', 'reservation', r.id::text,
    format('Recherche par téléphone %s à « %s » (hors ligne) : %s',
           coalesce(private.mask_phone(nullif(digits, '')), '(vide)'), door,
           private.lookup_outcome(outcome)),
    null, jsonb_build_object('phone', private.mask_phone(nullif(digits, '')), 'door', door,
      'outcome', outcome, 'refused', answer is not null, 'scan_id', scan_id, 'offline', true));
  return answer;
end;
$$;
revoke all on function private.door_sync_lookup(text,text,public.reservations,uuid) from public, anon, authenticated;
