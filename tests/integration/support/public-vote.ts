/**
 * Shared by the public vote's rule tests (tests/integration/public-vote-*.test.ts): the night of
 * the concert, an admin and a régie account signed in once, no vote left between tests, and
 * two reads of a round as superuser.
 */
import { beforeAll, beforeEach } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { testBackend } from '../../setup/test-backend';
import { clearVotes, type Round } from './vote-fixtures';

export const backend = testBackend();
export let anon: SupabaseClient;
export let admin: SupabaseClient;
export let regie: SupabaseClient;
export let regieId: string;

/** Signs the admin and the régie in once; each test starts with no round and no vote. */
export function signInVoteStaff(): void {
  beforeAll(async () => {
    // The night of the concert: the pass page polls.
    await backend.setEdition({
      concert_starts_at: new Date(Date.now() + 3_600_000),
      doors_open_at: new Date(Date.now() - 3_600_000),
    });
    await backend.createUser('vote-admin@example.cm', 'admin-password-123', { admin: true });
    regieId = await backend.createUser('regie@example.cm', 'regie-password-123', { role: 'regie' });
    anon = backend.anonClient();
    admin = await backend.signedInClient('vote-admin@example.cm', 'admin-password-123');
    regie = await backend.signedInClient('regie@example.cm', 'regie-password-123');
  });

  beforeEach(async () => {
    await clearVotes(backend);
  });
}

export const counted = async (round: Round) =>
  Number(
    (
      await backend.sql<{ n: number }>('select count(*) n from votes where round_id = $1', [
        round.id,
      ])
    )[0].n,
  );

/** A round's close_at moved into the past: its timer ran out, nothing wrote it. */
export const expire = (round: Round) =>
  backend.sql(
    `update vote_rounds set opened_at = now() - interval '100 seconds',
       closes_at = now() - interval '10 seconds' where id = $1`,
    [round.id],
  );
