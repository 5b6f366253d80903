-- Reserving a place (public, confirmed or waitlisted), the pass as its holder reads it, the
-- holder's own cancellation and an admin's, each freeing a place for the waiting list.

-- ---------------------------------------------------------------------------------------------
-- Functions
-- ---------------------------------------------------------------------------------------------

-- What create_reservation answers, whatever happened: a new pass, a retry of it, a phone that
-- already holds a live pass, a robot. The pass itself goes to the phone by message (its link):
-- the answer carries no code, so that it never tells whether the phone held a pass
-- (docs/decisions/039-one-answer-and-votes-that-cannot-be-bought.md).
create function private.reservation_answer(id uuid, phone text) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object('id', reservation_answer.id,
    'sent_to', left(reservation_answer.phone, 1) || '•• •• •• ' || right(reservation_answer.phone, 2),
    'channel', (select m.reminder_channel from public.message_settings m))
$$;
revoke all on function private.reservation_answer(uuid,text) from public, anon, authenticated;

-- create_reservation: one answer whatever the phone (docs/decisions/039-one-answer-and-votes-that-
-- cannot-be-bought.md). A free phone gets a new pass; a phone that holds a live (confirmed or
-- waitlisted) pass gets nothing new, but the same answer, and that pass's link is sent to it. In
-- both cases the pass reaches the phone by message (private.send_new_pass, or for a pass that
-- exists private.send_pass_link, limited per phone as a lost pass): the answer names
-- the masked phone, never a code. A cancelled pass does not hold its phone.
create function public.create_reservation(payload jsonb) returns public.reservation_sent
language plpgsql volatile security definer set search_path = '' as $$
declare
  refused jsonb;
  new_id uuid;
  v_phone text;
  settings public.edition_settings;
  closes timestamptz;
  code text;
  v_state text;
  queue bigint;
  r public.reservations;
  changed text[];
begin
  refused := private.admit_public_write('reserve', payload);
  if refused is not null then
    return jsonb_populate_record(null::public.reservation_sent, refused);
  end if;
  begin
    new_id := coalesce(nullif(payload ->> 'id', '')::uuid, gen_random_uuid());
  exception when invalid_text_representation then
    perform private.invalid('id', 'Données de réservation invalides.');
  end;
  if private.is_robot(payload) then
    -- Looks like a success; nothing is stored and the code opens nothing.
    return jsonb_populate_record(null::public.reservation_sent,
      private.reservation_answer(new_id, btrim(payload ->> 'phone')));
  end if;
  v_phone := btrim(payload ->> 'phone');
  select * into r from public.reservations where id = new_id and phone = v_phone;
  if found then
    return jsonb_populate_record(null::public.reservation_sent,
      private.reservation_answer(r.id, r.phone));
  end if;

  select * into settings from public.edition_settings;
  closes := coalesce(settings.reservations_close_at, settings.concert_starts_at);
  if now() < settings.reservations_open_at then
    return jsonb_populate_record(null::public.reservation_sent, private.refusal(403,
      format('Les réservations ne sont pas encore ouvertes : elles ouvrent le %s.',
             private.douala_time(settings.reservations_open_at)),
      'reservations_not_open', settings.reservations_open_at::text));
  elsif now() >= closes then
    return jsonb_populate_record(null::public.reservation_sent, private.refusal(403,
      case when now() >= settings.concert_starts_at
           then 'Les réservations sont closes : la Night Party a commencé.'
           else 'Les réservations sont closes.' end,
      'reservations_closed', closes::text));
  end if;

  perform private.require_strings(payload,
    array['full_name', 'phone', 'ville', 'attendance_status', 'heard_from', 'will_attend',
          'attendance_barrier', 'follows_booster_page', 'consumes_booster_products']);
  if private.is_blank(payload ->> 'full_name') then
    perform private.invalid('full_name', 'Le nom est obligatoire');
  elsif char_length(private.clean_line(payload ->> 'full_name')) not between 3 and 100 then
    perform private.invalid('full_name', 'Le nom doit contenir entre 3 et 100 caractères.');
  end if;
  if coalesce(v_phone, '') !~ '^[0-9]{9}$' then
    perform private.invalid('phone', 'Numéro de téléphone invalide (9 chiffres requis, Pas d''espace)');
  end if;
  if private.is_blank(payload ->> 'ville') then
    perform private.invalid('ville', 'La ville est obligatoire');
  elsif char_length(private.clean_line(payload ->> 'ville')) > 80 then
    perform private.invalid('ville', 'La ville ne doit pas dépasser 80 caractères.');
  end if;
  if coalesce(payload ->> 'attendance_status', '') not in ('yes', 'no', 'maybe')
     or coalesce(payload ->> 'heard_from', '') not in ('flyer', 'social', 'wordOfMouth')
     or coalesce(payload ->> 'will_attend', '') not in ('yes', 'no')
     or coalesce(payload ->> 'attendance_barrier', '') not in
        ('location', 'cost', 'distance', 'noCompanion', 'artists', 'none')
     or coalesce(payload ->> 'follows_booster_page', '') not in ('yes', 'no')
     or coalesce(payload ->> 'consumes_booster_products', '') not in ('yes', 'no') then
    perform private.invalid('survey', 'Veuillez répondre à toutes les questions.');
  end if;
  changed := private.survey_changed(payload);

  -- One reservation at a time from here to the commit: the count below stays true.
  select * into settings from public.edition_settings for update;
  -- An overlapping retry now sees the row the first request stored.
  select * into r from public.reservations where id = new_id and phone = v_phone;
  if found then
    return jsonb_populate_record(null::public.reservation_sent,
      private.reservation_answer(r.id, r.phone));
  end if;
  if exists (select 1 from public.reservations x where x.id = new_id) then
    return jsonb_populate_record(null::public.reservation_sent,
      private.refusal(409, 'Cette réservation a déjà été enregistrée.', 'duplicate_reservation'));
  end if;
  -- A live pass holds this phone: its link goes to the phone, the answer is a new pass's.
  select * into r from public.reservations x where x.phone = v_phone and x.state <> 'cancelled';
  if found then
    perform private.send_pass_link(r);
    return jsonb_populate_record(null::public.reservation_sent,
      private.reservation_answer(new_id, v_phone));
  end if;

  if (select count(*) from public.reservations x where x.state = 'confirmed')
     < private.place_limit(settings) then
    v_state := 'confirmed';
  else
    v_state := 'waitlisted';
    queue := nextval('private.reservation_queue');
  end if;
  -- Codes are created under the lock: checking that one is free is enough.
  loop
    code := private.new_pass_code();
    exit when not exists (select 1 from public.reservations x where x.pass_code = code);
  end loop;

  insert into public.reservations (id, full_name, phone, ville, attendance_status, heard_from,
    will_attend, attendance_barrier, follows_booster_page, consumes_booster_products,
    pass_code, state, queue_number, survey_changed)
  values (new_id, private.clean_line(payload ->> 'full_name'), v_phone,
    private.clean_line(payload ->> 'ville'), payload ->> 'attendance_status',
    payload ->> 'heard_from', payload ->> 'will_attend', payload ->> 'attendance_barrier',
    payload ->> 'follows_booster_page', payload ->> 'consumes_booster_products',
    code, v_state, queue, changed)
  returning * into r;
  perform private.send_new_pass(r);
  return jsonb_populate_record(null::public.reservation_sent,
    private.reservation_answer(r.id, r.phone));
exception
  when unique_violation then
    -- A row written by another path (an admin, a script as superuser) between check and insert:
    -- the same answer as above.
    if sqlerrm like '%reservations_phone_key%' then
      select * into r from public.reservations x where x.phone = v_phone and x.state <> 'cancelled';
      if found then
        perform private.send_pass_link(r);
        return jsonb_populate_record(null::public.reservation_sent,
          private.reservation_answer(new_id, v_phone));
      end if;
    elsif sqlerrm like '%reservations_pkey%' then
      select * into r from public.reservations where id = new_id and phone = v_phone;
      if found then
        return jsonb_populate_record(null::public.reservation_sent,
          private.reservation_answer(r.id, r.phone));
      end if;
    end if;
    raise;
end;
$$;
revoke all on function public.create_reservation(jsonb) from public, anon, authenticated;
grant execute on function public.create_reservation(jsonb) to anon, authenticated;

-- One pass, by its code (any case; spaces and dashes ignored). null when no pass has this code.
-- Otherwise only { code, qr_token, first_name, masked_phone, state, position, checked_in_at,
-- concert_starts_at, doors_open_at, venue_name, venue_address, map_url }, state being
-- confirmed | waitlisted | cancelled | checked_in. A wrong code is counted per address, and
-- refused past the limit (private.wrong_code, docs/decisions/039-one-answer-and-votes-that-
-- cannot-be-bought.md).
create function public.get_pass(code text) returns public.pass_answer
language plpgsql volatile security definer set search_path = '' as $$
declare
  r public.reservations;
begin
  select * into r from public.reservations x
   where x.pass_code = private.normalise_pass_code(get_pass.code);
  if not found then
    return jsonb_populate_record(null::public.pass_answer, private.wrong_code());
  end if;
  return jsonb_populate_record(null::public.pass_answer, private.pass_json(r));
end;
$$;
revoke all on function public.get_pass(text) from public, anon, authenticated;
grant execute on function public.get_pass(text) to anon, authenticated;

-- As before (rate limit, unknown code counted as a wrong code, entered pass, waitlist promoted),
-- for visitors only: a
-- signed-in caller is staff and cancels from the administration (admin_cancel_reservation,
-- journaled with its actor). The holder's cancellation writes one 'reservation.cancel' row
-- without actor nor personal data.
create function public.cancel_reservation(code text) returns public.pass_answer
language plpgsql volatile security definer set search_path = '' as $$
declare
  refused jsonb;
  v_code text := private.normalise_pass_code(cancel_reservation.code);
  r public.reservations;
  was text;
begin
  if auth.uid() is not null then
    raise exception 'Vous êtes connecté avec un compte de l’organisation : annulez cette réservation depuis l’administration (page Réservations).'
      using errcode = '42501', hint = 'staff_cancel_from_admin';
  end if;
  refused := private.take_rate_limit('cancel');
  if refused is not null then
    return jsonb_populate_record(null::public.pass_answer, refused);
  end if;
  if not exists (select 1 from public.reservations x where x.pass_code = v_code) then
    -- Counted per address, refused past the limit (22_wrong_codes.sql).
    refused := private.wrong_code();
    return jsonb_populate_record(null::public.pass_answer,
      coalesce(refused, private.refusal(404, 'Pass inconnu : vérifiez le code.', 'pass_unknown')));
  end if;
  -- Same lock order as create_reservation: settings, then the row.
  perform 1 from public.edition_settings for update;
  select * into r from public.reservations x where x.pass_code = v_code for update;
  if r.checked_in_at is not null then
    return jsonb_populate_record(null::public.pass_answer,
      private.refusal(409, 'Ce pass a déjà servi à l’entrée : il ne peut plus être annulé.',
      'pass_checked_in'));
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
  return jsonb_populate_record(null::public.pass_answer, private.pass_json(r));
end;
$$;
revoke all on function public.cancel_reservation(text) from public, anon, authenticated;
grant execute on function public.cancel_reservation(text) to anon, authenticated;

-- As in 20251123120000_organiser_workspace.sql, plus 'promoted': how many waitlisted reservations
-- the freed place confirmed (private.fill_places), so that the cancellation's toast names the
-- change it caused (issue 27: "every status change caused by another action is named"). 0 when
-- nothing was freed (already cancelled).
create function public.admin_cancel_reservation(id uuid) returns public.reservation_cancelled
language plpgsql volatile security definer set search_path = '' as $$
declare
  r public.reservations;
  promoted integer := 0;
begin
  perform private.require_admin();
  perform 1 from public.edition_settings for update;
  select * into r from public.reservations x where x.id = admin_cancel_reservation.id for update;
  if not found then
    return jsonb_populate_record(null::public.reservation_cancelled,
      private.refusal(404, 'Réservation non trouvée.', 'not_found'));
  elsif r.checked_in_at is not null then
    return jsonb_populate_record(null::public.reservation_cancelled, private.refusal(409, 'Ce pass a déjà servi à l’entrée : il ne peut plus être annulé.',
      'pass_checked_in'));
  end if;
  if r.state <> 'cancelled' then
    perform private.audit('reservation.cancel', 'reservation', r.id::text, 'Réservation annulée',
      jsonb_build_object('state', r.state), jsonb_build_object('state', 'cancelled'));
    update public.reservations x set state = 'cancelled', cancelled_at = now()
     where x.id = r.id returning * into r;
    promoted := private.fill_places();
  end if;
  return jsonb_populate_record(null::public.reservation_cancelled,
    private.pass_json(r) || jsonb_build_object('promoted', promoted));
end;
$$;
revoke all on function public.admin_cancel_reservation(uuid) from public, anon, authenticated;
grant execute on function public.admin_cancel_reservation(uuid) to authenticated;
