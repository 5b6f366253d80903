-- What queues messages by itself: a waitlist promotion, a registration received, the reminder
-- (an admin's batch or the scheduled one), a convocation batch and "Retrouver mon pass"
-- (docs/decisions/033-messages-outbox.md). One message per recipient and event: the dedupe key.

-- ---------------------------------------------------------------------------------------------
-- Functions
-- ---------------------------------------------------------------------------------------------

-- The variables of the Night Party's messages for one pass.
create function private.pass_message_vars(r public.reservations) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object('first_name', coalesce(private.message_first_name(r.full_name), ''),
    'when', private.douala_when(s.concert_starts_at), 'venue', s.venue_name,
    'link', private.pass_link(r.pass_code))
    from public.edition_settings s
$$;
revoke all on function private.pass_message_vars(public.reservations) from public, anon, authenticated;

-- A waitlisted reservation just confirmed (private.fill_places, whoever freed the place): its
-- holder is told at once, with the pass link, once per reservation.
create function private.queue_waitlist_offer() returns trigger
language plpgsql volatile security definer set search_path = '' as $$
begin
  perform private.queue_message((select m.reminder_channel from public.message_settings m),
    new.phone, 'waitlist_offer', private.pass_message_vars(new),
    'waitlist_offer:' || new.id, null, null, new.id);
  return null;
end;
$$;
revoke all on function private.queue_waitlist_offer() from public, anon, authenticated;

-- The variables of a participant's messages (registration confirmation, convocation): the first
-- name only, checked (private.message_first_name).
create function private.participant_message_vars(p public.participants) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object('first_name', coalesce(private.message_first_name(p.full_name), ''),
    'category', case p.category when 'dance' then 'danse' else 'chant' end,
    'city', p.audition_city, 'when', private.douala_when(p.audition_at),
    'site', (select rtrim(m.site_url, '/') from public.message_settings m))
$$;
revoke all on function private.participant_message_vars(public.participants) from public, anon, authenticated;

-- A registration received: its confirmation e-mail, once per participant.
create function private.queue_registration_confirmation() returns trigger
language plpgsql volatile security definer set search_path = '' as $$
begin
  perform private.queue_message('email', new.email, 'registration_confirmation',
    private.participant_message_vars(new) - 'city' - 'when',
    'registration_confirmation:' || new.id, null, new.id, null);
  return null;
end;
$$;
revoke all on function private.queue_registration_confirmation() from public, anon, authenticated;

-- Queues the reminder for every confirmed pass not yet entered, once per pass and concert date
-- (a batch sent again queues nothing twice). Returns how many were queued.
create function private.queue_reminders(channel text, batch uuid) returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  day text := (select ((s.concert_starts_at at time zone 'Africa/Douala')::date)::text
                 from public.edition_settings s);
  n integer;
begin
  select count(q) into n from (
    select private.queue_message(channel, r.phone, 'reminder', private.pass_message_vars(r),
             'reminder:' || r.id || ':' || day, batch, null, r.id) as q
      from public.reservations r
     where r.state = 'confirmed' and r.checked_in_at is null
     order by r.created_at) x;
  return n;
end;
$$;
revoke all on function private.queue_reminders(text,uuid) from public, anon, authenticated;

-- The scheduled reminder (message_settings.reminder_days_before days before the concert),
-- queued once per concert date. Called by every outbox_claim, so it needs no scheduler of its
-- own; a claim that finds another doing it goes on.
create function private.queue_scheduled_reminders() returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  m public.message_settings;
  concert timestamptz := (select s.concert_starts_at from public.edition_settings s);
  batch uuid := gen_random_uuid();
  n integer;
begin
  select * into m from public.message_settings;
  if m.reminder_days_before is null or m.reminder_queued_for is not distinct from concert
     or now() < concert - make_interval(days => m.reminder_days_before) or now() >= concert then
    return 0;
  end if;
  select * into m from public.message_settings for update skip locked;
  if not found or m.reminder_queued_for is not distinct from concert then
    return 0;
  end if;
  n := private.queue_reminders(m.reminder_channel, batch);
  update public.message_settings s set reminder_queued_for = concert where s.id;
  perform private.audit('messages.reminder', 'outbox', batch::text,
    format('Rappel programmé mis en file pour %s', private.plural(n, 'pass')), null,
    jsonb_build_object('channel', m.reminder_channel, 'queued', n, 'batch_id', batch,
                       'scheduled', true));
  return n;
end;
$$;
revoke all on function private.queue_scheduled_reminders() from public, anon, authenticated;

-- The reminder's preview (admins): how many passes it goes to, an example of its text, its SMS
-- parts and encoding, and the estimated cost for SMS (message_settings.sms_price_per_segment).
-- already_queued: passes that already have this concert's reminder (sending again skips them).
create function public.admin_reminder_preview(channel text)
returns public.outbox_reminder_preview
language plpgsql stable security definer set search_path = '' as $$
declare
  r public.reservations;
  body text;
  n integer;
  done integer;
  parts integer;
  price numeric := (select m.sms_price_per_segment from public.message_settings m);
  day text := (select ((s.concert_starts_at at time zone 'Africa/Douala')::date)::text
                 from public.edition_settings s);
begin
  perform private.require_admin();
  if channel is null or channel not in ('sms', 'whatsapp') then
    perform private.invalid('channel', 'Canal inconnu : choisissez sms ou whatsapp.');
  end if;
  select count(*) into n from public.reservations x
   where x.state = 'confirmed' and x.checked_in_at is null;
  select count(*) into done from public.reservations x
    join public.outbox o on o.dedupe_key = 'reminder:' || x.id || ':' || day
   where x.state = 'confirmed' and x.checked_in_at is null;
  select * into r from public.reservations x
   where x.state = 'confirmed' and x.checked_in_at is null order by x.created_at limit 1;
  if not found then
    r.full_name := 'Awa Nkomo';
    r.pass_code := 'ABCDEFGHJK';
  end if;
  body := private.render_message('reminder', private.pass_message_vars(r));
  parts := private.sms_segments(body);
  return jsonb_populate_record(null::public.outbox_reminder_preview, jsonb_build_object(
    'recipients', n, 'already_queued', done, 'body', body,
    'segments', case when channel = 'sms' then parts end,
    'encoding', case when channel = 'sms' then private.sms_encoding(body) end,
    'price_per_segment', case when channel = 'sms' then price end,
    'estimated_cost', case when channel = 'sms' then (n - done) * parts * price end));
end;
$$;
revoke all on function public.admin_reminder_preview(text) from public, anon, authenticated;
grant execute on function public.admin_reminder_preview(text) to authenticated;

-- "Envoyer le rappel" (admins): queues it for every confirmed pass that does not have it yet.
-- More than a handful of messages only with confirm_messages = their count, as the preview
-- showed it (private.require_spend_confirmed). One 'messages.reminder' row. Returns
-- { queued, batch_id }.
create function public.admin_send_reminder(channel text, confirm_messages integer default null)
returns public.outbox_reminder_queued
language plpgsql volatile security definer set search_path = '' as $$
declare
  batch uuid := gen_random_uuid();
  n integer;
begin
  perform private.require_admin();
  if channel is null or channel not in ('sms', 'whatsapp') then
    perform private.invalid('channel', 'Canal inconnu : choisissez sms ou whatsapp.');
  end if;
  perform private.start_spend();
  n := private.queue_reminders(channel, batch);
  perform private.require_spend_confirmed(confirm_messages);
  perform private.audit('messages.reminder', 'outbox', batch::text,
    format('Rappel mis en file pour %s (%s)', private.plural(n, 'pass'),
           case channel when 'sms' then 'SMS' else 'WhatsApp' end),
    null, jsonb_build_object('channel', channel, 'queued', n, 'batch_id', batch));
  return jsonb_populate_record(null::public.outbox_reminder_queued,
    jsonb_build_object('queued', n, 'batch_id', batch));
end;
$$;
revoke all on function public.admin_send_reminder(text,integer) from public, anon, authenticated;
grant execute on function public.admin_send_reminder(text,integer) to authenticated;

-- The pipeline's "Envoyer la convocation" (admins): one message per selected participant with
-- an audition slot, once per participant and slot. A participant is marked notified only when
-- the provider accepted it (outbox_record). More than a handful only with confirm_messages =
-- their count (private.require_spend_confirmed). One 'messages.convocation' row. Returns
-- { queued, skipped (no slot, or already convoked to this slot), batch_id }.
create function public.admin_send_convocations(ids uuid[], channel text,
  confirm_messages integer default null) returns public.outbox_convocations_queued
language plpgsql volatile security definer set search_path = '' as $$
declare
  batch uuid := gen_random_uuid();
  queued uuid[];
begin
  perform private.require_admin();
  if channel is null or channel not in ('whatsapp', 'sms') then
    perform private.invalid('channel', 'Canal inconnu : choisissez whatsapp ou sms.');
  end if;
  perform private.require_ids(ids);
  perform private.start_spend();
  select array_agg(x.pid) into queued from (
    select p.id as pid, private.queue_message(channel, p.phone, 'convocation',
             private.participant_message_vars(p) - 'category',
             'convocation:' || p.id || ':' || p.audition_at::text, batch, p.id, null) as q
      from public.participants p
     where p.id = any (ids) and p.deleted_at is null and p.audition_at is not null
     order by p.id) x
   where x.q is not null;
  perform private.require_spend_confirmed(confirm_messages);
  perform private.audit('messages.convocation', 'outbox', batch::text,
    format('Convocation mise en file pour %s (%s)',
           private.plural(coalesce(cardinality(queued), 0), 'participant'),
           case channel when 'sms' then 'SMS' else 'WhatsApp' end),
    null, jsonb_build_object('channel', channel, 'batch_id', batch,
                             'ids', coalesce(to_jsonb(queued), '[]'::jsonb)));
  return jsonb_populate_record(null::public.outbox_convocations_queued, jsonb_build_object(
    'queued', coalesce(cardinality(queued), 0),
    'skipped', cardinality(array(select distinct unnest(ids))) - coalesce(cardinality(queued), 0),
    'batch_id', batch));
end;
$$;
revoke all on function public.admin_send_convocations(uuid[],text,integer) from public, anon, authenticated;
grant execute on function public.admin_send_convocations(uuid[],text,integer) to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Triggers and policies
-- ---------------------------------------------------------------------------------------------

create trigger reservations_waitlist_offer after update of state on public.reservations
  for each row when (old.state = 'waitlisted' and new.state = 'confirmed')
  execute function private.queue_waitlist_offer();

create trigger participants_registration_confirmation after insert on public.participants
  for each row execute function private.queue_registration_confirmation();

-- ---------------------------------------------------------------------------------------------
-- The schedule (not a schema object: pg_cron's job table, where pg_cron and pg_net are installed)
-- ---------------------------------------------------------------------------------------------

-- Hosted Supabase: every minute pg_net POSTs to the send-messages Edge Function with the service
-- key, both read from Vault (README, "Messages"). Elsewhere nothing is scheduled: the embedded
-- backend calls the function itself every 30 s in dev.
do $$
begin
  if exists (select 1 from pg_catalog.pg_extension where extname = 'pg_cron')
     and exists (select 1 from pg_catalog.pg_extension where extname = 'pg_net') then
    execute $cron$select cron.schedule('booster-send-messages', '* * * * *', $job$
      select net.http_post(
        url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url')
               || '/functions/v1/send-messages',
        headers := jsonb_build_object('Content-Type', 'application/json',
          'Authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets
                                          where name = 'service_role_key')),
        body := '{}'::jsonb,
        timeout_milliseconds := 55000)
    $job$)$cron$;
  end if;
end;
$$;
