-- What the door's and the public vote's administration functions answer, declared
-- (docs/decisions/054-typed-answers.md), as 05_answer_types.sql does for the visitors' functions
-- (the reservations' administration: 06_answer_types_reservations.sql): supabase/database.types.ts
-- describes each answer, so src/data reads its fields by name. A composite type's fields are all
-- nullable (`| null` in database.types.ts); `code`, `message`, `hint` and `details` carry a
-- refusal that commits (private.refusal, a 'P4xx' code, docs/decisions/007-abuse-resistance.md),
-- null otherwise.

-- ---------------------------------------------------------------------------------------------
-- Types
-- ---------------------------------------------------------------------------------------------

-- The door (55_door.sql, 56_door_*.sql; docs/decisions/009-night-party-operations.md,
-- 032-offline-door.md).

-- The door's window now: when it opens, when it closes, whether it is open.
create type public.door_window as (
  opens_at timestamptz,
  closes_at timestamptz,
  open boolean
);

-- What a check-in answers (check_in, check_in_by_phone, admin_check_in; private.door_answer):
-- the verdict (validated | already | unknown | waitlisted | cancelled), the holder's first name,
-- last initial and masked phone, when and at which door it entered (none: by hand), the
-- waitlist position; or the refusal (door closed, the lane's or the look-ups' limit).
create type public.door_check_in as (
  verdict text,
  first_name text,
  last_initial text,
  masked_phone text,
  checked_in_at timestamptz,
  door text,
  by_hand boolean,
  position integer,
  code text,
  message text,
  hint text,
  details text
);

-- Entries at one door (door_count's per_door; entries by hand have no door).
create type public.door_entries as (
  door text,
  entered bigint,
  last_10_minutes bigint
);

-- What door_count answers: entered / expected (confirmed places), entries in the last 10
-- minutes, the door's window, per door, and how many double entries were recorded.
create type public.door_count_answer as (
  entered bigint,
  expected bigint,
  last_10_minutes bigint,
  "window" public.door_window,
  per_door public.door_entries[],
  double_entries bigint
);

-- What door_list answers: full or a delta, the version to give back, the database's clock, the
-- window, the passes, the derivation's salt, iterations and check_bytes (full download), the
-- references that left (delta); or the door closed. `passes` stays JSON: each pass is a
-- positional array [ref, first_name, …, token_check] (docs/decisions/032-offline-door.md: the
-- compact rows keep 5,000 passes to about 125 KB gzipped), which no SQL type describes.
create type public.door_list_answer as (
  "full" boolean,
  version bigint,
  server_now timestamptz,
  "window" public.door_window,
  passes jsonb,
  salt text,
  iterations integer,
  check_bytes integer,
  removed text[],
  code text,
  message text,
  hint text,
  details text
);

-- The pass a phone search found, shown before "Valider l'entrée" (door_phone_search).
create type public.door_phone_match as (
  ref text,
  first_name text,
  last_initial text,
  masked_phone text,
  state text,
  position integer,
  checked_in_at timestamptz,
  door text,
  by_hand boolean
);

-- What door_phone_search answers: the matches (none or one), or the look-ups' refusal.
create type public.door_phone_search_answer as (
  matches public.door_phone_match[],
  code text,
  message text,
  hint text,
  details text
);

-- One queued scan's verdict (door_sync; private.door_sync_answer): a check-in's fields, the scan
-- id, and whether it was a double entry (verdict double_entry; also limited, not_entered).
create type public.door_sync_result as (
  verdict text,
  first_name text,
  last_initial text,
  masked_phone text,
  checked_in_at timestamptz,
  door text,
  by_hand boolean,
  position integer,
  scan_id uuid,
  double_entry boolean
);

-- What door_sync answers: each scan's result in the order sent, or the door closed.
create type public.door_synced as (
  results public.door_sync_result[],
  code text,
  message text,
  hint text,
  details text
);

-- A lane alert (door_lane_alerts_list): the account (admins only), the door, when, how many
-- scans refused and how many unknown codes admitted offline.
create type public.door_lane_alert as (
  id bigint,
  door text,
  account text,
  first_at timestamptz,
  last_at timestamptz,
  refused integer,
  admitted_unknown integer
);

-- A double entry (door_double_entries_list): the reservation (admins: its id and full name;
-- readers: the directory's id, first name and initial), the two entries.
create type public.door_double_entry as (
  id bigint,
  reservation_id uuid,
  full_name text,
  masked_phone text,
  first_door text,
  first_at timestamptz,
  second_door text,
  second_at timestamptz,
  recorded_at timestamptz
);

-- The public vote's administration and régie (59_public_vote_rounds.sql,
-- 59_public_vote_stage.sql; docs/decisions/030-public-vote.md).

-- A round's candidate as the administration reads it (private.vote_candidates_json): votes and
-- share (percent of the voters, one decimal) only with the results.
create type public.vote_round_candidate as (
  id uuid,
  number integer,
  name text,
  line text,
  participant_id uuid,
  votes bigint,
  share numeric
);

-- A round as the administration and the régie read it (private.vote_round_json), one row of
-- vote_rounds_list: its effective state, times, whether the stage screen shows it, its voters,
-- its winner and candidates' results once they may be read.
create type public.vote_round_row as (
  id uuid,
  position integer,
  title text,
  duration_seconds integer,
  eligibility text,
  state text,
  opened_at timestamptz,
  closes_at timestamptz,
  closed_at timestamptz,
  revealed_at timestamptz,
  created_at timestamptz,
  updated_at timestamptz,
  on_screen boolean,
  voters bigint,
  winner integer,
  candidates public.vote_round_candidate[]
);

-- What saving, opening, closing or revealing a round answers: the round as it now is
-- (vote_round_row's fields), or the refusal (not_found, vote_round_locked, vote_not_draft…).
create type public.vote_round_answer as (
  id uuid,
  position integer,
  title text,
  duration_seconds integer,
  eligibility text,
  state text,
  opened_at timestamptz,
  closes_at timestamptz,
  closed_at timestamptz,
  revealed_at timestamptz,
  created_at timestamptz,
  updated_at timestamptz,
  on_screen boolean,
  voters bigint,
  winner integer,
  candidates public.vote_round_candidate[],
  code text,
  message text,
  hint text,
  details text
);

-- What admin_delete_vote_round answers: the draft deleted, or the refusal.
create type public.vote_round_deleted as (
  id uuid,
  deleted boolean,
  code text,
  message text,
  hint text,
  details text
);

-- A candidate's result for the export (admin_vote_results): votes and share.
create type public.vote_result_line as (
  number integer,
  name text,
  line text,
  votes bigint,
  share numeric
);

-- What admin_vote_results answers: a closed or revealed round's counts, or the refusal.
create type public.vote_results_answer as (
  round_id uuid,
  title text,
  state text,
  opened_at timestamptz,
  closed_at timestamptz,
  voters bigint,
  winner integer,
  candidates public.vote_result_line[],
  code text,
  message text,
  hint text,
  details text
);
