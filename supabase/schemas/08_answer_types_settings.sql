-- What the API's functions answer about the edition's settings and the participants' search,
-- declared (docs/decisions/054-typed-answers.md); the rest of this share is in
-- 08_answer_types_people_outbox.sql.

-- The edition's settings as admin_update_settings answers them (private.settings_json): both
-- singletons' columns, flat, without their ids; updated_at the later change of the two rows.
create type public.admin_settings as (
  concert_starts_at timestamptz,
  doors_open_at timestamptz,
  venue_name text,
  venue_address text,
  map_url text,
  capacity integer,
  overbooking_percent integer,
  reservations_open_at timestamptz,
  reservations_close_at timestamptz,
  contact_phone text,
  contact_email text,
  personal_data_purge_at date,
  registration_opens_at timestamptz,
  registration_closes_at timestamptz,
  max_participants integer,
  final_city text,
  final_on date,
  updated_at timestamptz
);
