import { beforeAll, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { testBackend } from '../setup/test-backend';
import { jurySession, performers, saveSession, score } from './support/jury';

/**
 * A status set while a preselection runs is never moved back behind the admin's back
 * (docs/decisions/040-ranking-floor-and-complete-first.md): another transaction makes the first
 * performer a laureate and holds its row; admin_preselect_top, sent meanwhile over HTTP, waits
 * for it, then sees "lauréat" and asks (409 status_backwards) instead of making them finalist.
 */
const backend = testBackend();
let admin: SupabaseClient;

beforeAll(async () => {
  await backend.createUser('race-admin@example.cm', 'admin-password-123', { admin: true });
  admin = await backend.signedInClient('race-admin@example.cm', 'admin-password-123');
});

it('a laureate named while the preselection reads the ranking keeps their status', async () => {
  const judges = [
    await backend.createUser('race-j1@example.cm', 'jury-password-123', { role: 'jury' }),
    await backend.createUser('race-j2@example.cm', 'jury-password-123', { role: 'jury' }),
  ];
  const clients = [
    await backend.signedInClient('race-j1@example.cm', 'jury-password-123'),
    await backend.signedInClient('race-j2@example.cm', 'jury-password-123'),
  ];
  const people = await performers(backend, ['Première', 'Second'], { day: '2027-02-01' });
  const { id } = await saveSession(admin, { held_on: '2027-02-01', category: 'dance', judges });
  const s = await jurySession(clients[0], id);
  for (const judge of clients) {
    await score(judge, s, people[0], 9);
    await score(judge, s, people[1], 6);
  }
  expect((await admin.rpc('jury_lock_session', { session_id: id })).error).toBeNull();

  const other = await backend.db.admin.connect();
  try {
    await other.query('begin');
    await other.query(`update participants set status = 'laureat' where id = $1`, [people[0]]);
    // Sent now (a supabase-js request starts when awaited or then-ed).
    const preselect = admin
      .rpc('admin_preselect_top', { category: 'dance', n: 1, status: 'finaliste' })
      .then((r) => r);
    // The preselection is running and waits for the row (its lock, not a finished answer).
    await expect
      .poll(
        async () =>
          (
            await backend.sql<{ n: number }>(
              `select count(*)::int n from pg_stat_activity
                where wait_event_type = 'Lock' and query like '%admin_preselect_top%'`,
            )
          )[0].n,
      )
      .toBe(1);
    await other.query('commit');
    const { error } = await preselect;
    expect(error).toMatchObject({ code: 'P409', hint: 'status_backwards' });
  } finally {
    other.release();
  }
  const [{ status }] = await backend.sql<{ status: string }>(
    'select status from participants where id = $1',
    [people[0]],
  );
  expect(status).toBe('laureat');
});
