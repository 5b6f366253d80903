import { beforeAll, describe, expect, it } from 'vitest';
import { getSupabase } from '@/data/shared/supabase';
import { fetchAllParticipants, listParticipants } from '@/data/participants/list-participants';
import { testBackend } from '../setup/test-backend';

/** The data module pages through results: never trusts one request (capped at 1000 rows). */
const backend = testBackend();

beforeAll(async () => {
  await backend.createUser('admin@example.cm', 'admin-password-123', { admin: true });
  await backend.sql(`begin;
    insert into participants (full_name, email, phone, city, region, category, participation_type, team_name, agree_to_terms, created_at)
    select 'Participant ' || g, 'p' || g || '@example.cm', '6' || lpad(g::text, 8, '0'), 'Douala',
           case when g % 2 = 0 then 'Littoral' else 'Centre' end,
           case when g % 3 = 0 then 'singing' else 'dance' end,
           case when g % 10 = 0 then 'team' else 'solo' end,
           case when g % 10 = 0 then 'Équipe ' || g end, true, now() - g * interval '1 minute'
      from generate_series(1, 2500) g;
    insert into team_members (participant_id, position, full_name, phone)
    select id, 1, 'Membre de ' || full_name, '7' || substr(phone, 2) from participants where participation_type = 'team';
    commit;`);
  const supabase = await getSupabase();
  const { error } = await supabase.auth.signInWithPassword({
    email: 'admin@example.cm',
    password: 'admin-password-123',
  });
  expect(error).toBeNull();
});

describe('participants through the data module, with 2,500 rows', () => {
  it('lists a page with the true total, newest first, members embedded and mapped', async () => {
    const page = await listParticipants({}, 0, 10);
    expect(page.total).toBe(2500);
    expect(page.rows).toHaveLength(10);
    expect(page.rows[0].fullName).toBe('Participant 1');
    expect(page.rows[9]).toMatchObject({ fullName: 'Participant 10', participationType: 'team' });
    expect(page.rows[9].teamMembers).toEqual([
      expect.objectContaining({ fullName: 'Membre de Participant 10' }),
    ]);
  });

  it('reaches the last page', async () => {
    const last = await listParticipants({}, 249, 10);
    expect(last.rows.map((p) => p.fullName)).toContain('Participant 2500');
  });

  it('filters and searches on the server', async () => {
    const teams = await listParticipants({ participationType: 'team', region: 'Littoral' }, 0, 10);
    expect(teams.total).toBe(250);
    const found = await listParticipants({ search: 'p1234@' }, 0, 10);
    expect(found.rows.map((p) => p.email)).toEqual(['p1234@example.cm']);
    const injected = await listParticipants({ search: 'x,id.neq.0)' }, 0, 10);
    expect(injected.total).toBe(0);
  });

  it('exports all 2,500, not the first 1,000', async () => {
    const all = await fetchAllParticipants();
    expect(all).toHaveLength(2500);
    expect(new Set(all.map((p) => p.id)).size).toBe(2500);
    const singing = await fetchAllParticipants({ category: 'singing' });
    expect(singing).toHaveLength(833);
  });
});
