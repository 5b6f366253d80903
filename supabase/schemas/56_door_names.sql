-- The doors an admin declares in the settings: door staff choose theirs among them when they
-- sign in, so the count per door never depends on a steward renaming "Porte 1"
-- (docs/decisions/043-the-door-fits-the-hand.md).

-- ---------------------------------------------------------------------------------------------
-- Tables, their indexes, grants and required rows
-- ---------------------------------------------------------------------------------------------

-- A door's name as private.require_door accepts it, already cleaned (one space between words).
create table private.declared_doors (
  position integer not null,
  name text not null,
  constraint declared_doors_pkey primary key (position),
  constraint declared_doors_position_check check (position >= 1 and position <= 20),
  constraint declared_doors_name_check check (char_length(name) >= 1 and char_length(name) <= 40
    and name ~ '^[0-9A-Za-zÀ-ÖØ-öø-ÿŒœ ''’.#°/()-]+$' and name ~ '[0-9A-Za-zÀ-ÖØ-öø-ÿŒœ]'
    and name = btrim(name) and name !~ '  ')
);
comment on table private.declared_doors is 'The doors of the Night Party, in the settings'' order: door staff choose theirs at sign-in (docs/decisions/043-the-door-fits-the-hand.md).';
create unique index declared_doors_name_key on private.declared_doors using btree (lower(name));
alter table private.declared_doors enable row level security;
revoke all on private.declared_doors from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Functions
-- ---------------------------------------------------------------------------------------------

-- The declared doors, in order ('{}' when none is declared yet): the door's sign-in and the
-- settings (readers see the settings too).
create function public.door_names() returns text[]
language plpgsql stable security definer set search_path = '' as $$
begin
  if not private.has_role('admin', 'lecteur', 'controle') then
    raise exception 'Accès réservé au personnel.' using errcode = '42501';
  end if;
  return coalesce((select array_agg(d.name order by d.position) from private.declared_doors d),
                  '{}'::text[]);
end;
$$;
revoke all on function public.door_names() from public, anon, authenticated;
grant execute on function public.door_names() to authenticated;

-- Replaces the declared doors (1 to 20 names, each a valid door name, no name twice whatever
-- the case), journaled as a settings change with the list before and after. Returns the list.
create function public.admin_save_door_names(names text[]) returns text[]
language plpgsql volatile security definer set search_path = '' as $$
declare
  kept text[] := '{}';
  n text;
  v text;
  before_list text[];
begin
  perform private.require_admin();
  if names is null or cardinality(names) = 0 then
    perform private.invalid('door_names', 'Déclarez au moins une porte.');
  elsif cardinality(names) > 20 then
    perform private.invalid('door_names', 'Vingt portes au plus.');
  end if;
  foreach n in array names loop
    v := private.clean_line(n);
    if private.is_blank(n) or char_length(v) > 40
       or v !~ '^[0-9A-Za-zÀ-ÖØ-öø-ÿŒœ ''’.#°/()-]+$' or v !~ '[0-9A-Za-zÀ-ÖØ-öø-ÿŒœ]' then
      perform private.invalid('door_names', format(
        'Nom de porte invalide : « %s ». De 1 à 40 lettres, chiffres, espaces ou - '' . # ° / ( ), ex. « Porte 1 ».',
        left(coalesce(v, ''), 40)));
    elsif lower(v) = any (select lower(k) from unnest(kept) k) then
      perform private.invalid('door_names', format('La porte « %s » est déclarée deux fois.', v));
    end if;
    kept := kept || v;
  end loop;

  -- One save at a time: two admins saving at once leave one list, not a mix of both.
  lock table private.declared_doors in share row exclusive mode;
  select coalesce(array_agg(d.name order by d.position), '{}'::text[]) into before_list
    from private.declared_doors d;
  if before_list is distinct from kept then
    delete from private.declared_doors where true;
    insert into private.declared_doors (position, name)
    select o, k from unnest(kept) with ordinality u(k, o);
    perform private.audit('settings.update', 'settings', null,
      'Paramètres modifiés : portes (' || array_to_string(kept, ', ') || ')',
      jsonb_build_object('door_names', to_jsonb(before_list)),
      jsonb_build_object('door_names', to_jsonb(kept)));
  end if;
  return kept;
end;
$$;
revoke all on function public.admin_save_door_names(text[]) from public, anon, authenticated;
grant execute on function public.admin_save_door_names(text[]) to authenticated;
