import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createClient } from '@supabase/supabase-js';
import { testBackend } from '../setup/test-backend';
import { card, clearFinal, finalSession, jurySession, mark } from './support/final';

/**
 * The final's certificates (issue 41, item 5; docs/decisions/049-results-and-certificates.md):
 * admins list each laureate's and finalist's certificate with its code once the results are
 * published (refused before, and to anyone else); everyone checks a code, which names who it
 * certifies, answers « not valid » for any other, refuses a malformed one in French and is
 * limited per address.
 */
const backend = testBackend();
let admin: SupabaseClient;
let reader: SupabaseClient;
let anon: SupabaseClient;
const judges: SupabaseClient[] = [];
const ids: string[] = [];
const CODE = /^[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}$/;

beforeAll(async () => {
  await backend.createUser('fc-admin@example.cm', 'admin-password-123', { admin: true });
  admin = await backend.signedInClient('fc-admin@example.cm', 'admin-password-123');
  await backend.createUser('fc-reader@example.cm', 'reader-password-123', { role: 'lecteur' });
  reader = await backend.signedInClient('fc-reader@example.cm', 'reader-password-123');
  anon = createClient(backend.url, backend.anonKey, { auth: { persistSession: false } });
  for (const n of [1, 2]) {
    ids.push(
      await backend.createUser(`fc-j${n}@example.cm`, 'jury-password-123', { role: 'jury' }),
    );
    judges.push(await backend.signedInClient(`fc-j${n}@example.cm`, 'jury-password-123'));
  }
});

beforeEach(async () => {
  await clearFinal(backend);
  await backend.sql(`delete from private.rate_hits where action = 'certificate_check'`);
});

/** Four dance finalists scored 9, 8, 7 and 6 by both judges; the rules published, the final locked. */
async function lockedFinal() {
  const names = ['Solo P', 'Solo Q', 'Solo R', 'Solo S'];
  const { id, people } = await finalSession(backend, admin, names, ids);
  const s = await jurySession(judges[0], id);
  for (const j of judges)
    for (const [i, p] of people.entries()) await mark(j, s, p, card(9 - i, 9 - i, 9 - i, 9 - i));
  const rules = {
    jury_share: 100,
    public_share: 0,
    tiebreak: ['jury', 'head_judge'],
    vote_round_ids: [],
  };
  expect(
    (await admin.rpc('admin_save_final_rules', { category: 'dance', rules })).error,
  ).toBeNull();
  expect((await admin.rpc('admin_publish_final_rules', { category: 'dance' })).error).toBeNull();
  expect((await admin.rpc('jury_lock_session', { session_id: id })).error).toBeNull();
}

type Certificate = { name: string; rank: number; laureate: boolean; code: string };

describe('the certificates', () => {
  it('are listed to admins once the results are published, a code each, stable', async () => {
    await lockedFinal();
    const early = await admin.rpc('admin_final_certificates', { category: 'dance' });
    expect(early.error).toMatchObject({ hint: 'not_published' });
    expect(
      (await admin.rpc('admin_publish_final_results', { category: 'dance' })).error,
    ).toBeNull();
    const { data, error } = await admin.rpc('admin_final_certificates', { category: 'dance' });
    expect(error).toBeNull();
    const list = data as Certificate[];
    expect(list.map((c) => [c.name, c.rank, c.laureate])).toEqual([
      ['Solo P', 1, true],
      ['Solo Q', 2, true],
      ['Solo R', 3, true],
      ['Solo S', 4, false],
    ]);
    for (const c of list) expect(c.code).toMatch(CODE);
    expect(new Set(list.map((c) => c.code)).size).toBe(4);
    const again = await admin.rpc('admin_final_certificates', { category: 'dance' });
    expect((again.data as Certificate[]).map((c) => c.code)).toEqual(list.map((c) => c.code));
    // Not a reader's, nor anyone's else.
    expect(
      (await reader.rpc('admin_final_certificates', { category: 'dance' })).error,
    ).toMatchObject({
      code: '42501',
    });
    expect(
      (await anon.rpc('admin_final_certificates', { category: 'dance' })).error,
    ).not.toBeNull();
  });

  it('have codes anyone checks: who it certifies, « not valid » otherwise, a malformed one refused in French', async () => {
    await lockedFinal();
    await admin.rpc('admin_publish_final_results', { category: 'dance' });
    const list = (await admin.rpc('admin_final_certificates', { category: 'dance' }))
      .data as Certificate[];
    const first = await anon.rpc('final_certificate_verify', { code: list[0].code });
    expect(first.error).toBeNull();
    expect(first.data).toMatchObject({
      valid: true,
      name: 'Solo P',
      category: 'dance',
      rank: 1,
      laureate: true,
      published_at: expect.any(String),
    });
    // Typed in lower case, without its dashes, with spaces: the same code.
    const typed = ` ${list[3].code.replaceAll('-', ' ').toLowerCase()} `;
    expect((await anon.rpc('final_certificate_verify', { code: typed })).data).toMatchObject({
      valid: true,
      name: 'Solo S',
      rank: 4,
      laureate: false,
    });
    const forged = list[0].code.slice(0, -1) + (list[0].code.endsWith('0') ? '1' : '0');
    expect((await anon.rpc('final_certificate_verify', { code: forged })).data).toMatchObject({
      valid: false,
      name: null,
    });
    const malformed = await anon.rpc('final_certificate_verify', { code: 'BOOSTER' });
    expect(malformed.error).toMatchObject({
      code: '22023',
      message:
        'Un code de vérification compte 12 caractères (chiffres et lettres A à F), par exemple 3F2A-9C01-B7DE.',
    });
  });

  it('are checked at most 30 times in 10 minutes from one address, right codes included', async () => {
    await lockedFinal();
    await admin.rpc('admin_publish_final_results', { category: 'dance' });
    const [c] = (await admin.rpc('admin_final_certificates', { category: 'dance' }))
      .data as Certificate[];
    await backend.sql(
      `update private.rate_limits set max_per_address = 3 where action = 'certificate_check'`,
    );
    try {
      for (let i = 0; i < 3; i++)
        expect(
          (await anon.rpc('final_certificate_verify', { code: '0000-0000-0000' })).data,
        ).toMatchObject({ valid: false, name: null });
      const refused = await anon.rpc('final_certificate_verify', { code: c.code });
      expect(refused.status).toBe(429);
      expect(refused.error).toMatchObject({ hint: 'rate_limited' });
      expect(refused.error?.message).toMatch(/^Trop de demandes depuis votre connexion/);
    } finally {
      await backend.sql(
        `update private.rate_limits set max_per_address = 30 where action = 'certificate_check'`,
      );
    }
  });
});
