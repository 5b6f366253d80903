-- Issue 27, item 4: honest screens for each role (docs/decisions/023-honest-screens.md).
--
-- A reader (`lecteur`) reads the statistics and the attendance report on screen; the two files
-- that hold nothing but those figures (the region distribution and the attendance table) are
-- theirs to download too, and every such download is journaled like an admin's. Every other
-- export holds personal data and stays an admin's. The browser builds the file, so the database
-- cannot stop a reader writing down figures they can read: refusing the file would only hide it;
-- journaling it is what the database can do.

-- The exports without personal data: aggregates a reader reads on screen.
create function private.aggregate_export(what text) returns boolean
language sql immutable set search_path = '' as $$
  select what in ('presence_night_party', 'distribution_regionale')
$$;

revoke all on function private.aggregate_export(text) from public, anon, authenticated;

-- As in 20251126120000_scheduled_purge_and_journal.sql, except the role check: admins record any
-- of the site's exports; readers the aggregate ones only (private.aggregate_export), each an
-- 'export' row with the reader as actor. A reader's personal-data export stays refused (42501),
-- checked before anything else so that the refusal says nothing about the arguments.
create or replace function public.log_export(what text, filters jsonb, row_count integer)
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
    perform private.invalid('what', 'Export inconnu : le journal n''inscrit que les exports du site.');
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
    format('%s : %s', label, private.plural(row_count, 'ligne')),
    null, jsonb_build_object('filters', kept, 'row_count', row_count));
end;
$$;
-- log_export keeps its grants (create or replace): authenticated, each role checked above.

-- As in 20251123120000_organiser_workspace.sql, plus 'promoted': how many waitlisted reservations
-- the freed place confirmed (private.fill_places), so that the cancellation's toast names the
-- change it caused (issue 27: "every status change caused by another action is named"). 0 when
-- nothing was freed (already cancelled).
create or replace function public.admin_cancel_reservation(id uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  r public.reservations;
  promoted integer := 0;
begin
  perform private.require_admin();
  perform 1 from public.edition_settings for update;
  select * into r from public.reservations x where x.id = admin_cancel_reservation.id for update;
  if not found then
    return private.refusal(404, 'Réservation non trouvée.', 'not_found');
  elsif r.checked_in_at is not null then
    return private.refusal(409, 'Ce pass a déjà servi à l''entrée : il ne peut plus être annulé.',
      'pass_checked_in');
  end if;
  if r.state <> 'cancelled' then
    perform private.audit('reservation.cancel', 'reservation', r.id::text, 'Réservation annulée',
      jsonb_build_object('state', r.state), jsonb_build_object('state', 'cancelled'));
    update public.reservations x set state = 'cancelled', cancelled_at = now()
     where x.id = r.id returning * into r;
    promoted := private.fill_places();
  end if;
  return private.pass_json(r) || jsonb_build_object('promoted', promoted);
end;
$$;
-- admin_cancel_reservation keeps its grants (create or replace).
