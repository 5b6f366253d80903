import { beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { testBackend } from '../setup/test-backend';
import { jurySession, performers, saveSession, score } from './support/jury';

/**
 * The jury's criteria (docs/decisions/031-jury-scorecards.md): the settings' weights sum to 100,
 * a session takes new criteria until its first card and keeps its own after.
 */
const backend = testBackend();
let admin: SupabaseClient;
let judge: SupabaseClient;
let judgeId: string;
let day = 0;

beforeAll(async () => {
  await backend.createUser('cr-admin@example.cm', 'admin-password-123', { admin: true });
  admin = await backend.signedInClient('cr-admin@example.cm', 'admin-password-123');
  judgeId = await backend.createUser('cr-j@example.cm', 'jury-password-123', { role: 'jury' });
  judge = await backend.signedInClient('cr-j@example.cm', 'jury-password-123');
});

async function setup(names: string[]) {
  const heldOn = `2027-01-${String(++day).padStart(2, '0')}`;
  const people = await performers(backend, names, { day: heldOn });
  const saved = await saveSession(admin, { held_on: heldOn, category: 'dance', judges: [judgeId] });
  return { people, id: saved.id, s: await jurySession(judge, saved.id) };
}

const journal = (action: string) =>
  backend.sql('select summary from audit_log where action = $1 order by id', [action]);

describe('criteria', () => {
  it('takes new criteria until a session’s first card, then keeps them', async () => {
    const scored = await setup(['Un']);
    await score(judge, scored.s, scored.people[0], 5);
    const fresh = await setup(['Deux']);
    const { error } = await admin.rpc('admin_save_audition_criteria', {
      category: 'dance',
      criteria: [
        { label: 'Technique', weight: 50 },
        { label: 'Énergie du groupe', weight: 50 },
      ],
    });
    expect(error).toBeNull();
    const keys = async (sid: string) =>
      (await jurySession(judge, sid)).criteria.dance!.map((c) => `${c.key}:${c.weight}`);
    expect(await keys(fresh.id)).toEqual(['technique:50', 'energie-du-groupe:50']);
    expect(await keys(scored.id)).toEqual([
      'technique:30',
      'creativite:25',
      'presence-scenique:25',
      'musicalite:20',
    ]);
    const bad = await admin.rpc('admin_save_audition_criteria', {
      category: 'dance',
      criteria: [
        { label: 'Technique', weight: 50 },
        { label: 'Style', weight: 40 },
      ],
    });
    expect(bad.error).toMatchObject({
      code: '22023',
      message: 'La somme des poids doit faire 100 (elle fait 90).',
    });
    expect(await journal('jury.criteria')).toHaveLength(1);
    // Back to the defaults for the other tests.
    await admin.rpc('admin_save_audition_criteria', {
      category: 'dance',
      criteria: [
        { label: 'Technique', weight: 30 },
        { label: 'Créativité', weight: 25 },
        { label: 'Présence scénique', weight: 25 },
        { label: 'Musicalité', weight: 20 },
      ],
    });
  });
});
