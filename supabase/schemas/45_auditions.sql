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
  kind text default 'audition'::text not null,
  constraint audition_sessions_pkey primary key (id),
  constraint audition_sessions_city_held_on_category_key unique (city, held_on, category),
  constraint audition_sessions_city_check check (city = any (array['Douala'::text, 'Yaoundé'::text, 'Bafoussam'::text, 'Garoua'::text, 'Limbe'::text])),
  constraint audition_sessions_category_check check (category = any (array['dance'::text, 'singing'::text, 'both'::text])),
  constraint audition_sessions_held_on_check check (held_on >= '2000-01-01'::date and held_on <= '2199-12-31'::date),
  constraint audition_sessions_venue_check check (char_length(venue) >= 2 and char_length(venue) <= 200),
  constraint audition_sessions_state_check check (state = any (array['open'::text, 'locked'::text])),
  constraint audition_sessions_locked_check check ((state = 'locked'::text) = (locked_at is not null)),
  constraint audition_sessions_locked_by_fkey foreign key (locked_by) references auth.users(id) on delete set null,
  constraint audition_sessions_kind_check check (kind = any (array['audition'::text, 'final'::text]))
);
comment on table public.audition_sessions is 'An audition session: a city, a day (Africa/Douala), a category or both. Its running order is computed from the participants'' slots each time (private.audition_performers).';
comment on column public.audition_sessions.kind is 'audition: its running order is the participants convoked to its city and day; final: the finalists (and laureates) of its category, each card locked 5 minutes after it is first stored (docs/decisions/047-the-final.md).';
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

-- A judge's declared conflict of interest with a performer of a session, before scoring them
-- (jury_declare_conflict): the judge can no longer score that performer, whose score is the
-- mean over the other judges (docs/decisions/047-the-final.md). Read through the functions only.
create table public.jury_conflicts (
  session_id uuid not null,
  judge_id uuid not null,
  participant_id uuid not null,
  reason text default ''::text not null,
  declared_at timestamptz default now() not null,
  constraint jury_conflicts_pkey primary key (session_id, judge_id, participant_id),
  constraint jury_conflicts_reason_check check (char_length(reason) <= 200),
  constraint jury_conflicts_judge_fkey foreign key (session_id, judge_id) references public.audition_judges(session_id, user_id) on delete cascade,
  constraint jury_conflicts_participant_id_fkey foreign key (participant_id) references public.participants(id) on delete cascade
);
comment on table public.jury_conflicts is 'A judge recused for one performer of a session (jury_declare_conflict), declared before any card of theirs for that performer.';
create index jury_conflicts_participant_idx on public.jury_conflicts (participant_id);
alter table public.jury_conflicts enable row level security;
revoke all on public.jury_conflicts from public, anon, authenticated;

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

-- The sessions whose cards a reader (lecteur) may read: locked ones only, no judge's score or
-- comment before the lock (docs/decisions/040-ranking-floor-and-complete-first.md).
create function private.reader_audition_sessions() returns setof uuid
language sql stable security definer set search_path = '' as $$
  select s.id from public.audition_sessions s
   where s.state = 'locked' and private.has_role('lecteur')
$$;
revoke all on function private.reader_audition_sessions() from public, anon, authenticated;
grant execute on function private.reader_audition_sessions() to authenticated;

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
    'kind', s.kind, 'judges', coalesce((select jsonb_agg(jsonb_build_object('user_id', l.user_id,
                         'label', l.label, 'is_lead', l.is_lead,
                         'email', case when private.has_role('admin') then l.email end)
                         order by l.ord)
                          from private.audition_judge_labels(s.id) l), '[]'::jsonb))
$$;
revoke all on function private.audition_session_json(public.audition_sessions) from public, anon, authenticated;

-- The settings' criteria per category (admins, readers and judges).
create function public.audition_criteria() returns public.audition_criteria_answer
language plpgsql stable security definer set search_path = '' as $$
begin
  if not private.has_role('admin', 'lecteur', 'jury') then
    raise exception 'Accès réservé au jury et aux administrateurs.' using errcode = '42501';
  end if;
  return jsonb_populate_record(null::public.audition_criteria_answer, jsonb_build_object(
    'dance', coalesce((select jsonb_agg(jsonb_build_object('key', a.key, 'label', a.label,
               'weight', a.weight, 'position', a.position) order by a.position)
                 from public.audition_criteria a where a.category = 'dance'), '[]'::jsonb),
    'singing', coalesce((select jsonb_agg(jsonb_build_object('key', a.key, 'label', a.label,
               'weight', a.weight, 'position', a.position) order by a.position)
                 from public.audition_criteria a where a.category = 'singing'), '[]'::jsonb)));
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
