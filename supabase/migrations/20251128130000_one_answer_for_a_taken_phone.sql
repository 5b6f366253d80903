-- One answer for a taken phone (docs/decisions/039-one-answer-and-votes-that-cannot-be-bought.md):
-- create_reservation answers a phone that holds a live pass as it answers a free one (the masked
-- phone, never a code) and sends the pass's link to the phone; a cancelled pass no longer holds
-- its phone (the unique index becomes partial), so its holder may reserve again.

drop index public.reservations_phone_key;
create unique index reservations_phone_key on public.reservations (phone) where state <> 'cancelled';
create index reservations_phone_idx on public.reservations (phone);

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

-- Queues the link of a live pass to its phone: the message "Retrouver mon pass" sends, with the
-- same once-per-10-minutes key (a reservation and a recovery close together send one message).
create function private.send_pass_link(r public.reservations) returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  perform private.queue_message((select m.reminder_channel from public.message_settings m),
    r.phone, 'pass_recovery', private.pass_message_vars(r),
    'pass_recovery:' || r.id || ':' || floor(extract(epoch from now()) / 600)::bigint,
    null, null, r.id);
end;
$$;
revoke all on function private.send_pass_link(public.reservations) from public, anon, authenticated;

-- create_reservation: one answer whatever the phone (docs/decisions/039-one-answer-and-votes-that-
-- cannot-be-bought.md). A free phone gets a new pass; a phone that holds a live (confirmed or
-- waitlisted) pass gets nothing new, but the same answer, and that pass's link is sent to it. In
-- both cases the pass reaches the phone by message (private.send_pass_link): the answer names
-- the masked phone, never a code. A cancelled pass does not hold its phone.
create or replace function public.create_reservation(payload jsonb) returns jsonb
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
    return refused;
  end if;
  begin
    new_id := coalesce(nullif(payload ->> 'id', '')::uuid, gen_random_uuid());
  exception when invalid_text_representation then
    perform private.invalid('id', 'Données de réservation invalides.');
  end;
  if private.is_robot(payload) then
    -- Looks like a success; nothing is stored and the code opens nothing.
    return private.reservation_answer(new_id, btrim(payload ->> 'phone'));
  end if;
  v_phone := btrim(payload ->> 'phone');
  select * into r from public.reservations where id = new_id and phone = v_phone;
  if found then
    return private.reservation_answer(r.id, r.phone);
  end if;

  select * into settings from public.edition_settings;
  closes := coalesce(settings.reservations_close_at, settings.concert_starts_at);
  if now() < settings.reservations_open_at then
    return private.refusal(403,
      format('Les réservations ne sont pas encore ouvertes : elles ouvrent le %s.',
             to_char(settings.reservations_open_at at time zone 'Africa/Douala',
                     'DD/MM/YYYY "à" HH24"h"MI')),
      'reservations_not_open', settings.reservations_open_at::text);
  elsif now() >= closes then
    return private.refusal(403,
      case when now() >= settings.concert_starts_at
           then 'Les réservations sont closes : la Night Party a commencé.'
           else 'Les réservations sont closes.' end,
      'reservations_closed', closes::text);
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
    return private.reservation_answer(r.id, r.phone);
  end if;
  if exists (select 1 from public.reservations x where x.id = new_id) then
    return private.refusal(409, 'Cette réservation a déjà été enregistrée.', 'duplicate_reservation');
  end if;
  -- A live pass holds this phone: its link goes to the phone, the answer is a new pass's.
  select * into r from public.reservations x where x.phone = v_phone and x.state <> 'cancelled';
  if found then
    perform private.send_pass_link(r);
    return private.reservation_answer(new_id, v_phone);
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
  perform private.send_pass_link(r);
  return private.reservation_answer(r.id, r.phone);
exception
  when unique_violation then
    -- A row written by another path (an admin, a script as superuser) between check and insert:
    -- the same answer as above.
    if sqlerrm like '%reservations_phone_key%' then
      select * into r from public.reservations x where x.phone = v_phone and x.state <> 'cancelled';
      if found then
        perform private.send_pass_link(r);
        return private.reservation_answer(new_id, v_phone);
      end if;
    elsif sqlerrm like '%reservations_pkey%' then
      select * into r from public.reservations where id = new_id and phone = v_phone;
      if found then
        return private.reservation_answer(r.id, r.phone);
      end if;
    end if;
    raise;
end;
$$;

drop function private.reservation_answer(public.reservations);
