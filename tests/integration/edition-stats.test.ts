/**
 * edition_stats() (issue 40): the contest's pipeline by category, the audition cities and the
 * Night Party (reservations, entries per hour, the vote's participation), computed by the
 * database from known rows, for admins and readers only; counts, nothing personal.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { testBackend } from '../setup/test-backend';
import { openRound, passes, vote } from './support/vote-fixtures';

const backend = testBackend();
let admin: SupabaseClient;
let reader: SupabaseClient;
let desk: SupabaseClient;

let seq = 0;
/** `n` participants of one category, status and audition city (solo), written as superuser. */
async function participants(
  n: number,
  category: 'dance' | 'singing',
  status: string,
  city: string | null,
  binned = false,
) {
  const first = seq;
  seq += n;
  await backend.sql(
    `insert into participants (full_name, email, phone, city, region, category,
       participation_type, agree_to_terms, status, audition_city, audition_at, deleted_at)
     select 'Artiste ' || g, 'stats' || g || '@example.cm', '67' || lpad(g::text, 7, '0'),
            'Douala', 'Littoral', $3, 'solo', true, $4, $5,
            case when $5::text is not null then now() + interval '3 days' end,
            case when $6 then now() end
       from generate_series($1::int + 1, $1::int + $2::int) g`,
    [first, n, category, status, city, binned],
  );
}

beforeAll(async () => {
  await backend.createUser('chef@example.cm', 'chef-password-123', { admin: true });
  await backend.createUser('lecteur@example.cm', 'lecteur-password-123', { role: 'lecteur' });
  await backend.createUser('regie@example.cm', 'regie-password-123', { role: 'regie' });
  await backend.createUser('porte@example.cm', 'porte-password-123', { role: 'controle' });
  await backend.createUser('jury@example.cm', 'jury-password-123', { role: 'jury' });
  await backend.createUser('quidam@example.cm', 'quidam-password-123');
  admin = await backend.signedInClient('chef@example.cm', 'chef-password-123');
  reader = await backend.signedInClient('lecteur@example.cm', 'lecteur-password-123');
  desk = await backend.signedInClient('regie@example.cm', 'regie-password-123');
  await backend.sql('delete from participants; delete from reservations; delete from vote_rounds');
  await backend.setEdition({ capacity: 10, overbooking_percent: 20 });

  await participants(4, 'dance', 'inscrit', null);
  await participants(2, 'singing', 'inscrit', null);
  await participants(3, 'dance', 'convoque', 'Douala');
  await participants(1, 'singing', 'convoque', 'Yaoundé');
  await participants(2, 'dance', 'finaliste', 'Douala');
  await participants(1, 'singing', 'laureat', 'Garoua');
  await participants(1, 'dance', 'refuse', 'Bafoussam');
  // In the bin: counted nowhere.
  await participants(5, 'dance', 'finaliste', 'Douala', true);

  // Five passes entered: two at 19:xx, none at 20:xx, three at 21:xx (Douala time); two
  // confirmed not entered, one waitlisted, one cancelled.
  const entered = await passes(backend, 5, 'checked_in');
  const times = ['19:05', '19:55', '21:00', '21:10', '21:59'];
  for (const [i, p] of entered.entries())
    await backend.sql(
      `update reservations set checked_in_at = ('2026-12-20 ' || $2)::timestamp at time zone 'Africa/Douala'
        where id = $1`,
      [p.id, times[i]],
    );
  await passes(backend, 2, 'confirmed');
  await passes(backend, 1, 'waitlisted');
  await passes(backend, 1, 'cancelled');

  // Three rounds opened: three of the five entered passes vote in the first, one in the
  // second, none in the third (open online); a draft is not listed.
  const first = await openRound(admin, desk, 3, { position: 1, title: 'Manche danse' });
  for (const p of entered.slice(0, 3))
    expect(
      (await vote(backend.anonClient(), p.pass_code, first, first.candidates[0])).error,
    ).toBeNull();
  expect((await desk.rpc('regie_close_round', { id: first.id })).error).toBeNull();
  const second = await openRound(admin, desk, 2, { position: 2, title: 'Manche chant' });
  expect(
    (await vote(backend.anonClient(), entered[4].pass_code, second, second.candidates[1])).error,
  ).toBeNull();
  expect((await desk.rpc('regie_close_round', { id: second.id })).error).toBeNull();
  await desk.rpc('regie_reveal_round', { id: second.id });
  // Open online: the confirmed passes reserved before it count too (ADR 039).
  const online = await openRound(admin, desk, 2, {
    position: 4,
    title: 'Manche en ligne',
    eligibility: 'confirmed',
  });
  expect((await desk.rpc('regie_close_round', { id: online.id })).error).toBeNull();
  await admin.rpc('admin_save_vote_round', {
    payload: {
      title: 'Brouillon',
      position: 3,
      candidates: [
        { number: 1, name: 'A', line: '' },
        { number: 2, name: 'B', line: '' },
      ],
    },
  });
});

describe('edition_stats', () => {
  it('counts the pipeline, the audition cities and the Night Party from the rows', async () => {
    for (const c of [admin, reader]) {
      const { data, error } = await c.rpc('edition_stats');
      expect(error).toBeNull();
      expect(data).toEqual({
        pipeline: [
          { status: 'inscrit', dance: 4, singing: 2 },
          { status: 'preselectionne', dance: 0, singing: 0 },
          { status: 'convoque', dance: 3, singing: 1 },
          { status: 'finaliste', dance: 2, singing: 0 },
          { status: 'laureat', dance: 0, singing: 1 },
          { status: 'refuse', dance: 1, singing: 0 },
        ],
        auditionCities: [
          { city: 'Douala', dance: 5, singing: 0 },
          { city: 'Yaoundé', dance: 0, singing: 1 },
          { city: 'Bafoussam', dance: 1, singing: 0 },
          { city: 'Garoua', dance: 0, singing: 1 },
          { city: 'Limbe', dance: 0, singing: 0 },
          { city: null, dance: 4, singing: 2 },
        ],
        nightParty: {
          capacity: 10,
          limit: 12,
          reservations: 9,
          confirmed: 7,
          waitlisted: 1,
          cancelled: 1,
          entered: 5,
          enteredByHour: [
            { hour: '2026-12-20 19:00', count: 2 },
            { hour: '2026-12-20 20:00', count: 0 },
            { hour: '2026-12-20 21:00', count: 3 },
          ],
          rounds: [
            { position: 1, title: 'Manche danse', state: 'closed', voters: 3, eligible: 5 },
            { position: 2, title: 'Manche chant', state: 'revealed', voters: 1, eligible: 5 },
            { position: 4, title: 'Manche en ligne', state: 'closed', voters: 0, eligible: 7 },
          ],
        },
      });
    }
  });

  it('is refused to every other caller, and names nobody', async () => {
    const others = [
      backend.anonClient(),
      await backend.signedInClient('quidam@example.cm', 'quidam-password-123'),
      desk,
      await backend.signedInClient('porte@example.cm', 'porte-password-123'),
      await backend.signedInClient('jury@example.cm', 'jury-password-123'),
    ];
    for (const c of others) expect((await c.rpc('edition_stats')).error?.code).toBe('42501');
    const text = JSON.stringify((await admin.rpc('edition_stats')).data);
    const people = await backend.sql<{ v: string }>(
      `select full_name as v from participants union all select phone from participants
       union all select full_name from reservations union all select pass_code from reservations`,
    );
    for (const { v } of people) expect(text).not.toContain(v);
  });
});
