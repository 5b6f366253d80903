-- Messages that reach people (issue 32, docs/decisions/033-messages-outbox.md): the outbox and
-- its sender's claim and record, the messages' settings, the events that queue by themselves
-- (waitlist promotion, registration received, reminder, convocation, "Retrouver mon pass") and
-- the admins' functions. Folded into 50_edition_settings.sql, 61_outbox.sql,
-- 62_outbox_events.sql, 63_outbox_admin.sql and the changed lines of 20, 21, 30 and 52.

-- "Retrouver mon pass" is a public write with its own rate limit and proof of work.
alter table private.rate_limits drop constraint rate_limits_action_check;
alter table private.rate_limits add constraint rate_limits_action_check check (action = any (array['register'::text, 'reserve'::text, 'contact'::text, 'cancel'::text, 'challenge'::text, 'recover'::text]));
insert into private.rate_limits (action, window_seconds, max_per_address, surge_ceiling)
values ('recover', '600', '30', '300');

create or replace function public.pow_challenge(action text default null) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  s private.abuse_settings;
  refused jsonb;
  level integer := 0;
  each_action text;
  maxnumber bigint;
  salt text;
  secret_number bigint;
  challenge text;
begin
  if action is not null and action not in ('reserve', 'register', 'contact', 'recover') then
    perform private.invalid('action', 'Action inconnue.');
  end if;
  refused := private.take_rate_limit('challenge');
  if refused is not null then
    return refused;
  end if;
  foreach each_action in array
    case when action is null then array['reserve', 'register', 'contact'] else array[action] end
  loop
    level := greatest(level, private.pow_level(each_action));
  end loop;
  select * into s from private.abuse_settings;
  maxnumber := private.pow_max_number(level);
  salt := encode(extensions.gen_random_bytes(12), 'hex') || '?expires='
          || (floor(extract(epoch from now())) + s.pow_ttl_seconds)::bigint || '&'
          || coalesce('action=' || action || '&', '') || 'level=' || level || '&';
  secret_number := ('x' || encode(extensions.gen_random_bytes(4), 'hex'))::bit(32)::bigint
                   % (maxnumber + 1);
  challenge := encode(extensions.digest(salt || secret_number::text, 'sha256'), 'hex');
  return jsonb_build_object(
    'algorithm', 'SHA-256',
    'challenge', challenge,
    'maxnumber', maxnumber,
    'salt', salt,
    'signature', encode(extensions.hmac(convert_to(challenge, 'UTF8'),
                                        (select secret from private.pow_secret), 'sha256'), 'hex'));
end;
$$;

-- Every batch is journaled. The list re-creates every action the earlier migrations allow (the
-- jury's, 20251127000000, and the door's, 20251127100000, included) and adds the messages' three.
alter table public.audit_log drop constraint audit_log_action_check;
alter table public.audit_log add constraint audit_log_action_check check (action = any (array['participant.update'::text, 'participant.delete'::text, 'participant.restore'::text, 'participant.status'::text, 'participant.slot'::text, 'participant.notes'::text, 'participant.notified'::text, 'reservation.cancel'::text, 'reservation.check_in'::text, 'reservation.check_in_undo'::text, 'door.lookup'::text, 'settings.update'::text, 'message.handled'::text, 'export'::text, 'retention.request'::text, 'retention.cancel'::text, 'retention.purge'::text, 'bin.purge'::text, 'vote.round_create'::text, 'vote.round_update'::text, 'vote.round_delete'::text, 'vote.open'::text, 'vote.close'::text, 'vote.reveal'::text, 'vote.screen_reset'::text, 'jury.score'::text, 'jury.lock'::text, 'jury.unlock'::text, 'jury.session_save'::text, 'jury.session_delete'::text, 'jury.criteria'::text, 'jury.preselect'::text, 'door.list'::text, 'reservation.double_entry'::text, 'messages.reminder'::text, 'messages.convocation'::text, 'messages.resend'::text]));

create table public.message_settings (
  id boolean default true,
  site_url text default 'http://localhost:5173'::text not null,
  reminder_days_before integer default 3,
  reminder_channel text default 'sms'::text not null,
  sms_price_per_segment numeric(8,2) default 25 not null,
  daily_cap integer default 1000 not null,
  reminder_queued_for timestamptz,
  updated_at timestamptz default now() not null,
  constraint message_settings_pkey primary key (id),
  constraint message_settings_id_check check (id),
  constraint message_settings_site_url_check check (char_length(site_url) <= 200 and site_url ~ '^https?://[^[:space:]/?#]+(/[^[:space:]?#]*)?$'::text),
  constraint message_settings_reminder_days_before_check check (reminder_days_before >= 1 and reminder_days_before <= 30),
  constraint message_settings_reminder_channel_check check (reminder_channel = any (array['sms'::text, 'whatsapp'::text])),
  constraint message_settings_sms_price_per_segment_check check (sms_price_per_segment >= 0::numeric),
  constraint message_settings_daily_cap_check check (daily_cap >= 1 and daily_cap <= 100000)
);
comment on table public.message_settings is 'Singleton: the messages'' settings, read and written by admins through message_settings() and admin_update_message_settings().';
comment on column public.message_settings.reminder_days_before is 'The reminder is queued by itself this many days before the concert; null: only when an admin sends it.';
comment on column public.message_settings.sms_price_per_segment is 'FCFA per SMS part, for the reminder''s estimated cost only.';
comment on column public.message_settings.reminder_queued_for is 'The concert start for which the scheduled reminder was queued (queued once per concert date).';
alter table public.message_settings enable row level security;
revoke all on public.message_settings from public, anon, authenticated;

insert into public.message_settings (site_url, reminder_days_before, reminder_channel, sms_price_per_segment, daily_cap)
values ('http://localhost:5173', '3', 'sms', '25', '1000');

-- The success page says a reminder will be sent only when one is scheduled.
create or replace function public.edition_info() returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'concert_starts_at', s.concert_starts_at,
    'doors_open_at', s.doors_open_at,
    'venue_name', s.venue_name,
    'venue_address', s.venue_address,
    'map_url', s.map_url,
    'contact_phone', s.contact_phone,
    'contact_email', s.contact_email,
    'reservations_open_at', s.reservations_open_at,
    'reservations_close_at', x.closes,
    'reservation_state', x.state,
    'places_left', x.left_,
    'waitlist_open', x.state = 'open' and x.left_ = 0,
    'registration_opens_at', c.registration_opens_at,
    'registration_closes_at', c.registration_closes_at,
    'final_city', c.final_city,
    'final_on', c.final_on,
    'edition_year', extract(year from c.final_on)::integer,
    'reminder_configured', m.reminder_days_before is not null)
  from public.edition_settings s
  cross join public.contest_settings c
  cross join public.message_settings m
  cross join lateral (
    select coalesce(s.reservations_close_at, s.concert_starts_at) as closes,
           case when now() >= s.concert_starts_at then 'past'
                when now() < s.reservations_open_at then 'not_open'
                when now() >= coalesce(s.reservations_close_at, s.concert_starts_at) then 'closed'
                else 'open' end as state,
           greatest(0, private.place_limit(s)
             - (select count(*) from public.reservations r where r.state = 'confirmed'))::integer as left_
  ) x
$$;

create table public.outbox (
  id uuid default gen_random_uuid(),
  channel text not null,
  recipient text not null,
  template text not null,
  variables jsonb default '{}'::jsonb not null,
  body text not null,
  segments integer,
  state text default 'queued'::text not null,
  attempts integer default 0 not null,
  next_attempt_at timestamptz default now() not null,
  claimed_at timestamptz,
  provider text,
  provider_id text,
  last_error text,
  dedupe_key text not null,
  batch_id uuid,
  participant_id uuid,
  reservation_id uuid,
  created_at timestamptz default now() not null,
  sent_at timestamptz,
  constraint outbox_pkey primary key (id),
  constraint outbox_dedupe_key_key unique (dedupe_key),
  constraint outbox_channel_check check (channel = any (array['sms'::text, 'whatsapp'::text, 'email'::text])),
  constraint outbox_template_check check (template = any (array['reminder'::text, 'waitlist_offer'::text, 'registration_confirmation'::text, 'convocation'::text, 'pass_recovery'::text])),
  constraint outbox_state_check check (state = any (array['queued'::text, 'sending'::text, 'sent'::text, 'failed'::text])),
  constraint outbox_recipient_check check (
case
    when channel = 'email'::text then char_length(recipient) <= 254 and recipient ~ '^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$'::text
    else recipient ~ '^[0-9]{9}$'::text
end),
  constraint outbox_attempts_check check (attempts >= 0 and attempts <= 100),
  constraint outbox_sent_check check ((state = 'sent'::text) = (sent_at is not null)),
  constraint outbox_body_check check (char_length(body) >= 1 and char_length(body) <= 4000),
  constraint outbox_participant_fkey foreign key (participant_id) references public.participants(id) on delete cascade,
  constraint outbox_reservation_fkey foreign key (reservation_id) references public.reservations(id) on delete cascade
);
comment on table public.outbox is 'Messages to send, one per recipient and event (dedupe_key). Written by database functions only; read by admins through outbox_list; sent by the send-messages Edge Function (docs/decisions/033-messages-outbox.md).';
comment on column public.outbox.body is 'The French text as rendered when queued: what the preview, the local sink and the SMS show.';
comment on column public.outbox.segments is 'SMS parts the body takes (GSM-7 or UCS-2), null for other channels.';
comment on column public.outbox.provider is 'Who accepted it: twilio, whatsapp, emailjs, or local (the sink of the local backend).';
create index outbox_due_idx on public.outbox (next_attempt_at) where state = 'queued';
create index outbox_sending_idx on public.outbox (claimed_at) where state = 'sending';
create index outbox_claimed_at_idx on public.outbox (claimed_at) where claimed_at is not null;
create index outbox_created_at_idx on public.outbox (created_at desc, id desc);
create index outbox_participant_idx on public.outbox (participant_id) where participant_id is not null;
create index outbox_reservation_idx on public.outbox (reservation_id) where reservation_id is not null;
alter table public.outbox enable row level security;
revoke all on public.outbox from public, anon, authenticated;

-- 'GSM-7' when every character of `t` is in the GSM 03.38 alphabet (basic table or its
-- extension), else 'UCS-2'.
create function private.sms_encoding(t text) returns text
language sql immutable parallel safe set search_path = '' as $$
  select case when translate(t,
    E'@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&''()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà^{}\\[~]|€\f',
    '') = '' then 'GSM-7' else 'UCS-2' end
$$;
revoke all on function private.sms_encoding(text) from public, anon, authenticated;

-- How many SMS parts `t` takes: GSM-7 160 per message or 153 per part (extension characters
-- count twice), UCS-2 70 or 67 (UTF-16 units: characters beyond U+FFFF count twice).
create function private.sms_segments(t text) returns integer
language sql immutable parallel safe set search_path = '' as $$
  select case when units <= single then 1 else ceil(units / part::numeric)::integer end
    from (select case when private.sms_encoding(t) = 'GSM-7'
                      then char_length(t) + char_length(t) - char_length(translate(t, E'^{}\\[~]|€\f', ''))
                      else char_length(t) + char_length(regexp_replace(t, '[^\U00010000-\U0010FFFF]', '', 'g')) end as units,
                 case when private.sms_encoding(t) = 'GSM-7' then 160 else 70 end as single,
                 case when private.sms_encoding(t) = 'GSM-7' then 153 else 67 end as part) x
$$;
revoke all on function private.sms_segments(text) from public, anon, authenticated;

-- A pass's page on the site (message_settings.site_url, without its trailing slash).
create function private.pass_link(code text) returns text
language sql stable set search_path = '' as $$
  select rtrim(m.site_url, '/') || '/pass/' || code from public.message_settings m
$$;
revoke all on function private.pass_link(text) from public, anon, authenticated;

-- The French text of a template with its variables (short, GSM-7: no â ê î ô û ç). The keys
-- each template reads are the ones the queuing functions put in `variables`.
create function private.render_message(template text, v jsonb) returns text
language sql immutable set search_path = '' as $$
  select case template
    when 'reminder' then format('Rappel : Booster Night Party %s, %s. Votre pass : %s',
      v ->> 'when', v ->> 'venue', v ->> 'link')
    when 'waitlist_offer' then format('Bonne nouvelle : une place s''est libérée, votre réservation à la Booster Night Party (%s) est confirmée. Votre pass : %s',
      v ->> 'when', v ->> 'link')
    when 'pass_recovery' then format('Votre pass Booster Night Party : %s', v ->> 'link')
    when 'convocation' then format('Booster Challenge : %s, convocation à l''audition de %s %s. Infos : %s',
      v ->> 'first_name', v ->> 'city', v ->> 'when', v ->> 'site')
    when 'registration_confirmation' then format(E'Bonjour %s,\n\nNous avons bien reçu votre inscription au Booster Challenge (catégorie %s). Nous vous recontacterons pour la suite : auditions, dates et lieux.\n\nL''équipe Booster Challenge\n%s',
      v ->> 'first_name', v ->> 'category', v ->> 'site')
  end
$$;
revoke all on function private.render_message(text,jsonb) from public, anon, authenticated;

-- Queues one message unless its dedupe_key was already used (then nothing, and null). Every
-- row of the outbox is written here.
create function private.queue_message(channel text, recipient text, template text, v jsonb,
  dedupe_key text, batch_id uuid default null, participant_id uuid default null,
  reservation_id uuid default null) returns uuid
language plpgsql volatile security definer set search_path = '' as $$
declare
  body text := private.render_message(template, v);
  new_id uuid;
begin
  insert into public.outbox (channel, recipient, template, variables, body, segments, dedupe_key,
    batch_id, participant_id, reservation_id)
  values (channel, recipient, template, v, body,
    case when channel = 'sms' then private.sms_segments(body) end, dedupe_key, batch_id,
    participant_id, reservation_id)
  on conflict on constraint outbox_dedupe_key_key do nothing
  returning id into new_id;
  return new_id;
end;
$$;
revoke all on function private.queue_message(text,text,text,jsonb,text,uuid,uuid,uuid) from public, anon, authenticated;

-- The start of today in Douala: the daily cap counts from there.
create function private.douala_day_start() returns timestamptz
language sql stable set search_path = '' as $$
  select date_trunc('day', now() at time zone 'Africa/Douala') at time zone 'Africa/Douala'
$$;
revoke all on function private.douala_day_start() from public, anon, authenticated;

-- The sender's claim (service_role only): up to batch_size due rows of `channels` (the ones it
-- has a provider or the sink for), locked `for update skip locked` so two runs at once never
-- take the same row, set to 'sending' with one more attempt. A row left in 'sending' for 10
-- minutes (a run that died) is due again. No more than message_settings.daily_cap rows are
-- handed out per Douala day; the rest wait for the next day. Queued rows of other channels are
-- marked 'Aucun fournisseur configuré.' Queues the scheduled reminder first when it is due.
-- Returns the rows claimed, as a JSON array.
create function public.outbox_claim(batch_size integer default 50, channels text[] default array['sms', 'whatsapp', 'email'])
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  cap integer;
  used integer;
  claimed jsonb;
begin
  if batch_size is null or batch_size not between 1 and 1000 then
    perform private.invalid('batch_size', 'Taille de lot invalide (1 à 1000).');
  end if;
  perform private.queue_scheduled_reminders();
  update public.outbox o set last_error = 'Aucun fournisseur configuré.'
   where o.state = 'queued' and o.channel <> all (coalesce(channels, '{}'))
     and o.last_error is distinct from 'Aucun fournisseur configuré.';
  -- Claims take turns for the count below (a few milliseconds): the cap holds with runs at once.
  perform pg_advisory_xact_lock(hashtext('public.outbox_claim'));
  select m.daily_cap into cap from public.message_settings m;
  select count(*) into used from public.outbox o
   where o.claimed_at >= private.douala_day_start() and o.state in ('sending', 'sent');
  with due as (
    select o.id from public.outbox o
     where o.channel = any (coalesce(channels, '{}'))
       and ((o.state = 'queued' and o.next_attempt_at <= now())
            or (o.state = 'sending' and o.claimed_at < now() - interval '10 minutes'))
     order by o.next_attempt_at, o.created_at
     limit greatest(0, least(batch_size, cap - used))
     for update skip locked)
  , taken as (
    update public.outbox o set state = 'sending', attempts = o.attempts + 1, claimed_at = now()
      from due where o.id = due.id
    returning o.*)
  select coalesce(jsonb_agg(to_jsonb(t) order by t.next_attempt_at, t.created_at), '[]'::jsonb)
    into claimed from taken t;
  return claimed;
end;
$$;
revoke all on function public.outbox_claim(integer,text[]) from public, anon, authenticated;
grant execute on function public.outbox_claim(integer,text[]) to service_role;

-- The sender's result for one claimed row (service_role only). ok: sent (a convocation marks
-- its participant notified only now). Not ok: queued again after 1, 5, 30 minutes then 2 hours;
-- failed after the 5th attempt, or at once when `permanent` (the provider refused the message
-- itself). `retry_after` (seconds): the provider asked to wait (a rate limit), so the attempt
-- does not count and the row is due again then. A result for a row not in 'sending'
-- (a late duplicate) changes nothing. Returns the row's new state, null when ignored.
create function public.outbox_record(id uuid, ok boolean, provider text default null,
  provider_id text default null, error text default null, retry_after integer default null,
  permanent boolean default false) returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  r public.outbox;
begin
  select * into r from public.outbox o where o.id = outbox_record.id for update;
  if not found or r.state <> 'sending' then
    return null;
  end if;
  if ok then
    update public.outbox o set state = 'sent', sent_at = now(), provider = outbox_record.provider,
      provider_id = left(outbox_record.provider_id, 200), last_error = null
     where o.id = r.id;
    if r.template = 'convocation' and r.participant_id is not null then
      update public.participants p set notified_at = now() where p.id = r.participant_id;
    end if;
    return 'sent';
  elsif retry_after is not null and not permanent then
    update public.outbox o set state = 'queued', provider = outbox_record.provider,
      attempts = greatest(0, r.attempts - 1), last_error = left(coalesce(error, 'Échec de l''envoi.'), 500),
      next_attempt_at = now() + make_interval(secs => greatest(retry_after, 1))
     where o.id = r.id;
    return 'queued';
  elsif permanent or r.attempts >= 5 then
    update public.outbox o set state = 'failed', provider = outbox_record.provider,
      last_error = left(coalesce(error, 'Échec de l''envoi.'), 500)
     where o.id = r.id;
    return 'failed';
  end if;
  update public.outbox o set state = 'queued', provider = outbox_record.provider,
    last_error = left(coalesce(error, 'Échec de l''envoi.'), 500),
    next_attempt_at = now()
      + (array[interval '1 minute', interval '5 minutes', interval '30 minutes', interval '2 hours'])[least(greatest(r.attempts, 1), 4)]
   where o.id = r.id;
  return 'queued';
end;
$$;
revoke all on function public.outbox_record(uuid,boolean,text,text,text,integer,boolean) from public, anon, authenticated;
grant execute on function public.outbox_record(uuid,boolean,text,text,text,integer,boolean) to service_role;

-- The "Envois" page (admins): one page of rows, newest first, filtered by state, channel and
-- template, with the total and the counts of every state × channel × template.
create function public.outbox_list(state text default null, channel text default null,
  template text default null, page integer default 1, page_size integer default 50)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_admin();
  if page is null or page < 1 or page_size is null or page_size not between 1 and 200 then
    perform private.invalid('page', 'Page invalide.');
  end if;
  return jsonb_build_object(
    'rows', coalesce((
      select jsonb_agg(jsonb_build_object('id', o.id, 'channel', o.channel,
               'recipient', o.recipient, 'template', o.template, 'state', o.state,
               'attempts', o.attempts, 'last_error', o.last_error, 'provider', o.provider,
               'created_at', o.created_at, 'sent_at', o.sent_at, 'body', o.body,
               'segments', o.segments, 'next_attempt_at', o.next_attempt_at,
               'batch_id', o.batch_id) order by o.created_at desc, o.id desc)
        from (select * from public.outbox o
               where (outbox_list.state is null or o.state = outbox_list.state)
                 and (outbox_list.channel is null or o.channel = outbox_list.channel)
                 and (outbox_list.template is null or o.template = outbox_list.template)
               order by o.created_at desc, o.id desc
               limit page_size offset (page - 1) * page_size) o), '[]'::jsonb),
    'total', (select count(*) from public.outbox o
               where (outbox_list.state is null or o.state = outbox_list.state)
                 and (outbox_list.channel is null or o.channel = outbox_list.channel)
                 and (outbox_list.template is null or o.template = outbox_list.template)),
    'counts', coalesce((
      select jsonb_agg(jsonb_build_object('state', c.state, 'channel', c.channel,
               'template', c.template, 'count', c.n) order by c.state, c.channel, c.template)
        from (select o.state, o.channel, o.template, count(*) as n from public.outbox o
               group by 1, 2, 3) c), '[]'::jsonb));
end;
$$;
revoke all on function public.outbox_list(text,text,text,integer,integer) from public, anon, authenticated;
grant execute on function public.outbox_list(text,text,text,integer,integer) to authenticated;

-- "Renvoyer" (admins): a failed row queued again now, its attempts counted afresh. Journaled.
create function public.admin_outbox_resend(id uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  r public.outbox;
begin
  perform private.require_admin();
  select * into r from public.outbox o where o.id = admin_outbox_resend.id for update;
  if not found then
    return private.refusal(404, 'Message non trouvé.', 'not_found');
  elsif r.state <> 'failed' then
    return private.refusal(409, 'Seul un envoi en échec peut être renvoyé.', 'not_failed');
  end if;
  update public.outbox o set state = 'queued', attempts = 0, next_attempt_at = now(),
    last_error = null, claimed_at = null
   where o.id = r.id returning * into r;
  perform private.audit('messages.resend', 'outbox', r.id::text, 'Envoi en échec relancé',
    jsonb_build_object('state', 'failed'), jsonb_build_object('state', 'queued'));
  return jsonb_build_object('id', r.id, 'channel', r.channel, 'recipient', r.recipient,
    'template', r.template, 'state', r.state, 'attempts', r.attempts, 'last_error', r.last_error,
    'provider', r.provider, 'created_at', r.created_at, 'sent_at', r.sent_at, 'body', r.body);
end;
$$;
revoke all on function public.admin_outbox_resend(uuid) from public, anon, authenticated;
grant execute on function public.admin_outbox_resend(uuid) to authenticated;

-- The messages' settings (admins): message_settings without its bookkeeping.
create function public.message_settings() returns jsonb
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_admin();
  return (select to_jsonb(m) - 'id' - 'reminder_queued_for' from public.message_settings m);
end;
$$;
revoke all on function public.message_settings() from public, anon, authenticated;
grant execute on function public.message_settings() to authenticated;

-- Saves the messages' settings (admins): any of site_url, reminder_days_before (null: no
-- scheduled reminder), reminder_channel, sms_price_per_segment, daily_cap. Journaled as a
-- settings change. Returns message_settings().
create function public.admin_update_message_settings(payload jsonb) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  m public.message_settings;
  before_row jsonb;
  after_row jsonb;
  changed text[];
begin
  perform private.require_admin();
  if jsonb_typeof(payload) is distinct from 'object' then
    raise exception 'Données invalides.' using errcode = '22023', hint = 'payload';
  end if;
  select * into m from public.message_settings for update;
  before_row := to_jsonb(m) - 'id' - 'reminder_queued_for' - 'updated_at';
  if payload ? 'site_url' then
    m.site_url := btrim(payload ->> 'site_url');
    if coalesce(m.site_url, '') !~ '^https?://[^[:space:]/?#]+(/[^[:space:]?#]*)?$'
       or char_length(m.site_url) > 200 then
      perform private.invalid('site_url', 'Adresse du site invalide (https://…).');
    end if;
  end if;
  if payload ? 'reminder_days_before' then
    m.reminder_days_before := case when jsonb_typeof(payload -> 'reminder_days_before') = 'null'
      then null else private.setting_int(payload, 'reminder_days_before', 3, 1, 30,
        'Le rappel se programme de 1 à 30 jours avant le concert.') end;
  end if;
  if payload ? 'reminder_channel' then
    m.reminder_channel := payload ->> 'reminder_channel';
    if coalesce(m.reminder_channel, '') not in ('sms', 'whatsapp') then
      perform private.invalid('reminder_channel', 'Canal inconnu : choisissez sms ou whatsapp.');
    end if;
  end if;
  if payload ? 'sms_price_per_segment' then
    if jsonb_typeof(payload -> 'sms_price_per_segment') not in ('number', 'string')
       or btrim(payload ->> 'sms_price_per_segment') !~ '^[0-9]{1,6}([.,][0-9]{1,2})?$' then
      perform private.invalid('sms_price_per_segment', 'Prix par SMS invalide (en FCFA, de 0 à 999 999).');
    end if;
    m.sms_price_per_segment := replace(btrim(payload ->> 'sms_price_per_segment'), ',', '.')::numeric;
  end if;
  m.daily_cap := private.setting_int(payload, 'daily_cap', m.daily_cap, 1, 100000,
    'Le plafond quotidien va de 1 à 100 000 messages.');
  update public.message_settings s set site_url = m.site_url,
    reminder_days_before = m.reminder_days_before, reminder_channel = m.reminder_channel,
    sms_price_per_segment = m.sms_price_per_segment, daily_cap = m.daily_cap, updated_at = now()
   where s.id;
  select to_jsonb(s) - 'id' - 'reminder_queued_for' - 'updated_at' into after_row
    from public.message_settings s;
  select array_agg(k order by k) into changed from jsonb_object_keys(after_row) k
   where after_row -> k is distinct from before_row -> k;
  if changed is not null then
    perform private.audit('settings.update', 'settings', null,
      'Paramètres des envois modifiés : ' || (select string_agg(case k
          when 'site_url' then 'adresse du site' when 'reminder_days_before' then 'rappel programmé'
          when 'reminder_channel' then 'canal du rappel'
          when 'sms_price_per_segment' then 'prix par SMS' when 'daily_cap' then 'plafond quotidien'
          else k end, ', ' order by k) from unnest(changed) k),
      (select jsonb_object_agg(k, before_row -> k) from unnest(changed) k),
      (select jsonb_object_agg(k, after_row -> k) from unnest(changed) k));
  end if;
  return public.message_settings();
end;
$$;
revoke all on function public.admin_update_message_settings(jsonb) from public, anon, authenticated;
grant execute on function public.admin_update_message_settings(jsonb) to authenticated;

-- The variables of the Night Party's messages for one pass.
create function private.pass_message_vars(r public.reservations) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object('first_name', split_part(r.full_name, ' ', 1),
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

-- A registration received: its confirmation e-mail, once per participant.
create function private.queue_registration_confirmation() returns trigger
language plpgsql volatile security definer set search_path = '' as $$
begin
  perform private.queue_message('email', new.email, 'registration_confirmation',
    jsonb_build_object('first_name', split_part(new.full_name, ' ', 1),
      'category', case new.category when 'dance' then 'danse' else 'chant' end,
      'site', (select rtrim(m.site_url, '/') from public.message_settings m)),
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
create function public.admin_reminder_preview(channel text) returns jsonb
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
    perform private.invalid('channel', 'Canal inconnu : choisissez sms ou whatsapp.');
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
  return jsonb_build_object('recipients', n, 'already_queued', done, 'body', body,
    'segments', case when channel = 'sms' then parts end,
    'encoding', case when channel = 'sms' then private.sms_encoding(body) end,
    'price_per_segment', case when channel = 'sms' then price end,
    'estimated_cost', case when channel = 'sms' then (n - done) * parts * price end);
end;
$$;
revoke all on function public.admin_reminder_preview(text) from public, anon, authenticated;
grant execute on function public.admin_reminder_preview(text) to authenticated;

-- "Envoyer le rappel" (admins): queues it for every confirmed pass that does not have it yet.
-- One 'messages.reminder' row. Returns { queued, batch_id }.
create function public.admin_send_reminder(channel text) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  batch uuid := gen_random_uuid();
  n integer;
begin
  perform private.require_admin();
  if channel is null or channel not in ('sms', 'whatsapp') then
    perform private.invalid('channel', 'Canal inconnu : choisissez sms ou whatsapp.');
  end if;
  n := private.queue_reminders(channel, batch);
  perform private.audit('messages.reminder', 'outbox', batch::text,
    format('Rappel mis en file pour %s (%s)', private.plural(n, 'pass'),
           case channel when 'sms' then 'SMS' else 'WhatsApp' end),
    null, jsonb_build_object('channel', channel, 'queued', n, 'batch_id', batch));
  return jsonb_build_object('queued', n, 'batch_id', batch);
end;
$$;
revoke all on function public.admin_send_reminder(text) from public, anon, authenticated;
grant execute on function public.admin_send_reminder(text) to authenticated;

-- The pipeline's "Envoyer la convocation" (admins): one message per selected participant with
-- an audition slot, once per participant and slot. A participant is marked notified only when
-- the provider accepted it (outbox_record). One 'messages.convocation' row. Returns
-- { queued, skipped (no slot, or already convoked to this slot), batch_id }.
create function public.admin_send_convocations(ids uuid[], channel text) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  batch uuid := gen_random_uuid();
  site text := (select rtrim(m.site_url, '/') from public.message_settings m);
  queued uuid[];
begin
  perform private.require_admin();
  if channel is null or channel not in ('whatsapp', 'sms') then
    perform private.invalid('channel', 'Canal inconnu : choisissez whatsapp ou sms.');
  end if;
  perform private.require_ids(ids);
  select array_agg(x.pid) into queued from (
    select p.id as pid, private.queue_message(channel, p.phone, 'convocation',
             jsonb_build_object('first_name', split_part(p.full_name, ' ', 1),
               'city', p.audition_city, 'when', private.douala_when(p.audition_at), 'site', site),
             'convocation:' || p.id || ':' || p.audition_at::text, batch, p.id, null) as q
      from public.participants p
     where p.id = any (ids) and p.deleted_at is null and p.audition_at is not null
     order by p.id) x
   where x.q is not null;
  perform private.audit('messages.convocation', 'outbox', batch::text,
    format('Convocation mise en file pour %s (%s)',
           private.plural(coalesce(cardinality(queued), 0), 'participant'),
           case channel when 'sms' then 'SMS' else 'WhatsApp' end),
    null, jsonb_build_object('channel', channel, 'batch_id', batch,
                             'ids', coalesce(to_jsonb(queued), '[]'::jsonb)));
  return jsonb_build_object('queued', coalesce(cardinality(queued), 0),
    'skipped', cardinality(array(select distinct unnest(ids))) - coalesce(cardinality(queued), 0),
    'batch_id', batch);
end;
$$;
revoke all on function public.admin_send_convocations(uuid[],text) from public, anon, authenticated;
grant execute on function public.admin_send_convocations(uuid[],text) to authenticated;

-- "Retrouver mon pass" (public, proof of work and rate limit 'recover'): the pass link is sent
-- to the phone, never shown. The same answer whether the phone has a reservation or not, and
-- the same work but one insert; a message is queued only for a known phone, at most one per
-- phone every 10 minutes (the dedupe key's bucket).
create function public.recover_pass(payload jsonb) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  refused jsonb;
  v_phone text;
  r public.reservations;
  answer jsonb := jsonb_build_object('ok', true, 'message',
    'Si ce numéro a une réservation, le lien de son pass lui est envoyé par message dans quelques minutes.');
begin
  refused := private.admit_public_write('recover', payload);
  if refused is not null then
    return refused;
  end if;
  if private.is_robot(payload) then
    return answer;
  end if;
  v_phone := btrim(payload ->> 'phone');
  if coalesce(v_phone, '') !~ '^[0-9]{9}$' then
    perform private.invalid('phone', 'Numéro de téléphone invalide (9 chiffres requis, Pas d''espace)');
  end if;
  select * into r from public.reservations x where x.phone = v_phone and x.state <> 'cancelled';
  if found then
    perform private.queue_message((select m.reminder_channel from public.message_settings m),
      r.phone, 'pass_recovery', private.pass_message_vars(r),
      'pass_recovery:' || r.id || ':' || floor(extract(epoch from now()) / 600)::bigint,
      null, null, r.id);
  end if;
  return answer;
end;
$$;
revoke all on function public.recover_pass(jsonb) from public, anon, authenticated;
grant execute on function public.recover_pass(jsonb) to anon, authenticated;

create trigger reservations_waitlist_offer after update of state on public.reservations
  for each row when (old.state = 'waitlisted' and new.state = 'confirmed')
  execute function private.queue_waitlist_offer();

create trigger participants_registration_confirmation after insert on public.participants
  for each row execute function private.queue_registration_confirmation();
