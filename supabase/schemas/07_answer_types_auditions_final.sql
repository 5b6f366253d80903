-- What the jury's and the auditions' functions answer, declared
-- (docs/decisions/054-typed-answers.md), as 05_answer_types.sql does for the visitors'
-- functions: a composite type's fields are all nullable; `code`, `message`, `hint` and
-- `details` carry a refusal that commits (private.refusal, docs/decisions/007-abuse-resistance.md),
-- null in any other answer.

-- ---------------------------------------------------------------------------------------------
-- Types: the auditions' sessions and criteria (45_auditions.sql, 46_audition_sessions.sql)
-- ---------------------------------------------------------------------------------------------

-- A criterion of the settings (audition_criteria).
create type public.audition_criterion_setting as (
  key text, label text, weight integer, position integer
);

-- The settings' criteria per category (audition_criteria, admin_save_audition_criteria).
create type public.audition_criteria_answer as (
  dance public.audition_criterion_setting[],
  singing public.audition_criterion_setting[]
);

-- A session's judge: 'Juré 1', 'Juré 2'… in the order the admin gave; the e-mail for admins.
create type public.audition_judge as (user_id uuid, label text, is_lead boolean, email text);

-- A session as private.audition_session_json builds it (audition_results' `session`).
create type public.audition_session_view as (
  id uuid,
  city text,
  held_on date,
  category text,
  venue text,
  state text,
  locked_at timestamptz,
  kind text,
  judges public.audition_judge[]
);

-- A session as the jury's and admins' writes answer it (private.audition_session_json):
-- admin_save_audition_session, jury_lock_session, admin_unlock_session.
create type public.audition_session_answer as (
  id uuid,
  city text,
  held_on date,
  category text,
  venue text,
  state text,
  locked_at timestamptz,
  kind text,
  judges public.audition_judge[],
  code text, message text, hint text, details text
);

-- A session in the admins' list (admin_audition_sessions), with its progress.
create type public.audition_session_row as (
  id uuid,
  city text,
  held_on date,
  category text,
  venue text,
  state text,
  locked_at timestamptz,
  kind text,
  judges public.audition_judge[],
  performers_count bigint,
  scored_count bigint,
  created_at timestamptz
);

-- What admin_delete_audition_session answers: the session deleted, or its refusal.
create type public.audition_session_deleted as (
  id uuid, deleted boolean, code text, message text, hint text, details text
);

-- An account with the role jury (jury_accounts).
create type public.jury_account as (user_id uuid, email text);

-- ---------------------------------------------------------------------------------------------
-- Types: the judge's page (47_audition_scores.sql, 48_audition_results.sql, 48_final_cards.sql)
-- ---------------------------------------------------------------------------------------------

-- A session assigned to the signed-in judge (jury_sessions), with its progress.
create type public.jury_session_summary as (
  id uuid,
  city text,
  held_on date,
  category text,
  venue text,
  state text,
  is_lead boolean,
  judges_count bigint,
  performers_count bigint,
  scored_by_me bigint
);

-- A criterion of a session (its frozen copy): scores are keyed by its id.
create type public.jury_criterion as (id uuid, key text, label text, weight integer);

-- A session's criteria per category: null for a category the session does not judge.
create type public.jury_criteria as (
  dance public.jury_criterion[],
  singing public.jury_criterion[]
);

-- A performer of the running order: nothing else (no phone, no e-mail, no notes).
create type public.jury_performer as (
  id uuid,
  position bigint,
  name text,
  category text,
  mode text,
  slot timestamptz
);

-- A card as its judge reads it (private.audition_card_json). `scores` maps a criterion's id to
-- its mark: its keys are the session's criteria, known only at run time.
create type public.jury_card as (
  id uuid,
  participant_id uuid,
  absent boolean,
  comment text,
  revision integer,
  updated_at timestamptz,
  total numeric,
  locks_at timestamptz,
  scores jsonb
);

-- Another judge's card, once the session is locked: its total only.
create type public.jury_other_card as (
  judge text, participant_id uuid, absent boolean, total numeric
);

-- A final's card as its lead and admins see it (no marks), to unlock it past its lock.
create type public.jury_card_to_unlock as (
  card_id uuid, judge text, participant_id uuid, locks_at timestamptz
);

-- A judge who has not scored every present performer; e-mail and user id for admins only.
create type public.jury_missing as (
  judge_label text, judge_email text, user_id uuid, performers integer
);

-- One session for its judge (jury_session): the running order, the caller's own cards and
-- conflicts; `others` null before the lock; `cards_to_unlock` and `missing` null for whoever
-- may not read them.
create type public.jury_session_answer as (
  id uuid,
  city text,
  held_on date,
  category text,
  venue text,
  state text,
  locked_at timestamptz,
  is_lead boolean,
  server_now timestamptz,
  criteria public.jury_criteria,
  performers public.jury_performer[],
  my_cards public.jury_card[],
  kind text,
  my_conflicts uuid[],
  others public.jury_other_card[],
  cards_to_unlock public.jury_card_to_unlock[],
  missing public.jury_missing[],
  code text, message text, hint text, details text
);

-- What jury_submit_scorecard answers: the card the database holds, and whether this call
-- stored it.
create type public.jury_scorecard_answer as (
  card public.jury_card, stored boolean, code text, message text, hint text, details text
);

-- What jury_declare_conflict answers: the performer the judge is recused for.
create type public.jury_conflict_answer as (
  participant_id uuid, declared boolean, code text, message text, hint text, details text
);

-- What jury_unlock_card answers: the card, its judge and its new lock time.
create type public.jury_card_unlocked as (
  card_id uuid, judge text, locks_at timestamptz, code text, message text, hint text, details text
);

-- ---------------------------------------------------------------------------------------------
-- Types: the organisers' results (49_audition_ranking.sql, 49_audition_preselection.sql)
-- ---------------------------------------------------------------------------------------------

-- A judge's card in a session's results. `scores` maps a criterion's key to its mark: the keys
-- are the session's criteria, known only at run time.
create type public.audition_result_card as (
  label text,
  scored boolean,
  absent boolean,
  total numeric,
  z numeric,
  scores jsonb,
  comment text
);

-- A performer in a session's results: each judge's card, raw and normalised scores and ranks.
create type public.audition_result_row as (
  participant_id uuid,
  position bigint,
  name text,
  mode text,
  slot timestamptz,
  status text,
  absent boolean,
  judges public.audition_result_card[],
  raw numeric,
  normalised numeric,
  rank_raw bigint,
  rank_normalised bigint,
  tied boolean,
  scored integer,
  judges_count bigint,
  incomplete boolean
);

-- A category of a session's results: its criteria (as the judges saw them) and rows.
create type public.audition_result_category as (
  category text,
  criteria public.jury_criterion[],
  rows public.audition_result_row[]
);

-- What audition_results answers: the session, its judges (no user id; e-mails for admins),
-- the categories; or its refusal (session unknown, still open for a reader).
create type public.audition_results_answer as (
  session public.audition_session_view,
  judges public.audition_judge[],
  categories public.audition_result_category[],
  code text, message text, hint text, details text
);

-- A performer in the ranking across cities (audition_ranking).
create type public.audition_ranking_row as (
  participant_id uuid,
  name text,
  city text,
  session_id uuid,
  held_on date,
  session_state text,
  normalised numeric,
  raw numeric,
  rank bigint,
  rank_raw bigint,
  tied boolean,
  absent boolean,
  scored integer,
  judges_count integer,
  incomplete boolean,
  status text
);

-- One row of the export's sheet (audition_scores_export): a card and a criterion (criterion
-- and value null for an absent card).
create type public.audition_score_export_row as (
  city text,
  held_on date,
  category text,
  name text,
  judge text,
  criterion text,
  value numeric,
  total numeric,
  absent boolean,
  comment text
);

-- What admin_preselect_top answers: the performers picked, how many changed status, whom the
-- admin moved back, who kept a status further along; or its refusal.
create type public.audition_preselection as (
  ids uuid[],
  updated integer,
  moved_back uuid[],
  kept uuid[],
  code text, message text, hint text, details text
);
