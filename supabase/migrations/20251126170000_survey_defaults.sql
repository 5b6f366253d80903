-- Survey defaults made visible (issue 27, item 6; docs/decisions/025-survey-defaults.md).
--
-- The specification pre-fills five of the reservation survey's answers (attendance_status yes,
-- will_attend yes, attendance_barrier none, follows_booster_page yes, consumes_booster_products
-- yes); heard_from has none. A "yes" left as the form offered it is not the same figure as a
-- "yes" the visitor chose, and nothing told them apart. From now on:
-- 1. reservations.survey_changed: the pre-filled questions whose answer the visitor changed
--    while filling the form (even if they came back to the default), by column name. null: not
--    recorded (a reservation made before this change, or by a form older than it): unknown.
-- 2. create_reservation takes payload.survey_changed (absent or null: not recorded); only the
--    five keys, refused otherwise and nothing stored. An answer that differs from its default was
--    changed whatever the list says: the database adds it, so the record never contradicts the
--    answers (a check constraint holds that for every row).
-- 3. attendance_report also crosses attendance_status and will_attend, and gives each answer
--    row `prefilled` (the form's default answer), `kept` (confirmed places left at that default)
--    and `unknown` (confirmed places on that default with no record).

-- The form's pre-filled answers, by column: the one list the function, the check and the report
-- read. The specification's values (SPEC §4, reservation form defaults); heard_from has none.
create function private.survey_defaults() returns jsonb
language sql immutable set search_path = '' as $$
  select jsonb_build_object('attendance_status', 'yes', 'will_attend', 'yes',
                            'attendance_barrier', 'none', 'follows_booster_page', 'yes',
                            'consumes_booster_products', 'yes')
$$;

alter table public.reservations add column survey_changed text[];
comment on column public.reservations.survey_changed is
  'The pre-filled survey questions (column names) whose answer the visitor changed on the form; null: not recorded (made before the record existed). See docs/decisions/025-survey-defaults.md.';
-- Only known keys, and never an answer that differs from its default while its key is absent.
-- Written out (not through survey_defaults()) so the constraint depends on no function.
alter table public.reservations add constraint reservations_survey_changed_check check (
  survey_changed is null or (
    survey_changed <@ array['attendance_status', 'will_attend', 'attendance_barrier',
                            'follows_booster_page', 'consumes_booster_products']
    and (attendance_status = 'yes' or 'attendance_status' = any (survey_changed))
    and (will_attend = 'yes' or 'will_attend' = any (survey_changed))
    and (attendance_barrier = 'none' or 'attendance_barrier' = any (survey_changed))
    and (follows_booster_page = 'yes' or 'follows_booster_page' = any (survey_changed))
    and (consumes_booster_products = 'yes' or 'consumes_booster_products' = any (survey_changed))));

-- payload.survey_changed -> the stored record: null when absent or JSON null (not recorded);
-- otherwise an array of at most five strings, each a pre-filled question's column name (raised
-- with a French message otherwise: the whole reservation is refused, nothing stored), completed
-- with every answer that differs from its default, without repeats, in the form's order.
create function private.survey_changed(payload jsonb) returns text[]
language plpgsql stable set search_path = '' as $$
declare
  sent jsonb := payload -> 'survey_changed';
  defaults jsonb := private.survey_defaults();
begin
  if sent is null or jsonb_typeof(sent) = 'null' then
    return null;
  end if;
  if jsonb_typeof(sent) <> 'array' or jsonb_array_length(sent) > 5 or exists (
       select 1 from jsonb_array_elements(sent) e
        where jsonb_typeof(e) <> 'string' or not defaults ? (e #>> '{}')) then
    perform private.invalid('survey_changed',
      'Réponses modifiées invalides : seules les questions pré-remplies du questionnaire sont acceptées.');
  end if;
  return array(
    select d.key
      from jsonb_each_text(defaults) d(key, value)
     where sent ? d.key or payload ->> d.key is distinct from d.value
     order by array_position(array['attendance_status', 'will_attend', 'attendance_barrier',
                                   'follows_booster_page', 'consumes_booster_products'], d.key));
end;
$$;

revoke all on function private.survey_defaults(), private.survey_changed(jsonb)
  from public, anon, authenticated;

-- create_reservation: as in 20251123100000_night_party_operations.sql, plus the record (2.).
-- create or replace keeps its grants.
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
    return jsonb_build_object('id', new_id, 'pass_code', private.new_pass_code(),
                              'state', 'confirmed', 'position', null);
  end if;
  v_phone := btrim(payload ->> 'phone');
  select * into r from public.reservations where id = new_id and phone = v_phone;
  if found then
    return private.reservation_answer(r);
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
    return private.reservation_answer(r);
  end if;
  if exists (select 1 from public.reservations x where x.id = new_id) then
    return private.refusal(409, 'Cette réservation a déjà été enregistrée.', 'duplicate_reservation');
  end if;
  if exists (select 1 from public.reservations x where x.phone = v_phone) then
    return private.refusal(409, 'Ce numéro de téléphone a déjà une réservation pour la Night Party.',
      'duplicate_phone');
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
  return private.reservation_answer(r);
exception
  when unique_violation then
    -- A row written by another path (an admin, a script as superuser) between check and insert.
    if sqlerrm like '%reservations_phone_key%' then
      raise exception 'Ce numéro de téléphone a déjà une réservation pour la Night Party.'
        using errcode = '23505', hint = 'duplicate_phone';
    elsif sqlerrm like '%reservations_pkey%' then
      select * into r from public.reservations where id = new_id and phone = v_phone;
      if found then
        return private.reservation_answer(r);
      end if;
    end if;
    raise;
end;
$$;

-- The survey crossed with who came, for the sponsor: one row per question and answer (every
-- answer, in the form's order, zeros included): { question, answer, reserved, came, prefilled,
-- kept, unknown }, where reserved counts the confirmed places (those who could come), came those
-- checked in, prefilled says the form offered this answer already chosen, kept counts the
-- confirmed places left at it (the visitor did not change it) and unknown those on it made
-- before the record existed (survey_changed null). On an answer that is not pre-filled, kept
-- and unknown are 0: the visitor chose it. create or replace keeps its grants (readers too).
create or replace function public.attendance_report() returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  defaults jsonb := private.survey_defaults();
begin
  perform private.require_reader();
  return (
    with answers(question, q_order, answer, a_order) as (
      values
        ('attendance_status', 1, 'yes', 1), ('attendance_status', 1, 'no', 2),
        ('attendance_status', 1, 'maybe', 3),
        ('heard_from', 2, 'flyer', 1), ('heard_from', 2, 'social', 2),
        ('heard_from', 2, 'wordOfMouth', 3),
        ('will_attend', 3, 'yes', 1), ('will_attend', 3, 'no', 2),
        ('attendance_barrier', 4, 'location', 1), ('attendance_barrier', 4, 'cost', 2),
        ('attendance_barrier', 4, 'distance', 3), ('attendance_barrier', 4, 'noCompanion', 4),
        ('attendance_barrier', 4, 'artists', 5), ('attendance_barrier', 4, 'none', 6),
        ('follows_booster_page', 5, 'yes', 1), ('follows_booster_page', 5, 'no', 2),
        ('consumes_booster_products', 6, 'yes', 1), ('consumes_booster_products', 6, 'no', 2)
    ), given as (
      select g.question, g.answer, count(*) as reserved,
             count(*) filter (where r.checked_in_at is not null) as came,
             count(*) filter (where g.answer = defaults ->> g.question
                                and r.survey_changed is not null
                                and not g.question = any (r.survey_changed)) as kept,
             count(*) filter (where g.answer = defaults ->> g.question
                                and r.survey_changed is null) as unknown
        from public.reservations r
       cross join lateral (values
         ('attendance_status', r.attendance_status), ('heard_from', r.heard_from),
         ('will_attend', r.will_attend), ('attendance_barrier', r.attendance_barrier),
         ('follows_booster_page', r.follows_booster_page),
         ('consumes_booster_products', r.consumes_booster_products)) as g(question, answer)
       where r.state = 'confirmed'
       group by g.question, g.answer
    )
    select coalesce(jsonb_agg(jsonb_build_object(
             'question', a.question, 'answer', a.answer,
             'reserved', coalesce(g.reserved, 0), 'came', coalesce(g.came, 0),
             'prefilled', a.answer = coalesce(defaults ->> a.question, ''),
             'kept', coalesce(g.kept, 0), 'unknown', coalesce(g.unknown, 0))
             order by a.q_order, a.a_order), '[]'::jsonb)
      from answers a left join given g on g.question = a.question and g.answer = a.answer);
end;
$$;
