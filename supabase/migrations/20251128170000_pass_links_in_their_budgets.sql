-- Issue 38, after merging the budgets (037) and one answer for a taken phone (039): every new
-- reservation now sends its pass's link, and those links must not spend the lost-pass budget (100 a
-- day) nor skip the per-phone limits when the phone already holds a pass.
-- 1. private.outbox_pool reads the dedupe key too: a new reservation's link ('reservation_pass:')
--    counts in the public budget; outbox_claim and outbox_budgets pass it.
-- 2. private.send_pass_link (a taken phone's link, "Retrouver mon pass") is limited per phone as
--    a lost pass; private.send_new_pass queues a new pass's link once.
-- 3. recover_pass counts an unknown phone as a wrong code (never refused: the same answer).
drop function private.outbox_pool(text);

create or replace function private.outbox_pool(template text, dedupe_key text) returns text
language sql immutable parallel safe set search_path = '' as $$
  select case when template = 'registration_confirmation' or dedupe_key like 'reservation_pass:%'
              then 'public'
              when template = 'pass_recovery' then 'recovery' else 'reserve' end
$$;
revoke all on function private.outbox_pool(text,text) from public, anon, authenticated;

create or replace function public.outbox_claim(batch_size integer default 50, channels text[] default array['sms', 'whatsapp', 'email'])
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  m public.message_settings;
  room jsonb;
  claimed jsonb;
begin
  if batch_size is null or batch_size not between 1 and 1000 then
    perform private.invalid('batch_size', 'Taille de lot invalide (1 à 1000).');
  end if;
  perform private.queue_scheduled_reminders();
  update public.outbox o set last_error = 'Aucun fournisseur configuré.'
   where o.state = 'queued' and o.channel <> all (coalesce(channels, '{}'))
     and o.last_error is distinct from 'Aucun fournisseur configuré.';
  -- Claims take turns for the counts below (a few milliseconds): the budgets hold with runs at once.
  perform pg_advisory_xact_lock(hashtext('public.outbox_claim'));
  select * into m from public.message_settings;
  select jsonb_build_object(
      'public', m.public_daily_cap - count(*) filter (where private.outbox_pool(o.template, o.dedupe_key) = 'public'),
      'recovery', m.recovery_daily_cap - count(*) filter (where private.outbox_pool(o.template, o.dedupe_key) = 'recovery'),
      'reserve', m.daily_cap - m.public_daily_cap - m.recovery_daily_cap
                 - count(*) filter (where private.outbox_pool(o.template, o.dedupe_key) = 'reserve'))
    into room from public.outbox o
   where o.claimed_at >= private.douala_day_start() and o.state in ('sending', 'sent');
  with ranked as (
    select o.id, private.outbox_pool(o.template, o.dedupe_key) as pool,
           row_number() over (partition by private.outbox_pool(o.template, o.dedupe_key)
                              order by o.next_attempt_at, o.created_at) as rn
      from public.outbox o
     where o.channel = any (coalesce(channels, '{}'))
       and ((o.state = 'queued' and o.next_attempt_at <= now())
            or (o.state = 'sending' and o.claimed_at < now() - interval '10 minutes')))
  , due as (
    select o.id from public.outbox o join ranked r on r.id = o.id
     where r.rn <= (room ->> r.pool)::integer
     order by case r.pool when 'recovery' then 0 when 'reserve' then 1 else 2 end,
              o.next_attempt_at, o.created_at
     limit batch_size
     for update of o skip locked)
  , taken as (
    update public.outbox o set state = 'sending', attempts = o.attempts + 1, claimed_at = now()
      from due where o.id = due.id
    returning o.*)
  select coalesce(jsonb_agg(to_jsonb(t) || jsonb_build_object('variables', private.safe_message_vars(t.variables))
           order by case private.outbox_pool(t.template, t.dedupe_key) when 'recovery' then 0 when 'reserve' then 1 else 2 end,
                    t.next_attempt_at, t.created_at), '[]'::jsonb)
    into claimed from taken t;
  return claimed;
end;
$$;
revoke all on function public.outbox_claim(integer,text[]) from public, anon, authenticated;
grant execute on function public.outbox_claim(integer,text[]) to service_role;

create or replace function private.send_pass_link(r public.reservations) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  m public.message_settings;
  today integer;
  last_hour integer;
begin
  perform pg_advisory_xact_lock(hashtext('public.recover_pass:' || r.phone));
  select * into m from public.message_settings;
  select count(*) filter (where o.created_at >= private.douala_day_start()),
         count(*) filter (where o.created_at > now() - interval '1 hour')
    into today, last_hour from public.outbox o
   where o.template = 'pass_recovery' and o.recipient = r.phone
     and o.created_at >= least(private.douala_day_start(), now() - interval '1 hour');
  if today >= m.recovery_per_phone_day or last_hour >= m.recovery_per_phone_hour then
    insert into private.outbox_refusals as f (day, reason, refused)
    values ((now() at time zone 'Africa/Douala')::date,
            case when today >= m.recovery_per_phone_day then 'recovery_phone_day'
                 else 'recovery_phone_hour' end, 1)
    on conflict on constraint outbox_refusals_pkey do update set refused = f.refused + 1;
  else
    perform private.queue_message(m.reminder_channel, r.phone, 'pass_recovery',
      private.pass_message_vars(r),
      'pass_recovery:' || r.id || ':' || floor(extract(epoch from now()) / 600)::bigint,
      null, null, r.id);
  end if;
end;
$$;
revoke all on function private.send_pass_link(public.reservations) from public, anon, authenticated;

create or replace function private.send_new_pass(r public.reservations) returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  perform private.queue_message((select m.reminder_channel from public.message_settings m),
    r.phone, 'pass_recovery', private.pass_message_vars(r), 'reservation_pass:' || r.id,
    null, null, r.id);
end;
$$;
revoke all on function private.send_new_pass(public.reservations) from public, anon, authenticated;

create or replace function public.recover_pass(payload jsonb) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  refused jsonb;
  v_phone text;
  r public.reservations;
  answer jsonb := jsonb_build_object('ok', true, 'message',
    'Si ce numéro a une réservation, le lien de son pass lui est envoyé par message dans quelques minutes.');
begin
  refused := private.admit_public_write('recover', payload);
  if refused is not null then
    return refused;
  end if;
  if private.is_robot(payload) then
    return answer;
  end if;
  v_phone := btrim(payload ->> 'phone');
  if coalesce(v_phone, '') !~ '^[0-9]{9}$' then
    perform private.invalid('phone', 'Numéro de téléphone invalide (9 chiffres requis, Pas d''espace)');
  end if;
  select * into r from public.reservations x where x.phone = v_phone and x.state <> 'cancelled';
  if found then
    perform private.send_pass_link(r);
  else
    -- Counted like a wrong pass code (docs/decisions/039-one-answer-and-votes-that-cannot-be-bought.md),
    -- never refused: the answer stays the same whatever the phone.
    perform private.wrong_code(false);
  end if;
  return answer;
end;
$$;
revoke all on function public.recover_pass(jsonb) from public, anon, authenticated;
grant execute on function public.recover_pass(jsonb) to anon, authenticated;

create or replace function public.outbox_budgets() returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  m public.message_settings;
begin
  perform private.require_admin();
  select * into m from public.message_settings;
  return jsonb_build_object(
    'day', (now() at time zone 'Africa/Douala')::date,
    'daily_cap', m.daily_cap,
    'budgets', (
      select jsonb_agg(jsonb_build_object('pool', b.pool, 'size', b.size,
               'used', (select count(*) from public.outbox o
                         where private.outbox_pool(o.template, o.dedupe_key) = b.pool
                           and o.claimed_at >= private.douala_day_start()
                           and o.state in ('sending', 'sent')),
               'queued', (select count(*) from public.outbox o
                           where private.outbox_pool(o.template, o.dedupe_key) = b.pool and o.state = 'queued'))
             order by b.ord)
        from (values (1, 'reserve', m.daily_cap - m.public_daily_cap - m.recovery_daily_cap),
                     (2, 'recovery', m.recovery_daily_cap), (3, 'public', m.public_daily_cap))
             b(ord, pool, size)),
    'refused_recoveries', coalesce((
      select sum(f.refused) from private.outbox_refusals f
       where f.day = (now() at time zone 'Africa/Douala')::date), 0));
end;
$$;
revoke all on function public.outbox_budgets() from public, anon, authenticated;
grant execute on function public.outbox_budgets() to authenticated;

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
  perform private.send_new_pass(r);
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
revoke all on function public.create_reservation(jsonb) from public, anon, authenticated;
grant execute on function public.create_reservation(jsonb) to anon, authenticated;
