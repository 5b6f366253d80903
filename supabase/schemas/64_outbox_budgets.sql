-- The messages' budgets and what spends money (docs/decisions/037-message-budgets.md): the lost
-- passes one phone may get, "Retrouver mon pass", the budgets "Envois" shows, and the
-- confirmation a batch of messages needs before it is queued.

-- ---------------------------------------------------------------------------------------------
-- Tables, their indexes, grants and required rows
-- ---------------------------------------------------------------------------------------------

-- Asks refused without a word to the public, counted per Douala day and reason.
create table private.outbox_refusals (
  day date not null,
  reason text not null,
  refused integer default 0 not null,
  constraint outbox_refusals_pkey primary key (day, reason),
  constraint outbox_refusals_reason_check check (reason = any (array['recovery_phone_day'::text, 'recovery_phone_hour'::text]))
);
comment on table private.outbox_refusals is 'Lost-pass messages not queued because the phone had its share (message_settings.recovery_per_phone_day / _hour), per Douala day: "Envois" shows them.';
revoke all on private.outbox_refusals from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Functions
-- ---------------------------------------------------------------------------------------------

-- More than this many messages queued by one admin action need its confirmation.
create function private.spend_threshold() returns integer
language sql immutable set search_path = '' as $$
  select 5
$$;
revoke all on function private.spend_threshold() from public, anon, authenticated;

-- Starts counting what this transaction queues (private.queue_message adds to it).
create function private.start_spend() returns void
language sql volatile set search_path = '' as $$
  select set_config('booster.queued', '0', true), set_config('booster.queued_sms_parts', '0', true);
$$;
revoke all on function private.start_spend() from public, anon, authenticated;

-- After an admin action queued messages: more than spend_threshold() of them are kept only when
-- `confirm` is their count, as shown. Otherwise the whole action is undone (nothing queued,
-- nothing saved) and refused with hint 'confirm_messages' and, as DETAIL, the JSON
-- { count, sms_parts, cost } (cost: SMS parts × message_settings.sms_price_per_segment, FCFA).
create function private.require_spend_confirmed(confirm integer) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  n integer := coalesce(nullif(current_setting('booster.queued', true), ''), '0')::integer;
  parts integer := coalesce(nullif(current_setting('booster.queued_sms_parts', true), ''), '0')::integer;
  cost numeric := parts * (select m.sms_price_per_segment from public.message_settings m);
begin
  if n > private.spend_threshold() and confirm is distinct from n then
    raise exception '%', format('Cette action met %s en file d’envoi (coût estimé des SMS : %s FCFA) : confirmez-la pour les envoyer.',
      private.plural(n, 'message'), replace(trim_scale(cost)::text, '.', ','))
      using errcode = 'P0001', hint = 'confirm_messages',
            detail = jsonb_build_object('count', n, 'sms_parts', parts, 'cost', cost)::text;
  end if;
end;
$$;
revoke all on function private.require_spend_confirmed(integer) from public, anon, authenticated;

-- Queues the link of a live pass to its phone, as a lost pass ("Retrouver mon pass", and a
-- reservation made with a phone that holds a pass): at most one per phone every 10 minutes (the
-- dedupe key's bucket), recovery_per_phone_hour an hour and recovery_per_phone_day a Douala day
-- (docs/decisions/037-message-budgets.md); beyond, nothing queued, the refusal counted in
-- private.outbox_refusals. One call per phone at a time: the counts hold with calls at once.
create function private.send_pass_link(r public.reservations) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  m public.message_settings;
  today integer;
  last_hour integer;
begin
  perform pg_advisory_xact_lock(hashtext('public.recover_pass:' || r.phone));
  select * into m from public.message_settings;
  select count(*) filter (where o.created_at >= private.douala_day_start()),
         count(*) filter (where o.created_at > now() - interval '1 hour')
    into today, last_hour from public.outbox o
   where o.template = 'pass_recovery' and o.recipient = r.phone
     and o.created_at >= least(private.douala_day_start(), now() - interval '1 hour');
  if today >= m.recovery_per_phone_day or last_hour >= m.recovery_per_phone_hour then
    insert into private.outbox_refusals as f (day, reason, refused)
    values ((now() at time zone 'Africa/Douala')::date,
            case when today >= m.recovery_per_phone_day then 'recovery_phone_day'
                 else 'recovery_phone_hour' end, 1)
    on conflict on constraint outbox_refusals_pkey do update set refused = f.refused + 1;
  else
    perform private.queue_message(m.reminder_channel, r.phone, 'pass_recovery',
      private.pass_message_vars(r),
      'pass_recovery:' || r.id || ':' || floor(extract(epoch from now()) / 600)::bigint,
      null, null, r.id);
  end if;
end;
$$;
revoke all on function private.send_pass_link(public.reservations) from public, anon, authenticated;

-- Queues a new pass's link to its phone, once per reservation, from the public budget: the
-- visitor's own action, like a registration's confirmation (private.outbox_pool).
create function private.send_new_pass(r public.reservations) returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  perform private.queue_message((select m.reminder_channel from public.message_settings m),
    r.phone, 'pass_recovery', private.pass_message_vars(r), 'reservation_pass:' || r.id,
    null, null, r.id);
end;
$$;
revoke all on function private.send_new_pass(public.reservations) from public, anon, authenticated;

-- "Retrouver mon pass" (public, proof of work and rate limit 'recover'): the pass link is sent
-- to the phone, never shown. The same answer whether the phone has a reservation or not, and
-- the same work but one insert; a message is queued only for a known phone, at most one per
-- phone every 10 minutes (the dedupe key's bucket), recovery_per_phone_hour an hour and
-- recovery_per_phone_day a Douala day (docs/decisions/037-message-budgets.md): beyond, the same
-- answer, nothing queued, the refusal counted in private.outbox_refusals.
create function public.recover_pass(payload jsonb) returns public.recover_pass_answer
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
    return jsonb_populate_record(null::public.recover_pass_answer, refused);
  end if;
  if private.is_robot(payload) then
    return jsonb_populate_record(null::public.recover_pass_answer, answer);
  end if;
  v_phone := btrim(payload ->> 'phone');
  if coalesce(v_phone, '') !~ '^[0-9]{9}$' then
    perform private.invalid('phone', 'Numéro de téléphone invalide (9 chiffres requis, Pas d''espace)');
  end if;
  select * into r from public.reservations x where x.phone = v_phone and x.state <> 'cancelled';
  if found then
    perform private.send_pass_link(r);
  else
    -- Counted like a wrong pass code (docs/decisions/039-one-answer-and-votes-that-cannot-be-bought.md),
    -- never refused: the answer stays the same whatever the phone.
    perform private.wrong_code(false);
  end if;
  return jsonb_populate_record(null::public.recover_pass_answer, answer);
end;
$$;
revoke all on function public.recover_pass(jsonb) from public, anon, authenticated;
grant execute on function public.recover_pass(jsonb) to anon, authenticated;

-- "Envois" (admins): today's budgets (Douala day). For each of 'reserve', 'recovery', 'public':
-- its size, the messages it handed to a provider today (used) and those waiting for it
-- (queued); the lost-pass asks refused today because the phone had its share.
create function public.outbox_budgets() returns public.outbox_budgets_answer
language plpgsql stable security definer set search_path = '' as $$
declare
  m public.message_settings;
begin
  perform private.require_admin();
  select * into m from public.message_settings;
  return jsonb_populate_record(null::public.outbox_budgets_answer, jsonb_build_object(
    'day', (now() at time zone 'Africa/Douala')::date,
    'daily_cap', m.daily_cap,
    'budgets', (
      select jsonb_agg(jsonb_build_object('pool', b.pool, 'size', b.size,
               'used', (select count(*) from public.outbox o
                         where private.outbox_pool(o.template, o.dedupe_key) = b.pool
                           and o.claimed_at >= private.douala_day_start()
                           and o.state in ('sending', 'sent')),
               'queued', (select count(*) from public.outbox o
                           where private.outbox_pool(o.template, o.dedupe_key) = b.pool and o.state = 'queued'))
             order by b.ord)
        from (values (1, 'reserve', m.daily_cap - m.public_daily_cap - m.recovery_daily_cap),
                     (2, 'recovery', m.recovery_daily_cap), (3, 'public', m.public_daily_cap))
             b(ord, pool, size)),
    'refused_recoveries', coalesce((
      select sum(f.refused) from private.outbox_refusals f
       where f.day = (now() at time zone 'Africa/Douala')::date), 0)));
end;
$$;
revoke all on function public.outbox_budgets() from public, anon, authenticated;
grant execute on function public.outbox_budgets() to authenticated;
