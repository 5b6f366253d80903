import type { SupabaseClient } from '@supabase/supabase-js';
import type { TestBackend } from '../../setup/test-backend';
import { byId, jurySession, performers, saveSession, submit, type JurySession } from './jury';

/**
 * The final (docs/decisions/047-the-final.md) for the integration tests: finalists written as
 * superuser, a final session through the admins' function, a closed vote round with its votes
 * written as superuser, the rules through the admins' functions.
 */

export type Finalist = {
  name: string;
  rank: number | null;
  raw: number | null;
  normalised: number | null;
  jury_points: number | null;
  votes: number;
  public_percent: number | null;
  public_points: number | null;
  combined: number | null;
  criterion_mean: number | null;
  head_total: number | null;
  tiebreak: string | null;
  judges_count: number;
  recused: number;
  scored: number;
  incomplete: boolean;
  judges: {
    label: string;
    recused: boolean;
    total: number | null;
    z: number | null;
    criteria: { key: string; value: number; z: number }[] | null;
  }[];
};
type Results = {
  formula: Record<string, unknown>;
  finalists: Finalist[];
  judges: { label: string; deviation: number | null; far: boolean }[];
  card_unlocks: { judge: string; name: string; reason: string }[];
  inputs_digest: string;
  published: { inputs_digest: string; signature: string; published_at: string } | null;
};

/** Everything a final leaves, so each test starts from none (the rules unpublished). */
export async function clearFinal(backend: TestBackend) {
  await backend.sql(
    `delete from final_result_snapshots; delete from final_rule_changes;
     update final_rules set jury_share = 100, public_share = 0, tiebreak = '{jury,head_judge}',
       tiebreak_criterion = null, vote_round_ids = '{}', published_at = null, published_by = null,
       modified_at = null, results_expected_at = null;
     delete from jury_conflicts; delete from audition_scorecards; delete from audition_sessions;
     update participants set status = 'inscrit' where status in ('finaliste', 'laureat');
     delete from votes; delete from vote_candidates; delete from vote_rounds;`,
  );
}

let day = 0;

/** Dance finalists `names` and a final session of `judges` (the first one leads). */
export async function finalSession(
  backend: TestBackend,
  admin: SupabaseClient,
  names: string[],
  judges: string[],
) {
  const heldOn = `2028-06-${String(++day).padStart(2, '0')}`;
  const people = await performers(backend, names, { day: heldOn, city: 'Yaoundé' });
  await backend.sql(`update participants set status = 'finaliste' where id = any ($1::uuid[])`, [
    people,
  ]);
  const saved = await saveSession(admin, {
    held_on: heldOn,
    category: 'dance',
    judges,
    lead: judges[0],
    kind: 'final',
  });
  return { id: saved.id, people };
}

/** One card by criterion key; fails the test on any refusal. */
export async function mark(
  judge: SupabaseClient,
  session: JurySession,
  participant: string,
  values: Record<string, number>,
) {
  const { data, error } = await submit(judge, {
    session: session.id,
    participant,
    scores: byId(session, 'dance', values),
  });
  if (error) throw new Error(`jury_submit_scorecard: ${error.message}`);
  if (data?.code) throw new Error(`jury_submit_scorecard: ${data.message}`);
  return data as { card: { id: string }; stored: boolean };
}

export const card = (
  technique: number,
  creativite: number,
  presence: number,
  musicalite: number,
) => ({
  technique,
  creativite,
  'presence-scenique': presence,
  musicalite,
});

export { jurySession };

/** A closed round whose candidates are `people` (n° 1…) with `votes[i]` votes each. */
export async function closedRound(backend: TestBackend, people: string[], votes: number[]) {
  const [{ id }] = await backend.sql<{ id: string }>(
    `insert into vote_rounds (title, state, opened_at, closes_at, closed_at)
     values ('Finale danse', 'closed', now() - interval '10 minutes', now() - interval '5 minutes',
             now() - interval '5 minutes') returning id::text`,
  );
  for (const [i, pid] of people.entries()) {
    const [{ cid }] = await backend.sql<{ cid: string }>(
      `insert into vote_candidates (round_id, number, name, participant_id)
       values ($1::uuid, $2::int, 'Candidat ' || $2::int, $3::uuid) returning id::text cid`,
      [id, i + 1, pid],
    );
    await backend.sql(
      `insert into votes (round_id, candidate_id, last_vote_id)
       select $1::uuid, $2::uuid, gen_random_uuid() from generate_series(1, $3::int)`,
      [id, cid, votes[i]],
    );
  }
  return id;
}

export async function results(client: SupabaseClient, category = 'dance') {
  const { data, error } = await client.rpc('final_results', { category });
  if (error) throw new Error(`final_results: ${error.message}`);
  return data as Results;
}
