-- The auditions' jury (issue 30, docs/decisions/031-jury-scorecards.md): the role `jury`, the
-- criteria per category, audition sessions with their judges, the judges' scorecards (made
-- offline on a phone: an id and a revision), the lock, the results with scores normalised per
-- judge, the preselection through the pipeline, the journal's jury actions and export labels.
-- Folded into supabase/schemas/10_staff_and_roles.sql, 30_journal.sql and 45_auditions.sql to
-- 49_audition_ranking.sql.

alter table private.admins drop constraint admins_role_check;
alter table private.admins add constraint admins_role_check
  check (role = any (array['admin'::text, 'lecteur'::text, 'controle'::text, 'regie'::text, 'jury'::text]));
comment on column private.admins.role is 'admin: everything; lecteur: reads reservations and statistics; controle: door check-in only; regie: opens, closes and reveals the public vote''s rounds, nothing personal; jury: scores the audition sessions it is assigned to (names, categories and slots only).';

alter table public.audit_log drop constraint audit_log_action_check;
alter table public.audit_log add constraint audit_log_action_check check (action = any (array['participant.update'::text, 'participant.delete'::text, 'participant.restore'::text, 'participant.status'::text, 'participant.slot'::text, 'participant.notes'::text, 'participant.notified'::text, 'reservation.cancel'::text, 'reservation.check_in'::text, 'reservation.check_in_undo'::text, 'door.lookup'::text, 'settings.update'::text, 'message.handled'::text, 'export'::text, 'retention.request'::text, 'retention.cancel'::text, 'retention.purge'::text, 'bin.purge'::text, 'vote.round_create'::text, 'vote.round_update'::text, 'vote.round_delete'::text, 'vote.open'::text, 'vote.close'::text, 'vote.reveal'::text, 'vote.screen_reset'::text, 'jury.score'::text, 'jury.lock'::text, 'jury.unlock'::text, 'jury.session_save'::text, 'jury.session_delete'::text, 'jury.criteria'::text, 'jury.preselect'::text]));

create or replace function private.export_label(what text) returns text
language sql immutable set search_path = '' as $$
  select case what
    when 'participants' then 'Export CSV des participants'
    when 'participants.xlsx' then 'Export Excel des participants'
    when 'participant_json' then 'Export JSON d''une fiche participant'
    when 'reservations' then 'Export CSV des réservations'
    when 'reservations.xlsx' then 'Export Excel des réservations'
    when 'messages' then 'Export CSV des messages de contact'
    when 'presence_night_party' then 'Export CSV des présences à la Night Party'
    when 'distribution_regionale' then 'Export CSV de la répartition par région'
    when 'vote_results' then 'Export CSV des résultats du vote'
    when 'vote_results.xlsx' then 'Export Excel des résultats du vote'
    when 'audition_scores' then 'Export CSV des notes du jury'
    when 'audition_scores.xlsx' then 'Export Excel des notes du jury'
  end
$$;

-- =============================================================================================
-- supabase/schemas/45_auditions.sql
-- =============================================================================================

-- The auditions' jury (issue 30, docs/decisions/031-jury-scorecards.md): the criteria and their
-- weights per category (settings), the audition sessions (a city, a day, a category, a venue),
-- each session's own copy of the criteria (frozen at its first scorecard), its judges and its
-- lead judge; the helpers every jury function starts with. The admins' functions that prepare
-- sessions and criteria are in 46_audition_sessions.sql, the scorecards in
-- 47_audition_scores.sql, the lock and what judges read in 48_audition_results.sql, the
-- results and rankings in 49_audition_ranking.sql.

-- ---------------------------------------------------------------------------------------------
-- Tables, their indexes, grants and required rows
-- ---------------------------------------------------------------------------------------------

create table public.audition_criteria (
  id uuid default gen_random_uuid(),
  category text not null,
  position integer not null,
  key text not null,
  label text not null,
  weight integer not null,
  updated_at timestamptz default now() not null,
  constraint audition_criteria_pkey primary key (id),
  constraint audition_criteria_category_key_key unique (category, key),
  constraint audition_criteria_category_check check (category = any (array['dance'::text, 'singing'::text])),
  constraint audition_criteria_position_check check (position >= 1 and position <= 8),
  constraint audition_criteria_key_check check (key ~ '^[a-z0-9]+(-[a-z0-9]+)*$'::text and char_length(key) <= 40),
  constraint audition_criteria_label_check check (char_length(label) >= 2 and char_length(label) <= 40),
  constraint audition_criteria_weight_check check (weight >= 1 and weight <= 100)
);
comment on table public.audition_criteria is 'The settings: 2 to 8 criteria per category, weights summing to 100 (admin_save_audition_criteria). Each session scores on its own copy (audition_session_criteria).';
alter table public.audition_criteria enable row level security;
revoke all on public.audition_criteria from public, anon, authenticated;
grant select on public.audition_criteria to authenticated;

insert into public.audition_criteria (category, position, key, label, weight) values
  ('dance', 1, 'technique', 'Technique', 30),
  ('dance', 2, 'creativite', 'Créativité', 25),
  ('dance', 3, 'presence-scenique', 'Présence scénique', 25),
  ('dance', 4, 'musicalite', 'Musicalité', 20),
  ('singing', 1, 'justesse', 'Justesse', 30),
  ('singing', 2, 'voix', 'Voix', 25),
  ('singing', 3, 'interpretation', 'Interprétation', 25),
  ('singing', 4, 'presence-scenique', 'Présence scénique', 20);

create table public.audition_sessions (
  id uuid default gen_random_uuid(),
  city text not null,
  held_on date not null,
  category text not null,
  venue text not null,
  state text default 'open'::text not null,
  locked_at timestamptz,
  locked_by uuid,
  created_at timestamptz default now() not null,
  updated_at timestamptz default now() not null,
  constraint audition_sessions_pkey primary key (id),
  constraint audition_sessions_city_held_on_category_key unique (city, held_on, category),
  constraint audition_sessions_city_check check (city = any (array['Douala'::text, 'Yaoundé'::text, 'Bafoussam'::text, 'Garoua'::text, 'Limbe'::text])),
  constraint audition_sessions_category_check check (category = any (array['dance'::text, 'singing'::text, 'both'::text])),
  constraint audition_sessions_held_on_check check (held_on >= '2000-01-01'::date and held_on <= '2199-12-31'::date),
  constraint audition_sessions_venue_check check (char_length(venue) >= 2 and char_length(venue) <= 200),
  constraint audition_sessions_state_check check (state = any (array['open'::text, 'locked'::text])),
  constraint audition_sessions_locked_check check ((state = 'locked'::text) = (locked_at is not null)),
  constraint audition_sessions_locked_by_fkey foreign key (locked_by) references auth.users(id) on delete set null
);
comment on table public.audition_sessions is 'An audition session: a city, a day (Africa/Douala), a category or both. Its running order is computed from the participants'' slots each time (private.audition_performers).';
comment on column public.audition_sessions.state is 'open: judges score; locked: the database refuses every change of its scorecards (jury_lock_session, admin_unlock_session).';
create index audition_sessions_held_on_idx on public.audition_sessions (held_on desc, city);
create index audition_sessions_locked_by_idx on public.audition_sessions (locked_by) where locked_by is not null;
alter table public.audition_sessions enable row level security;
revoke all on public.audition_sessions from public, anon, authenticated;
grant select on public.audition_sessions to authenticated;

create table public.audition_session_criteria (
  id uuid default gen_random_uuid(),
  session_id uuid not null,
  category text not null,
  position integer not null,
  key text not null,
  label text not null,
  weight integer not null,
  constraint audition_session_criteria_pkey primary key (id),
  constraint audition_session_criteria_id_session_key unique (id, session_id),
  constraint audition_session_criteria_session_key unique (session_id, category, key),
  constraint audition_session_criteria_category_check check (category = any (array['dance'::text, 'singing'::text])),
  constraint audition_session_criteria_position_check check (position >= 1 and position <= 8),
  constraint audition_session_criteria_label_check check (char_length(label) >= 2 and char_length(label) <= 40),
  constraint audition_session_criteria_weight_check check (weight >= 1 and weight <= 100),
  constraint audition_session_criteria_session_id_fkey foreign key (session_id) references public.audition_sessions(id) on delete cascade
);
comment on table public.audition_session_criteria is 'A session''s own copy of the criteria: refreshed from the settings until its first scorecard, frozen after.';
alter table public.audition_session_criteria enable row level security;
revoke all on public.audition_session_criteria from public, anon, authenticated;
grant select on public.audition_session_criteria to authenticated;

create table public.audition_judges (
  session_id uuid not null,
  user_id uuid not null,
  is_lead boolean default false not null,
  position integer not null,
  created_at timestamptz default now() not null,
  constraint audition_judges_pkey primary key (session_id, user_id),
  constraint audition_judges_position_check check (position >= 1 and position <= 12),
  constraint audition_judges_session_id_fkey foreign key (session_id) references public.audition_sessions(id) on delete cascade,
  constraint audition_judges_user_id_fkey foreign key (user_id) references auth.users(id) on delete cascade
);
comment on table public.audition_judges is 'The judges of a session (staff with role jury or admin), one of them the lead; position gives their label (Juré 1, Juré 2…).';
create unique index audition_judges_one_lead_idx on public.audition_judges (session_id) where is_lead;
create index audition_judges_user_idx on public.audition_judges (user_id);
alter table public.audition_judges enable row level security;
revoke all on public.audition_judges from public, anon, authenticated;
grant select on public.audition_judges to authenticated;

-- The running order's lookup (city and slot of the participants not in the bin).
create index participants_audition_slot_idx on public.participants (audition_city, audition_at)
  where deleted_at is null;

-- ---------------------------------------------------------------------------------------------
-- Functions
-- ---------------------------------------------------------------------------------------------

create function private.require_jury() returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if not private.has_role('admin', 'jury') then
    raise exception 'Accès réservé au jury et aux administrateurs.' using errcode = '42501';
  end if;
end;
$$;
revoke all on function private.require_jury() from public, anon, authenticated;

-- The sessions the caller judges (the policies read it once per query).
create function private.my_audition_sessions() returns setof uuid
language sql stable security definer set search_path = '' as $$
  select j.session_id from public.audition_judges j
   where j.user_id = auth.uid() and private.has_role('admin', 'jury')
$$;
revoke all on function private.my_audition_sessions() from public, anon, authenticated;
grant execute on function private.my_audition_sessions() to authenticated;

-- 'danse', 'chant', 'danse et chant', as the journal writes a session's category.
create function private.audition_category_label(category text) returns text
language sql immutable set search_path = '' as $$
  select case category when 'dance' then 'danse' when 'singing' then 'chant'
                       when 'both' then 'danse et chant' end
$$;
revoke all on function private.audition_category_label(text) from public, anon, authenticated;

-- A session's judges with their labels: 'Juré 1', 'Juré 2'… in the order the admin gave.
create function private.audition_judge_labels(session_id uuid)
returns table (user_id uuid, label text, is_lead boolean, email text, ord bigint)
language sql stable security definer set search_path = '' as $$
  select j.user_id, 'Juré ' || row_number() over (order by j.position, j.user_id), j.is_lead,
         u.email::text, row_number() over (order by j.position, j.user_id)
    from public.audition_judges j left join auth.users u on u.id = j.user_id
   where j.session_id = audition_judge_labels.session_id
   order by j.position, j.user_id
$$;
revoke all on function private.audition_judge_labels(uuid) from public, anon, authenticated;

-- Copies the settings' criteria of the session's categories into its own copy (replacing it).
-- Only while the session has no scorecard: callers check it under the session's row lock.
create function private.audition_copy_criteria(session_id uuid, category text) returns void
language sql volatile security definer set search_path = '' as $$
  delete from public.audition_session_criteria c where c.session_id = audition_copy_criteria.session_id;
  insert into public.audition_session_criteria (session_id, category, position, key, label, weight)
  select audition_copy_criteria.session_id, a.category, a.position, a.key, a.label, a.weight
    from public.audition_criteria a
   where audition_copy_criteria.category in ('both', a.category);
$$;
revoke all on function private.audition_copy_criteria(uuid,text) from public, anon, authenticated;

-- A session as every jury and admin function answers it; the judges' e-mails for admins only.
create function private.audition_session_json(s public.audition_sessions) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object('id', s.id, 'city', s.city, 'held_on', s.held_on,
    'category', s.category, 'venue', s.venue, 'state', s.state, 'locked_at', s.locked_at,
    'judges', coalesce((select jsonb_agg(jsonb_build_object('user_id', l.user_id,
                         'label', l.label, 'is_lead', l.is_lead,
                         'email', case when private.has_role('admin') then l.email end)
                         order by l.ord)
                          from private.audition_judge_labels(s.id) l), '[]'::jsonb))
$$;
revoke all on function private.audition_session_json(public.audition_sessions) from public, anon, authenticated;

-- The settings' criteria per category (admins, readers and judges).
create function public.audition_criteria() returns jsonb
language plpgsql stable security definer set search_path = '' as $$
begin
  if not private.has_role('admin', 'lecteur', 'jury') then
    raise exception 'Accès réservé au jury et aux administrateurs.' using errcode = '42501';
  end if;
  return jsonb_build_object(
    'dance', coalesce((select jsonb_agg(jsonb_build_object('key', a.key, 'label', a.label,
               'weight', a.weight, 'position', a.position) order by a.position)
                 from public.audition_criteria a where a.category = 'dance'), '[]'::jsonb),
    'singing', coalesce((select jsonb_agg(jsonb_build_object('key', a.key, 'label', a.label,
               'weight', a.weight, 'position', a.position) order by a.position)
                 from public.audition_criteria a where a.category = 'singing'), '[]'::jsonb));
end;
$$;
revoke all on function public.audition_criteria() from public, anon, authenticated;
grant execute on function public.audition_criteria() to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Triggers and policies
-- ---------------------------------------------------------------------------------------------

create policy audition_criteria_staff_select on public.audition_criteria
  for select to authenticated using ((select private.has_role('admin', 'lecteur', 'jury')));

create policy audition_sessions_staff_select on public.audition_sessions
  for select to authenticated
  using ((select private.has_role('admin', 'lecteur'))
         or id in (select private.my_audition_sessions()));

create policy audition_session_criteria_staff_select on public.audition_session_criteria
  for select to authenticated
  using ((select private.has_role('admin', 'lecteur'))
         or session_id in (select private.my_audition_sessions()));

create policy audition_judges_staff_select on public.audition_judges
  for select to authenticated
  using ((select private.has_role('admin', 'lecteur'))
         or (user_id = (select auth.uid()) and session_id in (select private.my_audition_sessions())));

-- =============================================================================================
-- supabase/schemas/46_audition_sessions.sql
-- =============================================================================================

-- The auditions prepared by admins (docs/decisions/031-jury-scorecards.md): the criteria and
-- their weights, the accounts that may judge, a session saved with its judges and lead, a
-- session deleted before its first scorecard; each write journaled.

-- ---------------------------------------------------------------------------------------------
-- Functions
-- ---------------------------------------------------------------------------------------------

-- Replaces a category's criteria: [{ key?, label, weight }], 2 to 8, labels of 2 to 40
-- characters without repeats, whole weights of 1 to 100 summing to 100. A missing key is made
-- from the label ('Présence scénique' -> 'presence-scenique'). The sessions without a scorecard
-- take the new criteria; the others keep theirs (frozen). One 'jury.criteria' row.
create function public.admin_save_audition_criteria(category text, criteria jsonb) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_category text := admin_save_audition_criteria.category;
  e jsonb;
  rows_ jsonb := '[]'::jsonb;
  v_label text;
  v_key text;
  v_weight integer;
  total integer := 0;
  before_ jsonb;
  s record;
begin
  perform private.require_admin();
  if v_category is null or v_category not in ('dance', 'singing') then
    perform private.invalid('category', 'Catégorie inconnue : choisissez danse ou chant.');
  end if;
  if jsonb_typeof(criteria) is distinct from 'array' or jsonb_array_length(criteria) not between 2 and 8 then
    perform private.invalid('criteria', 'Une catégorie compte de 2 à 8 critères.');
  end if;
  for e in select x from jsonb_array_elements(criteria) x loop
    if jsonb_typeof(e) <> 'object' then
      perform private.invalid('criteria', 'Critère invalide.');
    end if;
    perform private.require_strings(e, '{label}', '{key}');
    v_label := private.clean_line(e ->> 'label');
    if char_length(v_label) not between 2 and 40 or not private.has_letter_or_digit(v_label) then
      perform private.invalid('criteria', 'Le nom d''un critère doit contenir de 2 à 40 caractères.');
    end if;
    v_key := coalesce(nullif(e ->> 'key', ''), btrim(regexp_replace(
      lower(extensions.unaccent(v_label)), '[^a-z0-9]+', '-', 'g'), '-'));
    if v_key !~ '^[a-z0-9]+(-[a-z0-9]+)*$' or char_length(v_key) > 40 then
      perform private.invalid('criteria', format('Le critère « %s » n''a pas de clé valide.', v_label));
    end if;
    if exists (select 1 from jsonb_array_elements(rows_) r
                where lower(r ->> 'label') = lower(v_label) or r ->> 'key' = v_key) then
      perform private.invalid('criteria', format('Le critère « %s » est donné deux fois.', v_label));
    end if;
    v_weight := private.payload_int(e, 'weight', 1, 100, null,
      'Le poids d''un critère est un nombre entier de 1 à 100.');
    if v_weight is null then
      perform private.invalid('criteria', format('Indiquez le poids du critère « %s ».', v_label));
    end if;
    total := total + v_weight;
    rows_ := rows_ || jsonb_build_array(jsonb_build_object('key', v_key, 'label', v_label,
                                                          'weight', v_weight));
  end loop;
  if total <> 100 then
    perform private.invalid('criteria',
      format('La somme des poids doit faire 100 (elle fait %s).', total));
  end if;
  select jsonb_agg(jsonb_build_object('key', a.key, 'label', a.label, 'weight', a.weight)
                   order by a.position) into before_
    from public.audition_criteria a where a.category = v_category;
  if before_ = rows_ then
    return public.audition_criteria();
  end if;
  delete from public.audition_criteria a where a.category = v_category;
  insert into public.audition_criteria (category, position, key, label, weight)
  select v_category, r.ord, r.v ->> 'key', r.v ->> 'label', (r.v ->> 'weight')::integer
    from jsonb_array_elements(rows_) with ordinality r(v, ord);
  -- Sessions of this category not yet scored take the new criteria (under their row's lock:
  -- a first scorecard waits, or this waits for it and leaves the session frozen).
  for s in select x.id, x.category from public.audition_sessions x
            where x.category in ('both', v_category) order by x.id for update loop
    if not exists (select 1 from public.audition_scorecards c where c.session_id = s.id) then
      perform private.audition_copy_criteria(s.id, s.category);
    end if;
  end loop;
  perform private.audit('jury.criteria', 'audition_criteria', v_category,
    format('Critères du jury (%s) modifiés', private.audition_category_label(v_category)),
    jsonb_build_object('criteria', before_), jsonb_build_object('criteria', rows_));
  return public.audition_criteria();
end;
$$;
revoke all on function public.admin_save_audition_criteria(text,jsonb) from public, anon, authenticated;
grant execute on function public.admin_save_audition_criteria(text,jsonb) to authenticated;

-- The staff accounts with the role jury, for the session editor (admins).
create function public.jury_accounts() returns jsonb
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_admin();
  return coalesce((select jsonb_agg(jsonb_build_object('user_id', a.user_id, 'email', u.email)
                                    order by u.email)
                     from private.admins a join auth.users u on u.id = a.user_id
                    where a.role = 'jury'), '[]'::jsonb);
end;
$$;
revoke all on function public.jury_accounts() from public, anon, authenticated;
grant execute on function public.jury_accounts() to authenticated;

-- Creates (no id) or updates a session: { id?, city, held_on 'YYYY-MM-DD', category, venue,
-- judges: [user_id…] (1 to 12, role jury or admin; their order gives 'Juré 1', 'Juré 2'…),
-- lead: one of them }. A locked session is refused; once scored, its city, day and category
-- stay and a judge who has scored stays. Two sessions of one city and day may not share a
-- category. One 'jury.session_save' row.
create function public.admin_save_audition_session(payload jsonb) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  s public.audition_sessions;
  v_id uuid;
  v_city text;
  v_day date;
  v_category text;
  v_venue text;
  v_judges uuid[];
  v_lead uuid;
  scored boolean := false;
  created boolean;
begin
  perform private.require_admin();
  if jsonb_typeof(payload) is distinct from 'object' then
    perform private.invalid('payload', 'Session invalide.');
  end if;
  perform private.require_strings(payload, '{city,held_on,category,venue,lead}', '{id}');
  v_city := payload ->> 'city';
  if v_city not in ('Douala', 'Yaoundé', 'Bafoussam', 'Garoua', 'Limbe') then
    perform private.invalid('city',
      'Ville d''audition inconnue : choisissez Douala, Yaoundé, Bafoussam, Garoua ou Limbe.');
  end if;
  if payload ->> 'held_on' !~ '^\d{4}-\d{2}-\d{2}$' then
    perform private.invalid('held_on', 'Indiquez la date de la session (AAAA-MM-JJ).');
  end if;
  begin
    v_day := (payload ->> 'held_on')::date;
  exception when others then
    perform private.invalid('held_on', 'Indiquez la date de la session (AAAA-MM-JJ).');
  end;
  if v_day not between date '2000-01-01' and date '2199-12-31' then
    perform private.invalid('held_on', 'Indiquez la date de la session (AAAA-MM-JJ).');
  end if;
  v_category := payload ->> 'category';
  if v_category not in ('dance', 'singing', 'both') then
    perform private.invalid('category', 'Catégorie inconnue : choisissez danse, chant ou les deux.');
  end if;
  v_venue := private.clean_line(payload ->> 'venue');
  if char_length(v_venue) not between 2 and 200 or not private.has_letter_or_digit(v_venue) then
    perform private.invalid('venue', 'Indiquez l''adresse de l''audition (2 à 200 caractères).');
  end if;
  if jsonb_typeof(payload -> 'judges') is distinct from 'array'
     or jsonb_array_length(payload -> 'judges') not between 1 and 12
     or exists (select 1 from jsonb_array_elements(payload -> 'judges') j
                 where jsonb_typeof(j) <> 'string'
                    or j #>> '{}' !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$') then
    perform private.invalid('judges', 'Choisissez de 1 à 12 jurés.');
  end if;
  select array_agg(j.v::uuid order by j.ord) into v_judges
    from jsonb_array_elements_text(payload -> 'judges') with ordinality j(v, ord);
  if cardinality(v_judges) <> (select count(distinct x) from unnest(v_judges) x) then
    perform private.invalid('judges', 'Un juré est choisi deux fois.');
  end if;
  if exists (select 1 from unnest(v_judges) x
              where not exists (select 1 from private.admins a
                                 where a.user_id = x and a.role in ('jury', 'admin'))) then
    perform private.invalid('judges', 'Seuls les comptes du jury (ou administrateurs) peuvent juger.');
  end if;
  if payload ->> 'lead' !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
     or not (payload ->> 'lead')::uuid = any (v_judges) then
    perform private.invalid('lead', 'Le juré principal doit faire partie des jurés de la session.');
  end if;
  v_lead := (payload ->> 'lead')::uuid;
  if coalesce(payload ->> 'id', '') <> '' then
    begin
      v_id := (payload ->> 'id')::uuid;
    exception when invalid_text_representation then
      perform private.invalid('id', 'Session introuvable.');
    end;
    select * into s from public.audition_sessions x where x.id = v_id for update;
    if not found then
      return private.refusal(404, 'Session introuvable.', 'not_found');
    elsif s.state = 'locked' then
      return private.refusal(409, 'Session verrouillée : déverrouillez-la avant de la modifier.',
                             'session_locked');
    end if;
    scored := exists (select 1 from public.audition_scorecards c where c.session_id = s.id);
    if scored and (s.city, s.held_on, s.category) is distinct from (v_city, v_day, v_category) then
      return private.refusal(409,
        'Des notes existent déjà : la ville, la date et la catégorie de la session ne changent plus.',
        'session_scored');
    end if;
    if exists (select 1 from public.audition_scorecards c
                where c.session_id = s.id and not c.judge_id = any (v_judges)) then
      return private.refusal(409, 'Un juré qui a déjà noté ne peut pas être retiré de la session.',
                             'session_scored');
    end if;
  end if;
  if exists (select 1 from public.audition_sessions x
              where x.city = v_city and x.held_on = v_day and x.id is distinct from v_id
                and (x.category = v_category or 'both' in (x.category, v_category))) then
    perform private.invalid('category', format(
      'Une session existe déjà à %s le %s pour cette catégorie.', v_city, to_char(v_day, 'DD/MM/YYYY')));
  end if;
  created := v_id is null;
  if created then
    insert into public.audition_sessions (city, held_on, category, venue)
    values (v_city, v_day, v_category, v_venue) returning * into s;
  else
    update public.audition_sessions x set city = v_city, held_on = v_day, category = v_category,
           venue = v_venue, updated_at = now()
     where x.id = s.id returning * into s;
  end if;
  if not scored then
    perform private.audition_copy_criteria(s.id, s.category);
  end if;
  delete from public.audition_judges j where j.session_id = s.id and not j.user_id = any (v_judges);
  update public.audition_judges j set is_lead = false where j.session_id = s.id and j.user_id <> v_lead;
  insert into public.audition_judges (session_id, user_id, is_lead, position)
  select s.id, x.u, x.u = v_lead, x.ord from unnest(v_judges) with ordinality x(u, ord)
  on conflict on constraint audition_judges_pkey
  do update set is_lead = excluded.is_lead, position = excluded.position;
  perform private.audit('jury.session_save', 'audition_session', s.id::text,
    format('Session d''audition %s : %s le %s (%s), %s', case when created then 'créée' else 'modifiée' end,
           s.city, to_char(s.held_on, 'DD/MM/YYYY'), private.audition_category_label(s.category),
           private.plural(cardinality(v_judges), 'juré')),
    null, jsonb_build_object('city', s.city, 'held_on', s.held_on, 'category', s.category,
                             'venue', s.venue, 'judges', to_jsonb(v_judges), 'lead', v_lead));
  return private.audition_session_json(s);
end;
$$;
revoke all on function public.admin_save_audition_session(jsonb) from public, anon, authenticated;
grant execute on function public.admin_save_audition_session(jsonb) to authenticated;

-- Deletes a session without scorecards (a scored one is kept: its notes are the record).
create function public.admin_delete_audition_session(session_id uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  s public.audition_sessions;
begin
  perform private.require_admin();
  select * into s from public.audition_sessions x where x.id = admin_delete_audition_session.session_id
     for update;
  if not found then
    return private.refusal(404, 'Session introuvable.', 'not_found');
  end if;
  if exists (select 1 from public.audition_scorecards c where c.session_id = s.id) then
    return private.refusal(409, 'Des notes existent : cette session ne peut plus être supprimée.',
                           'session_scored');
  end if;
  delete from public.audition_sessions x where x.id = s.id;
  perform private.audit('jury.session_delete', 'audition_session', s.id::text,
    format('Session d''audition supprimée : %s le %s (%s)', s.city, to_char(s.held_on, 'DD/MM/YYYY'),
           private.audition_category_label(s.category)),
    jsonb_build_object('city', s.city, 'held_on', s.held_on, 'category', s.category), null);
  return jsonb_build_object('id', s.id, 'deleted', true);
end;
$$;
revoke all on function public.admin_delete_audition_session(uuid) from public, anon, authenticated;
grant execute on function public.admin_delete_audition_session(uuid) to authenticated;

-- =============================================================================================
-- supabase/schemas/47_audition_scores.sql
-- =============================================================================================

-- The judges' scorecards (docs/decisions/031-jury-scorecards.md): one card per session, judge
-- and performer, made on the judge's phone with its own id and a revision (the highest one
-- wins, the same one answers the same), its scores per criterion; the session's running order.
-- The lock that refuses every later card is in 48_audition_results.sql.

-- ---------------------------------------------------------------------------------------------
-- Tables, their indexes, grants and required rows
-- ---------------------------------------------------------------------------------------------

create table public.audition_scorecards (
  id uuid not null,
  session_id uuid not null,
  judge_id uuid not null,
  participant_id uuid not null,
  absent boolean default false not null,
  comment text default ''::text not null,
  revision integer not null,
  created_at timestamptz default now() not null,
  updated_at timestamptz default now() not null,
  total numeric(6,3),
  constraint audition_scorecards_pkey primary key (id),
  constraint audition_scorecards_card_key unique (session_id, judge_id, participant_id),
  constraint audition_scorecards_id_owner_key unique (id, session_id, judge_id, participant_id),
  constraint audition_scorecards_comment_check check (char_length(comment) <= 280),
  constraint audition_scorecards_revision_check check (revision >= 1),
  constraint audition_scorecards_total_check check (case when absent then total is null else total >= 0 and total <= 10 end),
  constraint audition_scorecards_judge_fkey foreign key (session_id, judge_id) references public.audition_judges(session_id, user_id) on delete cascade,
  constraint audition_scorecards_participant_id_fkey foreign key (participant_id) references public.participants(id) on delete cascade
);
comment on table public.audition_scorecards is 'A judge''s card for one performer of a session (jury_submit_scorecard): absent, or scored on every criterion of the performer''s category.';
comment on column public.audition_scorecards.total is 'The weighted total, sum(value × weight) / 100 over the session''s criteria (frozen once scored), written with the scores; null when absent.';
comment on column public.audition_scorecards.revision is 'Raised by the phone at each change: a card arriving with a revision not above the stored one is not applied (the last change made offline wins).';
create index audition_scorecards_participant_idx on public.audition_scorecards (participant_id);
create index audition_scorecards_judge_idx on public.audition_scorecards (judge_id);
alter table public.audition_scorecards enable row level security;
revoke all on public.audition_scorecards from public, anon, authenticated;
grant select on public.audition_scorecards to authenticated;

create table public.audition_scores (
  scorecard_id uuid not null,
  session_id uuid not null,
  judge_id uuid not null,
  participant_id uuid not null,
  criterion_id uuid not null,
  value numeric(3,1) not null,
  constraint audition_scores_pkey primary key (session_id, judge_id, participant_id, criterion_id),
  constraint audition_scores_value_check check (value >= 0 and value <= 10 and value * 2 = trunc(value * 2)),
  constraint audition_scores_card_fkey foreign key (scorecard_id, session_id, judge_id, participant_id) references public.audition_scorecards(id, session_id, judge_id, participant_id) on delete cascade,
  constraint audition_scores_criterion_fkey foreign key (criterion_id, session_id) references public.audition_session_criteria(id, session_id)
);
comment on table public.audition_scores is 'A score from 0 to 10 in half points, per card and criterion of the session''s copy.';
create index audition_scores_card_idx on public.audition_scores (scorecard_id);
create index audition_scores_criterion_idx on public.audition_scores (criterion_id, session_id);
alter table public.audition_scores enable row level security;
revoke all on public.audition_scores from public, anon, authenticated;
grant select on public.audition_scores to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Functions
-- ---------------------------------------------------------------------------------------------

-- A session's running order, computed each time (a participant moved or added later shows):
-- not in the bin, convoked to the session's city on its day (Douala), of its category, not
-- refused; by slot then name.
create function private.audition_performers(session_id uuid)
returns table (participant_id uuid, place bigint, name text, category text, mode text,
               slot timestamptz, status text)
language sql stable security definer set search_path = '' as $$
  select p.id, row_number() over (order by p.audition_at, coalesce(p.team_name, p.full_name), p.id),
         coalesce(p.team_name, p.full_name)::text, p.category, p.participation_type, p.audition_at,
         p.status
    from public.audition_sessions s
    join public.participants p
      on p.deleted_at is null and p.audition_city = s.city
     and p.audition_at >= (s.held_on::timestamp at time zone 'Africa/Douala')
     and p.audition_at < ((s.held_on + 1)::timestamp at time zone 'Africa/Douala')
     and s.category in ('both', p.category) and p.status <> 'refuse'
   where s.id = audition_performers.session_id
   order by 2
$$;
revoke all on function private.audition_performers(uuid) from public, anon, authenticated;

-- A card as its judge reads it: scores by criterion id.
create function private.audition_card_json(c public.audition_scorecards) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object('id', c.id, 'participant_id', c.participant_id, 'absent', c.absent,
    'comment', c.comment, 'revision', c.revision, 'updated_at', c.updated_at, 'total', c.total,
    'scores', coalesce((select jsonb_object_agg(x.criterion_id, x.value)
                          from public.audition_scores x where x.scorecard_id = c.id), '{}'::jsonb))
$$;
revoke all on function private.audition_card_json(public.audition_scorecards) from public, anon, authenticated;

-- One card from a judge of the session (see the table's comments). Order: the caller's role,
-- the fields, the session's row FOR SHARE (a lock takes it FOR UPDATE: a card in flight commits
-- before the lock, a card after it waits and reads the session locked), the caller a judge of
-- it, a replay of the stored card and revision (the same answer, even after the lock), the
-- lock, an older revision (not applied), the performer in the running order, the scores. One
-- 'jury.score' row per card stored.
create function public.jury_submit_scorecard(session_id uuid, participant_id uuid, card_id uuid,
  revision integer, absent boolean, comment text, scores jsonb) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_session uuid := jury_submit_scorecard.session_id;
  v_participant uuid := jury_submit_scorecard.participant_id;
  v_revision integer := jury_submit_scorecard.revision;
  v_absent boolean := coalesce(jury_submit_scorecard.absent, false);
  v_comment text := private.clean_line(coalesce(jury_submit_scorecard.comment, ''));
  v_scores jsonb := coalesce(jury_submit_scorecard.scores, '{}'::jsonb);
  s public.audition_sessions;
  c public.audition_scorecards;
  perf record;
  k record;
  v jsonb;
  total numeric := 0;
begin
  perform private.require_jury();
  if card_id is null then
    perform private.invalid('card_id', 'Identifiant de fiche manquant.');
  elsif v_revision is null or v_revision not between 1 and 1000000 then
    perform private.invalid('revision', 'Révision de la fiche invalide.');
  elsif char_length(v_comment) > 280 then
    perform private.invalid('comment', 'Le commentaire ne doit pas dépasser 280 caractères.');
  elsif jsonb_typeof(v_scores) <> 'object' then
    perform private.invalid('scores', 'Notes invalides.');
  end if;
  select * into s from public.audition_sessions x where x.id = v_session for share;
  if not found then
    return private.refusal(404, 'Session introuvable.', 'not_found');
  elsif not exists (select 1 from public.audition_judges j
                     where j.session_id = s.id and j.user_id = auth.uid()) then
    raise exception 'Cette session ne vous est pas attribuée.' using errcode = '42501';
  end if;
  select * into c from public.audition_scorecards x
   where x.session_id = s.id and x.judge_id = auth.uid() and x.participant_id = v_participant;
  if found and c.id = card_id and c.revision = v_revision then
    return jsonb_build_object('card', private.audition_card_json(c), 'stored', true);
  end if;
  if s.state = 'locked' then
    return private.refusal(409, 'Session verrouillée : la note n''a pas été enregistrée.',
                           'session_locked');
  end if;
  if found and c.revision >= v_revision then
    return jsonb_build_object('card', private.audition_card_json(c), 'stored', false);
  end if;
  if exists (select 1 from public.audition_scorecards x where x.id = card_id
                and (x.session_id, x.judge_id, x.participant_id) <> (s.id, auth.uid(), v_participant)) then
    perform private.invalid('card_id', 'Cet identifiant de fiche a déjà servi pour une autre note.');
  end if;
  select * into perf from private.audition_performers(s.id) p where p.participant_id = v_participant;
  if not found then
    perform private.invalid('participant_id', 'Ce participant ne passe pas dans cette session.');
  end if;
  if not v_absent then
    if exists (select 1 from jsonb_object_keys(v_scores) sk(k)
                where not exists (select 1 from public.audition_session_criteria x
                                   where x.session_id = s.id and x.category = perf.category
                                     and x.id::text = sk.k)) then
      perform private.invalid('scores', 'Critère inconnu : rechargez la session.');
    end if;
    for k in select x.id, x.label, x.weight from public.audition_session_criteria x
              where x.session_id = s.id and x.category = perf.category loop
      v := v_scores -> (k.id::text);
      if v is null or jsonb_typeof(v) <> 'number' then
        perform private.invalid('scores', format('Notez le critère « %s ».', k.label));
      elsif (v #>> '{}')::numeric not between 0 and 10
            or (v #>> '{}')::numeric * 2 <> trunc((v #>> '{}')::numeric * 2) then
        perform private.invalid('scores', format(
          'La note de « %s » va de 0 à 10 par demi-points.', k.label));
      end if;
      total := total + (v #>> '{}')::numeric * k.weight / 100;
    end loop;
  end if;
  insert into public.audition_scorecards as x (id, session_id, judge_id, participant_id, absent,
                                               comment, revision, total)
  values (card_id, s.id, auth.uid(), v_participant, v_absent, v_comment, v_revision,
          case when not v_absent then total end)
  on conflict on constraint audition_scorecards_card_key do update
     set absent = excluded.absent, comment = excluded.comment, revision = excluded.revision,
         total = excluded.total, updated_at = now()
   where x.revision < excluded.revision
  returning * into c;
  if not found then
    -- A higher revision of this card committed meanwhile: it stays.
    select * into c from public.audition_scorecards x
     where x.session_id = s.id and x.judge_id = auth.uid() and x.participant_id = v_participant;
    return jsonb_build_object('card', private.audition_card_json(c), 'stored', false);
  end if;
  delete from public.audition_scores x where x.scorecard_id = c.id;
  if not v_absent then
    insert into public.audition_scores (scorecard_id, session_id, judge_id, participant_id,
                                        criterion_id, value)
    select c.id, s.id, auth.uid(), v_participant, x.id, (v_scores ->> (x.id::text))::numeric
      from public.audition_session_criteria x
     where x.session_id = s.id and x.category = perf.category;
  end if;
  perform private.audit('jury.score', 'participant', v_participant::text,
    format('Note du jury : %s le %s, passage n° %s, %s', s.city, to_char(s.held_on, 'DD/MM/YYYY'),
           perf.place, case when v_absent then 'absent'
                               else replace(trim_scale(round(total, 2))::text, '.', ',') || ' / 10' end),
    null, jsonb_build_object('session_id', s.id, 'card_id', c.id, 'revision', c.revision,
                             'absent', v_absent, 'total', case when not v_absent then total end,
                             'name', perf.name));
  return jsonb_build_object('card', private.audition_card_json(c), 'stored', true);
end;
$$;
revoke all on function public.jury_submit_scorecard(uuid,uuid,uuid,integer,boolean,text,jsonb) from public, anon, authenticated;
grant execute on function public.jury_submit_scorecard(uuid,uuid,uuid,integer,boolean,text,jsonb) to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Triggers and policies
-- ---------------------------------------------------------------------------------------------

-- A judge reads their own cards only (the others' totals through jury_session once locked).
create policy audition_scorecards_staff_select on public.audition_scorecards
  for select to authenticated
  using ((select private.has_role('admin', 'lecteur'))
         or (judge_id = (select auth.uid()) and session_id in (select private.my_audition_sessions())));

create policy audition_scores_staff_select on public.audition_scores
  for select to authenticated
  using ((select private.has_role('admin', 'lecteur'))
         or (judge_id = (select auth.uid()) and session_id in (select private.my_audition_sessions())));

-- =============================================================================================
-- supabase/schemas/48_audition_results.sql
-- =============================================================================================

-- The lock and what the judges read (docs/decisions/031-jury-scorecards.md): who is missing,
-- the lock (lead judge or admin) and the admins' unlock, the z-scores and rankings, a judge's
-- sessions and session (blind until the lock), the sessions' list.

-- ---------------------------------------------------------------------------------------------
-- Functions
-- ---------------------------------------------------------------------------------------------

-- Who has not scored every present performer: [{ judge_label, judge_email, user_id, performers }]
-- for the judges with some missing. A performer marked absent by a judge needs no other card.
create function private.audition_missing(session_id uuid) returns jsonb
language sql stable security definer set search_path = '' as $$
  with perf as (
    select p.participant_id from private.audition_performers(audition_missing.session_id) p
     where not exists (select 1 from public.audition_scorecards c
                        where c.session_id = audition_missing.session_id
                          and c.participant_id = p.participant_id and c.absent)
  )
  select coalesce(jsonb_agg(jsonb_build_object('judge_label', l.label, 'judge_email', l.email,
                    'user_id', l.user_id, 'performers', m.n) order by l.ord), '[]'::jsonb)
    from private.audition_judge_labels(audition_missing.session_id) l
    cross join lateral (select count(*) as n from perf
                         where not exists (select 1 from public.audition_scorecards c
                                            where c.session_id = audition_missing.session_id
                                              and c.judge_id = l.user_id
                                              and c.participant_id = perf.participant_id)) m
   where m.n > 0
$$;
revoke all on function private.audition_missing(uuid) from public, anon, authenticated;

-- Locks a session (its lead judge or an admin): every judge must have scored every present
-- performer, or `force` (the journal names who was missing). Locked already: answered as is.
create function public.jury_lock_session(session_id uuid, force boolean default false) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  s public.audition_sessions;
  missing jsonb;
begin
  perform private.require_jury();
  select * into s from public.audition_sessions x where x.id = jury_lock_session.session_id for update;
  if not found then
    return private.refusal(404, 'Session introuvable.', 'not_found');
  end if;
  if not private.has_role('admin') and not exists (
       select 1 from public.audition_judges j
        where j.session_id = s.id and j.user_id = auth.uid() and j.is_lead) then
    raise exception 'Seul le juré principal ou un administrateur peut verrouiller la session.'
      using errcode = '42501';
  end if;
  if s.state = 'locked' then
    return private.audition_session_json(s);
  end if;
  missing := private.audition_missing(s.id);
  if jsonb_array_length(missing) > 0 and not coalesce(force, false) then
    return private.refusal(409, format('Notes manquantes : %s. Verrouillez quand même pour passer outre.',
             (select string_agg(format('%s (%s)', m ->> 'judge_label',
                                       private.plural((m ->> 'performers')::integer, 'participant')), ', ')
                from jsonb_array_elements(missing) m)),
           'scores_missing', (select jsonb_agg(m - 'judge_email' - 'user_id')
                                from jsonb_array_elements(missing) m)::text);
  end if;
  update public.audition_sessions x set state = 'locked', locked_at = now(), locked_by = auth.uid(),
         updated_at = now()
   where x.id = s.id returning * into s;
  perform private.audit('jury.lock', 'audition_session', s.id::text,
    format('Session d''audition verrouillée : %s le %s%s', s.city, to_char(s.held_on, 'DD/MM/YYYY'),
           case when jsonb_array_length(missing) > 0 then format(' (forcée ; notes manquantes : %s)',
             (select string_agg(format('%s, %s', m ->> 'judge_label',
                                       private.plural((m ->> 'performers')::integer, 'participant')), ' ; ')
                from jsonb_array_elements(missing) m)) else '' end),
    jsonb_build_object('state', 'open'),
    jsonb_build_object('state', 'locked', 'forced', jsonb_array_length(missing) > 0,
                       'missing', (select jsonb_agg(m - 'judge_email')
                                     from jsonb_array_elements(missing) m)));
  return private.audition_session_json(s);
end;
$$;
revoke all on function public.jury_lock_session(uuid,boolean) from public, anon, authenticated;
grant execute on function public.jury_lock_session(uuid,boolean) to authenticated;

-- Unlocks a session (admins, with a reason): its judges may change their cards again.
create function public.admin_unlock_session(session_id uuid, reason text) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  s public.audition_sessions;
  v_reason text := private.clean_line(coalesce(admin_unlock_session.reason, ''));
begin
  perform private.require_admin();
  if char_length(v_reason) not between 2 and 200 then
    perform private.invalid('reason', 'Indiquez la raison du déverrouillage (2 à 200 caractères).');
  end if;
  select * into s from public.audition_sessions x where x.id = admin_unlock_session.session_id for update;
  if not found then
    return private.refusal(404, 'Session introuvable.', 'not_found');
  elsif s.state <> 'locked' then
    return private.refusal(409, 'Cette session n''est pas verrouillée.', 'not_locked');
  end if;
  update public.audition_sessions x set state = 'open', locked_at = null, locked_by = null,
         updated_at = now()
   where x.id = s.id returning * into s;
  perform private.audit('jury.unlock', 'audition_session', s.id::text,
    format('Session d''audition déverrouillée : %s le %s', s.city, to_char(s.held_on, 'DD/MM/YYYY')),
    jsonb_build_object('state', 'locked'), jsonb_build_object('state', 'open', 'reason', v_reason));
  return private.audition_session_json(s);
end;
$$;
revoke all on function public.admin_unlock_session(uuid,text) from public, anon, authenticated;
grant execute on function public.admin_unlock_session(uuid,text) to authenticated;

-- Every card's weighted total (audition_scorecards.total, 0 to 10) and z-score: within its
-- session and the performer's category, per judge, (total − that judge's mean) / the
-- population standard deviation of that judge's totals (0 when they are all equal). Absent
-- cards have neither and count in no mean. `only_session` null: every session;
-- `only_category` null: both categories.
create function private.audition_card_z(only_session uuid, only_category text default null)
returns table (session_id uuid, category text, participant_id uuid, judge_id uuid,
               absent boolean, total numeric, z numeric)
language sql stable security definer set search_path = '' as $$
  with stats as (
    select c.session_id, p.category, c.participant_id, c.judge_id, c.absent, c.total,
           avg(c.total) over w as mean, stddev_pop(c.total) over w as sd
      from public.audition_scorecards c
      join public.participants p on p.id = c.participant_id
     where (only_session is null or c.session_id = only_session)
       and (only_category is null or p.category = only_category)
    window w as (partition by c.session_id, p.category, c.judge_id)
  )
  select t.session_id, t.category, t.participant_id, t.judge_id, t.absent, t.total,
         case when t.total is null then null when coalesce(t.sd, 0) = 0 then 0::numeric
              else (t.total - t.mean) / t.sd end
    from stats t
$$;
revoke all on function private.audition_card_z(uuid,text) from public, anon, authenticated;

-- Each performer of a category (null: each category apart), in one session or every one: raw =
-- mean of the judges' totals (2 decimals), normalised = mean of their z-scores (3 decimals),
-- over the judges who scored; absent when every card says absent. Ranks per category on the
-- shown values, ties sharing one (1, 2, 2, 4); absent and unscored performers have none.
-- Performers in the bin are left out.
create function private.audition_ranked(category text, only_session uuid)
returns table (participant_id uuid, session_id uuid, category text, absent boolean, raw numeric,
               normalised numeric, rank_raw bigint, rank_normalised bigint, tied boolean)
language sql stable security definer set search_path = '' as $$
  with sc as (
    select z.participant_id, z.session_id, z.category, bool_and(z.absent) as absent,
           round(avg(z.total), 2) as raw, round(avg(z.z), 3) as normalised
      from private.audition_card_z(only_session, audition_ranked.category) z
      join public.participants p on p.id = z.participant_id and p.deleted_at is null
     group by z.participant_id, z.session_id, z.category
  )
  select sc.participant_id, sc.session_id, sc.category, sc.absent, sc.raw, sc.normalised,
         case when sc.raw is not null then rank() over (
           partition by sc.category, sc.raw is null order by sc.raw desc) end,
         case when sc.normalised is not null then rank() over (
           partition by sc.category, sc.normalised is null order by sc.normalised desc) end,
         sc.normalised is not null
           and count(*) over (partition by sc.category, sc.normalised) > 1
    from sc
$$;
revoke all on function private.audition_ranked(text,uuid) from public, anon, authenticated;

-- The sessions the caller judges, newest first, with their progress.
create function public.jury_sessions() returns jsonb
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_jury();
  return coalesce((select jsonb_agg(jsonb_build_object('id', s.id, 'city', s.city,
      'held_on', s.held_on, 'category', s.category, 'venue', s.venue, 'state', s.state,
      'is_lead', j.is_lead,
      'judges_count', (select count(*) from public.audition_judges x where x.session_id = s.id),
      'performers_count', (select count(*) from private.audition_performers(s.id)),
      'scored_by_me', (select count(*) from public.audition_scorecards c
                        where c.session_id = s.id and c.judge_id = auth.uid()))
      order by s.held_on desc, s.city, s.category)
    from public.audition_sessions s
    join public.audition_judges j on j.session_id = s.id and j.user_id = auth.uid()), '[]'::jsonb);
end;
$$;
revoke all on function public.jury_sessions() from public, anon, authenticated;
grant execute on function public.jury_sessions() to authenticated;

-- One session for its judge (admins: any): the criteria, the running order (name, category,
-- mode, slot: nothing else), the caller's own cards; the other judges' totals only once
-- locked; who is missing for the lead judge and admins.
create function public.jury_session(session_id uuid) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  s public.audition_sessions;
  me public.audition_judges;
  admin_ boolean := private.has_role('admin');
begin
  perform private.require_jury();
  select * into s from public.audition_sessions x where x.id = jury_session.session_id;
  if not found then
    return private.refusal(404, 'Session introuvable.', 'not_found');
  end if;
  select * into me from public.audition_judges j where j.session_id = s.id and j.user_id = auth.uid();
  if me.user_id is null and not admin_ then
    raise exception 'Cette session ne vous est pas attribuée.' using errcode = '42501';
  end if;
  return jsonb_build_object('id', s.id, 'city', s.city, 'held_on', s.held_on,
    'category', s.category, 'venue', s.venue, 'state', s.state, 'locked_at', s.locked_at,
    'is_lead', coalesce(me.is_lead, false), 'server_now', now(),
    'criteria', coalesce((select jsonb_object_agg(k.category, k.list) from (
        select x.category, jsonb_agg(jsonb_build_object('id', x.id, 'key', x.key,
                 'label', x.label, 'weight', x.weight) order by x.position) as list
          from public.audition_session_criteria x where x.session_id = s.id
         group by x.category) k), '{}'::jsonb),
    'performers', coalesce((select jsonb_agg(jsonb_build_object('id', p.participant_id,
        'position', p.place, 'name', p.name, 'category', p.category, 'mode', p.mode,
        'slot', p.slot) order by p.place) from private.audition_performers(s.id) p), '[]'::jsonb),
    'my_cards', coalesce((select jsonb_agg(private.audition_card_json(c) order by c.participant_id)
        from public.audition_scorecards c
       where c.session_id = s.id and c.judge_id = auth.uid()), '[]'::jsonb),
    'others', case when s.state = 'locked' then coalesce((select jsonb_agg(jsonb_build_object(
        'judge', l.label, 'participant_id', z.participant_id, 'absent', z.absent,
        'total', z.total) order by l.ord, z.participant_id)
        from private.audition_card_z(s.id) z
        join private.audition_judge_labels(s.id) l on l.user_id = z.judge_id
       where z.judge_id is distinct from auth.uid()), '[]'::jsonb) end,
    'missing', case when admin_ then private.audition_missing(s.id)
                    when me.is_lead then (select coalesce(jsonb_agg(m - 'judge_email' - 'user_id'), '[]'::jsonb)
                                            from jsonb_array_elements(private.audition_missing(s.id)) m) end);
end;
$$;
revoke all on function public.jury_session(uuid) from public, anon, authenticated;
grant execute on function public.jury_session(uuid) to authenticated;

-- Every session with its judges and progress (admins and readers): scored_count counts the
-- performers of the running order with a card from every judge or marked absent.
create function public.admin_audition_sessions() returns jsonb
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_reader();
  return coalesce((select jsonb_agg(private.audition_session_json(s) || jsonb_build_object(
      'performers_count', pc.n, 'scored_count', pc.done, 'created_at', s.created_at)
      order by s.held_on desc, s.city, s.category)
    from public.audition_sessions s
    cross join lateral (
      select count(*) as n,
             count(*) filter (where c.any_absent or c.cards >= (select count(*)
                                from public.audition_judges j where j.session_id = s.id)) as done
        from private.audition_performers(s.id) p
        left join (select x.participant_id, count(*) as cards, bool_or(x.absent) as any_absent
                     from public.audition_scorecards x where x.session_id = s.id
                    group by x.participant_id) c on c.participant_id = p.participant_id) pc),
    '[]'::jsonb);
end;
$$;
revoke all on function public.admin_audition_sessions() from public, anon, authenticated;
grant execute on function public.admin_audition_sessions() to authenticated;

-- =============================================================================================
-- supabase/schemas/49_audition_ranking.sql
-- =============================================================================================

-- The organisers' results (docs/decisions/031-jury-scorecards.md): a session's results per
-- category with every judge's scores, the ranking across cities on normalised scores, the top N
-- preselected through the pipeline (admin_set_status), and the export's sheet of every score.

-- ---------------------------------------------------------------------------------------------
-- Functions
-- ---------------------------------------------------------------------------------------------

-- A session's results (admins and readers; the judges' e-mails for admins): per category, its
-- criteria and one row per performer (the running order, and any performer scored there then
-- moved), with each judge's card, raw and normalised scores and ranks; ranked rows first.
create function public.audition_results(session_id uuid) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  s public.audition_sessions;
  admin_ boolean := private.has_role('admin');
begin
  perform private.require_reader();
  select * into s from public.audition_sessions x where x.id = audition_results.session_id;
  if not found then
    return private.refusal(404, 'Session introuvable.', 'not_found');
  end if;
  return jsonb_build_object(
    'session', private.audition_session_json(s),
    'judges', coalesce((select jsonb_agg(jsonb_build_object('label', l.label, 'is_lead', l.is_lead,
                'email', case when admin_ then l.email end) order by l.ord)
                 from private.audition_judge_labels(s.id) l), '[]'::jsonb),
    'categories', (
      with running as materialized (
        select p.participant_id, p.place, p.name, p.category, p.mode, p.slot, p.status
          from private.audition_performers(s.id) p
      ), perf as materialized (
        select * from running
        union all
        select q.id, null, coalesce(q.team_name, q.full_name)::text, q.category,
               q.participation_type, q.audition_at, q.status
          from public.participants q
         where q.deleted_at is null
           and q.id in (select c.participant_id from public.audition_scorecards c where c.session_id = s.id)
           and q.id not in (select r.participant_id from running r)
      ), labels as materialized (
        select * from private.audition_judge_labels(s.id)
      ), z as materialized (
        select * from private.audition_card_z(s.id)
      ), cards as (
        select c.participant_id, c.judge_id, c.absent, c.comment,
               coalesce(jsonb_object_agg(k.key, x.value) filter (where k.key is not null),
                        '{}'::jsonb) as scores
          from public.audition_scorecards c
          left join public.audition_scores x on x.session_id = s.id and x.scorecard_id = c.id
          left join public.audition_session_criteria k on k.session_id = s.id and k.id = x.criterion_id
         where c.session_id = s.id
         group by c.id
      ), judged as materialized (
        select p.participant_id, jsonb_agg(jsonb_build_object('label', l.label,
                 'scored', d.judge_id is not null, 'absent', coalesce(d.absent, false),
                 'total', z.total, 'z', round(z.z, 3), 'scores', coalesce(d.scores, '{}'::jsonb),
                 'comment', coalesce(d.comment, '')) order by l.ord) as judges
          from perf p cross join labels l
          left join cards d on d.participant_id = p.participant_id and d.judge_id = l.user_id
          left join z on z.participant_id = p.participant_id and z.judge_id = l.user_id
         group by p.participant_id
      ), sc as (
        -- As private.audition_ranked, from the z-scores above (computed once).
        select z.participant_id, z.category, bool_and(z.absent) as absent,
               round(avg(z.total), 2) as raw, round(avg(z.z), 3) as normalised
          from z join perf p on p.participant_id = z.participant_id
         group by z.participant_id, z.category
      ), ranked as materialized (
        select sc.*,
               case when sc.raw is not null then rank() over (
                 partition by sc.category, sc.raw is null order by sc.raw desc) end as rank_raw,
               case when sc.normalised is not null then rank() over (
                 partition by sc.category, sc.normalised is null order by sc.normalised desc)
               end as rank_normalised,
               sc.normalised is not null
                 and count(*) over (partition by sc.category, sc.normalised) > 1 as tied
          from sc
      ), shown as materialized (
        select p.category, r.rank_normalised, p.slot, p.name,
               jsonb_build_object('participant_id', p.participant_id, 'position', p.place,
                 'name', p.name, 'mode', p.mode, 'slot', p.slot, 'status', p.status,
                 'absent', coalesce(r.absent, false), 'judges', coalesce(j.judges, '[]'::jsonb),
                 'raw', r.raw, 'normalised', r.normalised, 'rank_raw', r.rank_raw,
                 'rank_normalised', r.rank_normalised, 'tied', coalesce(r.tied, false)) as row
          from perf p
          left join ranked r on r.participant_id = p.participant_id
          left join judged j on j.participant_id = p.participant_id
      )
      select coalesce(jsonb_agg(jsonb_build_object('category', cat.c,
          'criteria', coalesce((select jsonb_agg(jsonb_build_object('id', k.id, 'key', k.key,
                        'label', k.label, 'weight', k.weight) order by k.position)
                          from public.audition_session_criteria k
                         where k.session_id = s.id and k.category = cat.c), '[]'::jsonb),
          'rows', coalesce((select jsonb_agg(x.row order by x.rank_normalised nulls last, x.slot, x.name)
                              from shown x where x.category = cat.c), '[]'::jsonb))
          order by cat.c), '[]'::jsonb)
        from (values ('dance'), ('singing')) cat(c)
       where s.category in ('both', cat.c)));
end;
$$;
revoke all on function public.audition_results(uuid) from public, anon, authenticated;
grant execute on function public.audition_results(uuid) to authenticated;

-- The ranking of a category across every session (every city), on normalised scores.
create function public.audition_ranking(category text) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_reader();
  if audition_ranking.category is null or audition_ranking.category not in ('dance', 'singing') then
    perform private.invalid('category', 'Catégorie inconnue : choisissez danse ou chant.');
  end if;
  return coalesce((select jsonb_agg(jsonb_build_object('participant_id', r.participant_id,
      'name', coalesce(p.team_name, p.full_name), 'city', s.city, 'session_id', s.id,
      'held_on', s.held_on, 'normalised', r.normalised, 'raw', r.raw,
      'rank', r.rank_normalised, 'tied', r.tied, 'absent', r.absent, 'status', p.status)
      order by r.rank_normalised nulls last, s.held_on, s.city, p.full_name)
    from private.audition_ranked(audition_ranking.category, null) r
    join public.participants p on p.id = r.participant_id
    join public.audition_sessions s on s.id = r.session_id), '[]'::jsonb);
end;
$$;
revoke all on function public.audition_ranking(text) from public, anon, authenticated;
grant execute on function public.audition_ranking(text) to authenticated;

-- Gives the first `n` of a category's ranking on normalised scores (one session, or across
-- cities when session_id is null) the status 'preselectionne' or 'finaliste' through
-- admin_set_status (its history and journal rows), plus one 'jury.preselect' row. Absent and
-- unscored performers are never picked; a tie across the cut is refused.
create function public.admin_preselect_top(category text, n integer, status text,
  session_id uuid default null) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_category text := admin_preselect_top.category;
  v_session uuid := admin_preselect_top.session_id;
  s public.audition_sessions;
  ranks bigint[];
  picked uuid[];
  updated integer;
begin
  perform private.require_admin();
  if v_category is null or v_category not in ('dance', 'singing') then
    perform private.invalid('category', 'Catégorie inconnue : choisissez danse ou chant.');
  elsif admin_preselect_top.status is null
        or admin_preselect_top.status not in ('preselectionne', 'finaliste') then
    perform private.invalid('status', 'Statut inconnu : choisissez présélectionné ou finaliste.');
  elsif n is null or n not between 1 and 1000 then
    perform private.invalid('n', 'Indiquez un nombre de participants de 1 à 1000.');
  end if;
  if v_session is not null then
    select * into s from public.audition_sessions x where x.id = v_session;
    if not found then
      return private.refusal(404, 'Session introuvable.', 'not_found');
    end if;
  end if;
  select array_agg(r.rank_normalised order by r.rank_normalised, r.participant_id),
         array_agg(r.participant_id order by r.rank_normalised, r.participant_id)
    into ranks, picked
    from private.audition_ranked(v_category, v_session) r where r.rank_normalised is not null;
  if picked is null then
    return private.refusal(409, 'Aucun participant noté dans cette catégorie.', 'nothing_ranked');
  end if;
  if cardinality(ranks) > n and ranks[n] = ranks[n + 1] then
    return private.refusal(409, format(
      'Égalité à la %s%s place : choisissez un autre nombre.', n, case when n = 1 then 're' else 'e' end),
      'ranking_tie');
  end if;
  picked := picked[1:n];
  updated := public.admin_set_status(picked, admin_preselect_top.status);
  perform private.audit('jury.preselect', 'participant',
    case when cardinality(picked) = 1 then picked[1]::text end,
    format('Les %s premiers en %s (%s) : statut « %s »', cardinality(picked),
           private.audition_category_label(v_category),
           case when v_session is null then 'toutes villes'
                else format('%s le %s', s.city, to_char(s.held_on, 'DD/MM/YYYY')) end,
           private.status_label(admin_preselect_top.status)),
    null, jsonb_build_object('category', v_category, 'session_id', v_session, 'n', n,
                             'status', admin_preselect_top.status, 'ids', to_jsonb(picked),
                             'updated', updated));
  return jsonb_build_object('ids', to_jsonb(picked), 'updated', updated);
end;
$$;
revoke all on function public.admin_preselect_top(text,integer,text,uuid) from public, anon, authenticated;
grant execute on function public.admin_preselect_top(text,integer,text,uuid) to authenticated;

-- The readable export's sheet (admins): one row per card and criterion (one row for an absent
-- card), by day, city, slot and judge.
create function public.audition_scores_export() returns jsonb
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_admin();
  return coalesce((select jsonb_agg(jsonb_build_object('city', s.city, 'held_on', s.held_on,
      'category', p.category, 'name', coalesce(p.team_name, p.full_name), 'judge', l.label,
      'criterion', k.label, 'value', x.value, 'total', z.total, 'absent', c.absent,
      'comment', c.comment)
      order by s.held_on, s.city, p.audition_at, p.full_name, l.ord, k.position)
    from public.audition_scorecards c
    join public.audition_sessions s on s.id = c.session_id
    join public.participants p on p.id = c.participant_id
    join (select j.session_id, j.user_id, 'Juré ' || row_number() over w as label,
                 row_number() over w as ord
            from public.audition_judges j
          window w as (partition by j.session_id order by j.position, j.user_id)) l
      on l.session_id = c.session_id and l.user_id = c.judge_id
    join private.audition_card_z(null) z
      on z.session_id = c.session_id and z.judge_id = c.judge_id and z.participant_id = c.participant_id
    left join public.audition_scores x on x.scorecard_id = c.id
    left join public.audition_session_criteria k on k.id = x.criterion_id), '[]'::jsonb);
end;
$$;
revoke all on function public.audition_scores_export() from public, anon, authenticated;
grant execute on function public.audition_scores_export() to authenticated;
