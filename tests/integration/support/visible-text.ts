/**
 * Shared by the visible-text tests (tests/integration/visible-names.test.ts,
 * visible-emails-and-admin-edit.test.ts; docs/decisions/019-visible-text-and-safe-links.md): the
 * public write functions, a valid payload for each, every name field, and a clean slate per test.
 */
import { beforeEach } from 'vitest';
import { testBackend } from '../../setup/test-backend';

export const backend = testBackend();
export type Fn = 'register_participant' | 'create_reservation' | 'send_contact_message';

export const call = async (fn: Fn, payload: Record<string, unknown>) => {
  const res = await fetch(`${backend.url}/rest/v1/rpc/${fn}`, {
    method: 'POST',
    headers: { apikey: backend.anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ payload: { ...payload, pow: await backend.proofOfWork() } }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

let serial = 0;
export const phone = (prefix: string) => `${prefix}${String(++serial).padStart(7, '0')}`;

export const registration = (over: Record<string, unknown> = {}) => ({
  id: crypto.randomUUID(),
  full_name: 'Awa Ndongo',
  email: `awa${++serial}@example.cm`,
  phone: phone('65'),
  city: 'Douala',
  region: 'Littoral',
  category: 'dance',
  participation_type: 'solo',
  agree_to_terms: true,
  team_members: [],
  ...over,
});
export const team = (over: Record<string, unknown> = {}) =>
  registration({
    participation_type: 'team',
    team_name: 'Les Lions',
    team_members: [{ full_name: 'Jean Mbarga', phone: phone('67'), email: '' }],
    ...over,
  });
const reservation = (over: Record<string, unknown> = {}) => ({
  id: crypto.randomUUID(),
  full_name: 'Marie Nana',
  phone: phone('66'),
  ville: 'Yaoundé',
  attendance_status: 'yes',
  heard_from: 'social',
  will_attend: 'yes',
  attendance_barrier: 'none',
  follows_booster_page: 'yes',
  consumes_booster_products: 'no',
  ...over,
});
export const message = (over: Record<string, unknown> = {}) => ({
  id: crypto.randomUUID(),
  name: 'Paul Biya',
  email: `paul${++serial}@example.cm`,
  subject: 'Question',
  message: 'Bonjour, une question sur le concours.',
  ...over,
});

/** Each name field of each public function, with its French message (the forms' own). */
export const NAME_FIELDS: [
  string,
  Fn,
  (value: string) => Record<string, unknown>,
  string,
  string,
][] = [
  [
    'registrant',
    'register_participant',
    (v) => registration({ full_name: v }),
    'full_name',
    'Le nom complet est obligatoire',
  ],
  [
    'city',
    'register_participant',
    (v) => registration({ city: v }),
    'city',
    'La ville est obligatoire',
  ],
  [
    'team name',
    'register_participant',
    (v) => team({ team_name: v }),
    'team_name',
    'Le nom de l’équipe est obligatoire',
  ],
  [
    'team member',
    'register_participant',
    (v) => team({ team_members: [{ full_name: v, phone: phone('67'), email: '' }] }),
    'team_members',
    'Le nom du membre est obligatoire',
  ],
  [
    'reservation',
    'create_reservation',
    (v) => reservation({ full_name: v }),
    'full_name',
    'Le nom est obligatoire',
  ],
  [
    'ville',
    'create_reservation',
    (v) => reservation({ ville: v }),
    'ville',
    'La ville est obligatoire',
  ],
  ['sender', 'send_contact_message', (v) => message({ name: v }), 'name', 'Le nom est obligatoire'],
  [
    'subject',
    'send_contact_message',
    (v) => message({ subject: v }),
    'subject',
    'Le sujet est obligatoire',
  ],
];

/** `statement` with the tables' triggers off (as a bulk load): only the CHECK constraints judge. */
export async function withoutTriggers(statement: string): Promise<unknown> {
  const client = await backend.db.admin.connect();
  try {
    await client.query('begin');
    await client.query('set local session_replication_role = replica');
    return await client.query(statement);
  } finally {
    await client.query('rollback');
    client.release();
  }
}

export const counts = async () =>
  (
    await backend.sql<{ n: number }>(
      `select ((select count(*) from participants) + (select count(*) from reservations)
            + (select count(*) from contact_messages))::int as n`,
    )
  )[0].n;

/** Each test starts with no participant, reservation or message, and relaxed limits. */
export function clearWritesBeforeEach(): void {
  beforeEach(async () => {
    await backend.sql(`
    delete from participants; delete from reservations; delete from contact_messages;
    update private.rate_limits set max_per_address = 100000;
    update contest_settings set registration_opens_at = now() - interval '1 day',
      registration_closes_at = now() + interval '1 day', max_participants = 2000;`);
  });
}
