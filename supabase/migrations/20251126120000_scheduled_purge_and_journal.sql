-- The personal-data purge is scheduled, never immediate, and the journal is written by the
-- database alone (docs/decisions/018-scheduled-purge-and-journal.md).
--
-- 1. admin_update_settings: the purge date comes at least 30 days after the concert and after
--    the registrations' close; the concert cannot be moved into the past once places are
--    reserved; the purge date cannot change while a purge is scheduled; the contact e-mail
--    follows private.email_is_valid.
-- 2. The purge is requested (admin_request_purge), shown to every admin (scheduled_purge), can be
--    cancelled by any admin (admin_cancel_purge), and runs no sooner than 7 days after the
--    request and not before the purge date: by pg_cron where it is installed
--    (private.run_due_purge every 15 minutes), or by an admin's "Purger maintenant"
--    (admin_purge_personal_data) once it is due.
-- 3. The purges (retention and bin) redact the journal's before/after (names, e-mails, phones,
--    notes, free texts) instead of clearing them: statuses, counts, dates and ids stay.
-- 4. log_export accepts only the site's exports, with their known filters, and writes a fixed
--    French summary per export.

-- ---------------------------------------------------------------------------------------------
-- 1. Redacting the journal's personal data
-- ---------------------------------------------------------------------------------------------

-- The keys of a journal's before/after that hold a person's data (participants' snapshots, team
-- members, notes, messages, reservations, a search typed in an export's filters, the reason an
-- admin gave for undoing an entry).
create function private.personal_keys() returns text[]
language sql immutable parallel safe set search_path = '' as $$
  select array['full_name', 'name', 'first_name', 'last_name', 'email', 'phone', 'masked_phone',
               'notes', 'description', 'link_to_work', 'team_name', 'subject', 'message',
               'search', 'reason']
$$;

-- `j` with the value of every personal key (at any depth, in arrays too) replaced by
-- '[effacé]'; null values, other keys and their values are kept. (A walk in PL/pgSQL: about
-- 70 µs per participant snapshot, 3.5 times faster than a regexp_replace on the text, and an
-- SQL-language walk is slower still.)
create function private.redact_personal(j jsonb) returns jsonb
language plpgsql immutable parallel safe set search_path = '' as $$
declare
  result jsonb;
begin
  if jsonb_typeof(j) = 'object' then
    select jsonb_object_agg(e.key, case
             when jsonb_typeof(e.value) in ('object', 'array') then private.redact_personal(e.value)
             when e.key = any (private.personal_keys()) and jsonb_typeof(e.value) <> 'null'
               then '"[effacé]"'::jsonb
             else e.value end)
      into result from jsonb_each(j) e;
    return coalesce(result, '{}'::jsonb);
  elsif jsonb_typeof(j) = 'array' then
    select jsonb_agg(case when jsonb_typeof(e.value) in ('object', 'array')
                          then private.redact_personal(e.value) else e.value end order by e.ord)
      into result from jsonb_array_elements(j) with ordinality e(value, ord);
    return coalesce(result, '[]'::jsonb);
  end if;
  return j;
end;
$$;

-- Redacts the before/after of the audit rows `ids`. Returns how many changed.
create function private.redact_audit_rows(ids bigint[]) returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  n integer;
begin
  with redacted as (
    select a.id, private.redact_personal(a.before) as b, private.redact_personal(a.after) as f
      from public.audit_log a
     where a.id = any (ids) and (a.before is not null or a.after is not null)
  )
  update public.audit_log a set before = r.b, after = r.f
    from redacted r
   where a.id = r.id and (a.before is distinct from r.b or a.after is distinct from r.f);
  get diagnostics n = row_count;
  return n;
end;
$$;

-- Bin: as before (participants binned more than 30 days ago are deleted for good), and the
-- journal rows about them are redacted rather than cleared.
create or replace function private.purge_bin() returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  purged uuid[];
begin
  with gone as (
    delete from public.participants p
     where p.deleted_at < now() - interval '30 days'
    returning p.id)
  select array_agg(g.id order by g.id) into purged from gone g;
  if purged is null then
    return 0;
  end if;
  perform private.redact_audit_rows(array(
    select a.id from public.audit_log a
     where a.entity = 'participant'
       and a.entity_id = any (array(select u::text from unnest(purged) u))));
  perform private.audit('bin.purge', 'bin', null,
    format('Corbeille vidée : %s définitivement', private.plural(cardinality(purged), 'participant')
           || case when cardinality(purged) > 1 then ' supprimés' else ' supprimé' end),
    null, jsonb_build_object('count', cardinality(purged), 'ids', to_jsonb(purged)));
  return cardinality(purged);
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- 2. The scheduled purge
-- ---------------------------------------------------------------------------------------------

-- Every purge requested: pending (neither cancelled nor run), cancelled, or run. At most one is
-- pending. Read through scheduled_purge(); written by the functions below only.
create table private.purge_requests (
  id bigint generated always as identity primary key,
  requested_at timestamptz not null default now(),
  requested_by uuid,
  requested_by_email text,
  cancelled_at timestamptz,
  cancelled_by uuid,
  cancelled_by_email text,
  ran_at timestamptz,
  ran_by uuid,
  constraint purge_requests_end_check check (cancelled_at is null or ran_at is null)
);
comment on table private.purge_requests is
  'Personal-data purges requested (docs/decisions/018-scheduled-purge-and-journal.md).';
create unique index purge_requests_one_pending_idx on private.purge_requests ((true))
  where cancelled_at is null and ran_at is null;
revoke all on private.purge_requests from public, anon, authenticated;

-- The least time between a request and its run.
create function private.purge_delay() returns interval
language sql immutable set search_path = '' as $$ select interval '7 days' $$;

-- When a request made at `requested_at` may run: 7 days later, and not before the purge date
-- (midnight in Douala).
create function private.purge_runs_at(requested_at timestamptz, purge_at date) returns timestamptz
language sql stable set search_path = '' as $$
  select greatest(requested_at + private.purge_delay(),
                  purge_at::timestamp at time zone 'Africa/Douala')
$$;

-- 'le 03/12/2025 à 14 h 05', 'le 10/12/2025 à 0 h' (Douala; hours as docs/glossary.md writes them).
create function private.douala_when(t timestamptz) returns text
language sql stable set search_path = '' as $$
  select to_char(t at time zone 'Africa/Douala', '"le "DD/MM/YYYY" à "FMHH24" h"')
         || case when extract(minute from t at time zone 'Africa/Douala') = 0 then ''
                 else to_char(t at time zone 'Africa/Douala', '" "MI') end
$$;

-- The pending request, locked (null when none).
create function private.pending_purge_locked() returns private.purge_requests
language sql volatile security definer set search_path = '' as $$
  select r.* from private.purge_requests r
   where r.cancelled_at is null and r.ran_at is null
   for update
$$;

-- What every admin page's banner shows: null when no purge is scheduled, else
-- { id, requested_at, requested_by_email, runs_at, due }. Admins and readers.
create function public.scheduled_purge() returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  purge_at date;
begin
  perform private.require_reader();
  select s.personal_data_purge_at into purge_at from public.edition_settings s;
  return (
    select jsonb_build_object('id', r.id, 'requested_at', r.requested_at,
             'requested_by_email', r.requested_by_email,
             'runs_at', private.purge_runs_at(r.requested_at, purge_at),
             'due', now() >= private.purge_runs_at(r.requested_at, purge_at))
      from private.purge_requests r
     where r.cancelled_at is null and r.ran_at is null);
end;
$$;

-- Schedules the purge (admins): it will run no sooner than 7 days from now and not before the
-- purge date; until then every admin sees it and may cancel it. Refused while no purge date is
-- set or when one is already scheduled. One 'retention.request' row. Returns scheduled_purge().
create function public.admin_request_purge() returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  purge_at date;
  pending private.purge_requests;
  r private.purge_requests;
  runs timestamptz;
begin
  perform private.require_admin();
  select s.personal_data_purge_at into purge_at from public.edition_settings s for update;
  if purge_at is null then
    raise exception 'Aucune date de purge des données personnelles n''est fixée : choisissez-la dans les paramètres.'
      using errcode = 'P0001', hint = 'purge_date_unset';
  end if;
  pending := private.pending_purge_locked();
  if pending.id is not null then
    raise exception 'Une purge des données personnelles est déjà programmée (%).',
      private.douala_when(private.purge_runs_at(pending.requested_at, purge_at))
      using errcode = 'P0001', hint = 'purge_already_requested';
  end if;
  insert into private.purge_requests (requested_by, requested_by_email)
  values (auth.uid(), private.actor_email())
  returning * into r;
  runs := private.purge_runs_at(r.requested_at, purge_at);
  perform private.audit('retention.request', 'retention', r.id::text,
    format('Purge des données personnelles programmée pour %s', private.douala_when(runs)),
    null, jsonb_build_object('runs_at', runs, 'personal_data_purge_at', purge_at));
  return public.scheduled_purge();
end;
$$;

-- Cancels the scheduled purge (any admin, the requester or another). One 'retention.cancel'
-- row.
create function public.admin_cancel_purge() returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  purge_at date;
  pending private.purge_requests;
  runs timestamptz;
begin
  perform private.require_admin();
  select s.personal_data_purge_at into purge_at from public.edition_settings s for update;
  pending := private.pending_purge_locked();
  if pending.id is null then
    raise exception 'Aucune purge des données personnelles n''est programmée.'
      using errcode = 'P0001', hint = 'purge_not_requested';
  end if;
  runs := private.purge_runs_at(pending.requested_at, purge_at);
  update private.purge_requests r
     set cancelled_at = now(), cancelled_by = auth.uid(), cancelled_by_email = private.actor_email()
   where r.id = pending.id;
  perform private.audit('retention.cancel', 'retention', pending.id::text,
    format('Purge des données personnelles prévue %s annulée', private.douala_when(runs)),
    jsonb_build_object('runs_at', runs, 'requested_at', pending.requested_at,
                       'requested_by_email', pending.requested_by_email),
    null);
end;
$$;

-- The purge itself, for the request `req` (locked by the caller, and due): deletes every
-- participant not laureate (and every binned one) with their members, history and phones,
-- every reservation, every contact message and the rate-limit records (client addresses);
-- redacts the personal data of the journal (every row but the settings' and the kept
-- laureates'); marks the request run. One 'retention.purge' row with the counts. Returns
-- { participants, team_members, reservations, contact_messages, audit_rows_redacted,
-- laureates_kept }.
create function private.purge_personal_data(req private.purge_requests) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  counts jsonb;
  n_participants integer;
  n_members integer;
  n_reservations integer;
  n_messages integer;
  n_audit integer;
  n_kept integer;
begin
  select count(*) into n_members from public.team_members t
    join public.participants p on p.id = t.participant_id
   where p.status <> 'laureat' or p.deleted_at is not null;
  n_audit := private.redact_audit_rows(array(
    select a.id from public.audit_log a
     where a.entity <> 'settings'
       and not (a.entity = 'participant' and a.entity_id is not null and exists (
                  select 1 from public.participants p
                   where p.id::text = a.entity_id and p.status = 'laureat'
                     and p.deleted_at is null))));
  delete from public.participants p where p.status <> 'laureat' or p.deleted_at is not null;
  get diagnostics n_participants = row_count;
  delete from public.reservations r where true;
  get diagnostics n_reservations = row_count;
  delete from public.contact_messages m where true;
  get diagnostics n_messages = row_count;
  delete from private.rate_hits h where true;
  select count(*) into n_kept from public.participants;
  update private.purge_requests r set ran_at = now(), ran_by = auth.uid() where r.id = req.id;

  counts := jsonb_build_object('participants', n_participants, 'team_members', n_members,
    'reservations', n_reservations, 'contact_messages', n_messages,
    'audit_rows_redacted', n_audit, 'laureates_kept', n_kept);
  perform private.audit('retention.purge', 'retention', req.id::text,
    format('Purge des données personnelles : %s, %s et %s supprimés ; %s conservés',
           private.plural(n_participants, 'participant'), private.plural(n_reservations, 'réservation'),
           private.plural(n_messages, 'message'), private.plural(n_kept, 'lauréat')),
    jsonb_build_object('requested_at', req.requested_at,
                       'requested_by_email', req.requested_by_email),
    counts);
  return counts;
end;
$$;

-- Runs the scheduled purge when it is due, else does nothing and returns null: what pg_cron
-- calls (see below and the README). A purge being run by an admin at that moment is skipped.
create function private.run_due_purge() returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  purge_at date;
  req private.purge_requests;
begin
  select s.personal_data_purge_at into purge_at from public.edition_settings s
     for update skip locked;
  if not found or purge_at is null then
    return null;
  end if;
  select r.* into req from private.purge_requests r
   where r.cancelled_at is null and r.ran_at is null
   for update skip locked;
  if req.id is null or now() < private.purge_runs_at(req.requested_at, purge_at) then
    return null;
  end if;
  return private.purge_personal_data(req);
end;
$$;

-- "Purger maintenant" (admins): runs the scheduled purge once it is due, where no scheduler
-- runs it (the embedded backend, a project without pg_cron). Refused, in French, while nothing
-- is scheduled or before its time. Returns the counts (private.purge_personal_data).
create or replace function public.admin_purge_personal_data() returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  purge_at date;
  req private.purge_requests;
  runs timestamptz;
begin
  perform private.require_admin();
  select s.personal_data_purge_at into purge_at from public.edition_settings s for update;
  req := private.pending_purge_locked();
  if req.id is null then
    raise exception 'Aucune purge des données personnelles n''est programmée : programmez-la d''abord (elle s''exécute au plus tôt 7 jours après).'
      using errcode = 'P0001', hint = 'purge_not_requested';
  elsif purge_at is null then
    raise exception 'Aucune date de purge des données personnelles n''est fixée : choisissez-la dans les paramètres.'
      using errcode = 'P0001', hint = 'purge_date_unset';
  end if;
  runs := private.purge_runs_at(req.requested_at, purge_at);
  if now() < runs then
    raise exception 'La purge programmée ne pourra s''exécuter qu''à partir du %.',
      substr(private.douala_when(runs), 4)
      using errcode = 'P0001', hint = 'purge_not_due', detail = runs::text;
  end if;
  return private.purge_personal_data(req);
end;
$$;

-- Where pg_cron is installed (hosted Supabase: Database → Extensions), the due purge runs by
-- itself within 15 minutes of its time. Elsewhere (the embedded backend) nothing is scheduled:
-- an admin runs it with "Purger maintenant", or the job is created later as the README says.
do $$
begin
  if exists (select 1 from pg_catalog.pg_extension where extname = 'pg_cron') then
    execute $cron$select cron.schedule('booster-personal-data-purge', '*/15 * * * *',
                                        'select private.run_due_purge()')$cron$;
  end if;
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- 3. The settings: the purge date's rules, the concert, the contact e-mail
-- ---------------------------------------------------------------------------------------------

-- As before (20251123120000_organiser_workspace.sql), with:
-- - personal_data_purge_at at least 30 days after the concert's day and the registrations'
--   last day (Douala), and unchanged while a purge is scheduled;
-- - concert_starts_at not moved before now once reservations exist (the concert would look
--   over, and the purge date could follow it);
-- - contact_email checked by private.email_is_valid.
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
    'registration_closes_at', 'max_participants', 'personal_data_purge_at'];
begin
  perform private.require_admin();
  if jsonb_typeof(payload) is distinct from 'object' then
    raise exception 'Données invalides.' using errcode = '22023', hint = 'payload';
  end if;
  for key in select k from jsonb_object_keys(payload) k order by k loop
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
  -- A concert moved into the past would close the reservations and, with the purge date
  -- following it, bring the purge of places people hold closer (docs/decisions/018-…).
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
    max_participants = c.max_participants, updated_at = now()
   where s.id;
  perform private.fill_places();

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
          else k end, ', ' order by o) from unnest(changed) with ordinality u(k, o)),
      (select jsonb_object_agg(k, before_row -> k) from unnest(changed) k),
      (select jsonb_object_agg(k, after_row -> k) from unnest(changed) k));
  end if;
  return after_row;
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- 4. Exports: a fixed list, known filters, the database's own summary
-- ---------------------------------------------------------------------------------------------

-- The journal's sentence for each export the site makes (src/data/audit.ts EXPORTS); null for
-- any other name.
create function private.export_label(what text) returns text
language sql immutable set search_path = '' as $$
  select case what
    when 'participants' then 'Export CSV des participants'
    when 'participants.xlsx' then 'Export Excel des participants'
    when 'participant_json' then 'Export JSON d''une fiche participant'
    when 'reservations' then 'Export CSV des réservations'
    when 'reservations.xlsx' then 'Export Excel des réservations'
    when 'messages' then 'Export CSV des messages de contact'
    when 'presence_night_party' then 'Export CSV des présences à la Night Party'
    when 'distribution_regionale' then 'Export CSV de la répartition par région'
  end
$$;

-- The filters each export may carry: key -> 'search' (a typed search, 200 characters),
-- 'text' (a value of the list, 80 characters), 'uuid', or the array of its allowed values.
create function private.export_filters(what text) returns jsonb
language sql immutable set search_path = '' as $$
  select case
    when what in ('participants', 'participants.xlsx') then jsonb_build_object(
      'search', 'search', 'category', jsonb_build_array('dance', 'singing'),
      'participationType', jsonb_build_array('solo', 'team'), 'region', 'text',
      'status', jsonb_build_array('inscrit', 'preselectionne', 'convoque', 'finaliste', 'laureat',
                                  'refuse'),
      'auditionCity', jsonb_build_array('Douala', 'Yaoundé', 'Bafoussam', 'Garoua', 'Limbe'))
    when what in ('reservations', 'reservations.xlsx') then jsonb_build_object(
      'search', 'search', 'status', jsonb_build_array('yes', 'no', 'maybe'), 'city', 'text',
      'heardFrom', jsonb_build_array('flyer', 'social', 'wordOfMouth'),
      'state', jsonb_build_array('confirmed', 'checked_in', 'waitlisted', 'cancelled'))
    when what = 'messages' then jsonb_build_object(
      'search', 'search', 'state', jsonb_build_array('unhandled', 'handled'))
    when what = 'participant_json' then jsonb_build_object('participant', 'uuid')
    else '{}'::jsonb
  end
$$;

-- Records a download the browser made (admins only): `what` one of the site's exports,
-- `filters` the list's filters (known keys, checked values), `row_count` the rows written. The
-- summary is the export's fixed French sentence and the row count: nothing a caller writes
-- becomes the journal's text. One 'export' row (participant_json: entity_id the participant).
create or replace function public.log_export(what text, filters jsonb, row_count integer)
returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  label text := private.export_label(what);
  spec jsonb := private.export_filters(what);
  kept jsonb := '{}'::jsonb;
  f record;
  kind jsonb;
  v text;
begin
  perform private.require_admin();
  if label is null then
    perform private.invalid('what', 'Export inconnu : le journal n''inscrit que les exports du site.');
  end if;
  if filters is not null and jsonb_typeof(filters) <> 'object' then
    perform private.invalid('filters', 'Les filtres doivent être un objet JSON.');
  end if;
  for f in select e.key, e.value from jsonb_each(coalesce(filters, '{}'::jsonb)) e order by e.key loop
    kind := spec -> f.key;
    if kind is null then
      perform private.invalid('filters', 'Filtre inconnu pour cet export.');
    end if;
    if jsonb_typeof(f.value) is distinct from 'string' then
      perform private.invalid('filters', 'Valeur de filtre invalide.');
    end if;
    v := private.clean_line(f.value #>> '{}');
    if (jsonb_typeof(kind) = 'array' and not kind ? v)
       or (kind = '"search"' and char_length(v) > 200)
       or (kind = '"text"' and char_length(v) > 80)
       or (kind = '"uuid"' and v !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$') then
      perform private.invalid('filters', 'Valeur de filtre invalide.');
    end if;
    if v <> '' then
      kept := kept || jsonb_build_object(f.key, v);
    end if;
  end loop;
  if spec ? 'participant' and not kept ? 'participant' then
    perform private.invalid('filters', 'Indiquez le participant exporté.');
  end if;
  if row_count is null or row_count < 0 or row_count > 10000000 then
    perform private.invalid('row_count', 'Le nombre de lignes exportées est invalide.');
  end if;
  perform private.audit('export', what, kept ->> 'participant',
    format('%s : %s', label, private.plural(row_count, 'ligne')),
    null, jsonb_build_object('filters', kept, 'row_count', row_count));
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- Grants
-- ---------------------------------------------------------------------------------------------

revoke all on function private.personal_keys(), private.redact_personal(jsonb),
  private.redact_audit_rows(bigint[]), private.purge_delay(),
  private.purge_runs_at(timestamptz, date), private.douala_when(timestamptz),
  private.pending_purge_locked(), private.purge_personal_data(private.purge_requests),
  private.run_due_purge(), private.export_label(text), private.export_filters(text)
  from public, anon, authenticated;

revoke all on function public.scheduled_purge(), public.admin_request_purge(),
  public.admin_cancel_purge() from public, anon, authenticated;
-- Staff (each function checks the role itself): the banner for admins and readers, the
-- request and the cancellation for admins.
grant execute on function public.scheduled_purge(), public.admin_request_purge(),
  public.admin_cancel_purge() to authenticated;
-- admin_update_settings, admin_purge_personal_data, log_export and private.purge_bin keep their
-- grants (create or replace).
