-- Messages by priority, with budgets, and changes that spend money ask first (issue 38,
-- docs/decisions/037-message-budgets.md). Visitors' names in messages: the first name only,
-- never a link-like one.

alter table public.message_settings
  add column public_daily_cap integer default 300 not null,
  add column recovery_daily_cap integer default 100 not null,
  add column recovery_per_phone_day integer default 3 not null,
  add column recovery_per_phone_hour integer default 2 not null,
  add constraint message_settings_budgets_check check (public_daily_cap >= 0 and recovery_daily_cap >= 0 and public_daily_cap + recovery_daily_cap < daily_cap),
  add constraint message_settings_recovery_per_phone_check check (recovery_per_phone_hour >= 1 and recovery_per_phone_hour <= recovery_per_phone_day and recovery_per_phone_day <= 20);

comment on column public.message_settings.daily_cap is 'Messages handed to providers per Douala day, every budget together; the reserve (waitlist offers, reminders, convocations) is what public_daily_cap and recovery_daily_cap leave.';
comment on column public.message_settings.public_daily_cap is 'Of daily_cap, the messages a visitor''s own action queues (registration confirmations) per Douala day.';
comment on column public.message_settings.recovery_daily_cap is 'Of daily_cap, the lost-pass messages ("Retrouver mon pass") per Douala day.';
comment on column public.message_settings.recovery_per_phone_day is 'Lost-pass messages one phone gets per Douala day at most; more asks are answered as usual and counted in private.outbox_refusals.';
comment on column public.message_settings.recovery_per_phone_hour is 'Lost-pass messages one phone gets per hour at most.';

create index outbox_recovery_idx on public.outbox (recipient, created_at) where template = 'pass_recovery';

create table private.outbox_refusals (
  day date not null,
  reason text not null,
  refused integer default 0 not null,
  constraint outbox_refusals_pkey primary key (day, reason),
  constraint outbox_refusals_reason_check check (reason = any (array['recovery_phone_day'::text, 'recovery_phone_hour'::text]))
);
comment on table private.outbox_refusals is 'Lost-pass messages not queued because the phone had its share (message_settings.recovery_per_phone_day / _hour), per Douala day: "Envois" shows them.';
revoke all on private.outbox_refusals from public, anon, authenticated;

create or replace function private.message_first_name(full_name text) returns text
language sql immutable parallel safe set search_path = '' as $$
  select case when w is null or w = '' or w ~* '([a-z][a-z0-9+.-]*:|www\.|/|\\|@|\.[a-z]{2,})'
              then null else nullif(left(substring(w from '^[[:alpha:]][[:alpha:].''’-]*'), 40), '') end
    from (select split_part(btrim(regexp_replace(coalesce(full_name, ''), '[[:space:]]+', ' ', 'g')), ' ', 1) as w) x
$$;
revoke all on function private.message_first_name(text) from public, anon, authenticated;

create or replace function private.render_message(template text, v jsonb) returns text
language sql immutable set search_path = '' as $$
  select case template
    when 'reminder' then format('Rappel : Booster Night Party %s, %s. Votre pass : %s',
      v ->> 'when', v ->> 'venue', v ->> 'link')
    when 'waitlist_offer' then format('Bonne nouvelle : une place s''est libérée, votre réservation à la Booster Night Party (%s) est confirmée. Votre pass : %s',
      v ->> 'when', v ->> 'link')
    when 'pass_recovery' then format('Votre pass Booster Night Party : %s', v ->> 'link')
    when 'convocation' then format('Booster Challenge : %sconvocation à l''audition de %s %s. Infos : %s',
      private.message_first_name(v ->> 'first_name') || ', ', v ->> 'city', v ->> 'when', v ->> 'site')
    when 'registration_confirmation' then format(E'Bonjour%s,\n\nNous avons bien reçu votre inscription au Booster Challenge (catégorie %s). Nous vous recontacterons pour la suite : auditions, dates et lieux.\n\nL''équipe Booster Challenge\n%s',
      ' ' || private.message_first_name(v ->> 'first_name'), v ->> 'category', v ->> 'site')
  end
$$;
revoke all on function private.render_message(text,jsonb) from public, anon, authenticated;

create or replace function private.safe_message_vars(v jsonb) returns jsonb
language sql immutable set search_path = '' as $$
  select case when v ? 'first_name'
              then v || jsonb_build_object('first_name', coalesce(private.message_first_name(v ->> 'first_name'), ''))
              else v end
$$;
revoke all on function private.safe_message_vars(jsonb) from public, anon, authenticated;

create or replace function private.outbox_pool(template text) returns text
language sql immutable parallel safe set search_path = '' as $$
  select case template when 'registration_confirmation' then 'public'
                       when 'pass_recovery' then 'recovery' else 'reserve' end
$$;
revoke all on function private.outbox_pool(text) from public, anon, authenticated;

create or replace function private.spend_threshold() returns integer
language sql immutable set search_path = '' as $$
  select 5
$$;
revoke all on function private.spend_threshold() from public, anon, authenticated;

create or replace function private.start_spend() returns void
language sql volatile set search_path = '' as $$
  select set_config('booster.queued', '0', true), set_config('booster.queued_sms_parts', '0', true);
$$;
revoke all on function private.start_spend() from public, anon, authenticated;

create or replace function private.require_spend_confirmed(confirm integer) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  n integer := coalesce(nullif(current_setting('booster.queued', true), ''), '0')::integer;
  parts integer := coalesce(nullif(current_setting('booster.queued_sms_parts', true), ''), '0')::integer;
  cost numeric := parts * (select m.sms_price_per_segment from public.message_settings m);
begin
  if n > private.spend_threshold() and confirm is distinct from n then
    raise exception '%', format('Cette action met %s en file d''envoi (coût estimé des SMS : %s FCFA) : confirmez-la pour les envoyer.',
      private.plural(n, 'message'), replace(trim_scale(cost)::text, '.', ','))
      using errcode = 'P0001', hint = 'confirm_messages',
            detail = jsonb_build_object('count', n, 'sms_parts', parts, 'cost', cost)::text;
  end if;
end;
$$;
revoke all on function private.require_spend_confirmed(integer) from public, anon, authenticated;

create or replace function private.queue_message(channel text, recipient text, template text, v jsonb,
  dedupe_key text, batch_id uuid default null, participant_id uuid default null,
  reservation_id uuid default null) returns uuid
language plpgsql volatile security definer set search_path = '' as $$
declare
  body text := private.render_message(template, v);
  new_id uuid;
begin
  insert into public.outbox (channel, recipient, template, variables, body, segments, dedupe_key,
    batch_id, participant_id, reservation_id)
  values (channel, recipient, template, private.safe_message_vars(v), body,
    case when channel = 'sms' then private.sms_segments(body) end, dedupe_key, batch_id,
    participant_id, reservation_id)
  on conflict on constraint outbox_dedupe_key_key do nothing
  returning id into new_id;
  if new_id is not null then
    perform set_config('booster.queued',
      (coalesce(nullif(current_setting('booster.queued', true), ''), '0')::integer + 1)::text, true);
    perform set_config('booster.queued_sms_parts',
      (coalesce(nullif(current_setting('booster.queued_sms_parts', true), ''), '0')::integer
        + case when channel = 'sms' then private.sms_segments(body) else 0 end)::text, true);
  end if;
  return new_id;
end;
$$;
revoke all on function private.queue_message(text,text,text,jsonb,text,uuid,uuid,uuid) from public, anon, authenticated;

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
      'public', m.public_daily_cap - count(*) filter (where private.outbox_pool(o.template) = 'public'),
      'recovery', m.recovery_daily_cap - count(*) filter (where private.outbox_pool(o.template) = 'recovery'),
      'reserve', m.daily_cap - m.public_daily_cap - m.recovery_daily_cap
                 - count(*) filter (where private.outbox_pool(o.template) = 'reserve'))
    into room from public.outbox o
   where o.claimed_at >= private.douala_day_start() and o.state in ('sending', 'sent');
  with ranked as (
    select o.id, private.outbox_pool(o.template) as pool,
           row_number() over (partition by private.outbox_pool(o.template)
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
           order by case private.outbox_pool(t.template) when 'recovery' then 0 when 'reserve' then 1 else 2 end,
                    t.next_attempt_at, t.created_at), '[]'::jsonb)
    into claimed from taken t;
  return claimed;
end;
$$;
revoke all on function public.outbox_claim(integer,text[]) from public, anon, authenticated;
grant execute on function public.outbox_claim(integer,text[]) to service_role;

create or replace function private.pass_message_vars(r public.reservations) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object('first_name', coalesce(private.message_first_name(r.full_name), ''),
    'when', private.douala_when(s.concert_starts_at), 'venue', s.venue_name,
    'link', private.pass_link(r.pass_code))
    from public.edition_settings s
$$;
revoke all on function private.pass_message_vars(public.reservations) from public, anon, authenticated;

create or replace function private.participant_message_vars(p public.participants) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object('first_name', coalesce(private.message_first_name(p.full_name), ''),
    'category', case p.category when 'dance' then 'danse' else 'chant' end,
    'city', p.audition_city, 'when', private.douala_when(p.audition_at),
    'site', (select rtrim(m.site_url, '/') from public.message_settings m))
$$;
revoke all on function private.participant_message_vars(public.participants) from public, anon, authenticated;

create or replace function private.queue_registration_confirmation() returns trigger
language plpgsql volatile security definer set search_path = '' as $$
begin
  perform private.queue_message('email', new.email, 'registration_confirmation',
    private.participant_message_vars(new) - 'city' - 'when',
    'registration_confirmation:' || new.id, null, new.id, null);
  return null;
end;
$$;
revoke all on function private.queue_registration_confirmation() from public, anon, authenticated;

create or replace function public.recover_pass(payload jsonb) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  refused jsonb;
  v_phone text;
  r public.reservations;
  m public.message_settings;
  today integer;
  last_hour integer;
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
    -- One ask per phone at a time: the counts below hold with asks at once.
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
                         where private.outbox_pool(o.template) = b.pool
                           and o.claimed_at >= private.douala_day_start()
                           and o.state in ('sending', 'sent')),
               'queued', (select count(*) from public.outbox o
                           where private.outbox_pool(o.template) = b.pool and o.state = 'queued'))
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

create or replace function public.admin_update_settings(payload jsonb) returns jsonb
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
      perform private.invalid(key, 'Ce paramètre n''existe pas.');
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
    'Heure d''ouverture des portes invalide.');
  e.reservations_open_at := private.setting_time(payload, 'reservations_open_at',
    e.reservations_open_at, 'Date d''ouverture des réservations invalide.');
  e.reservations_close_at := private.setting_time(payload, 'reservations_close_at',
    e.reservations_close_at, 'Date de clôture des réservations invalide.', true);
  c.registration_opens_at := private.setting_time(payload, 'registration_opens_at',
    c.registration_opens_at, 'Date d''ouverture des inscriptions invalide.');
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
      perform private.invalid('venue_address', 'L''adresse doit contenir entre 2 et 200 caractères.');
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
      'L''ouverture des portes doit précéder le début du concert.');
  end if;
  if e.reservations_open_at >= e.concert_starts_at then
    perform private.invalid('reservations_open_at',
      'L''ouverture des réservations doit précéder le début du concert.');
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
      'La finale doit avoir lieu après l''ouverture des inscriptions.');
  end if;
  if e.concert_starts_at is distinct from old_concert and e.concert_starts_at < now()
     and exists (select 1 from public.reservations) then
    perform private.invalid('concert_starts_at',
      'Des places sont réservées : le début du concert ne peut pas être placé dans le passé.');
  end if;
  if e.personal_data_purge_at is distinct from old_purge and exists (
       select 1 from private.purge_requests r where r.cancelled_at is null and r.ran_at is null) then
    perform private.invalid('personal_data_purge_at',
      'Une purge des données personnelles est programmée : annulez-la avant de changer sa date.');
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
      'Paramètres modifiés : ' || (select string_agg(case k
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
  return after_row;
end;
$$;
revoke all on function public.admin_update_settings(jsonb) from public, anon, authenticated;
grant execute on function public.admin_update_settings(jsonb) to authenticated;

create or replace function public.admin_update_message_settings(payload jsonb) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  m public.message_settings;
  before_row jsonb;
  after_row jsonb;
  changed text[];
begin
  perform private.require_admin();
  if jsonb_typeof(payload) is distinct from 'object' then
    raise exception 'Données invalides.' using errcode = '22023', hint = 'payload';
  end if;
  select * into m from public.message_settings for update;
  before_row := to_jsonb(m) - 'id' - 'reminder_queued_for' - 'updated_at';
  if payload ? 'site_url' then
    m.site_url := btrim(payload ->> 'site_url');
    if coalesce(m.site_url, '') !~ '^https?://[^[:space:]/?#]+(/[^[:space:]?#]*)?$'
       or char_length(m.site_url) > 200 then
      perform private.invalid('site_url', 'Adresse du site invalide (https://…).');
    end if;
  end if;
  if payload ? 'reminder_days_before' then
    m.reminder_days_before := case when jsonb_typeof(payload -> 'reminder_days_before') = 'null'
      then null else private.setting_int(payload, 'reminder_days_before', 3, 1, 30,
        'Le rappel se programme de 1 à 30 jours avant le concert.') end;
  end if;
  if payload ? 'reminder_channel' then
    m.reminder_channel := payload ->> 'reminder_channel';
    if coalesce(m.reminder_channel, '') not in ('sms', 'whatsapp') then
      perform private.invalid('reminder_channel', 'Canal inconnu : choisissez sms ou whatsapp.');
    end if;
  end if;
  if payload ? 'sms_price_per_segment' then
    if jsonb_typeof(payload -> 'sms_price_per_segment') not in ('number', 'string')
       or btrim(payload ->> 'sms_price_per_segment') !~ '^[0-9]{1,6}([.,][0-9]{1,2})?$' then
      perform private.invalid('sms_price_per_segment', 'Prix par SMS invalide (en FCFA, de 0 à 999 999).');
    end if;
    m.sms_price_per_segment := replace(btrim(payload ->> 'sms_price_per_segment'), ',', '.')::numeric;
  end if;
  m.daily_cap := private.setting_int(payload, 'daily_cap', m.daily_cap, 1, 100000,
    'Le plafond quotidien va de 1 à 100 000 messages.');
  m.public_daily_cap := private.setting_int(payload, 'public_daily_cap', m.public_daily_cap, 0,
    100000, 'Le budget public va de 0 à 100 000 messages.');
  m.recovery_daily_cap := private.setting_int(payload, 'recovery_daily_cap',
    m.recovery_daily_cap, 0, 100000, 'Le budget des pass perdus va de 0 à 100 000 messages.');
  m.recovery_per_phone_day := private.setting_int(payload, 'recovery_per_phone_day',
    m.recovery_per_phone_day, 1, 20, 'De 1 à 20 pass perdus par numéro et par jour.');
  m.recovery_per_phone_hour := private.setting_int(payload, 'recovery_per_phone_hour',
    m.recovery_per_phone_hour, 1, 20, 'De 1 à 20 pass perdus par numéro et par heure.');
  if m.public_daily_cap + m.recovery_daily_cap >= m.daily_cap then
    perform private.invalid(case when payload ? 'daily_cap' then 'daily_cap'
      when payload ? 'recovery_daily_cap' then 'recovery_daily_cap' else 'public_daily_cap' end,
      'Le budget public et celui des pass perdus doivent laisser une réserve dans le plafond quotidien.');
  end if;
  if m.recovery_per_phone_hour > m.recovery_per_phone_day then
    perform private.invalid('recovery_per_phone_hour',
      'Un numéro ne peut pas recevoir plus de pass perdus par heure que par jour.');
  end if;
  perform private.start_spend();
  update public.message_settings s set site_url = m.site_url,
    reminder_days_before = m.reminder_days_before, reminder_channel = m.reminder_channel,
    sms_price_per_segment = m.sms_price_per_segment, daily_cap = m.daily_cap,
    public_daily_cap = m.public_daily_cap, recovery_daily_cap = m.recovery_daily_cap,
    recovery_per_phone_day = m.recovery_per_phone_day,
    recovery_per_phone_hour = m.recovery_per_phone_hour, updated_at = now()
   where s.id;
  if m.reminder_days_before is distinct from (before_row ->> 'reminder_days_before')::integer then
    perform private.queue_scheduled_reminders();
  end if;
  perform private.require_spend_confirmed(private.setting_int(payload, 'confirm_messages', null,
    0, 1000000, 'Nombre de messages à confirmer invalide.'));
  select to_jsonb(s) - 'id' - 'reminder_queued_for' - 'updated_at' into after_row
    from public.message_settings s;
  select array_agg(k order by k) into changed from jsonb_object_keys(after_row) k
   where after_row -> k is distinct from before_row -> k;
  if changed is not null then
    perform private.audit('settings.update', 'settings', null,
      'Paramètres des envois modifiés : ' || (select string_agg(case k
          when 'site_url' then 'adresse du site' when 'reminder_days_before' then 'rappel programmé'
          when 'reminder_channel' then 'canal du rappel'
          when 'sms_price_per_segment' then 'prix par SMS' when 'daily_cap' then 'plafond quotidien'
          when 'public_daily_cap' then 'budget public'
          when 'recovery_daily_cap' then 'budget des pass perdus'
          when 'recovery_per_phone_day' then 'pass perdus par numéro et par jour'
          when 'recovery_per_phone_hour' then 'pass perdus par numéro et par heure'
          else k end, ', ' order by k) from unnest(changed) k),
      (select jsonb_object_agg(k, before_row -> k) from unnest(changed) k),
      (select jsonb_object_agg(k, after_row -> k) from unnest(changed) k));
  end if;
  return public.message_settings();
end;
$$;
revoke all on function public.admin_update_message_settings(jsonb) from public, anon, authenticated;
grant execute on function public.admin_update_message_settings(jsonb) to authenticated;

drop function public.admin_send_reminder(text);

create function public.admin_send_reminder(channel text, confirm_messages integer default null) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  batch uuid := gen_random_uuid();
  n integer;
begin
  perform private.require_admin();
  if channel is null or channel not in ('sms', 'whatsapp') then
    perform private.invalid('channel', 'Canal inconnu : choisissez sms ou whatsapp.');
  end if;
  perform private.start_spend();
  n := private.queue_reminders(channel, batch);
  perform private.require_spend_confirmed(confirm_messages);
  perform private.audit('messages.reminder', 'outbox', batch::text,
    format('Rappel mis en file pour %s (%s)', private.plural(n, 'pass'),
           case channel when 'sms' then 'SMS' else 'WhatsApp' end),
    null, jsonb_build_object('channel', channel, 'queued', n, 'batch_id', batch));
  return jsonb_build_object('queued', n, 'batch_id', batch);
end;
$$;
revoke all on function public.admin_send_reminder(text,integer) from public, anon, authenticated;
grant execute on function public.admin_send_reminder(text,integer) to authenticated;

drop function public.admin_send_convocations(uuid[],text);

create function public.admin_send_convocations(ids uuid[], channel text,
  confirm_messages integer default null) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  batch uuid := gen_random_uuid();
  queued uuid[];
begin
  perform private.require_admin();
  if channel is null or channel not in ('whatsapp', 'sms') then
    perform private.invalid('channel', 'Canal inconnu : choisissez whatsapp ou sms.');
  end if;
  perform private.require_ids(ids);
  perform private.start_spend();
  select array_agg(x.pid) into queued from (
    select p.id as pid, private.queue_message(channel, p.phone, 'convocation',
             private.participant_message_vars(p) - 'category',
             'convocation:' || p.id || ':' || p.audition_at::text, batch, p.id, null) as q
      from public.participants p
     where p.id = any (ids) and p.deleted_at is null and p.audition_at is not null
     order by p.id) x
   where x.q is not null;
  perform private.require_spend_confirmed(confirm_messages);
  perform private.audit('messages.convocation', 'outbox', batch::text,
    format('Convocation mise en file pour %s (%s)',
           private.plural(coalesce(cardinality(queued), 0), 'participant'),
           case channel when 'sms' then 'SMS' else 'WhatsApp' end),
    null, jsonb_build_object('channel', channel, 'batch_id', batch,
                             'ids', coalesce(to_jsonb(queued), '[]'::jsonb)));
  return jsonb_build_object('queued', coalesce(cardinality(queued), 0),
    'skipped', cardinality(array(select distinct unnest(ids))) - coalesce(cardinality(queued), 0),
    'batch_id', batch);
end;
$$;
revoke all on function public.admin_send_convocations(uuid[],text,integer) from public, anon, authenticated;
grant execute on function public.admin_send_convocations(uuid[],text,integer) to authenticated;

-- Messages queued or failed before: their first names checked again, their texts rendered again.
update public.outbox o set variables = private.safe_message_vars(o.variables),
  body = private.render_message(o.template, private.safe_message_vars(o.variables)),
  segments = case when o.channel = 'sms'
    then private.sms_segments(private.render_message(o.template, private.safe_message_vars(o.variables))) end
 where o.state in ('queued', 'failed') and o.variables ? 'first_name';
