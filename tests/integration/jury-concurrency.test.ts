import { beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { testBackend } from '../setup/test-backend';
import { byId, jurySession, performers, saveSession, submit } from './support/jury';

/**
 * The judges' cards under truly parallel requests over HTTP (docs/decisions/031-jury-
 * scorecards.md): judges scoring the same performers at the same moment, and cards in flight
 * while the session is locked (each one stored before the lock or refused, none after).
 */
const backend = testBackend();
let admin: SupabaseClient;
const judgeIds: string[] = [];
/** Two clients per judge: two phones' connections. */
const phones: SupabaseClient[][] = [];

beforeAll(async () => {
  await backend.createUser('cc-admin@example.cm', 'admin-password-123', { admin: true });
  admin = await backend.signedInClient('cc-admin@example.cm', 'admin-password-123');
  for (const n of [1, 2, 3]) {
    const email = `cc-j${n}@example.cm`;
    judgeIds.push(await backend.createUser(email, 'jury-password-123', { role: 'jury' }));
    phones.push([
      await backend.signedInClient(email, 'jury-password-123'),
      await backend.signedInClient(email, 'jury-password-123'),
    ]);
  }
});

const names = (n: number, prefix: string) =>
  Array.from({ length: n }, (_, i) => `${prefix} ${i + 1}`);

describe('judges at once', () => {
  it('stores both cards when two judges score the same performers at the same moment', async () => {
    const day = '2026-12-20';
    const people = await performers(backend, names(20, 'Duo'), { day });
    const saved = await saveSession(admin, { held_on: day, judges: judgeIds.slice(0, 2) });
    const s = await jurySession(phones[0][0], saved.id);
    const answers = await Promise.all(
      people.flatMap((p, i) =>
        [0, 1].map((j) =>
          submit(phones[j][i % 2], {
            session: s.id,
            participant: p,
            scores: byId(s, 'dance', j === 0 ? 6 : 8.5),
          }),
        ),
      ),
    );
    expect(answers.map((a) => a.error).filter(Boolean)).toEqual([]);
    expect(answers.every((a) => (a.data as { stored: boolean }).stored)).toBe(true);
    const [{ cards, scores }] = await backend.sql<{ cards: number; scores: number }>(
      `select (select count(*)::int from audition_scorecards where session_id = $1) cards,
              (select count(*)::int from audition_scores where session_id = $1) scores`,
      [s.id],
    );
    expect({ cards, scores }).toEqual({ cards: 40, scores: 160 });
  });

  it('stores each card in flight before the lock or refuses it, none after', async () => {
    const day = '2026-12-21';
    const people = await performers(backend, names(40, 'Verrou'), { day });
    const saved = await saveSession(admin, { held_on: day, judges: judgeIds });
    const s = await jurySession(phones[0][0], saved.id);
    let answered = 0;
    let lockSent!: () => void;
    const tenAnswers = new Promise<void>((resolve) => (lockSent = resolve));
    // Each judge's two phones send their half of the cards one after another, six at a time.
    const streams = phones.flatMap((judgePhones) =>
      judgePhones.map(async (phone, half) => {
        const out: { participant: string; stored: boolean; code: string | null }[] = [];
        for (const p of people.filter((_, i) => i % 2 === half)) {
          const { data, error } = await submit(phone, {
            session: s.id,
            participant: p,
            scores: byId(s, 'dance', 7),
          });
          out.push({
            participant: p,
            stored: (data as { stored?: boolean } | null)?.stored === true,
            code: error ? (error.hint ?? error.code) : null,
          });
          if (++answered === 10) lockSent();
        }
        return out;
      }),
    );
    const lock = tenAnswers.then(() =>
      admin.rpc('jury_lock_session', { session_id: s.id, force: true }),
    );
    const [results, locked] = await Promise.all([Promise.all(streams), lock]);
    expect(locked.error).toBeNull();
    const all = results.flat();
    expect(all).toHaveLength(120);
    // Every answer is "stored" or the lock's refusal: nothing else.
    expect(all.filter((a) => !a.stored && a.code !== 'session_locked')).toEqual([]);
    const stored = all.filter((a) => a.stored).length;
    expect(stored).toBeGreaterThanOrEqual(10);
    expect(stored).toBeLessThan(120);
    const [{ cards }] = await backend.sql<{ cards: number }>(
      'select count(*)::int cards from audition_scorecards where session_id = $1',
      [s.id],
    );
    expect(cards).toBe(stored);
    // Every stored card's journal row was written before the lock's: no card after the lock.
    const [{ after }] = await backend.sql<{ after: number }>(
      `select count(*)::int after from audit_log a
        where a.action = 'jury.score' and a.after ->> 'session_id' = $1
          and a.id > (select max(id) from audit_log where action = 'jury.lock' and entity_id = $1)`,
      [s.id],
    );
    expect(after).toBe(0);
    const [{ rows }] = await backend.sql<{ rows: number }>(
      `select count(*)::int rows from audit_log where action = 'jury.score' and after ->> 'session_id' = $1`,
      [s.id],
    );
    expect(rows).toBe(stored);
  });
});
