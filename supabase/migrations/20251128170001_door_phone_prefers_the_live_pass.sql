-- A phone may hold cancelled passes beside its live one since a cancelled phone may reserve again
-- (20251128130000, ADR 039): the door's look-ups by phone take the live pass first (they took
-- whichever row came first, and could read "annulé" to a guest holding a live pass).
create or replace function public.check_in_by_phone(phone text, door text, scan_id uuid default null)
returns jsonb
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

create or replace function public.door_phone_search(phone text, door text) returns jsonb
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
    format('Recherche par téléphone %s à « %s » : %s',
           coalesce(private.mask_phone(nullif(digits, '')), '(vide)'), v_door,
           private.lookup_outcome(outcome)),
    null, jsonb_build_object('phone', private.mask_phone(nullif(digits, '')), 'door', v_door,
      'outcome', outcome, 'refused', outcome not in ('found', 'unknown'), 'search', true));
  return answer;
end;
$$;
revoke all on function public.door_phone_search(text,text) from public, anon, authenticated;
grant execute on function public.door_phone_search(text,text) to authenticated;
