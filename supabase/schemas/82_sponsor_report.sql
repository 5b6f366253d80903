-- The sponsor's report (issue 41, docs/decisions/053-sponsor-report-xlsx.md): one read for the
-- workbook the statistics page downloads. Its figures are the admin's own: participant_stats()
-- and edition_stats() as they are (the same counts the page shows), plus what no screen adds up
-- yet: registrations per city (the form's "Ville") and category, the audition sessions held and their
-- judges, the entries per door and the messages sent per channel with their cost. Counts only,
-- nothing personal; admins and readers, like the statistics.

-- { generatedAt, editionYear, participants: participant_stats(), edition: edition_stats(),
--   registrationsByCity: [{ city, dance, singing }] (most registrations first, the bin ignored),
--   sessions: [{ kind, city, heldOn, category, state, judges, performers, cards }] for every
--   session with at least one card (held), by day then city; judges: distinct judges of those
--   sessions; enteredByDoor: [{ door, count }] (door null: checked in by hand from the admin list),
--   most entries first; messages: [{ channel, sent, failed, segments, cost }] per channel (sms,
--   whatsapp, email), cost the SMS parts sent × message_settings.sms_price_per_segment (FCFA),
--   null for the channels billed otherwise; smsPricePerSegment }.
-- jsonb: a document of ten nested sections, read once into a workbook, never field by field.
create function public.sponsor_report() returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  m public.message_settings;
  held uuid[];
begin
  perform private.require_reader();
  select * into m from public.message_settings;
  select coalesce(array_agg(s.id), '{}') into held
    from public.audition_sessions s
   where exists (select 1 from public.audition_scorecards c where c.session_id = s.id);
  return jsonb_build_object(
    'generatedAt', now(),
    'editionYear', (select extract(year from c.final_on)::integer from public.contest_settings c),
    'participants', public.participant_stats(),
    'edition', public.edition_stats(),
    'registrationsByCity', coalesce((
      select jsonb_agg(jsonb_build_object('city', x.city, 'dance', x.dance, 'singing', x.singing)
                       order by x.dance + x.singing desc, x.city)
        from (select city,
                     count(*) filter (where category = 'dance') as dance,
                     count(*) filter (where category = 'singing') as singing
                from public.participants
               where deleted_at is null
               group by city) x), '[]'::jsonb),
    'sessions', coalesce((
      select jsonb_agg(jsonb_build_object(
               'kind', s.kind, 'city', s.city, 'heldOn', s.held_on, 'category', s.category,
               'state', s.state,
               'judges', (select count(*) from public.audition_judges j where j.session_id = s.id),
               'performers', (select count(distinct c.participant_id) from public.audition_scorecards c
                               where c.session_id = s.id and not c.absent),
               'cards', (select count(*) from public.audition_scorecards c
                          where c.session_id = s.id and not c.absent))
             order by s.held_on, s.city, s.category)
        from public.audition_sessions s
       where s.id = any (held)), '[]'::jsonb),
    'judges', (select count(distinct j.user_id) from public.audition_judges j
                where j.session_id = any (held)),
    'enteredByDoor', coalesce((
      select jsonb_agg(jsonb_build_object('door', d.door, 'count', d.n)
                       order by d.n desc, d.door nulls last)
        from (select checked_in_door as door, count(*) as n
                from public.reservations
               where checked_in_at is not null
               group by checked_in_door) d), '[]'::jsonb),
    'messages', (
      select jsonb_agg(jsonb_build_object(
               'channel', ch.channel,
               'sent', coalesce(o.sent, 0),
               'failed', coalesce(o.failed, 0),
               'segments', case when ch.channel = 'sms' then coalesce(o.segments, 0) end,
               'cost', case when ch.channel = 'sms'
                            then coalesce(o.segments, 0) * m.sms_price_per_segment end)
             order by ch.ord)
        from (values (1, 'sms'), (2, 'whatsapp'), (3, 'email')) ch(ord, channel)
        left join (select channel,
                          count(*) filter (where state = 'sent') as sent,
                          count(*) filter (where state = 'failed') as failed,
                          sum(segments) filter (where state = 'sent') as segments
                     from public.outbox
                    group by channel) o on o.channel = ch.channel),
    'smsPricePerSegment', m.sms_price_per_segment);
end;
$$;
revoke all on function public.sponsor_report() from public, anon, authenticated;
grant execute on function public.sponsor_report() to authenticated;
