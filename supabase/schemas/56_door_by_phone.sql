-- Check-in by the holder's phone when the pass is lost: look-ups are limited and journaled
-- (docs/decisions/017-roles-and-door-window.md).

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
    else outcome end
$$;
revoke all on function private.lookup_outcome(text) from public, anon, authenticated;

-- The same, finding the reservation by its phone (9 digits; spaces, +237 ignored), inside the
-- door window, at most lookup_max_per_window per lookup_window_seconds per door account. Every
-- look-up, found or not, refused or not, writes one 'door.lookup' row (phone masked); an entry
-- it records writes its 'reservation.check_in' row too.
create function public.check_in_by_phone(phone text, door text, scan_id uuid default null)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  digits text := regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g');
  v_door text;
  settings private.door_settings;
  n integer;
  oldest timestamptz;
  wait_seconds integer;
  answer jsonb;
  outcome text;
  r public.reservations;
begin
  perform private.require_door_staff();
  perform private.require_door(door);
  v_door := private.clean_line(door);
  if char_length(digits) = 12 and left(digits, 3) = '237' then
    digits := right(digits, 9);
  end if;
  select * into settings from private.door_settings;
  -- One look-up at a time per account: the count below stays true in a burst.
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
        format('Trop de recherches par téléphone depuis ce compte : réessayez dans %s, ou scannez le pass ou tapez son code.',
          case when wait_seconds < 60 then 'une minute'
               else ceil(wait_seconds / 60.0)::integer || ' minutes' end),
        'door_lookup_limited', wait_seconds::text);
    end if;
  end if;

  if answer is not null then
    outcome := answer ->> 'hint';
  else
    if digits ~ '^[0-9]{9}$' then
      select * into r from public.reservations x where x.phone = digits for update;
    end if;
    answer := private.check_in_locked(r, door, scan_id);
    outcome := answer ->> 'verdict';
  end if;
  perform private.audit('door.lookup', 'reservation', r.id::text,
    format('Recherche par téléphone %s à « %s » : %s',
           coalesce(private.mask_phone(nullif(digits, '')), '(vide)'), v_door,
           private.lookup_outcome(outcome)),
    null, jsonb_build_object('phone', private.mask_phone(nullif(digits, '')), 'door', v_door,
      'outcome', outcome, 'refused', outcome not in
        ('validated', 'already', 'unknown', 'waitlisted', 'cancelled'),
      'scan_id', scan_id));
  return answer;
end;
$$;
revoke all on function public.check_in_by_phone(text,text,uuid) from public, anon, authenticated;
grant execute on function public.check_in_by_phone(text,text,uuid) to authenticated;
