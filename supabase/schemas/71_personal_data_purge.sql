-- The personal-data purge of an edition: scheduled, announced and only then run, by pg_cron
-- where it is installed or by an admin (docs/decisions/018-scheduled-purge-and-journal.md).

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
create unique index purge_requests_one_pending_idx on private.purge_requests ((true))
  where cancelled_at is null and ran_at is null;
revoke all on private.purge_requests from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Functions
-- ---------------------------------------------------------------------------------------------

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
    format('Purge des données personnelles : %s, %s et %s supprimés ; %s conservés',
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
create function public.admin_purge_personal_data() returns public.purge_counts
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
    raise exception 'Aucune purge des données personnelles n’est programmée : programmez-la d’abord (elle s’exécute au plus tôt 7 jours après).'
      using errcode = 'P0001', hint = 'purge_not_requested';
  elsif purge_at is null then
    raise exception 'Aucune date de purge des données personnelles n’est fixée : choisissez-la dans les paramètres.'
      using errcode = 'P0001', hint = 'purge_date_unset';
  end if;
  runs := private.purge_runs_at(req.requested_at, purge_at);
  if now() < runs then
    raise exception 'La purge programmée ne pourra s’exécuter qu’à partir du %.',
      substr(private.douala_when(runs), 4)
      using errcode = 'P0001', hint = 'purge_not_due', detail = runs::text;
  end if;
  return jsonb_populate_record(null::public.purge_counts, private.purge_personal_data(req));
end;
$$;
revoke all on function public.admin_purge_personal_data() from public, anon, authenticated;
grant execute on function public.admin_purge_personal_data() to authenticated;

-- What every admin page's banner shows: { id, requested_at, requested_by_email, runs_at, due }
-- (public.purge_scheduled), every field null when no purge is scheduled. Admins and readers.
create function public.scheduled_purge() returns public.purge_scheduled
language plpgsql stable security definer set search_path = '' as $$
declare
  purge_at date;
begin
  perform private.require_reader();
  select s.personal_data_purge_at into purge_at from public.edition_settings s;
  return (
    select jsonb_populate_record(null::public.purge_scheduled, jsonb_build_object(
             'id', r.id, 'requested_at', r.requested_at,
             'requested_by_email', r.requested_by_email,
             'runs_at', private.purge_runs_at(r.requested_at, purge_at),
             'due', now() >= private.purge_runs_at(r.requested_at, purge_at)))
      from private.purge_requests r
     where r.cancelled_at is null and r.ran_at is null);
end;
$$;
revoke all on function public.scheduled_purge() from public, anon, authenticated;
grant execute on function public.scheduled_purge() to authenticated;

-- Schedules the purge (admins): it will run no sooner than 7 days from now and not before the
-- purge date; until then every admin sees it and may cancel it. Refused while no purge date is
-- set or when one is already scheduled. One 'retention.request' row. Returns scheduled_purge().
create function public.admin_request_purge() returns public.purge_scheduled
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
    raise exception 'Aucune date de purge des données personnelles n’est fixée : choisissez-la dans les paramètres.'
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
    raise exception 'Aucune purge des données personnelles n’est programmée.'
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

-- ---------------------------------------------------------------------------------------------
-- The schedule (not a schema object: pg_cron's job table, where pg_cron is installed)
-- ---------------------------------------------------------------------------------------------

-- Where pg_cron is installed (hosted Supabase: Database → Extensions), the due purge runs by
-- itself within 15 minutes of its time. Elsewhere (the embedded backend) nothing is scheduled:
-- an admin runs it with "Purger maintenant", or the job is created later as the README says.
do $$
begin
  if exists (select 1 from pg_catalog.pg_extension where extname = 'pg_cron') then
    execute $cron$select cron.schedule('booster-personal-data-purge', '*/15 * * * *',
                                        'select private.run_due_purge()')$cron$;
  end if;
end;
$$;
