-- The admins' settings form: the edition's and the contest's settings in one journaled call.

-- ---------------------------------------------------------------------------------------------
-- Functions
-- ---------------------------------------------------------------------------------------------

-- A date and time with its zone (ISO 8601, as toISOString() writes it), or the current value
-- when the key is absent. `nullable`: JSON null clears it.
create function private.setting_time(payload jsonb, field text, fallback timestamptz,
  message text, nullable boolean default false) returns timestamptz
language plpgsql stable set search_path = '' as $$
declare
  v text := payload ->> field;
begin
  if not payload ? field then
    return fallback;
  elsif jsonb_typeof(payload -> field) = 'null' and nullable then
    return null;
  elsif jsonb_typeof(payload -> field) is distinct from 'string'
        or v !~ '^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)$' then
    perform private.invalid(field, message);
  end if;
  return v::timestamptz;
exception when datetime_field_overflow or invalid_datetime_format then
  perform private.invalid(field, message);
  return null;
end;
$$;
revoke all on function private.setting_time(jsonb,text,timestamp with time zone,text,boolean) from public, anon, authenticated;

-- A whole number in min..max (a JSON number or a string of digits), or the current value.
create function private.setting_int(payload jsonb, field text, fallback integer, lo integer,
  hi integer, message text) returns integer
language plpgsql immutable set search_path = '' as $$
declare
  v text := btrim(payload ->> field);
begin
  if not payload ? field then
    return fallback;
  elsif jsonb_typeof(payload -> field) not in ('number', 'string') or v !~ '^[0-9]{1,9}$'
        or v::integer not between lo and hi then
    perform private.invalid(field, message);
  end if;
  return v::integer;
end;
$$;
revoke all on function private.setting_int(jsonb,text,integer,integer,integer,text) from public, anon, authenticated;

-- As before (20251126120000_scheduled_purge_and_journal.sql), with the final's city and day.
-- A change that makes messages due (waitlist offers of a larger capacity, the scheduled reminder
-- of a concert moved closer) queues them in the same transaction, and more than a handful only
-- with payload.confirm_messages = their count (docs/decisions/037-message-budgets.md).
create function public.admin_update_settings(payload jsonb) returns public.admin_settings
language plpgsql volatile security definer set search_path = '' as $$
declare
  e public.edition_settings;
  c public.contest_settings;
  old_concert timestamptz;
  old_purge date;
  key text;
  v text;
  before_row jsonb;
  after_row jsonb;
  changed text[];
  allowed constant text[] := array['concert_starts_at', 'doors_open_at', 'venue_name',
    'venue_address', 'map_url', 'capacity', 'overbooking_percent', 'reservations_open_at',
    'reservations_close_at', 'contact_phone', 'contact_email', 'registration_opens_at',
    'registration_closes_at', 'max_participants', 'personal_data_purge_at', 'final_city',
    'final_on'];
begin
  perform private.require_admin();
  if jsonb_typeof(payload) is distinct from 'object' then
    raise exception 'Données invalides.' using errcode = '22023', hint = 'payload';
  end if;
  for key in select k from jsonb_object_keys(payload) k where k <> 'confirm_messages' order by k loop
    if key <> all (allowed) then
      perform private.invalid(key, 'Ce paramètre n’existe pas.');
    end if;
  end loop;

  select * into e from public.edition_settings for update;
  select * into c from public.contest_settings for update;
  old_concert := e.concert_starts_at;
  old_purge := e.personal_data_purge_at;
  before_row := private.settings_json();

  e.concert_starts_at := private.setting_time(payload, 'concert_starts_at', e.concert_starts_at,
    'Date et heure du concert invalides.');
  e.doors_open_at := private.setting_time(payload, 'doors_open_at', e.doors_open_at,
    'Heure d’ouverture des portes invalide.');
  e.reservations_open_at := private.setting_time(payload, 'reservations_open_at',
    e.reservations_open_at, 'Date d’ouverture des réservations invalide.');
  e.reservations_close_at := private.setting_time(payload, 'reservations_close_at',
    e.reservations_close_at, 'Date de clôture des réservations invalide.', true);
  c.registration_opens_at := private.setting_time(payload, 'registration_opens_at',
    c.registration_opens_at, 'Date d’ouverture des inscriptions invalide.');
  c.registration_closes_at := private.setting_time(payload, 'registration_closes_at',
    c.registration_closes_at, 'Date de clôture des inscriptions invalide.');
  e.capacity := private.setting_int(payload, 'capacity', e.capacity, 1, 100000,
    'La capacité doit être un nombre entier de 1 à 100 000.');
  e.overbooking_percent := private.setting_int(payload, 'overbooking_percent',
    e.overbooking_percent, 0, 50, 'Le surbooking doit être un pourcentage entier de 0 à 50.');
  c.max_participants := private.setting_int(payload, 'max_participants', c.max_participants,
    1, 1000000, 'Le nombre maximum de participants doit être un entier de 1 à 1 000 000.');

  if payload ? 'venue_name' then
    v := private.clean_line(payload ->> 'venue_name');
    if jsonb_typeof(payload -> 'venue_name') is distinct from 'string'
       or char_length(v) not between 2 and 120 then
      perform private.invalid('venue_name', 'Le nom du lieu doit contenir entre 2 et 120 caractères.');
    end if;
    e.venue_name := v;
  end if;
  if payload ? 'venue_address' then
    v := private.clean_line(payload ->> 'venue_address');
    if jsonb_typeof(payload -> 'venue_address') is distinct from 'string'
       or char_length(v) not between 2 and 200 then
      perform private.invalid('venue_address', 'L’adresse doit contenir entre 2 et 200 caractères.');
    end if;
    e.venue_address := v;
  end if;
  if payload ? 'final_city' then
    v := private.clean_line(payload ->> 'final_city');
    if jsonb_typeof(payload -> 'final_city') is distinct from 'string'
       or char_length(v) not between 2 and 80 or not private.has_letter_or_digit(v) then
      perform private.invalid('final_city',
        'La ville de la finale doit contenir entre 2 et 80 caractères.');
    end if;
    c.final_city := v;
  end if;
  if payload ? 'final_on' then
    v := btrim(payload ->> 'final_on');
    begin
      if jsonb_typeof(payload -> 'final_on') is distinct from 'string'
         or v !~ '^\d{4}-\d{2}-\d{2}$' or v::date not between '2000-01-01' and '2199-12-31' then
        raise invalid_datetime_format;
      end if;
      c.final_on := v::date;
    exception when invalid_datetime_format or datetime_field_overflow then
      perform private.invalid('final_on', 'Date de la finale invalide (AAAA-MM-JJ).');
    end;
  end if;
  if payload ? 'map_url' then
    v := btrim(payload ->> 'map_url');
    if jsonb_typeof(payload -> 'map_url') is distinct from 'string'
       or char_length(v) > 500 or v !~ '^https://[^[:space:]]+$' then
      perform private.invalid('map_url', 'Le lien du plan doit être une adresse https:// valide.');
    end if;
    e.map_url := v;
  end if;
  if payload ? 'contact_phone' then
    v := regexp_replace(coalesce(payload ->> 'contact_phone', ''), '[^0-9]', '', 'g');
    if char_length(v) = 12 and left(v, 3) = '237' then
      v := right(v, 9);
    end if;
    if jsonb_typeof(payload -> 'contact_phone') is distinct from 'string' or v !~ '^[0-9]{9}$' then
      perform private.invalid('contact_phone', 'Numéro de téléphone invalide (9 chiffres requis)');
    end if;
    e.contact_phone := v;
  end if;
  if payload ? 'contact_email' then
    v := lower(btrim(payload ->> 'contact_email'));
    if jsonb_typeof(payload -> 'contact_email') is distinct from 'string'
       or not private.email_is_valid(v) then
      perform private.invalid('contact_email', 'Adresse email invalide');
    end if;
    e.contact_email := v;
  end if;
  if payload ? 'personal_data_purge_at' then
    if jsonb_typeof(payload -> 'personal_data_purge_at') = 'null' then
      e.personal_data_purge_at := null;
    else
      v := btrim(payload ->> 'personal_data_purge_at');
      begin
        if jsonb_typeof(payload -> 'personal_data_purge_at') is distinct from 'string'
           or v !~ '^\d{4}-\d{2}-\d{2}$' then
          raise invalid_datetime_format;
        end if;
        e.personal_data_purge_at := v::date;
      exception when invalid_datetime_format or datetime_field_overflow then
        perform private.invalid('personal_data_purge_at',
          'Date de purge des données personnelles invalide (AAAA-MM-JJ).');
      end;
    end if;
  end if;

  -- The rules between fields, named on the field that was most likely changed.
  if e.doors_open_at > e.concert_starts_at then
    perform private.invalid('doors_open_at',
      'L’ouverture des portes doit précéder le début du concert.');
  end if;
  if e.reservations_open_at >= e.concert_starts_at then
    perform private.invalid('reservations_open_at',
      'L’ouverture des réservations doit précéder le début du concert.');
  end if;
  if e.reservations_close_at is not null and e.reservations_close_at <= e.reservations_open_at then
    perform private.invalid('reservations_close_at',
      'La clôture des réservations doit suivre leur ouverture.');
  end if;
  if e.reservations_close_at is not null and e.reservations_close_at > e.concert_starts_at then
    perform private.invalid('reservations_close_at',
      'La clôture des réservations ne peut pas dépasser le début du concert.');
  end if;
  if c.registration_closes_at <= c.registration_opens_at then
    perform private.invalid('registration_closes_at',
      'La clôture des inscriptions doit suivre leur ouverture.');
  end if;
  -- The final closes the contest: it cannot come before the registrations open (checked when
  -- the final's day is the field being changed, so that moving the window alone, as the tests
  -- and a new edition's first step do, is not held up by last edition's final).
  if payload ? 'final_on'
     and c.final_on < (c.registration_opens_at at time zone 'Africa/Douala')::date then
    perform private.invalid('final_on',
      'La finale doit avoir lieu après l’ouverture des inscriptions.');
  end if;
  if e.concert_starts_at is distinct from old_concert and e.concert_starts_at < now()
     and exists (select 1 from public.reservations) then
    perform private.invalid('concert_starts_at',
      'Des places sont réservées : le début du concert ne peut pas être placé dans le passé.');
  end if;
  if e.personal_data_purge_at is distinct from old_purge and exists (
       select 1 from private.purge_requests r where r.cancelled_at is null and r.ran_at is null) then
    perform private.invalid('personal_data_purge_at',
      'Une purge des données personnelles est programmée : annulez-la avant de changer sa date.');
  end if;
  if e.personal_data_purge_at is not null and e.personal_data_purge_at < 30 + greatest(
       (e.concert_starts_at at time zone 'Africa/Douala')::date,
       (c.registration_closes_at at time zone 'Africa/Douala')::date) then
    perform private.invalid('personal_data_purge_at',
      'La purge des données personnelles doit venir au moins 30 jours après le concert et la clôture des inscriptions.');
  end if;

  update public.edition_settings s set
    concert_starts_at = e.concert_starts_at, doors_open_at = e.doors_open_at,
    venue_name = e.venue_name, venue_address = e.venue_address, map_url = e.map_url,
    capacity = e.capacity, overbooking_percent = e.overbooking_percent,
    reservations_open_at = e.reservations_open_at, reservations_close_at = e.reservations_close_at,
    contact_phone = e.contact_phone, contact_email = e.contact_email,
    personal_data_purge_at = e.personal_data_purge_at, updated_at = now()
   where s.id;
  update public.contest_settings s set
    registration_opens_at = c.registration_opens_at,
    registration_closes_at = c.registration_closes_at,
    max_participants = c.max_participants, final_city = c.final_city, final_on = c.final_on,
    updated_at = now()
   where s.id;
  perform private.start_spend();
  perform private.fill_places();
  if e.concert_starts_at is distinct from old_concert then
    perform private.queue_scheduled_reminders();
  end if;
  perform private.require_spend_confirmed(private.setting_int(payload, 'confirm_messages', null,
    0, 1000000, 'Nombre de messages à confirmer invalide.'));

  after_row := private.settings_json();
  select array_agg(k order by k) into changed
    from jsonb_object_keys(after_row) k
   where k <> 'updated_at' and after_row -> k is distinct from before_row -> k;
  if changed is not null then
    perform private.audit('settings.update', 'settings', null,
      'Paramètres modifiés : ' || (select string_agg(case k
          when 'concert_starts_at' then 'date du concert'
          when 'doors_open_at' then 'ouverture des portes' when 'venue_name' then 'lieu'
          when 'venue_address' then 'adresse' when 'map_url' then 'plan'
          when 'capacity' then 'capacité' when 'overbooking_percent' then 'surbooking'
          when 'reservations_open_at' then 'ouverture des réservations'
          when 'reservations_close_at' then 'clôture des réservations'
          when 'contact_phone' then 'téléphone de contact'
          when 'contact_email' then 'e-mail de contact'
          when 'registration_opens_at' then 'ouverture des inscriptions'
          when 'registration_closes_at' then 'clôture des inscriptions'
          when 'max_participants' then 'nombre maximum de participants'
          when 'personal_data_purge_at' then 'date de purge des données personnelles'
          when 'final_city' then 'ville de la finale'
          when 'final_on' then 'date de la finale'
          else k end, ', ' order by o) from unnest(changed) with ordinality u(k, o)),
      (select jsonb_object_agg(k, before_row -> k) from unnest(changed) k),
      (select jsonb_object_agg(k, after_row -> k) from unnest(changed) k));
  end if;
  return jsonb_populate_record(null::public.admin_settings, after_row);
end;
$$;
revoke all on function public.admin_update_settings(jsonb) from public, anon, authenticated;
grant execute on function public.admin_update_settings(jsonb) to authenticated;
