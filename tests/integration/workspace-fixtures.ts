import type { SupabaseClient } from '@supabase/supabase-js';
import type { TestBackend } from '../setup/test-backend';

/**
 * Shared by the organiser-workspace tests (tests/integration/workspace-*.test.ts): staff of each
 * role signed in through the API, and rows written as superuser.
 */
export type Who = 'anon' | 'user' | 'lecteur' | 'controle' | 'admin';
export type Staff = Record<Who, SupabaseClient> & { ids: Record<Exclude<Who, 'anon'>, string> };

export const EMAIL = (who: Exclude<Who, 'anon'>) => `${who}@example.cm`;

/** One signed-in client per role (and a non-staff user, and anon). */
export async function signInStaff(backend: TestBackend): Promise<Staff> {
  const ids = {} as Staff['ids'];
  const clients = { anon: backend.anonClient() } as Record<Who, SupabaseClient>;
  for (const who of ['user', 'lecteur', 'controle', 'admin'] as const) {
    ids[who] = await backend.createUser(EMAIL(who), `${who}-password-123`, {
      role: who === 'user' ? undefined : who,
    });
    clients[who] = await backend.signedInClient(EMAIL(who), `${who}-password-123`);
  }
  return { ...clients, ids };
}

let seq = 0;

/**
 * `n` participants written as superuser (every `teamEvery`-th a team of two), with distinct
 * e-mails and phones; returns their ids in order.
 */
export async function addParticipants(
  backend: TestBackend,
  n: number,
  { teamEvery = 0, status = 'inscrit' }: { teamEvery?: number; status?: string } = {},
): Promise<string[]> {
  const base = seq;
  seq += n;
  const rows = await backend.sql<{ id: string }>(
    `with p as (
       insert into participants (full_name, email, phone, city, region, category,
         participation_type, team_name, agree_to_terms, status, created_at)
       select 'Artiste ' || g, 'artiste' || g || '@example.cm', '6' || lpad(g::text, 8, '0'),
              'Douala', 'Littoral', 'dance',
              case when $3 > 0 and g % $3 = 0 then 'team' else 'solo' end,
              case when $3 > 0 and g % $3 = 0 then 'Team ' || g end, true, $4,
              now() - g * interval '1 second'
         from generate_series($1::int + 1, $1::int + $2::int) g
       returning id, full_name, phone, participation_type)
     , m as (
       insert into team_members (participant_id, position, full_name, email, phone)
       select id, 1, 'Membre de ' || full_name, 'membre' || phone || '@example.cm', '2' || right(phone, 8)
         from p where participation_type = 'team')
     select id::text from p order by phone`,
    [base, n, teamEvery, status],
  );
  return rows.map((r) => r.id);
}

/** A confirmed reservation written as superuser: its id, pass code and phone. */
export async function addReservation(backend: TestBackend) {
  const n = ++seq;
  const [row] = await backend.sql<{ id: string; pass_code: string; phone: string }>(
    `insert into reservations (full_name, phone, ville, heard_from)
     values ('Marie Nana', '65' || lpad($1::text, 7, '0'), 'Yaoundé', 'social')
     returning id::text, pass_code, phone`,
    [n],
  );
  return row;
}

/** A contact message written as superuser; its id. */
export async function addMessage(backend: TestBackend): Promise<string> {
  const n = ++seq;
  const [row] = await backend.sql<{ id: string }>(
    `insert into contact_messages (name, email, subject, message)
     values ('Paul ' || $1, 'paul' || $1 || '@example.cm', 'Question', 'Bonjour, une question.')
     returning id::text`,
    [n],
  );
  return row.id;
}

export type AuditRow = {
  id: number;
  actor: string | null;
  actor_email: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  summary: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

/** Audit rows written after row `afterId`, oldest first (as superuser). */
export const auditSince = (backend: TestBackend, afterId: number) =>
  backend.sql<AuditRow>(`select * from audit_log where id > $1 order by id`, [afterId]);

/** The id of the newest audit row (0 when none). */
export async function lastAuditId(backend: TestBackend): Promise<number> {
  const [{ id }] = await backend.sql<{ id: string }>(
    `select coalesce(max(id), 0)::text as id from audit_log`,
  );
  return Number(id);
}
