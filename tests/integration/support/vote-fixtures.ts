import type { SupabaseClient } from '@supabase/supabase-js';
import type { TestBackend } from '../../setup/test-backend';

/**
 * Passes and rounds of the public vote (docs/decisions/030-public-vote.md) for the integration
 * tests: passes written as superuser, rounds through the admins' and the régie's functions.
 */
export type PassState = 'checked_in' | 'confirmed' | 'waitlisted' | 'cancelled';
export type Candidate = {
  id: string;
  number: number;
  name: string;
  line: string;
  votes: number | null;
  share: number | null;
};
export type Round = {
  id: string;
  title: string;
  state: 'draft' | 'open' | 'closed' | 'revealed';
  closes_at: string | null;
  closed_at: string | null;
  voters: number;
  winner: number | null;
  candidates: Candidate[];
};

let serial = 0;

/** `count` passes in `state`, written in one statement; their pass codes and ids. */
export async function passes(backend: TestBackend, count: number, state: PassState = 'checked_in') {
  const first = serial;
  serial += count;
  return backend.sql<{ id: string; pass_code: string }>(
    `insert into reservations (full_name, phone, ville, heard_from, state, queue_number,
       cancelled_at, checked_in_at, checked_in_door)
     select 'Votant ' || g, '65' || lpad(g::text, 7, '0'), 'Douala', 'flyer',
            case when $3 = 'checked_in' then 'confirmed' else $3 end,
            case when $3 = 'waitlisted' then nextval('private.reservation_queue') end,
            case when $3 = 'cancelled' then now() end,
            case when $3 = 'checked_in' then now() end,
            case when $3 = 'checked_in' then 'Porte 1' end
       from generate_series($1::int, $2::int) g
     returning id::text, pass_code`,
    [first + 1, first + count, state],
  );
}

export const pass = async (backend: TestBackend, state: PassState = 'checked_in') =>
  (await passes(backend, 1, state))[0];

/** A round saved by `admin` with `count` candidates (n° 1..count). */
export async function draftRound(
  admin: SupabaseClient,
  count = 3,
  extra: Record<string, unknown> = {},
): Promise<Round> {
  const { data, error } = await admin.rpc('admin_save_vote_round', {
    payload: {
      title: `Manche ${++serial}`,
      candidates: Array.from({ length: count }, (_, i) => ({
        number: i + 1,
        name: `Candidat ${i + 1}`,
        line: `Ville ${i + 1}`,
      })),
      ...extra,
    },
  });
  if (error) throw new Error(`admin_save_vote_round: ${error.message}`);
  return data as Round;
}

/** A round saved by `admin` and opened by `desk`. */
export async function openRound(
  admin: SupabaseClient,
  desk: SupabaseClient,
  count = 3,
  extra: Record<string, unknown> = {},
): Promise<Round> {
  const round = await draftRound(admin, count, extra);
  const { data, error } = await desk.rpc('regie_open_round', { id: round.id });
  if (error) throw new Error(`regie_open_round: ${error.message}`);
  return data as Round;
}

/** Every round, vote and receipt gone, the stage screen idle. */
export const clearVotes = (backend: TestBackend) =>
  backend.sql(
    `delete from private.vote_receipts; delete from votes; delete from vote_rounds;
     update private.vote_screen set round_id = null;`,
  );

export const vote = (
  c: SupabaseClient,
  code: string,
  round: Round,
  candidate: Candidate | string,
  voteId: string = crypto.randomUUID(),
) =>
  c.rpc('cast_vote', {
    code,
    round_id: round.id,
    candidate_id: typeof candidate === 'string' ? candidate : candidate.id,
    vote_id: voteId,
  });
