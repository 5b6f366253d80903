-- The public vote's rounds, prepared by admins: the list the administration and the régie read,
-- saving a round with its candidates (drafts in full, opened rounds renamed only), deleting a
-- draft (docs/decisions/030-public-vote.md).

-- An integer field of a payload: absent or null gives `fallback`; otherwise a whole JSON number
-- between lo and hi, or the French refusal `message` (22023 on the field).
create function private.payload_int(payload jsonb, field text, lo integer, hi integer,
  fallback integer, message text) returns integer
language plpgsql immutable set search_path = '' as $$
declare
  v jsonb := payload -> field;
begin
  if v is null or jsonb_typeof(v) = 'null' then
    return fallback;
  elsif jsonb_typeof(v) <> 'number' or (v #>> '{}') !~ '^[0-9]{1,4}$'
        or (v #>> '{}')::integer not between lo and hi then
    perform private.invalid(field, message);
  end if;
  return (v #>> '{}')::integer;
end;
$$;
revoke all on function private.payload_int(jsonb,text,integer,integer,integer,text) from public, anon, authenticated;

-- The candidates of a payload, checked and cleaned: [{ number, name, line, participant_id }]
-- sorted by number. 2 to 12, numbers 1-99 without repeats, names 1-80 characters (the linked
-- participant's team name or name when left empty), lines up to 80.
create function private.vote_candidates_payload(list jsonb) returns jsonb
language plpgsql stable set search_path = '' as $$
declare
  e jsonb;
  out_ jsonb := '[]'::jsonb;
  n integer;
  v_name text;
  v_line text;
  pid uuid;
begin
  if jsonb_typeof(list) is distinct from 'array' or jsonb_array_length(list) not between 2 and 12 then
    perform private.invalid('candidates', 'Une manche compte de 2 à 12 candidats.');
  end if;
  for e in select x from jsonb_array_elements(list) x loop
    if jsonb_typeof(e) <> 'object' then
      perform private.invalid('candidates', 'Candidat invalide.');
    end if;
    n := private.payload_int(e, 'number', 1, 99, null,
      'Le numéro d’un candidat est un nombre entier de 1 à 99.');
    if n is null then
      perform private.invalid('candidates', 'Chaque candidat a un numéro (de 1 à 99).');
    elsif out_ @> jsonb_build_array(jsonb_build_object('number', n)) then
      perform private.invalid('candidates', format('Le numéro %s est donné à deux candidats.', n));
    end if;
    perform private.require_strings(e, '{}', array['name', 'line', 'participant_id']);
    pid := null;
    if coalesce(e ->> 'participant_id', '') <> '' then
      begin
        pid := (e ->> 'participant_id')::uuid;
      exception when invalid_text_representation then
        perform private.invalid('candidates', 'Participant inconnu.');
      end;
      if not exists (select 1 from public.participants p where p.id = pid and p.deleted_at is null) then
        perform private.invalid('candidates', 'Participant inconnu ou à la corbeille.');
      end if;
    end if;
    v_name := private.clean_line(coalesce(e ->> 'name', ''));
    if v_name = '' and pid is not null then
      select left(coalesce(p.team_name, p.full_name), 80) into v_name
        from public.participants p where p.id = pid;
    end if;
    if char_length(v_name) not between 1 and 80 then
      perform private.invalid('candidates',
        format('Le nom du candidat n° %s doit contenir de 1 à 80 caractères.', n));
    end if;
    v_line := private.clean_line(coalesce(e ->> 'line', ''));
    if char_length(v_line) > 80 then
      perform private.invalid('candidates',
        format('La ligne du candidat n° %s ne doit pas dépasser 80 caractères.', n));
    end if;
    out_ := out_ || jsonb_build_array(jsonb_build_object('number', n, 'name', v_name,
                                                        'line', v_line, 'participant_id', pid));
  end loop;
  return (select jsonb_agg(x order by (x ->> 'number')::integer) from jsonb_array_elements(out_) x);
end;
$$;
revoke all on function private.vote_candidates_payload(jsonb) from public, anon, authenticated;


-- Every round for the administration and the régie, in order, with its effective state and
-- voters' count; results once revealed, or for admins once closed.
create function public.vote_rounds_list() returns setof public.vote_round_row
language plpgsql volatile security definer set search_path = '' as $$
declare
  admin boolean;
begin
  perform private.require_vote_desk();
  perform private.vote_settle();
  admin := private.has_role('admin');
  return query
    select j.*
      from public.vote_rounds r
     cross join lateral jsonb_populate_record(null::public.vote_round_row,
             private.vote_round_json(r, r.state = 'revealed' or (admin and r.state = 'closed'))) j
     order by r.position, r.created_at;
end;
$$;
revoke all on function public.vote_rounds_list() from public, anon, authenticated;
grant execute on function public.vote_rounds_list() to authenticated;

-- Creates a round (no id) or changes one: everything while it is a draft; once opened, only
-- its title (any other field sent must be unchanged). Journaled.
create function public.admin_save_vote_round(payload jsonb) returns public.vote_round_answer
language plpgsql volatile security definer set search_path = '' as $$
declare
  rd public.vote_rounds;
  before_ jsonb;
  v_id uuid;
  v_title text;
  v_position integer;
  v_duration integer;
  v_eligibility text;
  v_candidates jsonb;
  stored jsonb;
begin
  perform private.require_admin();
  perform private.vote_settle();
  if jsonb_typeof(payload) is distinct from 'object' then
    perform private.invalid('payload', 'Données de manche invalides.');
  end if;
  perform private.require_strings(payload, array['title'], array['id', 'eligibility']);
  begin
    v_id := nullif(payload ->> 'id', '')::uuid;
  exception when invalid_text_representation then
    perform private.invalid('id', 'Manche inconnue.');
  end;
  v_title := private.clean_line(payload ->> 'title');
  if char_length(v_title) not between 2 and 80 then
    perform private.invalid('title', 'Le titre doit contenir entre 2 et 80 caractères.');
  end if;
  if v_id is not null then
    select * into rd from public.vote_rounds x where x.id = v_id for update;
    if not found then
      return jsonb_populate_record(null::public.vote_round_answer,
        private.refusal(404, 'Manche introuvable.', 'not_found'));
    end if;
    before_ := private.vote_round_json(rd, false);
  end if;
  v_position := private.payload_int(payload, 'position', 1, 999, rd.position,
    'L’ordre est un nombre entier de 1 à 999.');
  v_duration := private.payload_int(payload, 'duration_seconds', 15, 900,
    coalesce(rd.duration_seconds, 90), 'La durée du vote va de 15 à 900 secondes.');
  v_eligibility := coalesce(nullif(payload ->> 'eligibility', ''), rd.eligibility, 'checked_in');
  if v_eligibility not in ('checked_in', 'confirmed') then
    perform private.invalid('eligibility',
      'Qui peut voter : les pass validés à l’entrée (checked_in) ou tout pass confirmé (confirmed).');
  end if;
  if payload ? 'candidates' or rd.id is null or rd.state = 'draft' then
    v_candidates := private.vote_candidates_payload(payload -> 'candidates');
  end if;

  if rd.id is not null and rd.state <> 'draft' then
    select jsonb_agg(jsonb_build_object('number', c.number, 'name', c.name, 'line', c.line,
                                        'participant_id', c.participant_id) order by c.number)
      into stored from public.vote_candidates c where c.round_id = rd.id;
    if v_position <> rd.position or v_duration <> rd.duration_seconds
       or v_eligibility <> rd.eligibility
       or (v_candidates is not null and v_candidates <> stored) then
      return jsonb_populate_record(null::public.vote_round_answer,
        private.refusal(409,
          'Cette manche a déjà été ouverte : seul son titre peut encore être modifié.',
          'vote_round_locked'));
    end if;
    update public.vote_rounds x set title = v_title, updated_at = now() where x.id = rd.id
    returning * into rd;
  elsif rd.id is not null then
    update public.vote_rounds x set title = v_title, position = v_position,
           duration_seconds = v_duration, eligibility = v_eligibility, updated_at = now()
     where x.id = rd.id returning * into rd;
  else
    insert into public.vote_rounds (title, position, duration_seconds, eligibility)
    values (v_title, coalesce(v_position,
              (select coalesce(max(x.position), 0) + 1 from public.vote_rounds x where x.position < 999)),
            v_duration, v_eligibility)
    returning * into rd;
  end if;
  if rd.state = 'draft' then
    delete from public.vote_candidates c
     where c.round_id = rd.id
       and c.number not in (select (e ->> 'number')::integer from jsonb_array_elements(v_candidates) e);
    insert into public.vote_candidates as c (round_id, number, name, line, participant_id)
    select rd.id, (e ->> 'number')::integer, e ->> 'name', e ->> 'line',
           (e ->> 'participant_id')::uuid
      from jsonb_array_elements(v_candidates) e
    on conflict (round_id, number) do update
      set name = excluded.name, line = excluded.line, participant_id = excluded.participant_id;
  end if;
  perform private.audit(case when before_ is null then 'vote.round_create' else 'vote.round_update' end,
    'vote_round', rd.id::text,
    case when before_ is null
         then format('Manche de vote « %s » créée (%s)', rd.title,
                     private.plural(jsonb_array_length(v_candidates), 'candidat'))
         else format('Manche de vote « %s » modifiée', rd.title) end,
    before_, private.vote_round_json(rd, false));
  return jsonb_populate_record(null::public.vote_round_answer,
    private.vote_round_json(rd, true));
end;
$$;
revoke all on function public.admin_save_vote_round(jsonb) from public, anon, authenticated;
grant execute on function public.admin_save_vote_round(jsonb) to authenticated;

create function public.admin_delete_vote_round(id uuid) returns public.vote_round_deleted
language plpgsql volatile security definer set search_path = '' as $$
declare
  rd public.vote_rounds;
  before_ jsonb;
begin
  perform private.require_admin();
  perform private.vote_settle();
  select * into rd from public.vote_rounds x where x.id = admin_delete_vote_round.id for update;
  if not found then
    return jsonb_populate_record(null::public.vote_round_deleted,
      private.refusal(404, 'Manche introuvable.', 'not_found'));
  elsif rd.state <> 'draft' then
    return jsonb_populate_record(null::public.vote_round_deleted,
      private.refusal(409, 'Seule une manche qui n’a pas été ouverte peut être supprimée.',
        'vote_round_locked'));
  end if;
  before_ := private.vote_round_json(rd, false);
  delete from public.vote_rounds x where x.id = rd.id;
  perform private.audit('vote.round_delete', 'vote_round', rd.id::text,
    format('Manche de vote « %s » supprimée', rd.title), before_, null);
  return jsonb_populate_record(null::public.vote_round_deleted,
    jsonb_build_object('id', rd.id, 'deleted', true));
end;
$$;
revoke all on function public.admin_delete_vote_round(uuid) from public, anon, authenticated;
grant execute on function public.admin_delete_vote_round(uuid) to authenticated;

