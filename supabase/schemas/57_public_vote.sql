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
comment on column public.vote_rounds.eligibility is 'Who may vote: checked_in (the default), passes validated at the door; confirmed (a round open online), confirmed passes reserved before the round''s created_at, and passes validated at the door (docs/decisions/039-one-answer-and-votes-that-cannot-be-bought.md).';
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

-- Why this pass may not vote in this round ({ status, code, message }), or null; `rd` null (no
-- round): only the pass's own state. Shared by cast_vote (the refusal) and vote_state (what the
-- pass page says). A vote that cannot be bought with scripted reservations
-- (docs/decisions/039-one-answer-and-votes-that-cannot-be-bought.md): by default only passes
-- validated at the door vote; a round open online ('confirmed') takes the confirmed passes
-- reserved before the round was created (and any pass validated at the door), so passes made
-- once the round is known are refused.
create function private.vote_pass_refusal(r public.reservations, rd public.vote_rounds)
returns jsonb
language sql stable set search_path = '' as $$
  select case
    when r.state = 'cancelled' then jsonb_build_object('status', 403, 'code', 'vote_cancelled',
      'message', 'Ce pass est annulé : il ne permet pas de voter.')
    when r.state = 'waitlisted' then jsonb_build_object('status', 403, 'code', 'vote_waitlisted',
      'message', 'Ce pass est en liste d’attente : il ne permet pas de voter.')
    when rd.eligibility = 'checked_in' and r.checked_in_at is null then jsonb_build_object(
      'status', 403, 'code', 'vote_not_checked_in',
      'message', 'Ce pass n’a pas encore été validé à l’entrée : faites-le scanner à la porte pour voter.')
    when rd.eligibility = 'confirmed' and r.checked_in_at is null
         and r.created_at >= rd.created_at then jsonb_build_object(
      'status', 403, 'code', 'vote_reserved_after',
      'message', 'Ce vote est ouvert aux pass réservés avant sa préparation : ce pass, réservé ensuite, ne permet d’y voter qu’une fois validé à l’entrée.')
  end
$$;
revoke all on function private.vote_pass_refusal(public.reservations,public.vote_rounds) from public, anon, authenticated;

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
      format('Vote « %s » clos par le minuteur (%s)', r.title,
             private.plural((select count(*) from public.votes v where v.round_id = r.id), 'votant')),
      jsonb_build_object('state', 'open'), jsonb_build_object('state', 'closed', 'by', 'timer'));
  end loop;
end;
$$;
revoke all on function private.vote_settle() from public, anon, authenticated;
