/**
 * The judge's side of a final on /jury (issue 41, item 2; docs/decisions/047-the-final.md),
 * against the real local backend: a judge declares a conflict of interest before scoring and
 * the performer then shows as recused (no scorecard); the lead judge unlocks another judge's
 * locked card with a reason tied to its field, journaled.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { doualaDay } from '@/lib/dates';
import {
  backend,
  currentName,
  openJury,
  PASSWORD,
  scoreAll,
  signOutAfterEach,
  todaysSession,
} from './support/jury';

signOutAfterEach();

let serial = 0;

/** Today's dance final in Yaoundé: `names` finalists, two new judges (the first one leads). */
async function todaysFinal(names = ['Fanta Bello', 'Gael Ondoa']) {
  const n = ++serial;
  await backend.sql(`delete from jury_conflicts; delete from audition_scorecards;
    delete from audition_sessions where kind = 'final';
    update participants set status = 'inscrit' where status = 'finaliste'`);
  const adminEmail = `final-admin-${n}@example.cm`;
  await backend.createUser(adminEmail, PASSWORD, { admin: true });
  const judges = [`finale${n}a@example.cm`, `finale${n}b@example.cm`];
  const ids = [
    await backend.createUser(judges[0], PASSWORD, { role: 'jury' }),
    await backend.createUser(judges[1], PASSWORD, { role: 'jury' }),
  ];
  const people = await backend.sql<{ id: string }>(
    `insert into participants (full_name, email, phone, city, region, category, participation_type,
       agree_to_terms, status)
     select x.name, 'jfinal' || $1::int || '-' || x.i || '@example.cm',
            '68' || lpad(($1::int * 100 + x.i)::text, 7, '0'), 'Douala', 'Littoral', 'dance',
            'solo', true, 'finaliste'
       from unnest($2::text[]) with ordinality x(name, i)
     returning id::text`,
    [n, names],
  );
  const admin = await backend.signedInClient(adminEmail, PASSWORD);
  const { data, error } = await admin.rpc('admin_save_audition_session', {
    payload: {
      city: 'Yaoundé',
      held_on: doualaDay(),
      category: 'dance',
      venue: 'Palais des sports',
      judges: ids,
      lead: ids[0],
      kind: 'final',
    },
  });
  if (error) throw new Error(error.message);
  return {
    id: (data as { id: string }).id,
    judges,
    judgeIds: ids,
    people: people.map((p) => p.id),
  };
}

describe('a final on the judge’s page', () => {
  it('lets a judge declare a conflict before scoring: the performer is then recused, with no card', async () => {
    const f = await todaysFinal();
    const { user } = await openJury(f.judges[1]);
    const first = currentName();
    await user.click(screen.getByRole('button', { name: 'Déclarer un conflit d’intérêts…' }));
    const ask = screen.getByRole('group', { name: `Conflit d’intérêts avec ${first}\u00a0?` });
    expect(ask).toHaveFocus();
    await user.type(within(ask).getByLabelText(/^Raison/), 'Mon neveu');
    await user.click(within(ask).getByRole('button', { name: 'Je déclare un conflit d’intérêts' }));
    expect(
      await screen.findByText(/^Vous avez déclaré un conflit d’intérêts avec ce candidat/),
    ).toBeVisible();
    expect(screen.queryByRole('form', { name: /^Notes de / })).toBeNull();
    expect(screen.getByRole('button', { name: new RegExp(`^1\\. ${first}`) })).toHaveTextContent(
      'Récusé (conflit d’intérêts)',
    );
    expect(
      await backend.sql(
        `select reason from jury_conflicts where session_id = $1 and judge_id = $2`,
        [f.id, f.judgeIds[1]],
      ),
    ).toEqual([{ reason: 'Mon neveu' }]);
    // The next performer is scored as usual, and offers no conflict once their card is sent.
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await waitFor(() => expect(currentName()).not.toBe(first));
    expect(screen.getByRole('button', { name: 'Déclarer un conflit d’intérêts…' })).toBeVisible();
    await scoreAll(user, 7);
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(async () =>
      expect(
        await backend.sql(`select 1 from audition_scorecards where session_id = $1`, [f.id]),
      ).toHaveLength(1),
    );
  });

  it('lets the lead judge unlock another judge’s locked card with a reason, tied to its field and journaled', async () => {
    const f = await todaysFinal(['Hawa Issa']);
    const judge = await backend.signedInClient(f.judges[1], PASSWORD);
    const s = (await judge.rpc('jury_session', { session_id: f.id })).data as {
      criteria: { dance: { id: string }[] };
    };
    const scores = Object.fromEntries(s.criteria.dance.map((c) => [c.id, 6]));
    const sent = await judge.rpc('jury_submit_scorecard', {
      session_id: f.id,
      participant_id: f.people[0],
      card_id: crypto.randomUUID(),
      revision: 1,
      absent: false,
      comment: '',
      scores,
    });
    expect(sent.error).toBeNull();
    await backend.sql(`update audition_scorecards set locks_at = now() - interval '1 minute'`);

    const { user } = await openJury(f.judges[0]);
    const panel = await screen.findByRole('region', { name: 'Fiches verrouillées' });
    await user.click(
      within(panel).getByRole('button', {
        name: 'Déverrouiller la fiche de Juré 2 pour Hawa Issa…',
      }),
    );
    const form = within(panel).getByRole('form', {
      name: 'Déverrouiller la fiche de Juré 2 pour Hawa Issa',
    });
    await user.click(within(form).getByRole('button', { name: 'Déverrouiller 5 minutes' }));
    const reason = within(form).getByLabelText(/^Raison du déverrouillage/);
    await waitFor(() => expect(reason).toHaveAttribute('aria-invalid', 'true'));
    expect(reason).toHaveAccessibleDescription(
      /Indiquez la raison du déverrouillage \(2 à 200 caractères\)\.$/,
    );
    expect(await backend.sql(`select 1 from audit_log where action = 'jury.card_unlock'`)).toEqual(
      [],
    );

    await user.type(reason, 'Technique mal saisie');
    await user.click(within(form).getByRole('button', { name: 'Déverrouiller 5 minutes' }));
    expect(
      await within(panel).findByText(/^Fiche de Juré 2 pour Hawa Issa déverrouillée jusqu’à /),
    ).toBeVisible();
    expect(within(panel).getByText('Aucune fiche verrouillée pour le moment.')).toBeVisible();
    const [row] = await backend.sql<{ after: { reason: string; judge: string } }>(
      `select after from audit_log where action = 'jury.card_unlock'`,
    );
    expect(row.after).toMatchObject({ reason: 'Technique mal saisie', judge: 'Juré 2' });
    const [card] = await backend.sql<{ open: boolean }>(
      `select locks_at > now() as open from audition_scorecards`,
    );
    expect(card.open).toBe(true);
  });

  it('reaches a final of another day from today’s audition session through « Toutes mes sessions »', async () => {
    const today = await todaysSession();
    await backend.sql(`update participants set status = 'finaliste' where id = $1`, [
      today.people[0],
    ]);
    const admin = await backend.signedInClient(today.adminEmail, PASSWORD);
    const { error } = await admin.rpc('admin_save_audition_session', {
      payload: {
        city: 'Garoua',
        held_on: '2031-07-14',
        category: 'dance',
        venue: 'Stade Roumdé Adjia',
        judges: today.judgeIds,
        lead: today.judgeIds[0],
        kind: 'final',
      },
    });
    expect(error).toBeNull();
    const { user } = await openJury(today.judges[0]);
    // Today's session opens by itself; the list is one click away, and stays.
    await user.click(screen.getByRole('button', { name: 'Toutes mes sessions' }));
    await user.click(await screen.findByRole('button', { name: /^Garoua — / }));
    expect(await screen.findByRole('heading', { level: 2, name: /^Garoua — / })).toBeVisible();
    expect(await screen.findByRole('region', { name: 'Fiches verrouillées' })).toBeVisible();
  });
});
