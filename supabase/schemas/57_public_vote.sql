-- The Night Party's public vote: rounds prepared by admins, opened, closed and revealed by the
-- régie (role `regie`) or admins, voted from the passes (one vote per pass and round, the last
-- one counts), shown on the stage screen (nothing personal). Results are counted from the rows
-- of public.votes; the server's clock closes a round (docs/decisions/030-public-vote.md).

-- ---------------------------------------------------------------------------------------------
-- Tables, their indexes, grants and required rows
-- ---------------------------------------------------------------------------------------------

create table public.vote_rounds (
  id uuid default gen_random_uuid(),
  position integer default 1 not null,
  title text not null,
  duration_seconds integer default 90 not null,
  eligibility text default 'checked_in'::text not null,
  state text default 'draft'::text not null,
  opened_at timestamptz,
  closes_at timestamptz,
  closed_at timestamptz,
  revealed_at timestamptz,
  created_at timestamptz default now() not null,
  updated_at timestamptz default now() not null,
  constraint vote_rounds_pkey primary key (id),
  constraint vote_rounds_position_check check (position >= 1 and position <= 999),
  constraint vote_rounds_title_check check (char_length(title) >= 2 and char_length(title) <= 80),
  constraint vote_rounds_duration_seconds_check check (duration_seconds >= 15 and duration_seconds <= 900),
  constraint vote_rounds_eligibility_check check (eligibility = any (array['checked_in'::text, 'confirmed'::text])),
  constraint vote_rounds_state_check check (state = any (array['draft'::text, 'open'::text, 'closed'::text, 'revealed'::text])),
  constraint vote_rounds_times_check check ((state = 'draft') = (opened_at is null)
    and (opened_at is null) = (closes_at is null)
    and (state in ('closed', 'revealed')) = (closed_at is not null)
    and (state = 'revealed') = (revealed_at is not null))
);
comment on table public.vote_rounds is 'Rounds of the public vote (docs/decisions/030-public-vote.md). A round whose closes_at has passed is closed, whatever state says, until a régie function writes it.';
-- At most one round open at a time (a round past its closes_at still counts until written).
create unique index vote_rounds_one_open_idx on public.vote_rounds ((true)) where state = 'open';
create index vote_rounds_position_idx on public.vote_rounds (position, created_at);
alter table public.vote_rounds enable row level security;
revoke all on public.vote_rounds from public, anon, authenticated;

create table public.vote_candidates (
  id uuid default gen_random_uuid(),
  round_id uuid not null,
  number integer not null,
  name text not null,
  line text default ''::text not null,
  participant_id uuid,
  constraint vote_candidates_pkey primary key (id),
  constraint vote_candidates_round_id_id_key unique (round_id, id),
  constraint vote_candidates_round_number_key unique (round_id, number),
  constraint vote_candidates_number_check check (number >= 1 and number <= 99),
  constraint vote_candidates_name_check check (char_length(name) >= 1 and char_length(name) <= 80),
  constraint vote_candidates_line_check check (char_length(line) <= 80),
  constraint vote_candidates_round_id_fkey foreign key (round_id) references public.vote_rounds(id) on delete cascade,
  constraint vote_candidates_participant_id_fkey foreign key (participant_id) references public.participants(id) on delete set null
);
comment on table public.vote_candidates is 'A round''s 2 to 12 candidates; the name is copied from the linked contest participant when the admin leaves it empty.';
create index vote_candidates_participant_idx on public.vote_candidates (participant_id)
  where participant_id is not null;
alter table public.vote_candidates enable row level security;
revoke all on public.vote_candidates from public, anon, authenticated;

-- One row per pass and round: the last vote counts. reservation_id becomes null when the
-- personal-data purge deletes the reservation (the count stays).
create table public.votes (
  id bigint generated always as identity,
  round_id uuid not null,
  reservation_id uuid,
  candidate_id uuid not null,
  last_vote_id uuid not null,
  cast_at timestamptz default now() not null,
  changed_at timestamptz default now() not null,
  changes integer default 0 not null,
  constraint votes_pkey primary key (id),
  constraint votes_round_reservation_key unique (round_id, reservation_id),
  constraint votes_changes_check check (changes >= 0),
  constraint votes_round_candidate_fkey foreign key (round_id, candidate_id) references public.vote_candidates(round_id, id) on delete cascade,
  constraint votes_reservation_id_fkey foreign key (reservation_id) references public.reservations(id) on delete set null
);
comment on table public.votes is 'One row per (round, pass): the candidate of its last accepted vote. Results count these rows; nothing else is updated by a vote.';
comment on column public.votes.changes is 'Accepted votes of this pass in this round after the first (limited by private.vote_max_changes()).';
-- The results and the voters' count (index-only scans).
create index votes_round_candidate_idx on public.votes (round_id, candidate_id);
create index votes_reservation_idx on public.votes (reservation_id);
alter table public.votes enable row level security;
revoke all on public.votes from public, anon, authenticated;

-- Every accepted vote_id with what it chose: a retried vote_id answers the same, even after a
-- later change of the pass's vote. No foreign key to the round: a vote would lock its row.
create table private.vote_receipts (
  vote_id uuid,
  round_id uuid not null,
  reservation_id uuid,
  candidate_id uuid not null,
  at timestamptz default now() not null,
  constraint vote_receipts_pkey primary key (vote_id),
  constraint vote_receipts_reservation_id_fkey foreign key (reservation_id) references public.reservations(id) on delete set null
);
create index vote_receipts_reservation_idx on private.vote_receipts (reservation_id);
alter table private.vote_receipts enable row level security;
revoke all on private.vote_receipts from public, anon, authenticated;

-- What the stage screen shows: the round last opened, closed or revealed; null: idle.
create table private.vote_screen (
  id boolean default true,
  round_id uuid,
  updated_at timestamptz default now() not null,
  constraint vote_screen_pkey primary key (id),
  constraint vote_screen_id_check check (id),
  constraint vote_screen_round_id_fkey foreign key (round_id) references public.vote_rounds(id) on delete set null
);
alter table private.vote_screen enable row level security;
revoke all on private.vote_screen from public, anon, authenticated;

insert into private.vote_screen (round_id) values (NULL);

-- ---------------------------------------------------------------------------------------------
-- Functions
-- ---------------------------------------------------------------------------------------------

-- Accepted votes of one pass in one round after the first: enough for a hesitating voter, a
-- ceiling for a script. Per pass, never per address (the hall shares a few carrier addresses).
create function private.vote_max_changes() returns integer
language sql immutable set search_path = '' as $$
  select 20
$$;
revoke all on function private.vote_max_changes() from public, anon, authenticated;

-- The state as every function sees it: an open round past its closes_at is closed.
create function private.vote_round_state(r public.vote_rounds) returns text
language sql stable set search_path = '' as $$
  select case when r.state = 'open' and now() >= r.closes_at then 'closed' else r.state end
$$;
revoke all on function private.vote_round_state(public.vote_rounds) from public, anon, authenticated;

create function private.require_vote_desk() returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if not private.has_role('admin', 'regie') then
    raise exception 'Accès réservé à la régie et aux administrateurs.' using errcode = '42501';
  end if;
end;
$$;
revoke all on function private.require_vote_desk() from public, anon, authenticated;

-- The order between the votes and the close of a round: a vote holds the round's lock shared
-- from before it reads the round's state until its commit; a close takes it exclusive, so it
-- waits for the votes in flight and the votes that come after wait for its commit and see the
-- round closed. An advisory lock, not the round's row: PostgreSQL lets a new FOR KEY SHARE pass
-- a FOR UPDATE that waits, so a steady stream of votes held a close back until the stream
-- ended; the lock manager's queue is fair (a shared request waits behind a queued exclusive).
create function private.vote_round_lock(round_id uuid, exclusive boolean) returns void
language plpgsql volatile set search_path = '' as $$
begin
  if exclusive then
    perform pg_advisory_xact_lock(hashtext('public.vote_rounds'), hashtext(round_id::text));
  else
    perform pg_advisory_xact_lock_shared(hashtext('public.vote_rounds'), hashtext(round_id::text));
  end if;
end;
$$;
revoke all on function private.vote_round_lock(uuid,boolean) from public, anon, authenticated;

-- Why this pass may not vote in a round of this eligibility ({ status, code, message }), or
-- null. Shared by cast_vote (the refusal) and vote_state (what the pass page says).
create function private.vote_pass_refusal(r public.reservations, eligibility text) returns jsonb
language sql stable set search_path = '' as $$
  select case
    when r.state = 'cancelled' then jsonb_build_object('status', 403, 'code', 'vote_cancelled',
      'message', 'Ce pass est annulé : il ne permet pas de voter.')
    when r.state = 'waitlisted' then jsonb_build_object('status', 403, 'code', 'vote_waitlisted',
      'message', 'Ce pass est en liste d''attente : il ne permet pas de voter.')
    when eligibility = 'checked_in' and r.checked_in_at is null then jsonb_build_object(
      'status', 403, 'code', 'vote_not_checked_in',
      'message', 'Ce pass n''a pas encore été validé à l''entrée : faites-le scanner à la porte pour voter.')
  end
$$;
revoke all on function private.vote_pass_refusal(public.reservations,text) from public, anon, authenticated;

-- A round's candidates by number; with `results`, each one's votes and share (percent of the
-- voters, one decimal).
create function private.vote_candidates_json(round_id uuid, results boolean) returns jsonb
language sql stable set search_path = '' as $$
  with counted as (
    select c.id, c.number, c.name, c.line, c.participant_id,
           case when results then (select count(*) from public.votes v
                                    where v.round_id = c.round_id and v.candidate_id = c.id) end as n
      from public.vote_candidates c where c.round_id = vote_candidates_json.round_id
  ), total as (select sum(n) as voters from counted)
  select coalesce(jsonb_agg(jsonb_build_object('id', c.id, 'number', c.number, 'name', c.name,
           'line', c.line, 'participant_id', c.participant_id, 'votes', c.n,
           'share', case when results then coalesce(round(100.0 * c.n / nullif(t.voters, 0), 1), 0) end)
           order by c.number), '[]'::jsonb)
    from counted c cross join total t
$$;
revoke all on function private.vote_candidates_json(uuid,boolean) from public, anon, authenticated;

-- The number of the candidate with the most votes; null on a tie at the top or without votes.
create function private.vote_winner(round_id uuid) returns integer
language sql stable set search_path = '' as $$
  select case when count(*) filter (where n = top) = 1 then max(number) filter (where n = top) end
    from (select c.number, count(v.id) as n, max(count(v.id)) over () as top
            from public.vote_candidates c
            left join public.votes v on v.round_id = c.round_id and v.candidate_id = c.id
           where c.round_id = vote_winner.round_id
           group by c.number) x
   where top > 0
$$;
revoke all on function private.vote_winner(uuid) from public, anon, authenticated;

-- A round as the administration and the régie read it (vote_rounds_list and every régie
-- function's answer). Results only with `results`.
create function private.vote_round_json(r public.vote_rounds, results boolean) returns jsonb
language sql stable set search_path = '' as $$
  select jsonb_build_object(
    'id', r.id, 'position', r.position, 'title', r.title,
    'duration_seconds', r.duration_seconds, 'eligibility', r.eligibility,
    'state', private.vote_round_state(r), 'opened_at', r.opened_at, 'closes_at', r.closes_at,
    'closed_at', coalesce(r.closed_at, case when private.vote_round_state(r) = 'closed'
                                            then r.closes_at end),
    'revealed_at', r.revealed_at, 'created_at', r.created_at, 'updated_at', r.updated_at,
    'on_screen', exists (select 1 from private.vote_screen s where s.round_id = r.id),
    'voters', (select count(*) from public.votes v where v.round_id = r.id),
    'winner', case when results then private.vote_winner(r.id) end,
    'candidates', private.vote_candidates_json(r.id, results))
$$;
revoke all on function private.vote_round_json(public.vote_rounds,boolean) from public, anon, authenticated;

-- Writes the close of every open round past its closes_at (the server's clock already treats
-- them as closed): closed_at is the deadline, journaled with no actor ("par le minuteur"). The
-- round's lock orders it after every vote in flight, as a close by hand.
create function private.vote_settle() returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  r public.vote_rounds;
  expired uuid;
begin
  for expired in select x.id from public.vote_rounds x
                  where x.state = 'open' and x.closes_at <= now() loop
    perform private.vote_round_lock(expired, true);
    select * into r from public.vote_rounds x where x.id = expired and x.state = 'open' for update;
    continue when not found;
    update public.vote_rounds x set state = 'closed', closed_at = r.closes_at, updated_at = now()
     where x.id = r.id;
    insert into public.audit_log (at, actor, actor_email, action, entity, entity_id, summary,
                                  before, after)
    values (r.closes_at, null, null, 'vote.close', 'vote_round', r.id::text,
      format('Vote « %s » clos par le minuteur (%s)', r.title,
             private.plural((select count(*) from public.votes v where v.round_id = r.id), 'votant')),
      jsonb_build_object('state', 'open'), jsonb_build_object('state', 'closed', 'by', 'timer'));
  end loop;
end;
$$;
revoke all on function private.vote_settle() from public, anon, authenticated;

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
      'Le numéro d''un candidat est un nombre entier de 1 à 99.');
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

-- What cast_vote answers for an accepted vote_id (and answers again to its retries).
create function private.vote_answer(rc private.vote_receipts) returns jsonb
language sql stable set search_path = '' as $$
  select jsonb_build_object('ok', true, 'round_id', rc.round_id,
           'candidate', jsonb_build_object('id', c.id, 'number', c.number, 'name', c.name),
           'vote_id', rc.vote_id)
    from public.vote_candidates c where c.id = rc.candidate_id
$$;
revoke all on function private.vote_answer(private.vote_receipts) from public, anon, authenticated;

-- One vote from a pass. Order: the pass (unknown code), a retried vote_id (the first answer
-- again), the pass's state, the round's lock shared then the round open by the server's clock
-- (a close takes the lock exclusive: no vote commits after the close's commit), the
-- eligibility, the candidate, then the pass's one row (the last vote counts; changes limited
-- per pass).
create function public.cast_vote(code text, round_id uuid, candidate_id uuid, vote_id uuid)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_code text := private.normalise_pass_code(cast_vote.code);
  r public.reservations;
  rd public.vote_rounds;
  c public.vote_candidates;
  rc private.vote_receipts;
  v public.votes;
  refused jsonb;
begin
  if cast_vote.vote_id is null then
    perform private.invalid('vote_id', 'Identifiant de vote manquant.');
  end if;
  select * into r from public.reservations x where x.pass_code = v_code;
  if not found then
    return private.refusal(404, 'Pass inconnu : vérifiez le code.', 'pass_unknown');
  end if;
  select * into rc from private.vote_receipts x where x.vote_id = cast_vote.vote_id;
  if found then
    if rc.reservation_id is distinct from r.id or rc.round_id is distinct from cast_vote.round_id then
      perform private.invalid('vote_id', 'Cet identifiant de vote a déjà servi pour un autre vote.');
    end if;
    return private.vote_answer(rc);
  end if;
  refused := private.vote_pass_refusal(r, 'confirmed');
  if refused is not null then
    return private.refusal((refused ->> 'status')::integer, refused ->> 'message', refused ->> 'code');
  end if;
  perform private.vote_round_lock(cast_vote.round_id, false);
  -- A statement after the lock: its snapshot sees a close committed while this vote waited.
  select * into rd from public.vote_rounds x where x.id = cast_vote.round_id;
  if not found or rd.state = 'draft' then
    return private.refusal(409, 'Ce vote n''est pas ouvert.', 'vote_closed');
  elsif private.vote_round_state(rd) <> 'open' then
    return private.refusal(409, 'Le vote est clos : ce choix n''a pas été enregistré.', 'vote_closed');
  end if;
  refused := private.vote_pass_refusal(r, rd.eligibility);
  if refused is not null then
    return private.refusal((refused ->> 'status')::integer, refused ->> 'message', refused ->> 'code');
  end if;
  select * into c from public.vote_candidates x
   where x.id = cast_vote.candidate_id and x.round_id = rd.id;
  if not found then
    return private.refusal(400, 'Ce candidat ne fait pas partie de ce vote.', 'vote_bad_candidate');
  end if;

  insert into public.votes as x (round_id, reservation_id, candidate_id, last_vote_id)
  values (rd.id, r.id, c.id, cast_vote.vote_id)
  on conflict on constraint votes_round_reservation_key do nothing
  returning * into v;
  if not found then
    -- The pass already voted: one change at a time per pass, then the vote_id checked again
    -- (the same vote_id sent from two phones at once).
    select * into v from public.votes x where x.round_id = rd.id and x.reservation_id = r.id
       for update;
    select * into rc from private.vote_receipts x where x.vote_id = cast_vote.vote_id;
    if found then
      if rc.reservation_id is distinct from r.id or rc.round_id is distinct from rd.id then
        perform private.invalid('vote_id', 'Cet identifiant de vote a déjà servi pour un autre vote.');
      end if;
      return private.vote_answer(rc);
    end if;
    if v.changes >= private.vote_max_changes() then
      return private.refusal(429,
        'Trop de changements de vote pour ce pass : votre dernier choix reste compté.',
        'vote_too_many');
    end if;
    update public.votes x set candidate_id = c.id, last_vote_id = cast_vote.vote_id,
           changed_at = now(), changes = x.changes + 1
     where x.id = v.id;
  end if;
  insert into private.vote_receipts (vote_id, round_id, reservation_id, candidate_id)
  values (cast_vote.vote_id, rd.id, r.id, c.id)
  on conflict on constraint vote_receipts_pkey do nothing
  returning * into rc;
  if not found then
    -- The same vote_id for another pass at the same instant: nothing of this call is kept.
    perform private.invalid('vote_id', 'Cet identifiant de vote a déjà servi pour un autre vote.');
  end if;
  return private.vote_answer(rc);
end;
$$;
revoke all on function public.cast_vote(text,uuid,uuid,uuid) from public, anon, authenticated;
grant execute on function public.cast_vote(text,uuid,uuid,uuid) to anon, authenticated;

-- What the pass page needs, polled every 10-15 s while `poll` is true: the open round, whether
-- this pass may vote (and why not) and its current vote. The candidates come once per round:
-- with known_round = the open round's id they are null, so that a poll stays under 1 KB.
create function public.vote_state(code text, known_round uuid default null) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  r public.reservations;
  rd public.vote_rounds;
  v public.votes;
  poll boolean;
  refused jsonb;
begin
  select * into rd from public.vote_rounds x where x.state = 'open' and x.closes_at > now();
  poll := coalesce((private.door_window() ->> 'open')::boolean, false) or rd.id is not null;
  select * into r from public.reservations x
   where x.pass_code = private.normalise_pass_code(vote_state.code);
  if not found then
    return jsonb_build_object('poll', poll, 'server_now', now(), 'round', null,
      'can_vote', false, 'my_vote', null, 'refusal',
      jsonb_build_object('code', 'pass_unknown', 'message', 'Pass inconnu : vérifiez le code.'));
  end if;
  refused := private.vote_pass_refusal(r, coalesce(rd.eligibility, 'confirmed'));
  if rd.id is not null then
    select * into v from public.votes x where x.round_id = rd.id and x.reservation_id = r.id;
    if refused is null and v.changes >= private.vote_max_changes() then
      refused := jsonb_build_object('code', 'vote_too_many', 'message',
        'Trop de changements de vote pour ce pass : votre dernier choix reste compté.');
    end if;
  end if;
  return jsonb_build_object('poll', poll, 'server_now', now(),
    'round', case when rd.id is not null then jsonb_build_object('id', rd.id, 'title', rd.title,
      'closes_at', rd.closes_at,
      'candidates', case when known_round is distinct from rd.id then
        (select jsonb_agg(jsonb_build_object('id', c.id, 'number', c.number, 'name', c.name,
                                             'line', c.line) order by c.number)
           from public.vote_candidates c where c.round_id = rd.id) end) end,
    'can_vote', rd.id is not null and refused is null,
    'refusal', refused - 'status',
    'my_vote', v.candidate_id);
end;
$$;
revoke all on function public.vote_state(text,uuid) from public, anon, authenticated;
grant execute on function public.vote_state(text,uuid) to anon, authenticated;

-- The stage screen: the round last opened, closed or revealed, its voters' count and its
-- candidates; votes, shares and the winner once revealed. Nothing about any pass.
create function public.vote_screen_state() returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  rd public.vote_rounds;
  st text;
  shown boolean;
begin
  select x.* into rd from private.vote_screen s join public.vote_rounds x on x.id = s.round_id;
  st := private.vote_round_state(rd);
  if rd.id is null or st = 'draft' then
    return jsonb_build_object('mode', 'idle', 'server_now', now(), 'round', null);
  end if;
  shown := st = 'revealed';
  return jsonb_build_object('mode', st, 'server_now', now(), 'round', jsonb_build_object(
    'id', rd.id, 'title', rd.title, 'closes_at', rd.closes_at,
    'voters', (select count(*) from public.votes v where v.round_id = rd.id),
    'candidates', (select jsonb_agg(c - 'id' - 'participant_id' order by (c ->> 'number')::integer)
                     from jsonb_array_elements(private.vote_candidates_json(rd.id, shown)) c),
    'winner', case when shown then private.vote_winner(rd.id) end));
end;
$$;
revoke all on function public.vote_screen_state() from public, anon, authenticated;
grant execute on function public.vote_screen_state() to anon, authenticated;

-- Every round for the administration and the régie, in order, with its effective state and
-- voters' count; results once revealed, or for admins once closed.
create function public.vote_rounds_list() returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  admin boolean;
begin
  perform private.require_vote_desk();
  perform private.vote_settle();
  admin := private.has_role('admin');
  return coalesce((select jsonb_agg(private.vote_round_json(r,
            r.state = 'revealed' or (admin and r.state = 'closed')) order by r.position, r.created_at)
     from public.vote_rounds r), '[]'::jsonb);
end;
$$;
revoke all on function public.vote_rounds_list() from public, anon, authenticated;
grant execute on function public.vote_rounds_list() to authenticated;

-- Creates a round (no id) or changes one: everything while it is a draft; once opened, only
-- its title (any other field sent must be unchanged). Journaled.
create function public.admin_save_vote_round(payload jsonb) returns jsonb
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
      return private.refusal(404, 'Manche introuvable.', 'not_found');
    end if;
    before_ := private.vote_round_json(rd, false);
  end if;
  v_position := private.payload_int(payload, 'position', 1, 999, rd.position,
    'L''ordre est un nombre entier de 1 à 999.');
  v_duration := private.payload_int(payload, 'duration_seconds', 15, 900,
    coalesce(rd.duration_seconds, 90), 'La durée du vote va de 15 à 900 secondes.');
  v_eligibility := coalesce(nullif(payload ->> 'eligibility', ''), rd.eligibility, 'checked_in');
  if v_eligibility not in ('checked_in', 'confirmed') then
    perform private.invalid('eligibility',
      'Qui peut voter : les pass validés à l''entrée (checked_in) ou tout pass confirmé (confirmed).');
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
      return private.refusal(409,
        'Cette manche a déjà été ouverte : seul son titre peut encore être modifié.',
        'vote_round_locked');
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
         then format('Manche de vote « %s » créée (%s)', rd.title,
                     private.plural(jsonb_array_length(v_candidates), 'candidat'))
         else format('Manche de vote « %s » modifiée', rd.title) end,
    before_, private.vote_round_json(rd, false));
  return private.vote_round_json(rd, true);
end;
$$;
revoke all on function public.admin_save_vote_round(jsonb) from public, anon, authenticated;
grant execute on function public.admin_save_vote_round(jsonb) to authenticated;

create function public.admin_delete_vote_round(id uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  rd public.vote_rounds;
  before_ jsonb;
begin
  perform private.require_admin();
  perform private.vote_settle();
  select * into rd from public.vote_rounds x where x.id = admin_delete_vote_round.id for update;
  if not found then
    return private.refusal(404, 'Manche introuvable.', 'not_found');
  elsif rd.state <> 'draft' then
    return private.refusal(409, 'Seule une manche qui n''a pas été ouverte peut être supprimée.',
      'vote_round_locked');
  end if;
  before_ := private.vote_round_json(rd, false);
  delete from public.vote_rounds x where x.id = rd.id;
  perform private.audit('vote.round_delete', 'vote_round', rd.id::text,
    format('Manche de vote « %s » supprimée', rd.title), before_, null);
  return jsonb_build_object('id', rd.id, 'deleted', true);
end;
$$;
revoke all on function public.admin_delete_vote_round(uuid) from public, anon, authenticated;
grant execute on function public.admin_delete_vote_round(uuid) to authenticated;

-- The stage screen shows `round_id` (null: idle).
create function private.vote_show(round_id uuid) returns void
language sql volatile security definer set search_path = '' as $$
  update private.vote_screen s set round_id = vote_show.round_id, updated_at = now()
$$;
revoke all on function private.vote_show(uuid) from public, anon, authenticated;

-- draft -> open until now() + its duration, on the stage screen. Refused while another round is
-- open (the unique index decides between two opens at the same instant).
create function public.regie_open_round(id uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  rd public.vote_rounds;
  n integer;
begin
  perform private.require_vote_desk();
  perform private.vote_settle();
  select * into rd from public.vote_rounds x where x.id = regie_open_round.id for update;
  if not found then
    return private.refusal(404, 'Manche introuvable.', 'not_found');
  elsif rd.state <> 'draft' then
    return private.refusal(409, 'Cette manche a déjà été ouverte.', 'vote_not_draft');
  end if;
  select count(*) into n from public.vote_candidates c where c.round_id = rd.id;
  if n not between 2 and 12 then
    return private.refusal(409, 'Une manche se vote entre 2 et 12 candidats.', 'vote_candidates');
  end if;
  if exists (select 1 from public.vote_rounds x where x.state = 'open') then
    return private.refusal(409, 'Une autre manche est ouverte : closez-la avant d''ouvrir celle-ci.',
      'vote_other_open');
  end if;
  begin
    update public.vote_rounds x
       set state = 'open', opened_at = now(),
           closes_at = now() + make_interval(secs => rd.duration_seconds), updated_at = now()
     where x.id = rd.id returning * into rd;
  exception when unique_violation then
    return private.refusal(409, 'Une autre manche est ouverte : closez-la avant d''ouvrir celle-ci.',
      'vote_other_open');
  end;
  perform private.vote_show(rd.id);
  perform private.audit('vote.open', 'vote_round', rd.id::text,
    format('Vote « %s » ouvert (%s s)', rd.title, rd.duration_seconds),
    jsonb_build_object('state', 'draft'),
    jsonb_build_object('state', 'open', 'closes_at', rd.closes_at));
  return private.vote_round_json(rd, false);
end;
$$;
revoke all on function public.regie_open_round(uuid) from public, anon, authenticated;
grant execute on function public.regie_open_round(uuid) to authenticated;

-- open -> closed now. The round's lock, exclusive, waits for every vote in flight and makes the
-- later ones see the close: no vote is counted after this commit. A round already closed (by
-- hand or by its timer) or revealed is answered as it is.
create function public.regie_close_round(id uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  rd public.vote_rounds;
begin
  perform private.require_vote_desk();
  perform private.vote_settle();
  perform private.vote_round_lock(regie_close_round.id, true);
  select * into rd from public.vote_rounds x where x.id = regie_close_round.id for update;
  if not found then
    return private.refusal(404, 'Manche introuvable.', 'not_found');
  elsif rd.state = 'draft' then
    return private.refusal(409, 'Cette manche n''a pas encore été ouverte.', 'vote_not_open');
  elsif rd.state = 'open' then
    update public.vote_rounds x set state = 'closed', closed_at = now(), updated_at = now()
     where x.id = rd.id returning * into rd;
    perform private.audit('vote.close', 'vote_round', rd.id::text,
      format('Vote « %s » clos (%s)', rd.title,
             private.plural((select count(*) from public.votes v where v.round_id = rd.id), 'votant')),
      jsonb_build_object('state', 'open'), jsonb_build_object('state', 'closed'));
  end if;
  perform private.vote_show(rd.id);
  return private.vote_round_json(rd, rd.state = 'revealed' or private.has_role('admin'));
end;
$$;
revoke all on function public.regie_close_round(uuid) from public, anon, authenticated;
grant execute on function public.regie_close_round(uuid) to authenticated;

-- closed -> revealed: the stage screen shows the results. Already revealed: answered as it is.
create function public.regie_reveal_round(id uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  rd public.vote_rounds;
  w integer;
begin
  perform private.require_vote_desk();
  perform private.vote_settle();
  select * into rd from public.vote_rounds x where x.id = regie_reveal_round.id for update;
  if not found then
    return private.refusal(404, 'Manche introuvable.', 'not_found');
  elsif rd.state in ('draft', 'open') then
    return private.refusal(409, 'Closez le vote avant d''en révéler les résultats.',
      'vote_not_closed');
  elsif rd.state = 'closed' then
    update public.vote_rounds x set state = 'revealed', revealed_at = now(), updated_at = now()
     where x.id = rd.id returning * into rd;
    w := private.vote_winner(rd.id);
    perform private.audit('vote.reveal', 'vote_round', rd.id::text,
      format('Résultats du vote « %s » révélés : %s (%s)', rd.title,
             coalesce((select format('n° %s — %s en tête', c.number, c.name)
                         from public.vote_candidates c where c.round_id = rd.id and c.number = w),
                      case when w is null and exists (select 1 from public.votes v where v.round_id = rd.id)
                           then 'égalité en tête' else 'aucun vote' end),
             private.plural((select count(*) from public.votes v where v.round_id = rd.id), 'votant')),
      jsonb_build_object('state', 'closed'), jsonb_build_object('state', 'revealed', 'winner', w));
  end if;
  perform private.vote_show(rd.id);
  return private.vote_round_json(rd, true);
end;
$$;
revoke all on function public.regie_reveal_round(uuid) from public, anon, authenticated;
grant execute on function public.regie_reveal_round(uuid) to authenticated;

-- The stage screen back to its idle page. Answers vote_screen_state().
create function public.regie_reset_screen() returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
begin
  perform private.require_vote_desk();
  perform private.vote_settle();
  perform private.vote_show(null);
  perform private.audit('vote.screen_reset', 'vote_screen', null,
    'Écran de scène remis à l''accueil', null, null);
  return public.vote_screen_state();
end;
$$;
revoke all on function public.regie_reset_screen() from public, anon, authenticated;
grant execute on function public.regie_reset_screen() to authenticated;

-- A closed or revealed round's results for the export: each candidate's votes and share.
create function public.admin_vote_results(round_id uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  rd public.vote_rounds;
begin
  perform private.require_admin();
  perform private.vote_settle();
  select * into rd from public.vote_rounds x where x.id = admin_vote_results.round_id;
  if not found then
    return private.refusal(404, 'Manche introuvable.', 'not_found');
  elsif rd.state in ('draft', 'open') then
    return private.refusal(409, 'Les résultats d''une manche se lisent une fois le vote clos.',
      'vote_not_closed');
  end if;
  return jsonb_build_object('round_id', rd.id, 'title', rd.title, 'state', rd.state,
    'opened_at', rd.opened_at, 'closed_at', rd.closed_at,
    'voters', (select count(*) from public.votes v where v.round_id = rd.id),
    'winner', private.vote_winner(rd.id),
    'candidates', (select jsonb_agg(c - 'id' - 'participant_id' order by (c ->> 'number')::integer)
                     from jsonb_array_elements(private.vote_candidates_json(rd.id, true)) c));
end;
$$;
revoke all on function public.admin_vote_results(uuid) from public, anon, authenticated;
grant execute on function public.admin_vote_results(uuid) to authenticated;
