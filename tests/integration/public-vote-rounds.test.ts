/**
 * The public vote's rules (docs/decisions/030-public-vote.md, issue 29) through real supabase-js
 * clients over HTTP. Here: the editing rules, 2-12 candidates, one open round at a
 * time, the close by the server's clock and the journal.
 * Shared sign-in and round reads: support/public-vote.ts; passes and rounds: support/vote-fixtures.ts.
 */
import { describe, expect, it } from 'vitest';
import { NO_REFUSAL } from './support/answers';
import {
  backend,
  anon,
  admin,
  regie,
  regieId,
  expire,
  signInVoteStaff,
} from './support/public-vote';
import { draftRound, openRound, pass, vote, type Round } from './support/vote-fixtures';

signInVoteStaff();

describe('rounds: editing, candidates, one open at a time', () => {
  it('edits everything in a draft, only the title once opened', async () => {
    const round = await draftRound(admin, 3);
    const saved = await admin.rpc('admin_save_vote_round', {
      payload: {
        id: round.id,
        title: '  Battle   de danse ',
        position: 4,
        duration_seconds: 60,
        eligibility: 'confirmed',
        candidates: [
          { number: 2, name: 'Awa N.', line: 'Douala' },
          { number: 7, name: 'Les Lions', line: '' },
        ],
      },
    });
    expect(saved.error).toBeNull();
    expect(saved.data).toMatchObject({
      title: 'Battle de danse',
      duration_seconds: 60,
      eligibility: 'confirmed',
      candidates: [
        { number: 2, name: 'Awa N.', id: round.candidates[1].id },
        { number: 7, name: 'Les Lions' },
      ],
    });
    await regie.rpc('regie_open_round', { id: round.id });
    const payload = { id: round.id, title: 'Battle de danse', duration_seconds: 60 };
    const renamed = await admin.rpc('admin_save_vote_round', {
      payload: { ...payload, title: 'Battle de danse — finale' },
    });
    expect(renamed.data).toMatchObject({ title: 'Battle de danse — finale', state: 'open' });
    for (const change of [
      { duration_seconds: 120 },
      { eligibility: 'checked_in' },
      {
        candidates: [
          { number: 2, name: 'Awa N.' },
          { number: 8, name: 'Autre' },
        ],
      },
    ]) {
      const { error, status } = await admin.rpc('admin_save_vote_round', {
        payload: { ...payload, ...change },
      });
      expect(status).toBe(409);
      expect(error).toMatchObject({
        hint: 'vote_round_locked',
        message: 'Cette manche a déjà été ouverte : seul son titre peut encore être modifié.',
      });
    }
    const deleted = await admin.rpc('admin_delete_vote_round', { id: round.id });
    expect(deleted.error).toMatchObject({ hint: 'vote_round_locked' });
    const draft = await draftRound(admin);
    expect((await admin.rpc('admin_delete_vote_round', { id: draft.id })).data).toEqual({
      id: draft.id,
      deleted: true,
      ...NO_REFUSAL,
    });
    expect(
      await backend.sql('select count(*)::int n from vote_candidates where round_id = $1', [
        draft.id,
      ]),
    ).toEqual([{ n: 0 }]);
  });

  it('takes 2 to 12 candidates with distinct numbers, names from a linked participant', async () => {
    const refusals: [unknown, string][] = [
      [[{ number: 1, name: 'Seul' }], 'Une manche compte de 2 à 12 candidats.'],
      [
        Array.from({ length: 13 }, (_, i) => ({ number: i + 1, name: `C${i}` })),
        'Une manche compte de 2 à 12 candidats.',
      ],
      [
        [
          { number: 3, name: 'A' },
          { number: 3, name: 'B' },
        ],
        'Le numéro 3 est donné à deux candidats.',
      ],
      [
        [
          { number: 1, name: '' },
          { number: 2, name: 'B' },
        ],
        'Le nom du candidat n° 1 doit contenir de 1 à 80 caractères.',
      ],
      [
        [
          { number: 100, name: 'A' },
          { number: 2, name: 'B' },
        ],
        'Le numéro d’un candidat est un nombre entier de 1 à 99.',
      ],
    ];
    for (const [candidates, message] of refusals) {
      const { error } = await admin.rpc('admin_save_vote_round', {
        payload: { title: 'Refusée', candidates },
      });
      expect(error).toMatchObject({ code: '22023', message });
    }
    expect(await backend.sql('select count(*)::int n from vote_rounds')).toEqual([{ n: 0 }]);
    const pid = crypto.randomUUID();
    await backend.sql(
      `begin;
       insert into participants (id, full_name, email, phone, city, region, category,
         participation_type, team_name, agree_to_terms)
       values ('${pid}', 'Jean Mbarga', 'jean@example.cm', '699111222', 'Douala', 'Littoral',
               'dance', 'team', 'Les Lions de Douala', true);
       insert into team_members (participant_id, position, full_name, phone)
       values ('${pid}', 1, 'Lea Fotso', '699111223');
       commit;`,
    );
    const twelve = await draftRound(admin, 12);
    expect(twelve.candidates).toHaveLength(12);
    const linked = await admin.rpc('admin_save_vote_round', {
      payload: {
        title: 'Battle',
        candidates: [
          { number: 1, name: '', participant_id: pid },
          { number: 2, name: 'Awa N.' },
        ],
      },
    });
    expect((linked.data as Round).candidates[0]).toMatchObject({ name: 'Les Lions de Douala' });
  });

  it('opens one round at a time, also when two are opened at the same instant', async () => {
    const [a, b, c] = [await draftRound(admin), await draftRound(admin), await draftRound(admin)];
    await regie.rpc('regie_open_round', { id: a.id });
    const refused = await regie.rpc('regie_open_round', { id: b.id });
    expect(refused.error).toMatchObject({
      hint: 'vote_other_open',
      message: 'Une autre manche est ouverte : closez-la avant d’ouvrir celle-ci.',
    });
    await regie.rpc('regie_close_round', { id: a.id });
    const both = await Promise.all([
      regie.rpc('regie_open_round', { id: b.id }),
      admin.rpc('regie_open_round', { id: c.id }),
    ]);
    expect(both.filter((r) => r.error === null)).toHaveLength(1);
    expect(both.filter((r) => r.error?.hint === 'vote_other_open')).toHaveLength(1);
    expect(
      await backend.sql(`select count(*)::int n from vote_rounds where state = 'open'`),
    ).toEqual([{ n: 1 }]);
    // A round already opened is not opened again; a draft is not closed nor revealed.
    expect((await regie.rpc('regie_open_round', { id: a.id })).error).toMatchObject({
      hint: 'vote_not_draft',
    });
    const d = await draftRound(admin);
    expect((await regie.rpc('regie_close_round', { id: d.id })).error).toMatchObject({
      hint: 'vote_not_open',
    });
    expect((await regie.rpc('regie_reveal_round', { id: d.id })).error).toMatchObject({
      hint: 'vote_not_closed',
    });
  });
});

describe('the close by the server’s clock', () => {
  it('closes a round past closes_at for every function, written lazily by the régie', async () => {
    const round = await openRound(admin, regie);
    const { pass_code } = await pass(backend);
    expect((await vote(anon, pass_code, round, round.candidates[0])).error).toBeNull();
    await expire(round);
    // Nothing wrote the close yet: every function sees it.
    expect((await vote(anon, pass_code, round, round.candidates[1])).error).toMatchObject({
      hint: 'vote_closed',
    });
    expect((await anon.rpc('vote_state', { code: pass_code })).data).toMatchObject({
      round: null,
      can_vote: false,
    });
    expect((await anon.rpc('vote_screen_state')).data).toMatchObject({ mode: 'closed' });
    const [{ closes_at }] = await backend.sql<{ closes_at: Date }>(
      'select closes_at from vote_rounds where id = $1',
      [round.id],
    );
    // The régie's list writes it: closed at the deadline, journaled "par le minuteur".
    const list = (await regie.rpc('vote_rounds_list')).data as Round[];
    expect(list[0]).toMatchObject({ state: 'closed', closed_at: expect.any(String) });
    expect(
      await backend.sql(`select state, closed_at = closes_at same from vote_rounds where id = $1`, [
        round.id,
      ]),
    ).toEqual([{ state: 'closed', same: true }]);
    const journal = await backend.sql(
      `select actor, summary, at from audit_log where action = 'vote.close' and entity_id = $1`,
      [round.id],
    );
    expect(journal).toEqual([
      {
        actor: null,
        summary: `Vote « ${round.title} » clos par le minuteur (1 votant)`,
        at: closes_at,
      },
    ]);
    // Another round may open now.
    const next = await draftRound(admin);
    expect((await regie.rpc('regie_open_round', { id: next.id })).error).toBeNull();
  });
});

describe('the journal', () => {
  it('records who created, opened, closed and revealed, and the screen reset', async () => {
    await backend.sql(`delete from audit_log where action like 'vote.%'`);
    const round = await openRound(admin, regie);
    await regie.rpc('regie_close_round', { id: round.id });
    await regie.rpc('regie_reveal_round', { id: round.id });
    // Twice: the second answers the round as it is, no second row.
    await regie.rpc('regie_reveal_round', { id: round.id });
    await regie.rpc('regie_reset_screen');
    const rows = await backend.sql<{ action: string; actor_email: string; summary: string }>(
      `select action, actor::text, actor_email, summary from audit_log
        where action like 'vote.%' order by id`,
    );
    expect(rows).toEqual([
      expect.objectContaining({
        action: 'vote.round_create',
        actor_email: 'vote-admin@example.cm',
        summary: `Manche de vote « ${round.title} » créée (3 candidats)`,
      }),
      {
        action: 'vote.open',
        actor: regieId,
        actor_email: 'regie@example.cm',
        summary: `Vote « ${round.title} » ouvert (90 s)`,
      },
      {
        action: 'vote.close',
        actor: regieId,
        actor_email: 'regie@example.cm',
        summary: `Vote « ${round.title} » clos (0 votant)`,
      },
      {
        action: 'vote.reveal',
        actor: regieId,
        actor_email: 'regie@example.cm',
        summary: `Résultats du vote « ${round.title} » révélés : aucun vote (0 votant)`,
      },
      {
        action: 'vote.screen_reset',
        actor: regieId,
        actor_email: 'regie@example.cm',
        summary: 'Écran de scène remis à l’accueil',
      },
    ]);
  });
});
