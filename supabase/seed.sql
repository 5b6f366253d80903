-- Local demo data only (never pushed to production): one admin account, one door account,
-- ~80 participants over the 10 regions, both categories and modes (teams with members), ~60
-- reservations over the last 10 days (a few waitlisted, cancelled or already checked in), a
-- registration window that is open now and a Night Party in three weeks, reservations open.
-- Demo admin: admin@booster-challenge.local / BoosterAdmin2025 (see README).
-- Demo door staff (role controle): porte@booster-challenge.local / BoosterPorte2025.
-- Demo reader (role lecteur: lists and statistics, contacts masked, no edit, no export):
-- lecteur@booster-challenge.local / BoosterLecteur2025.
-- Demo régie (role regie: opens, closes and reveals the public vote's rounds, nothing personal):
-- regie@booster-challenge.local / BoosterRegie2025; one round in preparation, three candidates.
-- Demo judges (role jury: the audition sessions they judge, names and slots only):
-- jury@booster-challenge.local / BoosterJury2025 (lead judge) and
-- jury2@booster-challenge.local / BoosterJury2025; one Douala session, nothing scored yet.
-- The contest pipeline in progress (statuses with their history, audition slots, notes), a
-- participant in the bin, an inbox of messages (some handled) and a few journal entries.
begin;

insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
  confirmation_token, recovery_token, email_change_token_new, email_change)
values ('00000000-0000-0000-0000-000000000000', 'a0000000-0000-4000-8000-000000000001',
  'authenticated', 'authenticated', 'admin@booster-challenge.local',
  extensions.crypt('BoosterAdmin2025', extensions.gen_salt('bf')), now(),
  '{"provider":"email","providers":["email"]}', '{}', now(), now(), '', '', '', '');

insert into auth.identities (id, provider_id, user_id, identity_data, provider, last_sign_in_at,
  created_at, updated_at)
values ('a0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000001',
  'a0000000-0000-4000-8000-000000000001',
  '{"sub":"a0000000-0000-4000-8000-000000000001","email":"admin@booster-challenge.local","email_verified":true}',
  'email', now(), now(), now());

insert into private.admins (user_id) values ('a0000000-0000-4000-8000-000000000001');

-- Door staff: check-in only (docs/decisions/009-night-party-operations.md).
insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
  confirmation_token, recovery_token, email_change_token_new, email_change)
values ('00000000-0000-0000-0000-000000000000', 'a0000000-0000-4000-8000-000000000002',
  'authenticated', 'authenticated', 'porte@booster-challenge.local',
  extensions.crypt('BoosterPorte2025', extensions.gen_salt('bf')), now(),
  '{"provider":"email","providers":["email"]}', '{}', now(), now(), '', '', '', '');

insert into auth.identities (id, provider_id, user_id, identity_data, provider, last_sign_in_at,
  created_at, updated_at)
values ('a0000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000002',
  'a0000000-0000-4000-8000-000000000002',
  '{"sub":"a0000000-0000-4000-8000-000000000002","email":"porte@booster-challenge.local","email_verified":true}',
  'email', now(), now(), now());

insert into private.admins (user_id, role) values ('a0000000-0000-4000-8000-000000000002', 'controle');

-- The Night Party in three weeks, Saturday or not, at 16:00 in Yaoundé; reservations open since
-- 10 days and until the concert starts.
update public.edition_settings
   set concert_starts_at = ((now() at time zone 'Africa/Douala')::date + 21 + time '16:00')
                           at time zone 'Africa/Douala',
       doors_open_at = ((now() at time zone 'Africa/Douala')::date + 21 + time '14:00')
                       at time zone 'Africa/Douala',
       reservations_open_at = now() - interval '10 days',
       reservations_close_at = null,
       updated_at = now();

-- The door works only around the concert (docs/decisions/017-roles-and-door-window.md): from 2
-- hours before the doors open in production. The demo opens it 22 days before, so that the demo
-- door (/porte) checks passes in now, three weeks ahead. To see the refusal, put production's
-- value back: update private.door_settings set opens_before_doors = interval '2 hours';
update private.door_settings set opens_before_doors = interval '22 days', updated_at = now();
-- The demo door list's checks derive at 1,000 iterations, all at the first download (there is no
-- pg_cron here); a real edition keeps 60,000 (docs/decisions/036-door-admits-what-it-scanned.md).
update private.door_key set iterations = 1000;

update public.contest_settings
   set registration_opens_at = now() - interval '30 days',
       registration_closes_at = now() + interval '60 days',
       max_participants = 2000,
       -- The final a month after the registrations close, in Douala.
       final_city = 'Douala',
       final_on = ((now() + interval '90 days') at time zone 'Africa/Douala')::date;

-- 80 participants: every 3rd one is a team of 2 to 5 people.
with first_names as (
  select array['Awa','Jean','Mireille','Samuel','Christelle','Boris','Aïcha','Franck','Nadège','Hervé',
               'Laure','Patrick','Estelle','Junior','Sandrine','Arnaud','Carine','Yannick','Grace','Paul'] a
), last_names as (
  select array['Ngono','Mbarga','Fotso','Ndiaye','Tchoupo','Essomba','Abena','Kamga','Nkoulou','Manga',
               'Ewane','Talla','Bello','Etoa','Nguema','Owona'] a
), regions as (
  select array['Adamaoua','Centre','Est','Extrême-Nord','Littoral','Nord','Nord-Ouest','Ouest','Sud','Sud-Ouest'] r,
         array['Ngaoundéré','Yaoundé','Bertoua','Maroua','Douala','Garoua','Bamenda','Bafoussam','Ebolowa','Buea'] c
), rows as (
  select g,
         f.a[1 + (g * 7) % 20] || ' ' || l.a[1 + (g * 5) % 16] as full_name,
         -- regions unevenly spread, so the "top regions" mean something
         case when g % 4 = 0 then 5 when g % 7 = 0 then 2 else 1 + (g * 3) % 10 end as ri,
         case when g % 3 = 0 then 'team' else 'solo' end as ptype
    from generate_series(1, 80) g, first_names f, last_names l
)
-- Ids whose first 8 characters differ, as random ones do: they are the registration reference
-- a participant quotes (src/lib/registration-reference.ts), which the list's search finds.
insert into public.participants (id, full_name, email, phone, city, region, category,
  participation_type, team_name, link_to_work, description, agree_to_terms, created_at)
select (to_hex(268435456 + g * 15485863) || '-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid,
       full_name,
       lower(replace(translate(full_name, 'ïèéêëàâçôûùî', 'ieeeeaacouui'), ' ', '.')) || g || '@example.cm',
       '6' || lpad((70000000 + g * 1013)::text, 8, '0'),
       r.c[ri], r.r[ri],
       case when g % 5 in (0, 2) then 'singing' else 'dance' end,
       ptype,
       case when ptype = 'team' then 'Team ' || (array['Lions','Étoiles','Vibes','Kings','Flow'])[1 + g % 5] || ' ' || g end,
       case when g % 4 = 0 then 'https://www.youtube.com/watch?v=demo' || g end,
       case when g % 2 = 0 then 'Passionné(e) de scène depuis ' || (3 + g % 10) || ' ans.' end,
       true,
       now() - (g * interval '9 hours') - (g % 7) * interval '13 minutes'
  from rows, regions r;

insert into public.team_members (participant_id, position, full_name, email, phone)
select p.id, m.pos,
       'Membre ' || m.pos || ' ' || split_part(p.full_name, ' ', 2),
       case when m.pos % 2 = 1 then 'membre' || m.pos || '.' || split_part(p.email, '@', 1) || '@example.cm' end,
       '65' || lpad((row_number() over (order by p.id, m.pos))::text, 7, '0')
  from public.participants p
  cross join lateral generate_series(1, 1 + (('x' || substr(p.id::text, 34, 3))::bit(12)::int % 4)) as m(pos)
 where p.participation_type = 'team';

-- 60 reservations over the last 10 days; a few legacy rows keep the city in `region`.
-- The 15 oldest were made before the form recorded the pre-filled answers the visitor changed
-- (survey_changed null: unknown); every answer other than its default is in the record, as
-- create_reservation writes it (docs/decisions/025-survey-defaults.md).
insert into public.reservations (id, full_name, phone, ville, region, attendance_status, heard_from,
  will_attend, attendance_barrier, follows_booster_page, consumes_booster_products, created_at,
  survey_changed)
select ('c0000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid,
       (array['Marie','Eric','Linda','Serge','Olive','Cédric','Diane','Thierry','Flore','Alain'])[1 + g % 10]
         || ' ' || (array['Atangana','Nana','Biya','Eto','Mvogo','Kotto','Ayissi'])[1 + g % 7],
       '65' || lpad((g * 3301)::text, 7, '0'),
       case when g % 12 = 0 then null
            else (array['Yaoundé','Douala','Mbalmayo','Obala','Bafoussam','Soa'])[1 + g % 6] end,
       case when g % 12 = 0 then 'Yaoundé' end,
       (array['yes','yes','yes','maybe','no'])[1 + g % 5],
       (array['social','flyer','wordOfMouth','social'])[1 + g % 4],
       case when g % 5 = 4 then 'no' else 'yes' end,
       (array['none','none','distance','cost','location','noCompanion','artists'])[1 + g % 7],
       case when g % 4 = 0 then 'no' else 'yes' end,
       case when g % 6 = 0 then 'no' else 'yes' end,
       now() - (g * interval '4 hours'),
       case when g > 45 then null else array_remove(array[
         case when g % 5 in (3, 4) or g % 8 = 1 then 'attendance_status' end,
         case when g % 5 = 4 or g % 9 = 2 then 'will_attend' end,
         case when g % 7 >= 2 or g % 6 = 1 then 'attendance_barrier' end,
         case when g % 4 = 0 or g % 10 = 3 then 'follows_booster_page' end,
         case when g % 6 = 0 or g % 11 = 5 then 'consumes_booster_products' end], null) end
  from generate_series(1, 60) g;

-- A few of each state for the admin and door screens. The three newest are waitlisted although
-- places are free (a real waitlist needs 1,650 reservations): the next cancellation promotes
-- them. Fixed codes, to open the demo passes by hand: FETE234567 confirmed, FETE234568
-- waitlisted (no 1), FETE234569 cancelled, FETE23456A checked in.
update public.reservations r
   set state = 'waitlisted', queue_number = w.n
  from (select id, row_number() over (order by created_at) as n
          from public.reservations
         where id in ('c0000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000003',
                      'c0000000-0000-4000-8000-000000000004')) w
 where r.id = w.id;
select setval('private.reservation_queue', 3);

update public.reservations
   set state = 'cancelled', cancelled_at = created_at + interval '2 hours'
 where id in ('c0000000-0000-4000-8000-000000000005', 'c0000000-0000-4000-8000-000000000023',
              'c0000000-0000-4000-8000-000000000041');

-- The doors the admin declared (Paramètres): door staff choose theirs at sign-in.
insert into private.declared_doors (position, name)
values (1, 'Porte 1'), (2, 'Porte 2'), (3, 'Porte 3'), (4, 'Entrée VIP')
on conflict do nothing;

update public.reservations
   set checked_in_at = now() - (right(id::text, 2)::int * interval '3 minutes'),
       checked_in_door = case when right(id::text, 2)::int % 2 = 0 then 'Porte 1' else 'Porte 2' end,
       checked_in_by = 'a0000000-0000-4000-8000-000000000002'
 where id in ('c0000000-0000-4000-8000-000000000002', 'c0000000-0000-4000-8000-000000000007',
              'c0000000-0000-4000-8000-000000000012', 'c0000000-0000-4000-8000-000000000017',
              'c0000000-0000-4000-8000-000000000029', 'c0000000-0000-4000-8000-000000000033');

update public.reservations r
   set pass_code = c.code
  from (values ('c0000000-0000-4000-8000-000000000006'::uuid, 'FETE234567'),
               ('c0000000-0000-4000-8000-000000000004'::uuid, 'FETE234568'),
               ('c0000000-0000-4000-8000-000000000005'::uuid, 'FETE234569'),
               ('c0000000-0000-4000-8000-000000000002'::uuid, 'FETE23456A')) c(id, code)
 where r.id = c.id;

-- Reader (lecteur): reads the lists and statistics, contact details masked; edits nothing.
insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
  confirmation_token, recovery_token, email_change_token_new, email_change)
values ('00000000-0000-0000-0000-000000000000', 'a0000000-0000-4000-8000-000000000003',
  'authenticated', 'authenticated', 'lecteur@booster-challenge.local',
  extensions.crypt('BoosterLecteur2025', extensions.gen_salt('bf')), now(),
  '{"provider":"email","providers":["email"]}', '{}', now(), now(), '', '', '', '');

insert into auth.identities (id, provider_id, user_id, identity_data, provider, last_sign_in_at,
  created_at, updated_at)
values ('a0000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000003',
  'a0000000-0000-4000-8000-000000000003',
  '{"sub":"a0000000-0000-4000-8000-000000000003","email":"lecteur@booster-challenge.local","email_verified":true}',
  'email', now(), now(), now());

insert into private.admins (user_id, role) values ('a0000000-0000-4000-8000-000000000003', 'lecteur');

-- Régie (regie): the public vote's rounds only (docs/decisions/030-public-vote.md).
insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
  confirmation_token, recovery_token, email_change_token_new, email_change)
values ('00000000-0000-0000-0000-000000000000', 'a0000000-0000-4000-8000-000000000004',
  'authenticated', 'authenticated', 'regie@booster-challenge.local',
  extensions.crypt('BoosterRegie2025', extensions.gen_salt('bf')), now(),
  '{"provider":"email","providers":["email"]}', '{}', now(), now(), '', '', '', '');

insert into auth.identities (id, provider_id, user_id, identity_data, provider, last_sign_in_at,
  created_at, updated_at)
values ('a0000000-0000-4000-8000-000000000004', 'a0000000-0000-4000-8000-000000000004',
  'a0000000-0000-4000-8000-000000000004',
  '{"sub":"a0000000-0000-4000-8000-000000000004","email":"regie@booster-challenge.local","email_verified":true}',
  'email', now(), now(), now());

insert into private.admins (user_id, role) values ('a0000000-0000-4000-8000-000000000004', 'regie');

-- Judges (jury): the audition sessions they are assigned to (docs/decisions/031-jury-scorecards.md).
insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
  confirmation_token, recovery_token, email_change_token_new, email_change)
values ('00000000-0000-0000-0000-000000000000', 'a0000000-0000-4000-8000-000000000005',
  'authenticated', 'authenticated', 'jury@booster-challenge.local',
  extensions.crypt('BoosterJury2025', extensions.gen_salt('bf')), now(),
  '{"provider":"email","providers":["email"]}', '{}', now(), now(), '', '', '', '');

insert into auth.identities (id, provider_id, user_id, identity_data, provider, last_sign_in_at,
  created_at, updated_at)
values ('a0000000-0000-4000-8000-000000000005', 'a0000000-0000-4000-8000-000000000005',
  'a0000000-0000-4000-8000-000000000005',
  '{"sub":"a0000000-0000-4000-8000-000000000005","email":"jury@booster-challenge.local","email_verified":true}',
  'email', now(), now(), now());

insert into private.admins (user_id, role) values ('a0000000-0000-4000-8000-000000000005', 'jury');

insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
  confirmation_token, recovery_token, email_change_token_new, email_change)
values ('00000000-0000-0000-0000-000000000000', 'a0000000-0000-4000-8000-000000000006',
  'authenticated', 'authenticated', 'jury2@booster-challenge.local',
  extensions.crypt('BoosterJury2025', extensions.gen_salt('bf')), now(),
  '{"provider":"email","providers":["email"]}', '{}', now(), now(), '', '', '', '');

insert into auth.identities (id, provider_id, user_id, identity_data, provider, last_sign_in_at,
  created_at, updated_at)
values ('a0000000-0000-4000-8000-000000000006', 'a0000000-0000-4000-8000-000000000006',
  'a0000000-0000-4000-8000-000000000006',
  '{"sub":"a0000000-0000-4000-8000-000000000006","email":"jury2@booster-challenge.local","email_verified":true}',
  'email', now(), now(), now());

insert into private.admins (user_id, role) values ('a0000000-0000-4000-8000-000000000006', 'jury');

-- A round of the public vote in preparation (draft): the régie opens it from /admin/vote.
insert into public.vote_rounds (id, position, title, duration_seconds, eligibility)
values ('f0000000-0000-4000-8000-000000000001', 1, 'Compétition de chant', 90, 'checked_in');
insert into public.vote_candidates (round_id, number, name, line)
values ('f0000000-0000-4000-8000-000000000001', 1, 'Awa N.', 'Douala — « Mon pays »'),
       ('f0000000-0000-4000-8000-000000000001', 2, 'Les Lions de Bafoussam', 'Bafoussam — chant en groupe'),
       ('f0000000-0000-4000-8000-000000000001', 3, 'Junior E.', 'Yaoundé — « Ma mère »');

-- The contest pipeline (docs/decisions/010-organiser-workspace.md): every participant's path
-- from 'inscrit', the steps dated over the last days, as admin_set_status and admin_assign_slot
-- would have recorded them.
create temporary table demo_path on commit drop as
select p.id, g,
       case when g in (12, 37) then array['preselectionne', 'convoque', 'finaliste', 'laureat']
            when g % 20 = 7 then array['preselectionne', 'convoque', 'finaliste']
            when g % 10 = 2 then array['preselectionne', 'convoque']
            when g % 13 = 0 then array['refuse']
            when g % 5 = 1 then array['preselectionne']
            else array[]::text[] end as steps
  from public.participants p
  cross join lateral (select right(p.id::text, 12)::int as g) x;

update public.participants p
   set status = d.steps[cardinality(d.steps)],
       -- Auditions in the five cities, from next week, every half hour from 10:00.
       audition_city = case when 'convoque' = any (d.steps)
         then (array['Douala', 'Yaoundé', 'Bafoussam', 'Garoua', 'Limbe'])[1 + (d.g / 10) % 5] end,
       audition_at = case when 'convoque' = any (d.steps)
         then (((now() at time zone 'Africa/Douala')::date + 7 + d.g % 3 + time '10:00')
               at time zone 'Africa/Douala') + (d.g % 8) * interval '30 minutes' end,
       notified_at = case when 'convoque' = any (d.steps) and d.g % 4 <> 0
         then now() - interval '1 day' end,
       notified_by = case when 'convoque' = any (d.steps) and d.g % 4 <> 0
         then 'a0000000-0000-4000-8000-000000000001'::uuid end,
       notes = case when d.g % 9 = 0 then 'Très bonne présence scénique sur la vidéo.'
                    when d.g % 11 = 0 then 'À rappeler : lien vers la vidéo à vérifier.' end
  from demo_path d
 where p.id = d.id and cardinality(d.steps) > 0;

insert into public.participant_status_history (participant_id, from_status, to_status, at, actor_email)
select d.id, coalesce(d.steps[s.i - 1], 'inscrit'), d.steps[s.i],
       now() - (cardinality(d.steps) - s.i + 1) * interval '2 days' - d.g * interval '1 minute',
       'admin@booster-challenge.local'
  from demo_path d
  cross join lateral generate_subscripts(d.steps, 1) as s(i);

-- The auditions' jury (docs/decisions/031-jury-scorecards.md): one session in Douala on the day
-- of the Douala convocations above (in 8 days), both categories, judged by the two demo judges
-- (lead: jury@). Four more participants are convoked that afternoon, so that its running order
-- has six performers. Nothing is scored yet.
with more as (
  update public.participants p
     set status = 'convoque', audition_city = 'Douala',
         audition_at = (((now() at time zone 'Africa/Douala')::date + 8 + time '14:00')
                        at time zone 'Africa/Douala') + x.i * interval '30 minutes'
    from (values (3, 0), (4, 1), (5, 2), (8, 3)) as x(g, i)
   where p.id = (to_hex(268435456 + x.g * 15485863) || '-0000-4000-8000-'
                 || lpad(x.g::text, 12, '0'))::uuid
     and p.status = 'inscrit' and p.deleted_at is null
  returning p.id
)
insert into public.participant_status_history (participant_id, from_status, to_status, at, actor_email)
select id, 'inscrit', 'convoque', now() - interval '2 days', 'admin@booster-challenge.local' from more;

insert into public.audition_sessions (id, city, held_on, category, venue)
values ('c1000000-0000-4000-8000-000000000001', 'Douala',
        (now() at time zone 'Africa/Douala')::date + 8, 'both',
        'Institut français du Cameroun, boulevard de la Liberté, Bonanjo, Douala');
select private.audition_copy_criteria('c1000000-0000-4000-8000-000000000001', 'both');
insert into public.audition_judges (session_id, user_id, is_lead, position)
values ('c1000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000005', true, 1),
       ('c1000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000006', false, 2);

-- An 81st participant, in the bin since 3 days (restorable until day 30): the lists and
-- statistics still show 80.
insert into public.participants (id, full_name, email, phone, city, region, category,
  participation_type, agree_to_terms, created_at, deleted_at, deleted_by)
values ('b0000000-0000-4000-8000-000000000081', 'Roger Doublon', 'roger.doublon@example.cm',
  '690000081', 'Douala', 'Littoral', 'dance', 'solo', true, now() - interval '5 days',
  now() - interval '3 days', 'a0000000-0000-4000-8000-000000000001');

-- The inbox: newest first, the older ones handled.
insert into public.contact_messages (id, name, email, subject, message, created_at, handled_at,
  handled_by)
select ('e0000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid, m.name, m.email, m.subject,
       m.message, now() - g * interval '7 hours',
       case when g > 4 then now() - g * interval '7 hours' + interval '3 hours' end,
       case when g > 4 then 'a0000000-0000-4000-8000-000000000001'::uuid end
  from (values
    (1, 'Brice Atangana', 'brice.atangana@example.cm', 'Changer de catégorie',
     'Bonjour, je me suis inscrit en danse mais je voudrais passer en chant. Mon numéro : 677 12 34 56. Merci !'),
    (2, 'Solange Mvogo', 'solange.mvogo@example.cm', 'Audition à Garoua',
     'Bonsoir, est-ce que les auditions de Garoua auront lieu le samedi ? Je travaille en semaine.'),
    (3, 'Team Kings 18', 'kings18@example.cm', 'Ajouter un membre',
     'Nous voulons ajouter un cinquième membre à notre équipe, comment faire ?'),
    (4, 'Marcel Eto', 'marcel.eto@example.cm', 'Partenariat',
     'Notre radio souhaite couvrir la finale du Booster Challenge. Qui contacter pour un partenariat ?'),
    (5, 'Diane Kotto', 'diane.kotto@example.cm', 'Pass perdu',
     'J''ai perdu mon pass pour la Night Party, pouvez-vous me le renvoyer ? Téléphone 699 87 65 43.'),
    (6, 'Alain Nana', 'alain.nana@example.cm', 'Âge minimum',
     'Bonjour, à partir de quel âge peut-on participer au concours ? Ma fille a 15 ans.'),
    (7, 'Flore Ayissi', 'flore.ayissi@example.cm', 'Lien vidéo',
     'Mon lien YouTube ne marchait pas lors de l''inscription, voici le bon : https://youtu.be/demo'),
    (8, 'Thierry Biya', 'thierry.biya@example.cm', 'Merci',
     'Merci pour l''organisation, vivement la Night Party à Yaoundé !')
  ) as m(g, name, email, subject, message);

-- A few journal entries, as the functions write them.
insert into public.audit_log (at, actor, actor_email, action, entity, entity_id, summary, before, after)
select e.at, 'a0000000-0000-4000-8000-000000000001', 'admin@booster-challenge.local', e.action,
       e.entity, e.entity_id, e.summary, e.before, e.after
  from (values
    (now() - interval '6 days', 'participant.status', 'participant', null::text,
     format('Statut « présélectionné » pour %s participants',
            (select count(*) from demo_path where 'preselectionne' = any (steps))),
     null::jsonb, '{"status": "preselectionne"}'::jsonb),
    (now() - interval '4 days', 'participant.slot', 'participant', null,
     format('Audition à Douala pour %s participants',
            (select count(*) from public.participants where audition_city = 'Douala')),
     null, '{"audition_city": "Douala"}'),
    (now() - interval '3 days', 'participant.delete', 'participant',
     'b0000000-0000-4000-8000-000000000081', 'Participant placé dans la corbeille',
     (select jsonb_build_object('full_name', full_name, 'email', email, 'phone', phone,
                                'city', city, 'region', region)
        from public.participants where id = 'b0000000-0000-4000-8000-000000000081'), null),
    (now() - interval '1 day', 'participant.notified', 'participant', null,
     format('Convocation envoyée par WhatsApp à %s participants',
            (select count(*) from public.participants where notified_at is not null)),
     null, '{"channel": "whatsapp"}'),
    (now() - interval '20 hours', 'message.handled', 'message',
     'e0000000-0000-4000-8000-000000000005', 'Message marqué comme traité',
     '{"handled": false}', '{"handled": true}'),
    (now() - interval '2 hours', 'export', 'participants.xlsx', null,
     format('Export Excel des participants : %s lignes',
            (select count(*) from public.participants where deleted_at is null)),
     null, jsonb_build_object('filters', '{}'::jsonb, 'row_count',
            (select count(*) from public.participants where deleted_at is null)))
  ) as e(at, action, entity, entity_id, summary, before, after);

commit;
