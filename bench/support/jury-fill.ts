/**
 * The SQL that fills bench/jury.ts's database: PERFORMERS participants per city convoked on one
 * day, the judges and an admin, one session per city with three judges, every judge's card for
 * every performer (docs/decisions/031-jury-scorecards.md).
 */

/** $1 the cities, $2 performers per city: solo participants convoked on 2030-03-02 (phones 64…). */
export const FILL = `
with p as (
  insert into public.participants (full_name, email, phone, city, region, category,
    participation_type, agree_to_terms, status, audition_city, audition_at)
  select 'Candidat ' || c.i || '-' || g, 'jury-bench-' || c.i || '-' || g || '@example.cm',
         '64' || lpad((c.i * 100000 + g)::text, 7, '0'), c.city, 'Littoral',
         case when g % 2 = 0 then 'singing' else 'dance' end, 'solo', true, 'convoque', c.city,
         (date '2030-03-02' + time '08:00') at time zone 'Africa/Douala' + g * interval '2 minutes'
    from unnest($1::text[]) with ordinality c(city, i), generate_series(1, $2::int) g
  returning id)
select count(*) from p`;

/** $1 the password, $2 the e-mails: an admin (admin…) and judges (role jury). */
export const STAFF = `
with u as (
  insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at)
  select gen_random_uuid(), 'authenticated', 'authenticated', e,
         extensions.crypt($1, extensions.gen_salt('bf', 4)), now()
    from unnest($2::text[]) e
  returning id, email),
i as (
  insert into auth.identities (provider_id, user_id, identity_data, provider)
  select id::text, id, jsonb_build_object('sub', id::text, 'email', email), 'email' from u)
insert into private.admins (user_id, role)
select id, case when email like 'admin%' then 'admin' else 'jury' end from u`;

/** $1 the cities: one session per city (both categories), judged by its three judges. */
export const SESSIONS = `
with s as (
  insert into public.audition_sessions (city, held_on, category, venue)
  select city, date '2030-03-02', 'both', 'Salle du bench, ' || city from unnest($1::text[]) city
  returning id, city)
insert into public.audition_judges (session_id, user_id, is_lead, position)
select s.id, u.id, n = 1, n
  from s cross join generate_series(1, 3) n
  join auth.users u on u.email = 'juge-bench-' || s.city || '-' || n || '@example.cm'`;

/**
 * Every judge's card for every performer of their session: one in twenty absent (by a hash, so
 * the same in every run), the others around the judge's own mean, with their weighted total.
 */
export const CARDS = `
with cards as materialized (
  select gen_random_uuid() as id, j.session_id, j.user_id as judge_id, p.participant_id,
         p.category, hashtext(p.participant_id::text || j.user_id::text) % 20 = 0 as absent
    from public.audition_judges j
    cross join lateral private.audition_performers(j.session_id) p
), vals as materialized (
  select c.id, c.session_id, c.judge_id, c.participant_id, k.id as criterion_id, k.weight,
         -- Around each judge's own mean (3 to 7), 0 to 10 in half points.
         least(10, greatest(0, round((3 + abs(hashtext(c.judge_id::text)) % 5
                                      + (random() * 6 - 3))::numeric * 2) / 2)) as value
    from cards c
    join public.audition_session_criteria k
      on k.session_id = c.session_id and k.category = c.category
   where not c.absent
), ins as (
  insert into public.audition_scorecards (id, session_id, judge_id, participant_id, absent,
    revision, total)
  select c.id, c.session_id, c.judge_id, c.participant_id, c.absent, 1, t.total
    from cards c
    left join (select v.id, sum(v.value * v.weight) / 100 as total from vals v group by v.id) t
      on t.id = c.id
  returning id)
insert into public.audition_scores (scorecard_id, session_id, judge_id, participant_id,
  criterion_id, value)
select v.id, v.session_id, v.judge_id, v.participant_id, v.criterion_id, v.value from vals v`;
