-- The outbox: one row per message to send (SMS, WhatsApp, e-mail), written only by database
-- functions, sent by the send-messages Edge Function (docs/decisions/033-messages-outbox.md).

-- ---------------------------------------------------------------------------------------------
-- Tables, their indexes, grants and required rows
-- ---------------------------------------------------------------------------------------------

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
  constraint outbox_template_check check (template = any (array['reminder'::text, 'waitlist_offer'::text, 'registration_confirmation'::text, 'convocation'::text, 'pass_recovery'::text, 'certificate_link'::text])),
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
create index outbox_recovery_idx on public.outbox (recipient, created_at) where template = 'pass_recovery';
alter table public.outbox enable row level security;
revoke all on public.outbox from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Functions
-- ---------------------------------------------------------------------------------------------

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

-- A visitor's first name as the messages may show it (docs/decisions/037-message-budgets.md):
-- the first word of the name, cut to its letters, dots, apostrophes and hyphens; null when that
-- word looks like a link (a scheme, "www.", a slash, an @, a dot-domain such as x.com), so that
-- a visitor's words never go out as a link in the organisers' name, even from a row stored
-- before the registration refused such names.
create function private.message_first_name(full_name text) returns text
language sql immutable parallel safe set search_path = '' as $$
  select case when w is null or w = '' or w ~* '([a-z][a-z0-9+.-]*:|www\.|/|\\|@|\.[a-z]{2,})'
              then null else nullif(left(substring(w from '^[[:alpha:]][[:alpha:].''’-]*'), 40), '') end
    from (select split_part(btrim(regexp_replace(coalesce(full_name, ''), '[[:space:]]+', ' ', 'g')), ' ', 1) as w) x
$$;
revoke all on function private.message_first_name(text) from public, anon, authenticated;

-- The French text of a template with its variables (short, GSM-7: no â ê î ô û ç). The keys
-- each template reads are the ones the queuing functions put in `variables`; the first name is
-- checked again here (private.message_first_name): without one, a neutral greeting.
create function private.render_message(template text, v jsonb) returns text
language sql immutable set search_path = '' as $$
  select case template
    when 'reminder' then format('Rappel : Booster Night Party %s, %s. Votre pass : %s',
      v ->> 'when', v ->> 'venue', v ->> 'link')
    when 'waitlist_offer' then format('Bonne nouvelle : une place s''est libérée, votre réservation à la Booster Night Party (%s) est confirmée. Votre pass : %s',
      v ->> 'when', v ->> 'link')
    when 'pass_recovery' then format('Votre pass Booster Night Party : %s', v ->> 'link')
    when 'certificate_link' then format('Booster Challenge : %svotre %s est en ligne. Code de vérification %s : %s',
      private.message_first_name(v ->> 'first_name') || ', ', v ->> 'what', v ->> 'code', v ->> 'link')
    when 'convocation' then format('Booster Challenge : %sconvocation à l''audition de %s %s. Infos : %s',
      private.message_first_name(v ->> 'first_name') || ', ', v ->> 'city', v ->> 'when', v ->> 'site')
    when 'registration_confirmation' then format(E'Bonjour%s,\n\nNous avons bien reçu votre inscription au Booster Challenge (catégorie %s). Nous vous recontacterons pour la suite : auditions, dates et lieux.\n\nL’équipe Booster Challenge\n%s',
      ' ' || private.message_first_name(v ->> 'first_name'), v ->> 'category', v ->> 'site')
  end
$$;
revoke all on function private.render_message(text,jsonb) from public, anon, authenticated;

-- The variables as stored, with the first name checked again (a provider's template, WhatsApp
-- or EmailJS, reads them rather than the body): an unsafe one becomes ''.
create function private.safe_message_vars(v jsonb) returns jsonb
language sql immutable set search_path = '' as $$
  select case when v ? 'first_name'
              then v || jsonb_build_object('first_name', coalesce(private.message_first_name(v ->> 'first_name'), ''))
              else v end
$$;
revoke all on function private.safe_message_vars(jsonb) from public, anon, authenticated;

-- The budget a message counts against (docs/decisions/037-message-budgets.md): 'public' what a
-- visitor's own action queues (a registration's confirmation, a new reservation's pass link),
-- 'recovery' lost passes (and the link a taken phone gets), 'reserve' the rest (waitlist offers,
-- reminders, convocations), which no public action can use up. A new reservation's link is
-- told from a lost pass by its dedupe key (private.send_new_pass).
create function private.outbox_pool(template text, dedupe_key text) returns text
language sql immutable parallel safe set search_path = '' as $$
  select case when template = 'registration_confirmation' or dedupe_key like 'reservation_pass:%'
              then 'public'
              when template = 'pass_recovery' then 'recovery' else 'reserve' end
$$;
revoke all on function private.outbox_pool(text,text) from public, anon, authenticated;

-- Queues one message unless its dedupe_key was already used (then nothing, and null). Every
-- row of the outbox is written here. The variables are stored checked (safe_message_vars), and
-- the transaction counts what it queued (booster.queued, booster.queued_sms_parts) for
-- private.require_spend_confirmed.
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
  values (channel, recipient, template, private.safe_message_vars(v), body,
    case when channel = 'sms' then private.sms_segments(body) end, dedupe_key, batch_id,
    participant_id, reservation_id)
  on conflict on constraint outbox_dedupe_key_key do nothing
  returning id into new_id;
  if new_id is not null then
    perform set_config('booster.queued',
      (coalesce(nullif(current_setting('booster.queued', true), ''), '0')::integer + 1)::text, true);
    perform set_config('booster.queued_sms_parts',
      (coalesce(nullif(current_setting('booster.queued_sms_parts', true), ''), '0')::integer
        + case when channel = 'sms' then private.sms_segments(body) else 0 end)::text, true);
  end if;
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
-- minutes (a run that died) is due again. Per Douala day each budget hands out at most its
-- size (docs/decisions/037-message-budgets.md): 'public' public_daily_cap, 'recovery'
-- recovery_daily_cap, 'reserve' what daily_cap leaves; the rest waits for the next day. Lost
-- passes first, then the reserve. Queued rows of other channels are marked 'Aucun fournisseur
-- configuré.' Queues the scheduled reminder first when it is due. Returns the rows claimed, as a
-- JSON array, their first names checked again (private.safe_message_vars).
create function public.outbox_claim(batch_size integer default 50, channels text[] default array['sms', 'whatsapp', 'email'])
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  m public.message_settings;
  room jsonb;
  claimed jsonb;
begin
  if batch_size is null or batch_size not between 1 and 1000 then
    perform private.invalid('batch_size', 'Taille de lot invalide (1 à 1000).');
  end if;
  perform private.queue_scheduled_reminders();
  update public.outbox o set last_error = 'Aucun fournisseur configuré.'
   where o.state = 'queued' and o.channel <> all (coalesce(channels, '{}'))
     and o.last_error is distinct from 'Aucun fournisseur configuré.';
  -- Claims take turns for the counts below (a few milliseconds): the budgets hold with runs at once.
  perform pg_advisory_xact_lock(hashtext('public.outbox_claim'));
  select * into m from public.message_settings;
  select jsonb_build_object(
      'public', m.public_daily_cap - count(*) filter (where private.outbox_pool(o.template, o.dedupe_key) = 'public'),
      'recovery', m.recovery_daily_cap - count(*) filter (where private.outbox_pool(o.template, o.dedupe_key) = 'recovery'),
      'reserve', m.daily_cap - m.public_daily_cap - m.recovery_daily_cap
                 - count(*) filter (where private.outbox_pool(o.template, o.dedupe_key) = 'reserve'))
    into room from public.outbox o
   where o.claimed_at >= private.douala_day_start() and o.state in ('sending', 'sent');
  with ranked as (
    select o.id, private.outbox_pool(o.template, o.dedupe_key) as pool,
           row_number() over (partition by private.outbox_pool(o.template, o.dedupe_key)
                              order by o.next_attempt_at, o.created_at) as rn
      from public.outbox o
     where o.channel = any (coalesce(channels, '{}'))
       and ((o.state = 'queued' and o.next_attempt_at <= now())
            or (o.state = 'sending' and o.claimed_at < now() - interval '10 minutes')))
  , due as (
    select o.id from public.outbox o join ranked r on r.id = o.id
     where r.rn <= (room ->> r.pool)::integer
     order by case r.pool when 'recovery' then 0 when 'reserve' then 1 else 2 end,
              o.next_attempt_at, o.created_at
     limit batch_size
     for update of o skip locked)
  , taken as (
    update public.outbox o set state = 'sending', attempts = o.attempts + 1, claimed_at = now()
      from due where o.id = due.id
    returning o.*)
  select coalesce(jsonb_agg(to_jsonb(t) || jsonb_build_object('variables', private.safe_message_vars(t.variables))
           order by case private.outbox_pool(t.template, t.dedupe_key) when 'recovery' then 0 when 'reserve' then 1 else 2 end,
                    t.next_attempt_at, t.created_at), '[]'::jsonb)
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
      attempts = greatest(0, r.attempts - 1), last_error = left(coalesce(error, 'Échec de l’envoi.'), 500),
      next_attempt_at = now() + make_interval(secs => greatest(retry_after, 1))
     where o.id = r.id;
    return 'queued';
  elsif permanent or r.attempts >= 5 then
    update public.outbox o set state = 'failed', provider = outbox_record.provider,
      last_error = left(coalesce(error, 'Échec de l’envoi.'), 500)
     where o.id = r.id;
    return 'failed';
  end if;
  update public.outbox o set state = 'queued', provider = outbox_record.provider,
    last_error = left(coalesce(error, 'Échec de l’envoi.'), 500),
    next_attempt_at = now()
      + (array[interval '1 minute', interval '5 minutes', interval '30 minutes', interval '2 hours'])[least(greatest(r.attempts, 1), 4)]
   where o.id = r.id;
  return 'queued';
end;
$$;
revoke all on function public.outbox_record(uuid,boolean,text,text,text,integer,boolean) from public, anon, authenticated;
grant execute on function public.outbox_record(uuid,boolean,text,text,text,integer,boolean) to service_role;
