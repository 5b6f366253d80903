import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearAdminSession } from '@/lib/admin-session';
import { signOutAdmin } from '@/data/staff/admin-auth';
import { testBackend } from '../setup/test-backend';
import { renderAdmin, signInAsAdmin } from './admin-render';
import { closedRound } from '../integration/support/final';

/**
 * The final's rules form (/admin/auditions?finale=dance, issue 41 item 1,
 * docs/decisions/047-the-final.md): what the organiser sets is the row the database stores;
 * a refused share stores nothing and says why beside the field; after publication the same form
 * proposes a change that waits for a second admin.
 */
const backend = testBackend();
const SLOW = { timeout: 8000 };
let finalRound = '';

type RulesRow = {
  jury_share: number;
  public_share: number;
  tiebreak: string[];
  tiebreak_criterion: string | null;
  vote_round_ids: string[];
};
const rulesRow = async () =>
  (
    await backend.sql<RulesRow>(
      `select jury_share, public_share, tiebreak, tiebreak_criterion, vote_round_ids::text[]
         from final_rules where category = 'dance'`,
    )
  )[0];
const changes = () =>
  backend.sql<{ proposed: Record<string, unknown>; approved_by: string | null }>(
    `select proposed, approved_by from final_rule_changes where category = 'dance'`,
  );

beforeAll(async () => {
  await backend.createUser('fr-chef@example.cm', 'chef-password-123', { admin: true });
  finalRound = await closedRound(backend, [], []);
  await backend.sql(`insert into vote_rounds (title) values ('Demi-finale chant')`);
});

beforeEach(async () => {
  clearAdminSession();
  await signOutAdmin();
});

const form = () => screen.findByRole('form', { name: 'Règles de la finale (danse)' }, SLOW);

describe('the final’s rules form', () => {
  it('stores 70/30 with a criterion and one round; a bad share stores nothing', async () => {
    const user = userEvent.setup();
    await signInAsAdmin('fr-chef@example.cm', 'chef-password-123');
    renderAdmin('/admin/auditions?finale=dance');
    const f = await form();
    const share = within(f).getByRole('textbox', { name: /Part du jury/ });
    expect(share).toHaveValue('100');
    expect(share).toHaveAccessibleDescription('Public 0\u00a0%\u00a0: jury seulement.');

    // Refused before anything is sent, the database's words beside the field.
    await user.clear(share);
    await user.type(share, '120');
    await user.click(within(f).getByRole('button', { name: 'Enregistrer les règles' }));
    expect(share).toHaveAccessibleDescription(
      expect.stringContaining('La part du jury est un nombre entier de 0 à 100.'),
    );
    expect(share).toHaveFocus();

    await user.clear(share);
    await user.type(share, '70');
    expect(share).toHaveAccessibleDescription('Public 30\u00a0%.');
    // A public share with no round: refused by the database, shown on the rounds.
    await user.click(within(f).getByRole('button', { name: 'Enregistrer les règles' }));
    const rounds = within(f).getByRole('group', {
      name: 'Manches du vote du public qui comptent',
    });
    await within(rounds).findByText(
      'Choisissez la ou les manches du vote du public qui comptent.',
      {},
      SLOW,
    );
    expect(rounds).toHaveAccessibleDescription(
      'Choisissez la ou les manches du vote du public qui comptent.',
    );
    expect(await rulesRow()).toMatchObject({ jury_share: 100, public_share: 0 });
    expect(
      await backend.sql(`select 1 from audit_log where action like 'final.rules%'`),
    ).toHaveLength(0);

    await user.selectOptions(
      within(f).getByRole('combobox', { name: 'Critère qui départage' }),
      'Technique',
    );
    await user.click(within(rounds).getByRole('checkbox', { name: 'Finale danse' }));
    await user.click(within(f).getByRole('button', { name: 'Enregistrer les règles' }));
    await screen.findByText('Règles de la finale enregistrées', {}, SLOW);
    expect(await rulesRow()).toEqual({
      jury_share: 70,
      public_share: 30,
      tiebreak: ['jury', 'criterion', 'head_judge'],
      tiebreak_criterion: 'technique',
      vote_round_ids: [finalRound],
    });
    // The testing library reads no-break spaces as spaces.
    expect(await screen.findByText(/Jury 70 %, public 30 %\./, {}, SLOW)).toBeVisible();
  });

  it('after publication, proposes the change for a second admin without applying it', async () => {
    const user = userEvent.setup();
    await signInAsAdmin('fr-chef@example.cm', 'chef-password-123');
    renderAdmin('/admin/auditions?finale=dance');
    await user.click(await screen.findByRole('button', { name: 'Publier les règles' }, SLOW));
    const dialog = screen.getByRole('alertdialog', { name: 'Publier les règles\u00a0?' });
    // What is published: the stored rules, named, not the form's unsaved values.
    expect(dialog).toHaveTextContent(
      'Les règles enregistrées de la finale (danse), jury 70 % et public 30 %',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Publier' }));
    await screen.findByText(/Publiées le /, {}, SLOW);

    const f = await form();
    expect(within(f).getByText(/un changement enregistré ici est proposé/)).toBeVisible();
    const share = within(f).getByRole('textbox', { name: /Part du jury/ });
    expect(share).toHaveValue('70');
    // Unchanged: nothing proposed (a proposal waiting would block the next one).
    await user.click(within(f).getByRole('button', { name: 'Proposer ce changement' }));
    await screen.findByText('Aucune modification à enregistrer', {}, SLOW);
    expect(await changes()).toEqual([]);
    await user.clear(share);
    await user.type(share, '100');
    await user.click(within(f).getByRole('button', { name: 'Proposer ce changement' }));
    await screen.findByText(
      'Modification proposée : un autre administrateur doit l’approuver.',
      {},
      SLOW,
    );
    expect(await screen.findByText(/attend l’accord d’un second administrateur/)).toBeVisible();
    expect(screen.queryByRole('form', { name: 'Règles de la finale (danse)' })).toBeNull();
    expect(await rulesRow()).toMatchObject({ jury_share: 70, public_share: 30 });
    expect(await changes()).toEqual([
      {
        approved_by: null,
        proposed: expect.objectContaining({
          jury_share: 100,
          public_share: 0,
          vote_round_ids: [],
          tiebreak: ['jury', 'criterion', 'head_judge'],
          tiebreak_criterion: 'technique',
        }),
      },
    ]);
  });
});
