-- The administration's side of the outbox (docs/decisions/033-messages-outbox.md): the "Envois"
-- list, resending a failed message, and the messages' settings.

-- ---------------------------------------------------------------------------------------------
-- Functions
-- ---------------------------------------------------------------------------------------------

-- The "Envois" page (admins): one page of rows, newest first, filtered by state, channel and
-- template, with the total and the counts of every state × channel × template.
create function public.outbox_list(state text default null, channel text default null,
  template text default null, page integer default 1, page_size integer default 50)
returns public.outbox_page
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_admin();
  if page is null or page < 1 or page_size is null or page_size not between 1 and 200 then
    perform private.invalid('page', 'Page invalide.');
  end if;
  return jsonb_populate_record(null::public.outbox_page, jsonb_build_object(
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
               group by 1, 2, 3) c), '[]'::jsonb)));
end;
$$;
revoke all on function public.outbox_list(text,text,text,integer,integer) from public, anon, authenticated;
grant execute on function public.outbox_list(text,text,text,integer,integer) to authenticated;

-- "Renvoyer" (admins): a failed row queued again now, its attempts counted afresh. Journaled.
create function public.admin_outbox_resend(id uuid) returns public.outbox_resent
language plpgsql volatile security definer set search_path = '' as $$
declare
  r public.outbox;
begin
  perform private.require_admin();
  select * into r from public.outbox o where o.id = admin_outbox_resend.id for update;
  if not found then
    return jsonb_populate_record(null::public.outbox_resent,
      private.refusal(404, 'Message non trouvé.', 'not_found'));
  elsif r.state <> 'failed' then
    return jsonb_populate_record(null::public.outbox_resent,
      private.refusal(409, 'Seul un envoi en échec peut être renvoyé.', 'not_failed'));
  end if;
  update public.outbox o set state = 'queued', attempts = 0, next_attempt_at = now(),
    last_error = null, claimed_at = null
   where o.id = r.id returning * into r;
  perform private.audit('messages.resend', 'outbox', r.id::text, 'Envoi en échec relancé',
    jsonb_build_object('state', 'failed'), jsonb_build_object('state', 'queued'));
  return jsonb_populate_record(null::public.outbox_resent, jsonb_build_object(
    'id', r.id, 'channel', r.channel, 'recipient', r.recipient,
    'template', r.template, 'state', r.state, 'attempts', r.attempts, 'last_error', r.last_error,
    'provider', r.provider, 'created_at', r.created_at, 'sent_at', r.sent_at, 'body', r.body));
end;
$$;
revoke all on function public.admin_outbox_resend(uuid) from public, anon, authenticated;
grant execute on function public.admin_outbox_resend(uuid) to authenticated;

-- The messages' settings (admins): message_settings without its bookkeeping.
create function public.message_settings() returns public.outbox_message_settings
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_admin();
  return (select jsonb_populate_record(null::public.outbox_message_settings, to_jsonb(m))
            from public.message_settings m);
end;
$$;
revoke all on function public.message_settings() from public, anon, authenticated;
grant execute on function public.message_settings() to authenticated;

-- Saves the messages' settings (admins): any of site_url, reminder_days_before (null: no
-- scheduled reminder), reminder_channel, sms_price_per_segment, daily_cap and its budgets
-- (public_daily_cap, recovery_daily_cap, recovery_per_phone_day, recovery_per_phone_hour:
-- docs/decisions/037-message-budgets.md). A scheduled reminder the change makes due is queued
-- now, more than a handful only with confirm_messages = their count. Journaled as a settings
-- change. Returns message_settings().
create function public.admin_update_message_settings(payload jsonb)
returns public.outbox_message_settings
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
      perform private.invalid('reminder_channel', 'Canal inconnu : choisissez sms ou whatsapp.');
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
  m.public_daily_cap := private.setting_int(payload, 'public_daily_cap', m.public_daily_cap, 0,
    100000, 'Le budget public va de 0 à 100 000 messages.');
  m.recovery_daily_cap := private.setting_int(payload, 'recovery_daily_cap',
    m.recovery_daily_cap, 0, 100000, 'Le budget des pass perdus va de 0 à 100 000 messages.');
  m.recovery_per_phone_day := private.setting_int(payload, 'recovery_per_phone_day',
    m.recovery_per_phone_day, 1, 20, 'De 1 à 20 pass perdus par numéro et par jour.');
  m.recovery_per_phone_hour := private.setting_int(payload, 'recovery_per_phone_hour',
    m.recovery_per_phone_hour, 1, 20, 'De 1 à 20 pass perdus par numéro et par heure.');
  if m.public_daily_cap + m.recovery_daily_cap >= m.daily_cap then
    perform private.invalid(case when payload ? 'daily_cap' then 'daily_cap'
      when payload ? 'recovery_daily_cap' then 'recovery_daily_cap' else 'public_daily_cap' end,
      'Le budget public et celui des pass perdus doivent laisser une réserve dans le plafond quotidien.');
  end if;
  if m.recovery_per_phone_hour > m.recovery_per_phone_day then
    perform private.invalid('recovery_per_phone_hour',
      'Un numéro ne peut pas recevoir plus de pass perdus par heure que par jour.');
  end if;
  perform private.start_spend();
  update public.message_settings s set site_url = m.site_url,
    reminder_days_before = m.reminder_days_before, reminder_channel = m.reminder_channel,
    sms_price_per_segment = m.sms_price_per_segment, daily_cap = m.daily_cap,
    public_daily_cap = m.public_daily_cap, recovery_daily_cap = m.recovery_daily_cap,
    recovery_per_phone_day = m.recovery_per_phone_day,
    recovery_per_phone_hour = m.recovery_per_phone_hour, updated_at = now()
   where s.id;
  if m.reminder_days_before is distinct from (before_row ->> 'reminder_days_before')::integer then
    perform private.queue_scheduled_reminders();
  end if;
  perform private.require_spend_confirmed(private.setting_int(payload, 'confirm_messages', null,
    0, 1000000, 'Nombre de messages à confirmer invalide.'));
  select to_jsonb(s) - 'id' - 'reminder_queued_for' - 'updated_at' into after_row
    from public.message_settings s;
  select array_agg(k order by k) into changed from jsonb_object_keys(after_row) k
   where after_row -> k is distinct from before_row -> k;
  if changed is not null then
    perform private.audit('settings.update', 'settings', null,
      'Paramètres des envois modifiés : ' || (select string_agg(case k
          when 'site_url' then 'adresse du site' when 'reminder_days_before' then 'rappel programmé'
          when 'reminder_channel' then 'canal du rappel'
          when 'sms_price_per_segment' then 'prix par SMS' when 'daily_cap' then 'plafond quotidien'
          when 'public_daily_cap' then 'budget public'
          when 'recovery_daily_cap' then 'budget des pass perdus'
          when 'recovery_per_phone_day' then 'pass perdus par numéro et par jour'
          when 'recovery_per_phone_hour' then 'pass perdus par numéro et par heure'
          else k end, ', ' order by k) from unnest(changed) k),
      (select jsonb_object_agg(k, before_row -> k) from unnest(changed) k),
      (select jsonb_object_agg(k, after_row -> k) from unnest(changed) k));
  end if;
  return public.message_settings();
end;
$$;
revoke all on function public.admin_update_message_settings(jsonb) from public, anon, authenticated;
grant execute on function public.admin_update_message_settings(jsonb) to authenticated;
