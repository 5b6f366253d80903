-- Retention and bin: a deleted participant waits 30 days in the bin; the personal-data purge
-- of an edition is scheduled, announced and only then run, by pg_cron where it is installed or
-- by an admin; the journal's personal data is redacted with it
-- (docs/decisions/010-organiser-workspace.md, 018-scheduled-purge-and-journal.md).

-- ---------------------------------------------------------------------------------------------
-- Tables, their indexes, grants and required rows
-- ---------------------------------------------------------------------------------------------

-- Every purge requested: pending (neither cancelled nor run), cancelled, or run. At most one is
-- pending. Read through scheduled_purge(); written by the functions below only.
create table private.purge_requests (
  id bigint generated always as identity,
  requested_at timestamptz default now() not null,
  requested_by uuid,
  requested_by_email text,
  cancelled_at timestamptz,
  cancelled_by uuid,
  cancelled_by_email text,
  ran_at timestamptz,
  ran_by uuid,
  constraint purge_requests_pkey primary key (id),
  constraint purge_requests_end_check check (cancelled_at is null or ran_at is null)
);
comment on table private.purge_requests is 'Personal-data purges requested (docs/decisions/018-scheduled-purge-and-journal.md).';
create unique index purge_requests_one_pending_idx on private.purge_requests ((true)) where ((cancelled_at is null) and (ran_at is null));
revoke all on private.purge_requests from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Functions
-- ---------------------------------------------------------------------------------------------

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

-- Bin: as before (participants binned more than 30 days ago are deleted for good), and the
-- journal rows about them are redacted rather than cleared.
create function private.purge_bin() returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  purged uuid[];
begin
  with gone as (
    delete from public.participants p
     where p.deleted_at < now() - interval '30 days'
    returning p.id)
  select array_agg(g.id order by g.id) into purged from gone g;
  if purged is null then
    return 0;
  end if;
  perform private.redact_audit_rows(array(
    select a.id from public.audit_log a
     where a.entity = 'participant'
       and a.entity_id = any (array(select u::text from unnest(purged) u))));
  perform private.audit('bin.purge', 'bin', null,
    format('Corbeille vidée : %s définitivement', private.plural(cardinality(purged), 'participant')
           || case when cardinality(purged) > 1 then ' supprimés' else ' supprimé' end),
    null, jsonb_build_object('count', cardinality(purged), 'ids', to_jsonb(purged)));
  return cardinality(purged);
end;
$$;
revoke all on function private.purge_bin() from public, anon, authenticated;

-- Empties the bin of what is older than 30 days (see private.purge_bin). Returns the count.
create function public.admin_purge_bin() returns integer
language plpgsql volatile security definer set search_path = '' as $$
begin
  perform private.require_admin();
  return private.purge_bin();
end;
$$;
revoke all on function public.admin_purge_bin() from public, anon, authenticated;
grant execute on function public.admin_purge_bin() to authenticated;

-- Moves a participant to the bin (restorable for 30 days): hidden from every list and
-- statistic; its e-mail and phones stay taken, and its place counted, until it is purged.
-- Empties the bin of older entries first. One 'participant.delete' row (before: the
-- registration).
create function public.admin_delete_participant(id uuid) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  snapshot jsonb;
begin
  perform private.require_admin();
  perform private.purge_bin();
  snapshot := private.participant_snapshot(admin_delete_participant.id);
  update public.participants p set deleted_at = now(), deleted_by = auth.uid()
   where p.id = admin_delete_participant.id and p.deleted_at is null;
  if not found then
    raise exception 'Participant non trouvé.' using errcode = 'P0001', hint = 'not_found';
  end if;
  perform private.audit('participant.delete', 'participant', admin_delete_participant.id::text,
    'Participant placé dans la corbeille', snapshot, null);
end;
$$;
revoke all on function public.admin_delete_participant(uuid) from public, anon, authenticated;
grant execute on function public.admin_delete_participant(uuid) to authenticated;

-- Brings a participant back from the bin. One 'participant.restore' row.
create function public.admin_restore_participant(id uuid) returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  perform private.require_admin();
  update public.participants p set deleted_at = null, deleted_by = null
   where p.id = admin_restore_participant.id and p.deleted_at is not null;
  if not found then
    raise exception 'Ce participant n''est pas dans la corbeille.'
      using errcode = 'P0001', hint = 'not_found';
  end if;
  perform private.audit('participant.restore', 'participant', admin_restore_participant.id::text,
    'Participant restauré depuis la corbeille', null,
    private.participant_snapshot(admin_restore_participant.id));
end;
$$;
revoke all on function public.admin_restore_participant(uuid) from public, anon, authenticated;
grant execute on function public.admin_restore_participant(uuid) to authenticated;

-- The bin, newest first: [{ id, full_name, deleted_at, deleted_by_email, purge_at }].
create function public.binned_participants() returns jsonb
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_admin();
  return coalesce((
    select jsonb_agg(jsonb_build_object(
             'id', p.id, 'full_name', p.full_name, 'deleted_at', p.deleted_at,
             'deleted_by_email', u.email, 'purge_at', p.deleted_at + interval '30 days')
             order by p.deleted_at desc, p.id)
      from public.participants p
      left join auth.users u on u.id = p.deleted_by
     where p.deleted_at is not null), '[]'::jsonb);
end;
$$;
revoke all on function public.binned_participants() from public, anon, authenticated;
grant execute on function public.binned_participants() to authenticated;

-- The least time between a request and its run.
create function private.purge_delay() returns interval
language sql immutable set search_path = '' as $$ select interval '7 days' $$;
revoke all on function private.purge_delay() from public, anon, authenticated;

-- When a request made at `requested_at` may run: 7 days later, and not before the purge date
-- (midnight in Douala).
create function private.purge_runs_at(requested_at timestamptz, purge_at date) returns timestamptz
language sql stable set search_path = '' as $$
  select greatest(requested_at + private.purge_delay(),
                  purge_at::timestamp at time zone 'Africa/Douala')
$$;
revoke all on function private.purge_runs_at(timestamp with time zone,date) from public, anon, authenticated;

-- The pending request, locked (null when none).
create function private.pending_purge_locked() returns private.purge_requests
language sql volatile security definer set search_path = '' as $$
  select r.* from private.purge_requests r
   where r.cancelled_at is null and r.ran_at is null
   for update
$$;
revoke all on function private.pending_purge_locked() from public, anon, authenticated;

-- The purge itself, for the request `req` (locked by the caller, and due): deletes every
-- participant not laureate (and every binned one) with their members, history and phones,
-- every reservation, every contact message and the rate-limit records (client addresses);
-- redacts the personal data of the journal (every row but the settings' and the kept
-- laureates'); marks the request run. One 'retention.purge' row with the counts. Returns
-- { participants, team_members, reservations, contact_messages, audit_rows_redacted,
-- laureates_kept }.
create function private.purge_personal_data(req private.purge_requests) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  counts jsonb;
  n_participants integer;
  n_members integer;
  n_reservations integer;
  n_messages integer;
  n_audit integer;
  n_kept integer;
begin
  select count(*) into n_members from public.team_members t
    join public.participants p on p.id = t.participant_id
   where p.status <> 'laureat' or p.deleted_at is not null;
  n_audit := private.redact_audit_rows(array(
    select a.id from public.audit_log a
     where a.entity <> 'settings'
       and not (a.entity = 'participant' and a.entity_id is not null and exists (
                  select 1 from public.participants p
                   where p.id::text = a.entity_id and p.status = 'laureat'
                     and p.deleted_at is null))));
  delete from public.participants p where p.status <> 'laureat' or p.deleted_at is not null;
  get diagnostics n_participants = row_count;
  delete from public.reservations r where true;
  get diagnostics n_reservations = row_count;
  delete from public.contact_messages m where true;
  get diagnostics n_messages = row_count;
  delete from private.rate_hits h where true;
  select count(*) into n_kept from public.participants;
  update private.purge_requests r set ran_at = now(), ran_by = auth.uid() where r.id = req.id;

  counts := jsonb_build_object('participants', n_participants, 'team_members', n_members,
    'reservations', n_reservations, 'contact_messages', n_messages,
    'audit_rows_redacted', n_audit, 'laureates_kept', n_kept);
  perform private.audit('retention.purge', 'retention', req.id::text,
    format('Purge des données personnelles : %s, %s et %s supprimés ; %s conservés',
           private.plural(n_participants, 'participant'), private.plural(n_reservations, 'réservation'),
           private.plural(n_messages, 'message'), private.plural(n_kept, 'lauréat')),
    jsonb_build_object('requested_at', req.requested_at,
                       'requested_by_email', req.requested_by_email),
    counts);
  return counts;
end;
$$;
revoke all on function private.purge_personal_data(private.purge_requests) from public, anon, authenticated;

-- "Purger maintenant" (admins): runs the scheduled purge once it is due, where no scheduler
-- runs it (the embedded backend, a project without pg_cron). Refused, in French, while nothing
-- is scheduled or before its time. Returns the counts (private.purge_personal_data).
create function public.admin_purge_personal_data() returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  purge_at date;
  req private.purge_requests;
  runs timestamptz;
begin
  perform private.require_admin();
  select s.personal_data_purge_at into purge_at from public.edition_settings s for update;
  req := private.pending_purge_locked();
  if req.id is null then
    raise exception 'Aucune purge des données personnelles n''est programmée : programmez-la d''abord (elle s''exécute au plus tôt 7 jours après).'
      using errcode = 'P0001', hint = 'purge_not_requested';
  elsif purge_at is null then
    raise exception 'Aucune date de purge des données personnelles n''est fixée : choisissez-la dans les paramètres.'
      using errcode = 'P0001', hint = 'purge_date_unset';
  end if;
  runs := private.purge_runs_at(req.requested_at, purge_at);
  if now() < runs then
    raise exception 'La purge programmée ne pourra s''exécuter qu''à partir du %.',
      substr(private.douala_when(runs), 4)
      using errcode = 'P0001', hint = 'purge_not_due', detail = runs::text;
  end if;
  return private.purge_personal_data(req);
end;
$$;
revoke all on function public.admin_purge_personal_data() from public, anon, authenticated;
grant execute on function public.admin_purge_personal_data() to authenticated;

-- What every admin page's banner shows: null when no purge is scheduled, else
-- { id, requested_at, requested_by_email, runs_at, due }. Admins and readers.
create function public.scheduled_purge() returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  purge_at date;
begin
  perform private.require_reader();
  select s.personal_data_purge_at into purge_at from public.edition_settings s;
  return (
    select jsonb_build_object('id', r.id, 'requested_at', r.requested_at,
             'requested_by_email', r.requested_by_email,
             'runs_at', private.purge_runs_at(r.requested_at, purge_at),
             'due', now() >= private.purge_runs_at(r.requested_at, purge_at))
      from private.purge_requests r
     where r.cancelled_at is null and r.ran_at is null);
end;
$$;
revoke all on function public.scheduled_purge() from public, anon, authenticated;
grant execute on function public.scheduled_purge() to authenticated;

-- Schedules the purge (admins): it will run no sooner than 7 days from now and not before the
-- purge date; until then every admin sees it and may cancel it. Refused while no purge date is
-- set or when one is already scheduled. One 'retention.request' row. Returns scheduled_purge().
create function public.admin_request_purge() returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  purge_at date;
  pending private.purge_requests;
  r private.purge_requests;
  runs timestamptz;
begin
  perform private.require_admin();
  select s.personal_data_purge_at into purge_at from public.edition_settings s for update;
  if purge_at is null then
    raise exception 'Aucune date de purge des données personnelles n''est fixée : choisissez-la dans les paramètres.'
      using errcode = 'P0001', hint = 'purge_date_unset';
  end if;
  pending := private.pending_purge_locked();
  if pending.id is not null then
    raise exception 'Une purge des données personnelles est déjà programmée (%).',
      private.douala_when(private.purge_runs_at(pending.requested_at, purge_at))
      using errcode = 'P0001', hint = 'purge_already_requested';
  end if;
  insert into private.purge_requests (requested_by, requested_by_email)
  values (auth.uid(), private.actor_email())
  returning * into r;
  runs := private.purge_runs_at(r.requested_at, purge_at);
  perform private.audit('retention.request', 'retention', r.id::text,
    format('Purge des données personnelles programmée pour %s', private.douala_when(runs)),
    null, jsonb_build_object('runs_at', runs, 'personal_data_purge_at', purge_at));
  return public.scheduled_purge();
end;
$$;
revoke all on function public.admin_request_purge() from public, anon, authenticated;
grant execute on function public.admin_request_purge() to authenticated;

-- Cancels the scheduled purge (any admin, the requester or another). One 'retention.cancel'
-- row.
create function public.admin_cancel_purge() returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  purge_at date;
  pending private.purge_requests;
  runs timestamptz;
begin
  perform private.require_admin();
  select s.personal_data_purge_at into purge_at from public.edition_settings s for update;
  pending := private.pending_purge_locked();
  if pending.id is null then
    raise exception 'Aucune purge des données personnelles n''est programmée.'
      using errcode = 'P0001', hint = 'purge_not_requested';
  end if;
  runs := private.purge_runs_at(pending.requested_at, purge_at);
  update private.purge_requests r
     set cancelled_at = now(), cancelled_by = auth.uid(), cancelled_by_email = private.actor_email()
   where r.id = pending.id;
  perform private.audit('retention.cancel', 'retention', pending.id::text,
    format('Purge des données personnelles prévue %s annulée', private.douala_when(runs)),
    jsonb_build_object('runs_at', runs, 'requested_at', pending.requested_at,
                       'requested_by_email', pending.requested_by_email),
    null);
end;
$$;
revoke all on function public.admin_cancel_purge() from public, anon, authenticated;
grant execute on function public.admin_cancel_purge() to authenticated;

-- Runs the scheduled purge when it is due, else does nothing and returns null: what pg_cron
-- calls (see below and the README). A purge being run by an admin at that moment is skipped.
create function private.run_due_purge() returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  purge_at date;
  req private.purge_requests;
begin
  select s.personal_data_purge_at into purge_at from public.edition_settings s
     for update skip locked;
  if not found or purge_at is null then
    return null;
  end if;
  select r.* into req from private.purge_requests r
   where r.cancelled_at is null and r.ran_at is null
   for update skip locked;
  if req.id is null or now() < private.purge_runs_at(req.requested_at, purge_at) then
    return null;
  end if;
  return private.purge_personal_data(req);
end;
$$;
revoke all on function private.run_due_purge() from public, anon, authenticated;
