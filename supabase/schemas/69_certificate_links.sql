-- A certificate's link sent by the outbox (docs/decisions/057-participation-certificates-and-their-link.md):
-- one message per person, to their e-mail (else their phone by SMS), with /resultats?code=… where
-- the code checks; once per certificate (the dedupe key is its code), from the admins' reserve
-- budget (docs/decisions/037-message-budgets.md: private.outbox_pool), more than a handful only
-- once their count and cost are confirmed.

-- ---------------------------------------------------------------------------------------------
-- Functions
-- ---------------------------------------------------------------------------------------------

-- The page that checks a certificate's code (message_settings.site_url, without its trailing slash).
create function private.certificate_link(code text) returns text
language sql stable set search_path = '' as $$
  select rtrim(m.site_url, '/') || '/resultats?code=' || certificate_link.code
    from public.message_settings m
$$;
revoke all on function private.certificate_link(text) from public, anon, authenticated;

-- Every certificate a participant holds, the final's first (a published result), then their
-- certificate of participation: what the message calls it and its code.
create function private.participant_certificates(participant_id uuid)
returns table (what text, code text, ord integer)
language sql stable security definer set search_path = '' as $$
  select case when (f ->> 'rank')::integer <= 3 then 'certificat de lauréat'
              else 'certificat de finaliste' end,
         private.final_certificate_code(x.category, participant_certificates.participant_id, x.signature), 1
    from public.final_result_snapshots x
    cross join lateral jsonb_array_elements(x.results -> 'finalists') f
   where f ->> 'participant_id' = participant_certificates.participant_id::text
  union all
  select 'attestation de participation', c.code, 2
    from public.participation_certificates c
   where c.participant_id = participant_certificates.participant_id
$$;
revoke all on function private.participant_certificates(uuid) from public, anon, authenticated;

-- Queues one certificate's link to its holder: e-mail when the registration has a valid one,
-- else SMS to their phone; nothing when this code's link was queued before. True when queued.
create function private.queue_certificate_link(p public.participants, what text, code text,
  batch uuid) returns boolean
language plpgsql volatile security definer set search_path = '' as $$
declare
  by_email boolean := coalesce(private.email_is_valid(p.email), false);
begin
  return private.queue_message(case when by_email then 'email' else 'sms' end,
    case when by_email then p.email else p.phone end, 'certificate_link',
    jsonb_build_object('first_name', p.full_name, 'what', what, 'code', code,
                       'link', private.certificate_link(code)),
    'certificate_link:' || code, batch, p.id, null) is not null;
end;
$$;
revoke all on function private.queue_certificate_link(public.participants,text,text,uuid) from public, anon, authenticated;

-- "Envoyer le lien" on a participant's page (admins): the link of their certificate (the
-- final's when they have one, else their certificate of participation), once per certificate.
-- Refused in French when they hold none. One 'messages.certificate_link' row when queued.
create function public.admin_send_certificate_link(participant_id uuid)
returns public.certificate_links_queued
language plpgsql volatile security definer set search_path = '' as $$
declare
  p public.participants;
  c record;
  batch uuid := gen_random_uuid();
  queued boolean;
begin
  perform private.require_admin();
  select * into p from public.participants x
   where x.id = admin_send_certificate_link.participant_id and x.deleted_at is null;
  if not found then
    raise exception 'Participant non trouvé.' using errcode = 'P0002', hint = 'not_found';
  end if;
  select * into c from private.participant_certificates(p.id) x order by x.ord limit 1;
  if not found then
    raise exception '%', 'Aucun certificat à envoyer : délivrez d’abord l’attestation de participation.'
      using errcode = 'P0001', hint = 'no_certificate';
  end if;
  queued := private.queue_certificate_link(p, c.what, c.code, batch);
  if queued then
    perform private.audit('messages.certificate_link', 'outbox', batch::text,
      format('Lien du certificat mis en file pour %s', coalesce(p.team_name, p.full_name)),
      null, jsonb_build_object('batch_id', batch, 'ids', jsonb_build_array(p.id)));
  end if;
  return row(case when queued then 1 else 0 end, case when queued then 0 else 1 end,
             batch)::public.certificate_links_queued;
end;
$$;
revoke all on function public.admin_send_certificate_link(uuid) from public, anon, authenticated;
grant execute on function public.admin_send_certificate_link(uuid) to authenticated;

-- "Envoyer le lien à tous" in the final's view (admins): every laureate's and finalist's link of
-- a published category, once per certificate; more than a handful only with confirm_messages =
-- their count (private.require_spend_confirmed). One 'messages.certificate_link' row.
create function public.admin_send_certificate_links(category text,
  confirm_messages integer default null) returns public.certificate_links_queued
language plpgsql volatile security definer set search_path = '' as $$
declare
  batch uuid := gen_random_uuid();
  total integer;
  queued uuid[];
begin
  perform private.require_admin();
  if admin_send_certificate_links.category is null
     or admin_send_certificate_links.category not in ('dance', 'singing') then
    perform private.invalid('category', 'Catégorie inconnue : choisissez danse ou chant.');
  end if;
  if not exists (select 1 from public.final_result_snapshots x
                  where x.category = admin_send_certificate_links.category) then
    raise exception 'Publiez d’abord les résultats : les certificats en portent le code.'
      using errcode = 'P0001', hint = 'not_published';
  end if;
  perform private.start_spend();
  select count(*), array_agg(y.pid) filter (where y.q) into total, queued from (
    select p.id as pid,
           private.queue_certificate_link(p,
             case when (f ->> 'rank')::integer <= 3 then 'certificat de lauréat'
                  else 'certificat de finaliste' end,
             private.final_certificate_code(x.category, p.id, x.signature), batch) as q
      from public.final_result_snapshots x
      cross join lateral jsonb_array_elements(x.results -> 'finalists') f
      join public.participants p on p.id = (f ->> 'participant_id')::uuid and p.deleted_at is null
     where x.category = admin_send_certificate_links.category
     order by p.id) y;
  perform private.require_spend_confirmed(confirm_messages);
  perform private.audit('messages.certificate_link', 'outbox', batch::text,
    format('Lien des certificats mis en file pour %s (%s)',
           private.plural(coalesce(cardinality(queued), 0), 'personne'),
           case admin_send_certificate_links.category when 'dance' then 'danse' else 'chant' end),
    null, jsonb_build_object('category', admin_send_certificate_links.category, 'batch_id', batch,
                             'ids', coalesce(to_jsonb(queued), '[]'::jsonb)));
  return row(coalesce(cardinality(queued), 0), total - coalesce(cardinality(queued), 0),
             batch)::public.certificate_links_queued;
end;
$$;
revoke all on function public.admin_send_certificate_links(text,integer) from public, anon, authenticated;
grant execute on function public.admin_send_certificate_links(text,integer) to authenticated;
