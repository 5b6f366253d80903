-- The Night Party's edition: concert, venue, capacity, overbooking and reservation window
-- (docs/decisions/009-night-party-operations.md).

-- ---------------------------------------------------------------------------------------------
-- Tables, their indexes, grants and required rows
-- ---------------------------------------------------------------------------------------------

create table public.edition_settings (
  id boolean default true,
  concert_starts_at timestamptz not null,
  doors_open_at timestamptz not null,
  venue_name text not null,
  venue_address text not null,
  map_url text not null,
  capacity integer not null,
  overbooking_percent integer not null,
  reservations_open_at timestamptz not null,
  reservations_close_at timestamptz,
  contact_phone text not null,
  contact_email text not null,
  updated_at timestamptz default now() not null,
  personal_data_purge_at date,
  constraint edition_settings_pkey primary key (id),
  constraint edition_settings_capacity_check check (capacity >= 1 and capacity <= 100000),
  constraint edition_settings_close check (reservations_close_at is null or reservations_close_at > reservations_open_at and reservations_close_at <= concert_starts_at),
  constraint edition_settings_contact_email_check check (char_length(contact_email) <= 254 and contact_email ~ '^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$'::text),
  constraint edition_settings_contact_phone_check check (contact_phone ~ '^[0-9]{9}$'::text),
  constraint edition_settings_doors check (doors_open_at <= concert_starts_at),
  constraint edition_settings_id_check check (id),
  constraint edition_settings_map_url_check check (char_length(map_url) <= 500 and map_url ~ '^https://[^[:space:]]+$'::text),
  constraint edition_settings_open check (reservations_open_at < concert_starts_at),
  constraint edition_settings_overbooking_check check (overbooking_percent >= 0 and overbooking_percent <= 50),
  constraint edition_settings_venue_address_check check (char_length(venue_address) >= 2 and char_length(venue_address) <= 200 and not private.is_blank(venue_address)),
  constraint edition_settings_venue_name_check check (char_length(venue_name) >= 2 and char_length(venue_name) <= 120 and not private.is_blank(venue_name))
);
-- Added after rows existed, so older rows are not checked (not valid): as in production.
alter table public.edition_settings add constraint edition_settings_contact_email_valid check (private.email_is_valid(contact_email)) not valid;
comment on table public.edition_settings is 'Singleton: the Night Party''s date, venue, capacity and reservation window, and the contacts.';
comment on column public.edition_settings.overbooking_percent is 'Places confirmed beyond capacity, in percent: floor(capacity * (100 + overbooking) / 100).';
comment on column public.edition_settings.personal_data_purge_at is 'From this day (Africa/Douala) admin_purge_personal_data() may run; null: not set.';
alter table public.edition_settings enable row level security;
revoke all on public.edition_settings from public, anon, authenticated;
grant select on public.edition_settings to authenticated;

insert into public.edition_settings (concert_starts_at, doors_open_at, venue_name, venue_address, map_url, capacity, overbooking_percent, reservations_open_at, reservations_close_at, contact_phone, contact_email, personal_data_purge_at)
values ('2025-04-26 15:00:00+00', '2025-04-26 13:00:00+00', 'Palais des Sports de Yaoundé', 'Palais Polyvalent des Sports, quartier Warda, Yaoundé', 'https://www.openstreetmap.org/search?query=Palais%20Polyvalent%20des%20Sports%20Yaound%C3%A9', '1500', '10', '2025-02-28 23:00:00+00', NULL, '699123456', 'contact@booster-challenge.cm', NULL);

-- The messages' settings (docs/decisions/033-messages-outbox.md): the site's address for the
-- links sent, the scheduled reminder, the SMS price used for estimates, the daily cap and its
-- budgets (docs/decisions/037-message-budgets.md).
create table public.message_settings (
  id boolean default true,
  site_url text default 'http://localhost:5173'::text not null,
  reminder_days_before integer default 3,
  reminder_channel text default 'sms'::text not null,
  sms_price_per_segment numeric(8,2) default 25 not null,
  daily_cap integer default 1000 not null,
  reminder_queued_for timestamptz,
  updated_at timestamptz default now() not null,
  public_daily_cap integer default 300 not null,
  recovery_daily_cap integer default 100 not null,
  recovery_per_phone_day integer default 3 not null,
  recovery_per_phone_hour integer default 2 not null,
  constraint message_settings_pkey primary key (id),
  constraint message_settings_id_check check (id),
  constraint message_settings_site_url_check check (char_length(site_url) <= 200 and site_url ~ '^https?://[^[:space:]/?#]+(/[^[:space:]?#]*)?$'::text),
  constraint message_settings_reminder_days_before_check check (reminder_days_before >= 1 and reminder_days_before <= 30),
  constraint message_settings_reminder_channel_check check (reminder_channel = any (array['sms'::text, 'whatsapp'::text])),
  constraint message_settings_sms_price_per_segment_check check (sms_price_per_segment >= 0::numeric),
  constraint message_settings_daily_cap_check check (daily_cap >= 1 and daily_cap <= 100000),
  constraint message_settings_budgets_check check (public_daily_cap >= 0 and recovery_daily_cap >= 0 and public_daily_cap + recovery_daily_cap < daily_cap),
  constraint message_settings_recovery_per_phone_check check (recovery_per_phone_hour >= 1 and recovery_per_phone_hour <= recovery_per_phone_day and recovery_per_phone_day <= 20)
);
comment on table public.message_settings is 'Singleton: the messages'' settings, read and written by admins through message_settings() and admin_update_message_settings().';
comment on column public.message_settings.reminder_days_before is 'The reminder is queued by itself this many days before the concert; null: only when an admin sends it.';
comment on column public.message_settings.sms_price_per_segment is 'FCFA per SMS part, for the reminder''s estimated cost only.';
comment on column public.message_settings.daily_cap is 'Messages handed to providers per Douala day, every budget together; the reserve (waitlist offers, reminders, convocations) is what public_daily_cap and recovery_daily_cap leave.';
comment on column public.message_settings.public_daily_cap is 'Of daily_cap, the messages a visitor''s own action queues (registration confirmations) per Douala day.';
comment on column public.message_settings.recovery_daily_cap is 'Of daily_cap, the lost-pass messages ("Retrouver mon pass") per Douala day.';
comment on column public.message_settings.recovery_per_phone_day is 'Lost-pass messages one phone gets per Douala day at most; more asks are answered as usual and counted in private.outbox_refusals.';
comment on column public.message_settings.recovery_per_phone_hour is 'Lost-pass messages one phone gets per hour at most.';
comment on column public.message_settings.reminder_queued_for is 'The concert start for which the scheduled reminder was queued (queued once per concert date).';
alter table public.message_settings enable row level security;
revoke all on public.message_settings from public, anon, authenticated;

insert into public.message_settings (site_url, reminder_days_before, reminder_channel, sms_price_per_segment, daily_cap)
values ('http://localhost:5173', '3', 'sms', '25', '1000');

-- ---------------------------------------------------------------------------------------------
-- Functions
-- ---------------------------------------------------------------------------------------------

-- Places that may be confirmed: capacity plus overbooking, rounded down.
create function private.place_limit(s public.edition_settings) returns integer
language sql immutable set search_path = '' as $$
  select (s.capacity * (100 + s.overbooking_percent)) / 100
$$;
revoke all on function private.place_limit(public.edition_settings) from public, anon, authenticated;

-- Every setting an admin edits, both tables, flat: the columns of edition_settings and
-- contest_settings (updated_at: the later of the two).
create function private.settings_json() returns jsonb
language sql stable security definer set search_path = '' as $$
  select (to_jsonb(e) - 'id' - 'updated_at')
         || (to_jsonb(c) - 'id' - 'updated_at')
         || jsonb_build_object('updated_at', greatest(e.updated_at, c.updated_at))
    from public.edition_settings e, public.contest_settings c
$$;
revoke all on function private.settings_json() from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Triggers and policies
-- ---------------------------------------------------------------------------------------------

create policy edition_settings_staff_select on public.edition_settings
  for select to authenticated using ((select private.has_role('admin', 'lecteur')));
