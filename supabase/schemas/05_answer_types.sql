-- What the API's functions answer, declared (docs/decisions/054-typed-answers.md): a function
-- that returns one of these types is described by supabase/database.types.ts (`npm run
-- db:types`), so src/data reads its fields by name instead of decoding JSON by hand.
--
-- A refusal that must commit (private.refusal: PostgREST's response.status, docs/decisions/
-- 007-abuse-resistance.md) is answered in the same type: `code` 'P4xx', `message` (French),
-- `hint` and `details`, every other field null. A composite type's fields are all nullable,
-- as supabase/database.types.ts says (`| null`).

-- ---------------------------------------------------------------------------------------------
-- Types
-- ---------------------------------------------------------------------------------------------

-- A visitor's pass (get_pass, cancel_reservation), built by private.pass_json: the pass code,
-- the QR's token, first name, masked phone, state (confirmed | waitlisted | cancelled |
-- checked_in), waitlist position, when it entered, the concert's facts. get_pass answers every
-- field null when no pass has the code (PostgREST's answer for a null composite).
create type public.pass_answer as (
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
  message text,
  hint text,
  details text
);

-- What create_reservation answers whatever happened (private.reservation_answer, ADR 039): the
-- reservation's id, the masked phone the pass's link is sent to, the channel.
create type public.reservation_sent as (
  id uuid,
  sent_to text,
  channel text,
  code text,
  message text,
  hint text,
  details text
);

-- What recover_pass answers: the same sentence whatever the phone.
create type public.recover_pass_answer as (
  ok boolean,
  code text,
  message text,
  hint text,
  details text
);

-- The public vote (58_public_vote_casting.sql, docs/decisions/030-public-vote.md).

-- A candidate as a vote's answer names it.
create type public.vote_choice as (id uuid, number integer, name text);

-- A candidate on the pass page's ballot.
create type public.vote_ballot_line as (id uuid, number integer, name text, line text);

-- Why this pass may not vote now (vote_cancelled, vote_waitlisted, vote_not_checked_in…).
create type public.vote_refusal as (code text, message text);

-- The open round as the pass page reads it; candidates null when the caller already holds them.
create type public.vote_pass_round as (
  id uuid,
  title text,
  closes_at timestamptz,
  candidates public.vote_ballot_line[]
);

-- What vote_state answers: whether to poll, the server's clock, the open round, whether this
-- pass may vote (or its refusal) and its current vote.
create type public.vote_state_answer as (
  poll boolean,
  server_now timestamptz,
  round public.vote_pass_round,
  can_vote boolean,
  refusal public.vote_refusal,
  my_vote uuid,
  code text,
  message text,
  hint text,
  details text
);

-- What cast_vote answers for an accepted vote_id (and to its retries).
create type public.cast_vote_answer as (
  ok boolean,
  round_id uuid,
  candidate public.vote_choice,
  vote_id uuid,
  code text,
  message text,
  hint text,
  details text
);

-- A candidate on the stage screen: votes and share once revealed.
create type public.vote_screen_line as (
  number integer,
  name text,
  line text,
  votes bigint,
  share numeric
);

-- The round on the stage screen: its voters' count, candidates and winner (once revealed).
create type public.vote_screen_round as (
  id uuid,
  title text,
  closes_at timestamptz,
  voters bigint,
  candidates public.vote_screen_line[],
  winner integer
);

-- What vote_screen_state answers: idle, open, closed or revealed, and the round. Nothing about
-- any pass.
create type public.vote_screen_answer as (
  mode text,
  server_now timestamptz,
  round public.vote_screen_round
);

-- The edition's public facts (edition_info, 52_reservations_and_passes.sql): the concert, the
-- venue, the contacts, the reservations' window and state (not_open | open | closed | past),
-- places left, the contest's registration window, the final's city and day, the edition's year.
create type public.edition_info_answer as (
  concert_starts_at timestamptz,
  doors_open_at timestamptz,
  venue_name text,
  venue_address text,
  map_url text,
  contact_phone text,
  contact_email text,
  reservations_open_at timestamptz,
  reservations_close_at timestamptz,
  reservation_state text,
  places_left integer,
  waitlist_open boolean,
  registration_opens_at timestamptz,
  registration_closes_at timestamptz,
  final_city text,
  final_on date,
  edition_year integer,
  reminder_configured boolean
);

-- The final's certificates (68_final_certificates.sql, docs/decisions/049-results-and-certificates.md).

-- One certificate of a published result, as the admins download it: its verification code.
create type public.final_certificate as (
  category text,
  published_at timestamptz,
  name text,
  rank integer,
  laureate boolean,
  code text
);

-- What a certificate's check answers on /resultats: valid, and what it certifies (kind 'final'
-- for a laureate's or finalist's, 'participation' for a participant's, with its edition's year);
-- or the address's limit (a refusal that commits).
create type public.certificate_check as (
  valid boolean,
  name text,
  category text,
  rank integer,
  laureate boolean,
  published_at timestamptz,
  code text,
  message text,
  hint text,
  details text,
  kind text,
  edition_year integer
);

-- A participant's certificate of participation (68_final_certificates.sql,
-- docs/decisions/057-participation-certificates-and-their-link.md): what its PDF says.
create type public.participation_certificate as (
  participant_id uuid,
  name text,
  category text,
  edition_year integer,
  issued_at timestamptz,
  code text
);

-- What sending certificates' links answers (69_certificate_links.sql,
-- docs/decisions/057-participation-certificates-and-their-link.md): the messages queued, the
-- people skipped (their link already queued), the batch.
create type public.certificate_links_queued as (
  queued integer,
  skipped integer,
  batch_id uuid
);
