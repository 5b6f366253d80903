-- Journal: every admin write and every export is recorded by the database itself in
-- public.audit_log, with a French sentence, so that no client can skip it; the purge redacts
-- its personal data (docs/decisions/010-organiser-workspace.md,
-- 018-scheduled-purge-and-journal.md).

-- ---------------------------------------------------------------------------------------------
-- Tables, their indexes, grants and required rows
-- ---------------------------------------------------------------------------------------------

create table public.audit_log (
  id bigint generated always as identity,
  at timestamptz default now() not null,
  actor uuid,
  actor_email text,
  action text not null,
  entity text not null,
  entity_id text,
  summary text not null,
  before jsonb,
  after jsonb,
  constraint audit_log_pkey primary key (id),
  constraint audit_log_action_check check (action = any (array['participant.update'::text, 'participant.delete'::text, 'participant.restore'::text, 'participant.status'::text, 'participant.slot'::text, 'participant.notes'::text, 'participant.notified'::text, 'reservation.cancel'::text, 'reservation.check_in'::text, 'reservation.check_in_undo'::text, 'door.lookup'::text, 'settings.update'::text, 'message.handled'::text, 'export'::text, 'retention.request'::text, 'retention.cancel'::text, 'retention.purge'::text, 'bin.purge'::text, 'vote.round_create'::text, 'vote.round_update'::text, 'vote.round_delete'::text, 'vote.open'::text, 'vote.close'::text, 'vote.reveal'::text, 'vote.screen_reset'::text, 'jury.score'::text, 'jury.lock'::text, 'jury.unlock'::text, 'jury.session_save'::text, 'jury.session_delete'::text, 'jury.criteria'::text, 'jury.preselect'::text, 'door.list'::text, 'reservation.double_entry'::text, 'messages.reminder'::text, 'messages.convocation'::text, 'messages.resend'::text, 'jury.conflict'::text, 'jury.card_unlock'::text, 'final.rules'::text, 'final.rules_publish'::text, 'final.rules_propose'::text, 'final.rules_approve'::text, 'final.results_publish'::text, 'participant.certificate_issue'::text, 'messages.certificate_link'::text]))
);
comment on table public.audit_log is 'One row per admin write (docs/decisions/010-organiser-workspace.md), written by the database.';
create index audit_log_at_idx on public.audit_log (at desc, id desc);
create index audit_log_action_idx on public.audit_log (action, at desc);
create index audit_log_entity_idx on public.audit_log (entity_id) where entity_id is not null;
alter table public.audit_log enable row level security;
revoke all on public.audit_log from public, anon, authenticated;
grant select on public.audit_log to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Functions
-- ---------------------------------------------------------------------------------------------

create function private.audit(action text, entity text, entity_id text, summary text,
  before jsonb default null, after jsonb default null) returns void
language sql volatile security definer set search_path = '' as $$
  insert into public.audit_log (actor, actor_email, action, entity, entity_id, summary, before, after)
  values (auth.uid(), private.actor_email(), action, entity, entity_id, summary, before, after)
$$;
revoke all on function private.audit(text,text,text,text,jsonb,jsonb) from public, anon, authenticated;

-- The journal's sentence for each export the site makes (src/data/journal/audit.ts EXPORTS); null for
-- any other name.
create function private.export_label(what text) returns text
language sql immutable set search_path = '' as $$
  select case what
    when 'participants' then 'Export CSV des participants'
    when 'participants.xlsx' then 'Export Excel des participants'
    when 'participant_json' then 'Export JSON d’une fiche participant'
    when 'reservations' then 'Export CSV des réservations'
    when 'reservations.xlsx' then 'Export Excel des réservations'
    when 'messages' then 'Export CSV des messages de contact'
    when 'presence_night_party' then 'Export CSV des présences à la Night Party'
    when 'distribution_regionale' then 'Export CSV de la répartition par région'
    when 'vote_results' then 'Export CSV des résultats du vote'
    when 'vote_results.xlsx' then 'Export Excel des résultats du vote'
    when 'audition_scores' then 'Export CSV des notes du jury'
    when 'audition_scores.xlsx' then 'Export Excel des notes du jury'
    when 'sponsor_report.xlsx' then 'Export Excel du rapport pour le sponsor'
  end
$$;
revoke all on function private.export_label(text) from public, anon, authenticated;

-- The filters each export may carry: key -> 'search' (a typed search, 200 characters),
-- 'text' (a value of the list, 80 characters), 'uuid', or the array of its allowed values.
create function private.export_filters(what text) returns jsonb
language sql immutable set search_path = '' as $$
  select case
    when what in ('participants', 'participants.xlsx') then jsonb_build_object(
      'search', 'search', 'category', jsonb_build_array('dance', 'singing'),
      'participationType', jsonb_build_array('solo', 'team'), 'region', 'text',
      'status', jsonb_build_array('inscrit', 'preselectionne', 'convoque', 'finaliste', 'laureat',
                                  'refuse'),
      'auditionCity', jsonb_build_array('Douala', 'Yaoundé', 'Bafoussam', 'Garoua', 'Limbe'))
    when what in ('reservations', 'reservations.xlsx') then jsonb_build_object(
      'search', 'search', 'status', jsonb_build_array('yes', 'no', 'maybe'), 'city', 'text',
      'heardFrom', jsonb_build_array('flyer', 'social', 'wordOfMouth'),
      'state', jsonb_build_array('confirmed', 'checked_in', 'waitlisted', 'cancelled'))
    when what = 'messages' then jsonb_build_object(
      'search', 'search', 'state', jsonb_build_array('unhandled', 'handled'))
    when what = 'participant_json' then jsonb_build_object('participant', 'uuid')
    when what in ('vote_results', 'vote_results.xlsx') then jsonb_build_object('round', 'uuid')
    else '{}'::jsonb
  end
$$;
revoke all on function private.export_filters(text) from public, anon, authenticated;

-- The exports without personal data: aggregates a reader reads on screen.
create function private.aggregate_export(what text) returns boolean
language sql immutable set search_path = '' as $$
  select what in ('presence_night_party', 'distribution_regionale', 'sponsor_report.xlsx')
$$;
revoke all on function private.aggregate_export(text) from public, anon, authenticated;

-- As in 20251126120000_scheduled_purge_and_journal.sql, except the role check: admins record any
-- of the site's exports; readers the aggregate ones only (private.aggregate_export), each an
-- 'export' row with the reader as actor. A reader's personal-data export stays refused (42501),
-- checked before anything else so that the refusal says nothing about the arguments.
create function public.log_export(what text, filters jsonb, row_count integer)
returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  label text := private.export_label(what);
  spec jsonb := private.export_filters(what);
  kept jsonb := '{}'::jsonb;
  f record;
  kind jsonb;
  v text;
begin
  if not (private.has_role('admin')
          or (private.has_role('lecteur') and coalesce(private.aggregate_export(what), false))) then
    raise exception 'Accès réservé aux administrateurs.' using errcode = '42501';
  end if;
  if label is null then
    perform private.invalid('what', 'Export inconnu : le journal n’inscrit que les exports du site.');
  end if;
  if filters is not null and jsonb_typeof(filters) <> 'object' then
    perform private.invalid('filters', 'Les filtres doivent être un objet JSON.');
  end if;
  for f in select e.key, e.value from jsonb_each(coalesce(filters, '{}'::jsonb)) e order by e.key loop
    kind := spec -> f.key;
    if kind is null then
      perform private.invalid('filters', 'Filtre inconnu pour cet export.');
    end if;
    if jsonb_typeof(f.value) is distinct from 'string' then
      perform private.invalid('filters', 'Valeur de filtre invalide.');
    end if;
    v := private.clean_line(f.value #>> '{}');
    if (jsonb_typeof(kind) = 'array' and not kind ? v)
       or (kind = '"search"' and char_length(v) > 200)
       or (kind = '"text"' and char_length(v) > 80)
       or (kind = '"uuid"' and v !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$') then
      perform private.invalid('filters', 'Valeur de filtre invalide.');
    end if;
    if v <> '' then
      kept := kept || jsonb_build_object(f.key, v);
    end if;
  end loop;
  if spec ? 'participant' and not kept ? 'participant' then
    perform private.invalid('filters', 'Indiquez le participant exporté.');
  end if;
  if row_count is null or row_count < 0 or row_count > 10000000 then
    perform private.invalid('row_count', 'Le nombre de lignes exportées est invalide.');
  end if;
  perform private.audit('export', what, kept ->> 'participant',
    format('%s : %s', label, private.plural(row_count, 'ligne')),
    null, jsonb_build_object('filters', kept, 'row_count', row_count));
end;
$$;
revoke all on function public.log_export(text,jsonb,integer) from public, anon, authenticated;
grant execute on function public.log_export(text,jsonb,integer) to authenticated;

-- The keys of a journal's before/after that hold a person's data (participants' snapshots, team
-- members, notes, messages, reservations, a search typed in an export's filters, the reason an
-- admin gave for undoing an entry).
create function private.personal_keys() returns text[]
language sql immutable parallel safe set search_path = '' as $$
  select array['full_name', 'name', 'first_name', 'last_name', 'email', 'phone', 'masked_phone',
               'notes', 'description', 'link_to_work', 'team_name', 'subject', 'message',
               'search', 'reason']
$$;
revoke all on function private.personal_keys() from public, anon, authenticated;

-- `j` with the value of every personal key (at any depth, in arrays too) replaced by
-- '[effacé]'; null values, other keys and their values are kept. (A walk in PL/pgSQL: about
-- 70 µs per participant snapshot, 3.5 times faster than a regexp_replace on the text, and an
-- SQL-language walk is slower still.)
create function private.redact_personal(j jsonb) returns jsonb
language plpgsql immutable parallel safe set search_path = '' as $$
declare
  result jsonb;
begin
  if jsonb_typeof(j) = 'object' then
    select jsonb_object_agg(e.key, case
             when jsonb_typeof(e.value) in ('object', 'array') then private.redact_personal(e.value)
             when e.key = any (private.personal_keys()) and jsonb_typeof(e.value) <> 'null'
               then '"[effacé]"'::jsonb
             else e.value end)
      into result from jsonb_each(j) e;
    return coalesce(result, '{}'::jsonb);
  elsif jsonb_typeof(j) = 'array' then
    select jsonb_agg(case when jsonb_typeof(e.value) in ('object', 'array')
                          then private.redact_personal(e.value) else e.value end order by e.ord)
      into result from jsonb_array_elements(j) with ordinality e(value, ord);
    return coalesce(result, '[]'::jsonb);
  end if;
  return j;
end;
$$;
revoke all on function private.redact_personal(jsonb) from public, anon, authenticated;

-- Redacts the before/after of the audit rows `ids`. Returns how many changed.
create function private.redact_audit_rows(ids bigint[]) returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  n integer;
begin
  with redacted as (
    select a.id, private.redact_personal(a.before) as b, private.redact_personal(a.after) as f
      from public.audit_log a
     where a.id = any (ids) and (a.before is not null or a.after is not null)
  )
  update public.audit_log a set before = r.b, after = r.f
    from redacted r
   where a.id = r.id and (a.before is distinct from r.b or a.after is distinct from r.f);
  get diagnostics n = row_count;
  return n;
end;
$$;
revoke all on function private.redact_audit_rows(bigint[]) from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Triggers and policies
-- ---------------------------------------------------------------------------------------------

create policy audit_log_admin_select on public.audit_log
  for select to authenticated using ((select private.is_admin()));
