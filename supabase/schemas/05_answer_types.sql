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
