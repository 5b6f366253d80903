-- The organisers' pipeline: statuses with their history, audition slots, notes and
-- notifications, each journaled (docs/decisions/010-organiser-workspace.md).

-- ---------------------------------------------------------------------------------------------
-- Tables, their indexes, grants and required rows
-- ---------------------------------------------------------------------------------------------

create table public.participant_status_history (
  id bigint generated always as identity,
  participant_id uuid not null,
  from_status text not null,
  to_status text not null,
  at timestamptz default now() not null,
  actor_email text,
  constraint participant_status_history_pkey primary key (id),
  constraint participant_status_history_participant_id_fkey foreign key (participant_id) references public.participants(id) on delete cascade
);
comment on table public.participant_status_history is 'Every status change of a participant (admin_set_status, admin_assign_slot).';
create index participant_status_history_idx
  on public.participant_status_history (participant_id, at desc, id desc);
alter table public.participant_status_history enable row level security;
revoke all on public.participant_status_history from public, anon, authenticated;
grant select on public.participant_status_history to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Functions
-- ---------------------------------------------------------------------------------------------

-- The statuses and cities as the refusals name them.
create function private.status_label(s text) returns text
language sql immutable set search_path = '' as $$
  select case s when 'inscrit' then 'inscrit' when 'preselectionne' then 'présélectionné'
                when 'convoque' then 'convoqué' when 'finaliste' then 'finaliste'
                when 'laureat' then 'lauréat' when 'refuse' then 'refusé' end
$$;
revoke all on function private.status_label(text) from public, anon, authenticated;

-- Sets the status of participants (any status to any other: admins also correct mistakes).
-- Binned, unknown ids and those already at that status are skipped. One history row per change
-- and one 'participant.status' row (after.ids: the participants changed; before.status: each
-- one's previous status), none when nothing changed. Returns how many changed.
create function public.admin_set_status(ids uuid[], status text) returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_status text := admin_set_status.status;
  previous jsonb;
  n integer;
begin
  perform private.require_admin();
  if v_status is null or v_status not in
     ('inscrit', 'preselectionne', 'convoque', 'finaliste', 'laureat', 'refuse') then
    perform private.invalid('status',
      'Statut inconnu : choisissez inscrit, présélectionné, convoqué, finaliste, lauréat ou refusé.');
  end if;
  perform private.require_ids(ids);
  with target as (
    select p.id, p.status as from_status from public.participants p
     where p.id = any (ids) and p.deleted_at is null and p.status <> v_status
     for update
  ), changed as (
    update public.participants p set status = v_status from target t where p.id = t.id
    returning p.id, t.from_status
  ), history as (
    insert into public.participant_status_history (participant_id, from_status, to_status, actor_email)
    select c.id, c.from_status, v_status, private.actor_email() from changed c
  )
  select count(*), jsonb_object_agg(c.id, c.from_status) into n, previous from changed c;
  if n > 0 then
    perform private.audit('participant.status', 'participant',
      case when n = 1 then (select k from jsonb_object_keys(previous) k) end,
      format('Statut « %s » pour %s', private.status_label(v_status), private.plural(n, 'participant')),
      jsonb_build_object('status', previous),
      jsonb_build_object('status', v_status,
        'ids', (select jsonb_agg(k order by k) from jsonb_object_keys(previous) k)));
  end if;
  return n;
end;
$$;
revoke all on function public.admin_set_status(uuid[],text) from public, anon, authenticated;
grant execute on function public.admin_set_status(uuid[],text) to authenticated;

-- Gives participants an audition slot: a city of the auditions and a date and time (both null:
-- the slot is removed). Those still 'inscrit' or 'preselectionne' become 'convoque' (with their
-- history rows); later statuses are kept. A changed slot clears "notified" (the convocation sent
-- named the old one). One 'participant.slot' row, none when nothing changed. Returns how many
-- changed.
create function public.admin_assign_slot(ids uuid[], city text, at timestamptz) returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_city text := admin_assign_slot.city;
  v_at timestamptz := admin_assign_slot.at;
  moved jsonb;
  n integer;
begin
  perform private.require_admin();
  if v_city is not null and v_city not in ('Douala', 'Yaoundé', 'Bafoussam', 'Garoua', 'Limbe') then
    perform private.invalid('city',
      'Ville d’audition inconnue : choisissez Douala, Yaoundé, Bafoussam, Garoua ou Limbe.');
  end if;
  if (v_city is null) <> (v_at is null) then
    perform private.invalid(case when v_at is null then 'at' else 'city' end,
      'Indiquez la ville et la date et l’heure de l’audition.');
  end if;
  perform private.require_ids(ids);
  with target as (
    select p.id, p.status as from_status, p.audition_city as old_city, p.audition_at as old_at
      from public.participants p
     where p.id = any (ids) and p.deleted_at is null
       and (p.audition_city is distinct from v_city or p.audition_at is distinct from v_at
            or (v_city is not null and p.status in ('inscrit', 'preselectionne')))
     for update
  ), changed as (
    update public.participants p set
      audition_city = v_city, audition_at = v_at,
      status = case when v_city is not null and t.from_status in ('inscrit', 'preselectionne')
                    then 'convoque' else p.status end,
      notified_at = case when t.old_city is distinct from v_city or t.old_at is distinct from v_at
                         then null else p.notified_at end,
      notified_by = case when t.old_city is distinct from v_city or t.old_at is distinct from v_at
                         then null else p.notified_by end
      from target t where p.id = t.id
    returning p.id, t.from_status, p.status as to_status, t.old_city, t.old_at
  ), history as (
    insert into public.participant_status_history (participant_id, from_status, to_status, actor_email)
    select c.id, c.from_status, c.to_status, private.actor_email() from changed c
     where c.from_status <> c.to_status
  )
  select count(*), jsonb_object_agg(c.id, jsonb_build_object(
           'status', c.from_status, 'audition_city', c.old_city, 'audition_at', c.old_at))
    into n, moved from changed c;
  if n > 0 then
    perform private.audit('participant.slot', 'participant',
      case when n = 1 then (select k from jsonb_object_keys(moved) k) end,
      case when v_city is null
           then format('Créneau d’audition retiré pour %s', private.plural(n, 'participant'))
           else format('Audition à %s le %s pour %s', v_city,
                  private.douala_time(v_at),
                  private.plural(n, 'participant')) end,
      jsonb_build_object('participants', moved),
      jsonb_build_object('audition_city', v_city, 'audition_at', v_at,
        'ids', (select jsonb_agg(k order by k) from jsonb_object_keys(moved) k)));
  end if;
  return n;
end;
$$;
revoke all on function public.admin_assign_slot(uuid[],text,timestamp with time zone) from public, anon, authenticated;
grant execute on function public.admin_assign_slot(uuid[],text,timestamp with time zone) to authenticated;

-- The organisers' internal notes on a participant (2,000 characters at most; blank clears
-- them). One 'participant.notes' row, none when unchanged.
create function public.admin_set_notes(id uuid, notes text) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_notes text := nullif(btrim(admin_set_notes.notes), '');
  old_notes text;
begin
  perform private.require_admin();
  if private.is_blank(v_notes) then
    v_notes := null;
  end if;
  if char_length(v_notes) > 2000 then
    perform private.invalid('notes', 'Les notes ne doivent pas dépasser 2000 caractères.');
  end if;
  select p.notes into old_notes from public.participants p
   where p.id = admin_set_notes.id and p.deleted_at is null for update;
  if not found then
    raise exception 'Participant non trouvé.' using errcode = 'P0001', hint = 'not_found';
  end if;
  if old_notes is distinct from v_notes then
    update public.participants p set notes = v_notes where p.id = admin_set_notes.id;
    perform private.audit('participant.notes', 'participant', admin_set_notes.id::text,
      'Notes internes modifiées', jsonb_build_object('notes', old_notes),
      jsonb_build_object('notes', v_notes));
  end if;
end;
$$;
revoke all on function public.admin_set_notes(uuid,text) from public, anon, authenticated;
grant execute on function public.admin_set_notes(uuid,text) to authenticated;

-- Records that participants were sent their convocation ('whatsapp' or 'email'): notified_at
-- now, by the caller. One 'participant.notified' row. Returns how many.
create function public.admin_mark_notified(ids uuid[], channel text) returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  done uuid[];
begin
  perform private.require_admin();
  if channel is null or channel not in ('whatsapp', 'email') then
    perform private.invalid('channel', 'Canal inconnu : choisissez whatsapp ou e-mail.');
  end if;
  perform private.require_ids(ids);
  with changed as (
    update public.participants p set notified_at = now(), notified_by = auth.uid()
     where p.id = any (ids) and p.deleted_at is null
    returning p.id)
  select array_agg(c.id order by c.id) into done from changed c;
  if done is null then
    return 0;
  end if;
  perform private.audit('participant.notified', 'participant',
    case when cardinality(done) = 1 then done[1]::text end,
    format('Convocation envoyée par %s à %s',
           case channel when 'whatsapp' then 'WhatsApp' else 'e-mail' end,
           private.plural(cardinality(done), 'participant')),
    null, jsonb_build_object('channel', channel, 'ids', to_jsonb(done)));
  return cardinality(done);
end;
$$;
revoke all on function public.admin_mark_notified(uuid[],text) from public, anon, authenticated;
grant execute on function public.admin_mark_notified(uuid[],text) to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Triggers and policies
-- ---------------------------------------------------------------------------------------------

create policy participant_status_history_staff_select on public.participant_status_history
  for select to authenticated using ((select private.has_role('admin', 'lecteur')));
