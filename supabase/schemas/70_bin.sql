-- The bin: a deleted participant waits 30 days and may be restored
-- (docs/decisions/010-organiser-workspace.md).

-- ---------------------------------------------------------------------------------------------
-- Functions
-- ---------------------------------------------------------------------------------------------

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
    format('Corbeille vidée : %s définitivement', private.plural(cardinality(purged), 'participant')
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
    raise exception 'Ce participant n’est pas dans la corbeille.'
      using errcode = 'P0001', hint = 'not_found';
  end if;
  perform private.audit('participant.restore', 'participant', admin_restore_participant.id::text,
    'Participant restauré depuis la corbeille', null,
    private.participant_snapshot(admin_restore_participant.id));
end;
$$;
revoke all on function public.admin_restore_participant(uuid) from public, anon, authenticated;
grant execute on function public.admin_restore_participant(uuid) to authenticated;

-- The bin, newest first: one row (public.participant_binned) per participant in it.
create function public.binned_participants() returns setof public.participant_binned
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_admin();
  return query
    select p.id, p.full_name, p.deleted_at, u.email::text, p.deleted_at + interval '30 days'
      from public.participants p
      left join auth.users u on u.id = p.deleted_by
     where p.deleted_at is not null
     order by p.deleted_at desc, p.id;
end;
$$;
revoke all on function public.binned_participants() from public, anon, authenticated;
grant execute on function public.binned_participants() to authenticated;
