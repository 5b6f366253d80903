-- The edition's statistics beyond the registrations (issue 40): the contest's pipeline by
-- category, the audition cities, and the Night Party (reservations, entries per hour, the public
-- vote's participation). Counts only, nothing personal; admins and readers
-- (docs/decisions/044-stage-screen-from-the-back.md).

-- { pipeline: [{ status, dance, singing }] in the pipeline's order, zeros included;
--   auditionCities: [{ city, dance, singing }] for each audition city (zeros included), then
--   city null for those without one; nightParty: { capacity, limit, reservations, confirmed,
--   waitlisted, cancelled, entered, enteredByHour: [{ hour, count }] (Douala time, 'YYYY-MM-DD
--   HH:00', every hour from the first entry to the last), rounds: [{ position, title, state,
--   voters, eligible }] for every round opened, in order } }.
-- One scan of the participants and one of the reservations (the entries' hours read the
-- checked_in_at index); the bin is ignored, as in participant_stats.
create function public.edition_stats() returns public.edition_stats_answer
language plpgsql stable security definer set search_path = '' as $$
declare
  result jsonb;
begin
  perform private.require_reader();
  with p as (
    select category, status, audition_city, count(*) as n
      from public.participants
     where deleted_at is null
     group by category, status, audition_city),
  statuses(status, ord) as (
    select * from unnest(array['inscrit', 'preselectionne', 'convoque', 'finaliste', 'laureat',
                               'refuse']) with ordinality),
  cities(city, ord) as (
    select * from unnest(array['Douala', 'Yaoundé', 'Bafoussam', 'Garoua', 'Limbe'])
      with ordinality
    union all select null, 99),
  r as (
    select count(*) as reservations,
           count(*) filter (where state = 'confirmed') as confirmed,
           count(*) filter (where state = 'waitlisted') as waitlisted,
           count(*) filter (where state = 'cancelled') as cancelled,
           count(*) filter (where checked_in_at is not null) as entered
      from public.reservations),
  entries as (
    select date_trunc('hour', checked_in_at at time zone 'Africa/Douala') as hour, count(*) as n
      from public.reservations
     where checked_in_at is not null
     group by 1),
  hours as (
    select h.hour, coalesce(e.n, 0) as n
      from generate_series((select min(hour) from entries), (select max(hour) from entries),
                           interval '1 hour') as h(hour)
      left join entries e on e.hour = h.hour)
  select jsonb_build_object(
    'pipeline', (
      select jsonb_agg(jsonb_build_object(
               'status', s.status,
               'dance', coalesce((select sum(n) from p where p.status = s.status
                                    and p.category = 'dance'), 0),
               'singing', coalesce((select sum(n) from p where p.status = s.status
                                      and p.category = 'singing'), 0)) order by s.ord)
        from statuses s),
    'auditionCities', (
      select jsonb_agg(jsonb_build_object(
               'city', c.city,
               'dance', coalesce((select sum(n) from p where p.audition_city is not distinct from c.city
                                    and p.category = 'dance'), 0),
               'singing', coalesce((select sum(n) from p where p.audition_city is not distinct from c.city
                                      and p.category = 'singing'), 0)) order by c.ord)
        from cities c),
    'nightParty', jsonb_build_object(
      'capacity', s.capacity,
      'limit', private.place_limit(s),
      'reservations', r.reservations,
      'confirmed', r.confirmed,
      'waitlisted', r.waitlisted,
      'cancelled', r.cancelled,
      'entered', r.entered,
      'enteredByHour', coalesce((
        select jsonb_agg(jsonb_build_object('hour', to_char(h.hour, 'YYYY-MM-DD HH24:00'),
                                            'count', h.n) order by h.hour)
          from hours h), '[]'::jsonb),
      'rounds', coalesce((
        select jsonb_agg(jsonb_build_object(
                 'position', v.position,
                 'title', v.title,
                 'state', private.vote_round_state(v),
                 'voters', (select count(*) from public.votes x where x.round_id = v.id),
                 -- Who could vote (docs/decisions/039-one-answer-and-votes-that-cannot-be-bought.md):
                 -- the passes validated at the door, and for a round open online the confirmed
                 -- passes reserved before it was created (a scan only for such a round).
                 'eligible', case when v.eligibility = 'checked_in' then r.entered
                   else (select count(*) from public.reservations x
                          where x.state = 'confirmed'
                            and (x.checked_in_at is not null or x.created_at < v.created_at)) end)
                 order by v.position, v.created_at)
          from public.vote_rounds v
         where v.state <> 'draft'), '[]'::jsonb)))
  into result
  from public.edition_settings s, r;
  return jsonb_populate_record(null::public.edition_stats_answer, result);
end;
$$;
revoke all on function public.edition_stats() from public, anon, authenticated;
grant execute on function public.edition_stats() to authenticated;
