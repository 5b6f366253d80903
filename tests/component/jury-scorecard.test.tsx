/**
 * The judge's page (/jury) against the real local backend: the scorecard (big − / + controls,
 * errors tied to their criterion, the weighted total, the comment, "Absent", "Suivant"), blind
 * scoring until the lock, and the lead judge's lock saying who is missing, then forced.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { signInAdmin } from '@/data/staff/admin-auth';
import { getJuryStaff } from '@/data/staff/jury-sign-in';
import {
  backend,
  cards,
  currentName,
  openJury,
  PASSWORD,
  scoreAll,
  signOutAfterEach,
  todaysSession,
} from './support/jury';

signOutAfterEach();

const form = () => screen.getByRole('form', { name: /^Notes de / });

describe('the scorecard', () => {
  it('scores each criterion in half points, shows the weighted total, and stores the card with "Suivant"', async () => {
    const s = await todaysSession();
    const { user } = await openJury(s.judges[0]);
    expect(currentName()).toBe('Awa Ngono');
    expect(screen.getByText('Candidat 1 sur 3')).toBeVisible();
    expect(screen.getByRole('region', { name: 'Ensuite' })).toHaveTextContent('2. Bibi Eto');

    // Nothing scored: no thumb and no value anywhere (a bar without aria-valuenow, not a slider
    // standing at 5), and "Toutes vos notes sont envoyées." before any note would be untrue.
    expect(within(form()).queryAllByRole('slider')).toEqual([]);
    const bars = within(form()).getAllByRole('spinbutton');
    expect(bars).toHaveLength(4);
    for (const bar of bars) {
      expect(bar).not.toHaveAttribute('aria-valuenow');
      expect(bar).toHaveAttribute('aria-valuetext', 'pas encore noté');
    }
    expect(screen.queryByText('Toutes vos notes sont envoyées.')).toBeNull();
    // − on an unscored criterion gives nothing (it used to give 5).
    await user.click(
      within(form()).getByRole('button', { name: /^Technique\s:\sun demi-point de moins$/ }),
    );
    expect(within(form()).getByRole('spinbutton', { name: /^Technique/ })).not.toHaveAttribute(
      'aria-valuenow',
    );
    expect(within(form()).queryByText(/^5\s\/ 10$/)).toBeNull();

    // Nothing scored: each criterion says so, tied to its bar; the focus goes to the first.
    await user.click(within(form()).getByRole('button', { name: 'Suivant' }));
    for (const bar of within(form()).getAllByRole('spinbutton')) {
      expect(bar).toHaveAttribute('aria-invalid', 'true');
      expect(bar).toHaveAccessibleDescription(
        /Notez ce critère de 0 à 10, ou marquez le candidat absent\.$/,
      );
    }
    expect(within(form()).getAllByRole('spinbutton')[0]).toHaveFocus();

    await scoreAll(user, 7);
    expect(within(form()).getByText(/^Total pondéré/)).toHaveTextContent('Total pondéré : 7 / 10');
    // Technique weighs 30 %: half a point more adds 0,15 to the total.
    await user.click(
      within(form()).getByRole('button', { name: /^Technique\s:\sun demi-point de plus$/ }),
    );
    expect(within(form()).getByRole('slider', { name: /^Technique/ })).toHaveAttribute(
      'aria-valuetext',
      '7,5 sur 10',
    );
    expect(within(form()).getByText(/^Total pondéré/)).toHaveTextContent('7,15 / 10');
    for (const slider of within(form()).getAllByRole('slider'))
      expect(slider).not.toHaveAttribute('aria-invalid');
    await user.type(within(form()).getByLabelText(/^Commentaire/), 'Belle énergie');
    expect(within(form()).getByText('13 / 280 caractères')).toBeVisible();
    await user.click(within(form()).getByRole('button', { name: 'Suivant' }));

    await waitFor(() => expect(currentName()).toBe('Bibi Eto'));
    // The keyboard starts the next card from its top.
    expect(screen.getByRole('heading', { level: 2, name: 'Bibi Eto' })).toHaveFocus();
    await waitFor(async () => expect(await cards(s.id)).toHaveLength(1));
    const [stored] = await cards(s.id);
    expect(stored).toMatchObject({ participant_id: s.people[0], revision: 1, absent: false, n: 4 });
    const [{ comment, total }] = await backend.sql<{ comment: string; total: string }>(
      `select c.comment, sum(v.value * k.weight) / 100 as total
         from audition_scorecards c join audition_scores v on v.scorecard_id = c.id
         join audition_session_criteria k on k.id = v.criterion_id
        where c.session_id = $1 group by c.comment`,
      [s.id],
    );
    expect(comment).toBe('Belle énergie');
    expect(Number(total)).toBe(7.15);
    expect(await screen.findByText('Toutes vos notes sont envoyées.')).toBeVisible();
  });

  it('"Absent" stores an absent card with no score, and a card changed later keeps its id', async () => {
    const s = await todaysSession();
    const { user } = await openJury(s.judges[0]);
    await user.click(within(form()).getByRole('button', { name: 'Absent' }));
    await waitFor(() => expect(currentName()).toBe('Bibi Eto'));
    await waitFor(async () =>
      expect(await cards(s.id)).toEqual([
        expect.objectContaining({ participant_id: s.people[0], absent: true, n: 0 }),
      ]),
    );
    const [{ id: first }] = await backend.sql<{ id: string }>(
      'select id::text from audition_scorecards where session_id = $1',
      [s.id],
    );

    // Back to Awa from the running order: she came after all.
    await user.click(screen.getByText(/^Ordre de passage/));
    await user.click(screen.getByRole('button', { name: /^1\. Awa Ngono/ }));
    expect(within(form()).getByText('Candidat marqué absent.')).toBeVisible();
    await user.click(within(form()).getByRole('button', { name: 'Noter quand même' }));
    await scoreAll(user, 8);
    await user.click(within(form()).getByRole('button', { name: 'Suivant' }));
    await waitFor(async () =>
      expect(await cards(s.id)).toEqual([
        expect.objectContaining({ absent: false, n: 4, revision: 2 }),
      ]),
    );
    const [{ id: again }] = await backend.sql<{ id: string }>(
      'select id::text from audition_scorecards where session_id = $1',
      [s.id],
    );
    expect(again).toBe(first);
  });
});

describe('the administration’s sign-in', () => {
  it('lets a judge through, to be sent to the jury’s page', async () => {
    const s = await todaysSession();
    expect(await signInAdmin(s.judges[0], PASSWORD)).toEqual({ email: s.judges[0], jury: true });
    expect(await getJuryStaff()).toMatchObject({ email: s.judges[0], role: 'jury' });
  });
});

describe('blind until the lock, and the lead judge’s lock', () => {
  it('shows only my scores; the lead sees who is missing, forces the lock, then sees the others', async () => {
    const s = await todaysSession(['Awa Ngono', 'Bibi Eto']);
    // Judge 2 scores Awa (8 everywhere) from their own phone.
    const judge2 = await backend.signedInClient(s.judges[1], PASSWORD);
    const { data: session } = await judge2.rpc('jury_session', { session_id: s.id });
    const criteria = (session as { criteria: { dance: { id: string }[] } }).criteria.dance;
    const sent = await judge2.rpc('jury_submit_scorecard', {
      session_id: s.id,
      participant_id: s.people[0],
      card_id: crypto.randomUUID(),
      revision: 1,
      absent: false,
      comment: '',
      scores: Object.fromEntries(criteria.map((c) => [c.id, 8])),
    });
    expect(sent.error).toBeNull();

    const { user } = await openJury(s.judges[0]);
    // Blind: Awa's card shows nothing of judge 2's.
    expect(within(form()).queryAllByRole('slider')).toEqual([]);
    for (const bar of within(form()).getAllByRole('spinbutton'))
      expect(bar).toHaveAttribute('aria-valuetext', 'pas encore noté');
    expect(screen.queryByRole('region', { name: 'Notes des autres jurés' })).toBeNull();
    expect(document.body).not.toHaveTextContent('8 / 10');

    const lock = screen.getByRole('region', { name: 'Verrouiller la session' });
    expect(lock).toHaveTextContent('Notes manquantes :');
    expect(lock).toHaveTextContent('Juré 1 : 2 candidats');
    expect(lock).toHaveTextContent('Juré 2 : 1 candidat');
    // The lock only asks: its confirmation names the missing notes, mine by name.
    await user.click(within(lock).getByRole('button', { name: 'Verrouiller la session…' }));
    const confirm = await within(lock).findByRole('group', {
      name: /^Verrouiller la session sans toutes les notes\s\?$/,
    });
    await waitFor(() => expect(confirm).toHaveFocus());
    expect(confirm).toHaveTextContent('Juré 1 : 2 candidats');
    expect(confirm).toHaveTextContent('Juré 2 : 1 candidat');
    expect(confirm).toHaveTextContent('Les vôtres : Awa Ngono, Bibi Eto.');
    const [{ state: before }] = await backend.sql<{ state: string }>(
      'select state from audition_sessions where id = $1',
      [s.id],
    );
    expect(before).toBe('open');
    await user.click(within(confirm).getByRole('button', { name: 'Verrouiller sans ces notes' }));

    expect(await screen.findByRole('region', { name: 'Session verrouillée' })).toHaveTextContent(
      'les notes ne changent plus',
    );
    const others = await screen.findByRole('region', { name: 'Notes des autres jurés' });
    expect(others).toHaveTextContent('Juré 2 : 8 / 10');
    expect(within(form()).queryByRole('button', { name: 'Suivant' })).toBeNull();
    const [{ state }] = await backend.sql<{ state: string }>(
      'select state from audition_sessions where id = $1',
      [s.id],
    );
    expect(state).toBe('locked');
  });

  it('a judge who does not lead has no lock', async () => {
    const s = await todaysSession();
    await openJury(s.judges[1]);
    expect(screen.queryByRole('region', { name: 'Verrouiller la session' })).toBeNull();
  });
});
