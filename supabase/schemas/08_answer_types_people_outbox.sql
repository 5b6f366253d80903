-- What the API's functions answer about people (registration, contact, participants), the
-- outbox, the statistics and the personal data's purge, declared (docs/decisions/054-typed-
-- answers.md), beside 05_answer_types.sql (the settings: 08_answer_types_settings.sql):
-- supabase/database.types.ts then describes each answer and src/data reads its fields by name.
--
-- A refusal that must commit (private.refusal: PostgREST's response.status, docs/decisions/
-- 007-abuse-resistance.md) is answered in the same type: `code` 'P4xx', `message` (French),
-- `hint` and `details`, every other field null. A composite type's fields are all nullable,
-- as supabase/database.types.ts says (`| null`).

-- ---------------------------------------------------------------------------------------------
-- Public forms
-- ---------------------------------------------------------------------------------------------

-- An ALTCHA (v1) challenge (pow_challenge, 21_proof_of_work.sql), or the address's limit.
create type public.pow_challenge_answer as (
  algorithm text,
  challenge text,
  maxnumber bigint,
  salt text,
  signature text,
  code text,
  message text,
  hint text,
  details text
);

-- Whether registration is open (registration_status): reason open | not_open | closed | full,
-- and the window. The keys are the ones the client read before (camelCase).
create type public.registration_status_answer as (
  open boolean,
  reason text,
  "opensAt" timestamptz,
  "closesAt" timestamptz
);

-- What register_participant answers: the participant's id, or a refusal that commits (the
-- limits, a duplicate counted).
create type public.participant_registered as (
  id uuid,
  code text,
  message text,
  hint text,
  details text
);

-- What send_contact_message answers: the message's id, or a refusal that commits.
create type public.inbox_message_sent as (
  id uuid,
  code text,
  message text,
  hint text,
  details text
);

-- ---------------------------------------------------------------------------------------------
-- The outbox, "Envois" (62_outbox_events.sql, 63_outbox_admin.sql, 64_outbox_budgets.sql;
-- docs/decisions/033-messages-outbox.md)
-- ---------------------------------------------------------------------------------------------

-- One message as "Envois" lists it (outbox_list).
create type public.outbox_list_row as (
  id uuid,
  channel text,
  recipient text,
  template text,
  state text,
  attempts integer,
  last_error text,
  provider text,
  created_at timestamptz,
  sent_at timestamptz,
  body text,
  segments integer,
  next_attempt_at timestamptz,
  batch_id uuid
);

-- How many messages have this state, channel and template.
create type public.outbox_count as (
  state text,
  channel text,
  template text,
  count bigint
);

-- What outbox_list answers: one page of messages, newest first, the total, every count.
create type public.outbox_page as (
  rows public.outbox_list_row[],
  total bigint,
  counts public.outbox_count[]
);

-- What admin_outbox_resend answers: the failed message queued again, or why not (not_found,
-- not_failed).
create type public.outbox_resent as (
  id uuid,
  channel text,
  recipient text,
  template text,
  state text,
  attempts integer,
  last_error text,
  provider text,
  created_at timestamptz,
  sent_at timestamptz,
  body text,
  code text,
  message text,
  hint text,
  details text
);

-- The reminder's preview (admin_reminder_preview): recipients, those that already have it, an
-- example of its text; for SMS its parts, encoding (GSM-7 | UCS-2), price per part and cost.
create type public.outbox_reminder_preview as (
  recipients integer,
  already_queued integer,
  body text,
  segments integer,
  encoding text,
  price_per_segment numeric,
  estimated_cost numeric
);

-- What admin_send_reminder answers: the messages queued and their batch.
create type public.outbox_reminder_queued as (
  queued integer,
  batch_id uuid
);

-- What admin_send_convocations answers: queued, skipped (no slot, or already convoked to it),
-- their batch.
create type public.outbox_convocations_queued as (
  queued integer,
  skipped integer,
  batch_id uuid
);

-- The messages' settings (message_settings, admin_update_message_settings): the table's row
-- without its bookkeeping (id, reminder_queued_for).
create type public.outbox_message_settings as (
  site_url text,
  reminder_days_before integer,
  reminder_channel text,
  sms_price_per_segment numeric,
  daily_cap integer,
  updated_at timestamptz,
  public_daily_cap integer,
  recovery_daily_cap integer,
  recovery_per_phone_day integer,
  recovery_per_phone_hour integer
);

-- One of today's budgets (reserve | recovery | public): its size, the messages it handed to a
-- provider today and those waiting for it.
create type public.outbox_budget as (
  pool text,
  size integer,
  used bigint,
  queued bigint
);

-- What outbox_budgets answers: the Douala day, the daily cap, the budgets, the lost-pass asks
-- refused today.
create type public.outbox_budgets_answer as (
  day date,
  daily_cap integer,
  budgets public.outbox_budget[],
  refused_recoveries bigint
);

-- ---------------------------------------------------------------------------------------------
-- Participants and their statistics (40–44, 70_bin.sql, 81_edition_stats.sql)
-- ---------------------------------------------------------------------------------------------

-- Counts by category, by participation type.
create type public.participant_category_counts as (dance bigint, singing bigint);
create type public.participant_type_counts as (solo bigint, team bigint);

-- Counts by region, by audition city, by Douala day ('YYYY-MM-DD').
create type public.participant_region_count as (region text, count bigint);
create type public.participant_city_count as (city text, count bigint);
create type public.participant_day_count as (day text, count bigint);

-- Counts by status, every status of the pipeline (zeros included).
create type public.participant_status_counts as (
  inscrit bigint,
  preselectionne bigint,
  convoque bigint,
  finaliste bigint,
  laureat bigint,
  refuse bigint
);

-- What participant_stats answers (the bin ignored); the keys the client read before (camelCase).
create type public.participant_stats_answer as (
  total bigint,
  "byCategory" public.participant_category_counts,
  "byParticipationType" public.participant_type_counts,
  "byRegion" public.participant_region_count[],
  "byStatus" public.participant_status_counts,
  "byAuditionCity" public.participant_city_count[],
  "lastRegistrationAt" timestamptz,
  "last7Days" public.participant_day_count[]
);

-- One participant in the bin (binned_participants): who deleted it, when it is erased for good.
create type public.participant_binned as (
  id uuid,
  full_name text,
  deleted_at timestamptz,
  deleted_by_email text,
  purge_at timestamptz
);

-- The edition's figures (edition_stats): a status or an audition city (null: none given) by
-- category.
create type public.edition_status_line as (status text, dance bigint, singing bigint);
create type public.edition_city_line as (city text, dance bigint, singing bigint);

-- Entries in one Douala hour ('YYYY-MM-DD HH:00').
create type public.edition_hour_count as (hour text, count bigint);

-- A round of the public vote that was opened: its voters among the passes that could vote.
create type public.edition_round_line as (
  position integer,
  title text,
  state text,
  voters bigint,
  eligible bigint
);

-- The Night Party's figures.
create type public.edition_night_party as (
  capacity integer,
  "limit" integer,
  reservations bigint,
  confirmed bigint,
  waitlisted bigint,
  cancelled bigint,
  entered bigint,
  "enteredByHour" public.edition_hour_count[],
  rounds public.edition_round_line[]
);

-- What edition_stats answers; the keys the client read before (camelCase).
create type public.edition_stats_answer as (
  pipeline public.edition_status_line[],
  "auditionCities" public.edition_city_line[],
  "nightParty" public.edition_night_party
);

-- ---------------------------------------------------------------------------------------------
-- Administration: the client's address, the personal data's purge (20_abuse_limits.sql,
-- 71_personal_data_purge.sql)
-- ---------------------------------------------------------------------------------------------

-- What the database sees of an admin's request (admin_client_address): the trusted header's
-- name, the address read from it, the bucket the limits count. `headers`: every address-like
-- header of the request, name to value, whatever names the proxies in front send.
create type public.admin_client_address_answer as (
  header text,
  address text,
  bucket text,
  headers jsonb
);

-- The purge waiting to run (scheduled_purge, admin_request_purge); every field null when none.
create type public.purge_scheduled as (
  id bigint,
  requested_at timestamptz,
  requested_by_email text,
  runs_at timestamptz,
  due boolean
);

-- What a purge erased, redacted and kept (admin_purge_personal_data).
create type public.purge_counts as (
  participants integer,
  team_members integer,
  reservations integer,
  contact_messages integer,
  audit_rows_redacted integer,
  laureates_kept integer
);
