-- What the final's functions answer, declared (docs/decisions/054-typed-answers.md), as
-- 07_answer_types_auditions_final.sql does for the auditions: every field nullable; `code`,
-- `message`, `hint` and `details` carry a refusal that commits (private.refusal), null otherwise.

-- ---------------------------------------------------------------------------------------------
-- Types: the final's rules (65_final_rules.sql)
-- ---------------------------------------------------------------------------------------------

-- A public vote round that counts in the final (the public reads its title only: id null).
create type public.final_vote_round as (id uuid, title text);

-- Rules as admin_save_final_rules checked them (private.final_rules_check).
create type public.final_rules_proposal as (
  jury_share integer,
  public_share integer,
  tiebreak text[],
  tiebreak_criterion text,
  vote_round_ids uuid[],
  results_expected_at timestamptz
);

-- A change of published rules waiting for a second admin; `mine`: proposed by the caller.
create type public.final_rules_pending as (
  id uuid,
  proposed public.final_rules_proposal,
  proposed_at timestamptz,
  proposed_by text,
  mine boolean
);

-- A category's rules (private.final_rules_json) with any pending change (final_rules).
create type public.final_rules_row as (
  category text,
  jury_share integer,
  public_share integer,
  tiebreak text[],
  tiebreak_criterion text,
  tiebreak_criterion_label text,
  vote_rounds public.final_vote_round[],
  results_expected_at timestamptz,
  published_at timestamptz,
  modified_at timestamptz,
  pending public.final_rules_pending
);

-- What the admins' writes of the rules answer: the rules as they now are (admin_save_final_rules:
-- with the change proposed when they were published), or the refusal.
create type public.final_rules_answer as (
  category text,
  jury_share integer,
  public_share integer,
  tiebreak text[],
  tiebreak_criterion text,
  tiebreak_criterion_label text,
  vote_rounds public.final_vote_round[],
  results_expected_at timestamptz,
  published_at timestamptz,
  modified_at timestamptz,
  pending public.final_rules_pending,
  code text, message text, hint text, details text
);

-- A category's published rules as everyone reads them (final_rules_public): rounds by title.
create type public.final_rules_public_row as (
  category text,
  jury_share integer,
  public_share integer,
  tiebreak text[],
  tiebreak_criterion text,
  tiebreak_criterion_label text,
  vote_rounds public.final_vote_round[],
  results_expected_at timestamptz,
  published_at timestamptz,
  modified_at timestamptz
);

-- ---------------------------------------------------------------------------------------------
-- Types: the final's results (66_final_results.sql, 67_final_publication.sql)
-- ---------------------------------------------------------------------------------------------

-- The formula the results were computed with: the rules and the fixed constants.
create type public.final_formula as (
  category text,
  jury_share integer,
  public_share integer,
  tiebreak text[],
  tiebreak_criterion text,
  tiebreak_criterion_label text,
  vote_rounds public.final_vote_round[],
  results_expected_at timestamptz,
  published_at timestamptz,
  modified_at timestamptz,
  spread_floor integer,
  far_threshold integer,
  card_lock_minutes integer
);

-- A final session of the category.
create type public.final_session as (id uuid, city text, held_on date, state text);

-- A judge's mark on one criterion for a finalist, and its z-score.
create type public.final_criterion_mark as (key text, value numeric, z numeric);

-- A judge's card for a finalist (recused: no card).
create type public.final_finalist_judge as (
  label text,
  recused boolean,
  absent boolean,
  total numeric,
  z numeric,
  criteria public.final_criterion_mark[]
);

-- A finalist: the jury's and the public's parts, the combined score, the rank and the tie-break
-- step that decided it, each judge's card.
create type public.final_finalist as (
  participant_id uuid,
  name text,
  rank bigint,
  absent boolean,
  incomplete boolean,
  judges_count bigint,
  recused bigint,
  scored bigint,
  raw numeric,
  normalised numeric,
  jury_points numeric,
  votes bigint,
  public_percent numeric,
  public_points numeric,
  combined numeric,
  criterion_mean numeric,
  head_total numeric,
  tiebreak text,
  judges public.final_finalist_judge[]
);

-- A judge of a final session: their mean distance from the panel, far above one point.
create type public.final_judge as (
  session_id uuid, label text, is_lead boolean, deviation numeric, far boolean
);

-- A final's card unlocked past its lock (the journal's 'jury.card_unlock' rows).
create type public.final_card_unlock as (at timestamptz, judge text, name text, reason text);

-- The published snapshot's time, inputs' digest and seal.
create type public.final_published as (
  published_at timestamptz, inputs_digest text, signature text
);

-- What final_results answers: the results computed now (private.final_compute) and the
-- published snapshot if any; or the refusal (a reader while a final session is open).
create type public.final_results_answer as (
  category text,
  formula public.final_formula,
  sessions public.final_session[],
  votes_total bigint,
  finalists public.final_finalist[],
  judges public.final_judge[],
  card_unlocks public.final_card_unlock[],
  inputs_digest text,
  published public.final_published,
  code text, message text, hint text, details text
);

-- What admin_publish_final_results answers: the snapshot stored, or the refusal.
create type public.final_publication as (
  category text,
  published_at timestamptz,
  inputs_digest text,
  signature text,
  code text, message text, hint text, details text
);
