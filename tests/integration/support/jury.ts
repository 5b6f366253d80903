import type { SupabaseClient } from '@supabase/supabase-js';
import type { TestBackend } from '../../setup/test-backend';

/**
 * The auditions' jury (docs/decisions/031-jury-scorecards.md) for the integration tests:
 * performers convoked as superuser, sessions through the admins' function, cards through the
 * judges' function, scores given by criterion key.
 */

type Criterion = { id: string; key: string; label: string; weight: number };
export type Card = {
  id: string;
  participant_id: string;
  absent: boolean;
  comment: string;
  revision: number;
  scores: Record<string, number>;
};
export type JurySession = {
  id: string;
  state: 'open' | 'locked';
  is_lead: boolean;
  criteria: Partial<Record<'dance' | 'singing', Criterion[]>>;
  performers: {
    id: string;
    position: number;
    name: string;
    category: 'dance' | 'singing';
    mode: string;
    slot: string;
  }[];
  my_cards: Card[];
  others: { judge: string; participant_id: string; absent: boolean; total: number }[] | null;
  missing: { judge_label: string; judge_email?: string; performers: number }[] | null;
};

let serial = 0;

/**
 * `names.length` performers of `category` convoked to `city` on `day` (YYYY-MM-DD, Douala), a
 * slot every 10 minutes from `hour`:00, status 'convoque'; their ids in slot order.
 */
export async function performers(
  backend: TestBackend,
  names: string[],
  {
    city = 'Douala',
    day,
    category = 'dance',
    hour = 10,
    team = false,
  }: {
    city?: string;
    day: string;
    category?: 'dance' | 'singing';
    hour?: number;
    team?: boolean;
  },
): Promise<string[]> {
  const first = serial;
  serial += names.length;
  const rows = await backend.sql<{ id: string }>(
    `insert into participants (full_name, email, phone, city, region, category, participation_type,
       team_name, agree_to_terms, status, audition_city, audition_at)
     select n.name, 'jury' || ($1::int + n.i) || '@example.cm',
            '6' || lpad(($1::int + n.i + 50000000)::text, 8, '0'), 'Douala', 'Littoral', $2,
            case when $6 then 'team' else 'solo' end, case when $6 then n.name end, true, 'convoque',
            $3, ($4::date + make_time($5::int, 0, 0))::timestamp at time zone 'Africa/Douala'
              + (n.i - 1) * interval '10 minutes'
       from unnest($7::text[]) with ordinality n(name, i)
     returning id::text`,
    [first, category, city, day, hour, team, names],
  );
  return rows.map((r) => r.id);
}

/** A session saved by `admin`; throws with the database's message on a refusal. */
export async function saveSession(
  admin: SupabaseClient,
  payload: {
    id?: string;
    city?: string;
    held_on: string;
    category?: 'dance' | 'singing' | 'both';
    venue?: string;
    kind?: 'audition' | 'final';
    judges: string[];
    lead?: string;
  },
): Promise<{ id: string; state: string; judges: { user_id: string; label: string }[] }> {
  const { data, error } = await admin.rpc('admin_save_audition_session', {
    payload: {
      city: 'Douala',
      category: 'both',
      venue: 'Salle des fêtes d’Akwa, Douala',
      lead: payload.judges[0],
      ...payload,
    },
  });
  if (error) throw new Error(`admin_save_audition_session: ${error.message}`);
  return data;
}

export async function jurySession(judge: SupabaseClient, sessionId: string): Promise<JurySession> {
  const { data, error } = await judge.rpc('jury_session', { session_id: sessionId });
  if (error) throw new Error(`jury_session: ${error.message}`);
  return data as JurySession;
}

/** Scores by criterion key (one value: every criterion) -> by the session's criterion ids. */
export function byId(
  session: JurySession,
  category: 'dance' | 'singing',
  values: number | Record<string, number>,
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const c of session.criteria[category] ?? [])
    out[c.id] = typeof values === 'number' ? values : values[c.key];
  return out;
}

/** Sends one card; returns supabase-js's { data, error } as is. */
export function submit(
  judge: SupabaseClient,
  args: {
    session: string;
    participant: string;
    card?: string;
    revision?: number;
    absent?: boolean;
    comment?: string;
    scores?: Record<string, number>;
  },
) {
  return judge.rpc('jury_submit_scorecard', {
    session_id: args.session,
    participant_id: args.participant,
    card_id: args.card ?? crypto.randomUUID(),
    revision: args.revision ?? 1,
    absent: args.absent ?? false,
    comment: args.comment ?? '',
    scores: args.scores ?? {},
  });
}

/** Sends a card and fails the test on any error. */
export async function score(
  judge: SupabaseClient,
  session: JurySession,
  participant: string,
  values: number | Record<string, number>,
  category: 'dance' | 'singing' = 'dance',
) {
  const { data, error } = await submit(judge, {
    session: session.id,
    participant,
    scores: byId(session, category, values),
  });
  if (error) throw new Error(`jury_submit_scorecard: ${error.message}`);
  return data as { card: Card; stored: boolean };
}
