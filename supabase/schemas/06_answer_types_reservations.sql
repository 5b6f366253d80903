-- What the reservations' administration answers, declared (docs/decisions/054-typed-answers.md),
-- as 06_answer_types_door_vote.sql does for the door and the vote's régie:
-- supabase/database.types.ts describes each answer. A composite type's fields are all nullable
-- (`| null`); `code`, `message`, `hint` and `details` carry a refusal that commits
-- (private.refusal), null otherwise.

-- ---------------------------------------------------------------------------------------------
-- Types
-- ---------------------------------------------------------------------------------------------

-- The reservations in the administration (53_reserve_and_cancel.sql,
-- 54_reservation_reports_and_directory.sql; docs/decisions/009-night-party-operations.md).

-- What admin_cancel_reservation answers: the pass as get_pass answers it (public.pass_answer's
-- fields), plus how many waitlisted reservations the freed place confirmed; or the refusal
-- (not_found, pass_checked_in).
create type public.reservation_cancelled as (
  code text,
  qr_token text,
  first_name text,
  masked_phone text,
  state text,
  position integer,
  checked_in_at timestamptz,
  concert_starts_at timestamptz,
  doors_open_at timestamptz,
  venue_name text,
  venue_address text,
  map_url text,
  promoted integer,
  message text,
  hint text,
  details text
);

-- The capacity bar (night_party_stats): limit = capacity + overbooking; confirmed counts every
-- confirmed place, entered or not.
create type public.reservation_capacity as (
  capacity integer,
  "limit" integer,
  confirmed bigint,
  waitlisted bigint,
  checked_in bigint,
  cancelled bigint
);

-- One survey answer crossed with who came (attendance_report): confirmed places, entries, and
-- on the answer the form offered already chosen, those left at it and those made before that
-- was recorded (docs/decisions/025-survey-defaults.md).
create type public.reservation_attendance_line as (
  question text,
  answer text,
  reserved bigint,
  came bigint,
  prefilled boolean,
  kept bigint,
  unknown bigint
);

-- The survey's counts per answer (reservation_summary), keyed as the form names its answers.
create type public.reservation_survey_yes_no_maybe as (yes bigint, no bigint, maybe bigint);
create type public.reservation_survey_yes_no as (yes bigint, no bigint);
create type public.reservation_survey_heard_from as (
  flyer bigint,
  social bigint,
  "wordOfMouth" bigint
);
create type public.reservation_survey_barrier as (
  location bigint,
  cost bigint,
  distance bigint,
  "noCompanion" bigint,
  artists bigint,
  none bigint
);

-- What reservation_summary answers: the survey counts over all reservations, the cities present.
create type public.reservation_summary_answer as (
  total bigint,
  "attendanceStatus" public.reservation_survey_yes_no_maybe,
  "heardFrom" public.reservation_survey_heard_from,
  "willAttend" public.reservation_survey_yes_no,
  "attendanceBarrier" public.reservation_survey_barrier,
  "followsBoosterPage" public.reservation_survey_yes_no,
  "consumesBoosterProducts" public.reservation_survey_yes_no,
  cities text[]
);
