import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  toRegistrationPayload,
  type NewRegistration,
} from '@/data/participants/register-participant';
import { fillLarge } from '../../bench/support/fill-large';
import { testBackend } from '../setup/test-backend';
import { signInStaff, type Staff } from './workspace-fixtures';
import { NO_REFUSAL } from './support/answers';

/**
 * The registration rush, flat with the table (docs/decisions/027-registration-rush-flat.md): a
 * registration reads the same rows whatever the number of participants (the capacity was a
 * count(*) of the whole table under the registrations' lock), and the counter that replaced the
 * count keeps max_participants exact under parallel requests, through the bin and its purge.
 */
const backend = testBackend();
let staff: Staff;
let seq = 0;

const solo = (n: number, extra: Partial<NewRegistration> = {}): NewRegistration => ({
  fullName: `Rush Flat ${n}`,
  email: `flat${n}@example.cm`,
  phone: `65${String(n).padStart(7, '0')}`,
  city: 'Douala',
  region: 'Littoral',
  category: 'dance',
  participationType: 'solo',
  teamName: '',
  linkToWork: '',
  description: '',
  agreeToTerms: true,
  teamMembers: [],
  ...extra,
});

/** A registration `n` (every third a team of three), with its proof of work. */
async function payload(n: number) {
  const team = n % 3 === 0;
  const registration = solo(
    n,
    team
      ? {
          participationType: 'team',
          teamName: `Équipe Flat ${n}`,
          teamMembers: [1, 2].map((m) => ({
            fullName: `Membre ${m} Flat ${n}`,
            email: '',
            phone: `64${String(n * 2 + m).padStart(7, '0')}`,
          })),
        }
      : {},
  );
  return {
    ...toRegistrationPayload(crypto.randomUUID(), registration),
    pow: await backend.proofOfWork(),
  };
}

/** `k` registrations sent at once through the API, each on its own request. */
async function rush(k: number) {
  const payloads = await Promise.all(Array.from({ length: k }, () => payload(++seq)));
  const client = backend.anonClient();
  return Promise.all(
    payloads.map((p) => client.rpc('register_participant', { payload: p } as never)),
  );
}

const counts = async () =>
  (
    await backend.sql<{ rows: number; counter: number }>(
      `select (select count(*) from participants)::int as rows,
              (select total from private.participant_count) as counter`,
    )
  )[0];

const setMax = (max: number) =>
  backend.sql(`update contest_settings set registration_opens_at = now() - interval '1 day',
    registration_closes_at = now() + interval '1 day', max_participants = ${max}`);

/**
 * Rows read from every table and index of the database while one registration runs (a team of
 * three), in a transaction rolled back afterwards: the backend's own statistics for the
 * transaction (pg_stat_get_xact_tuples_returned: sequential rows read for a table, entries
 * returned for an index).
 */
async function rowsReadByOneRegistration(): Promise<number> {
  const p = await payload(500_000 + ++seq * 3);
  const client = await backend.db.admin.connect();
  try {
    await client.query('begin');
    const { rows } = await client.query<{ r: { id?: string; code?: number } }>(
      'select to_jsonb(public.register_participant($1)) as r',
      [p],
    );
    expect(rows[0].r).toEqual({ id: p.id, ...NO_REFUSAL });
    const read = await client.query<{ n: number }>(
      `select sum(pg_stat_get_xact_tuples_returned(c.oid))::int as n
         from pg_class c join pg_namespace s on s.oid = c.relnamespace
        where s.nspname in ('public', 'private') and c.relkind in ('r', 'i')`,
    );
    return read.rows[0].n;
  } finally {
    await client.query('rollback');
    client.release();
  }
}

beforeAll(async () => {
  staff = await signInStaff(backend);
});

beforeEach(async () => {
  await backend.sql('delete from participants');
  await setMax(100_000);
});

describe('one registration reads as much at 5,000 participants as at 10', () => {
  it('reads no more rows once the table has grown 500 times', async () => {
    await rush(10);
    await backend.sql('analyze participants, team_members');
    const small = await rowsReadByOneRegistration();
    await fillLarge(backend.db.admin, { participants: 5_000, reservations: 0 });
    await setMax(100_000);
    const large = await rowsReadByOneRegistration();
    console.info(`rows read by one registration: ${small} at 10 participants, ${large} at 5,010`);
    // Before the counter, the capacity's count(*) read every participant: 5,000 more rows.
    expect(large).toBeLessThanOrEqual(small + 10);
    expect(await counts()).toEqual({ rows: 5_010, counter: 5_010 });
  });
});

describe('the participant counter keeps max_participants exact', () => {
  it('stores exactly the free places of a rush of parallel registrations', async () => {
    await rush(5);
    await setMax(12);
    const results = await rush(30);
    const refused = results.filter((r) => r.error);
    expect(results.length - refused.length).toBe(7);
    expect(refused.map((r) => r.error?.hint)).toEqual(Array(23).fill('registration_full'));
    expect(await counts()).toEqual({ rows: 12, counter: 12 });
  });

  it('counts the bin as before, and frees the places only when the bin is purged', async () => {
    await rush(6);
    await setMax(6);
    const { data: ids } = await staff.admin.from('participants').select('id').order('email');
    const binned = (ids ?? []).slice(0, 3).map((r) => (r as { id: string }).id);
    for (const id of binned) {
      expect((await staff.admin.rpc('admin_delete_participant', { id })).error).toBeNull();
    }
    // In the bin, a participant can still be restored: its place stays taken.
    expect(await counts()).toEqual({ rows: 6, counter: 6 });
    expect((await rush(4)).filter((r) => !r.error)).toHaveLength(0);
    expect(
      (await staff.admin.rpc('admin_restore_participant', { id: binned[0] })).error,
    ).toBeNull();
    expect(await counts()).toEqual({ rows: 6, counter: 6 });

    // Binned more than 30 days ago: purged for good, two places free again.
    await backend.sql(
      `update participants set deleted_at = now() - interval '31 days' where id = any ($1)`,
      [binned.slice(1)],
    );
    expect((await staff.admin.rpc('admin_purge_bin')).data).toBe(2);
    expect(await counts()).toEqual({ rows: 4, counter: 4 });
    const results = await rush(10);
    expect(results.filter((r) => !r.error)).toHaveLength(2);
    expect(await counts()).toEqual({ rows: 6, counter: 6 });
  });

  it('follows deletions racing with a rush, and a truncate', async () => {
    const first = seq + 1;
    await rush(8);
    await setMax(10);
    const [results] = await Promise.all([
      rush(12),
      backend.sql(`delete from participants where email = 'flat${first}@example.cm'`),
    ]);
    const stored = results.filter((r) => !r.error).length;
    expect(stored).toBeGreaterThanOrEqual(2);
    const after = await counts();
    expect(after.counter).toBe(after.rows);
    expect(after.rows).toBeLessThanOrEqual(10);
    await backend.sql('truncate participants cascade');
    expect(await counts()).toEqual({ rows: 0, counter: 0 });
  });
});
