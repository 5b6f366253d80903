import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearAdminSession } from '@/lib/admin-session';
import { signOutAdmin } from '@/data/staff/admin-auth';
import { testBackend } from '../setup/test-backend';
import { renderAdmin, signInAsAdmin } from './admin-render';
import { card, finalSession, jurySession, mark } from '../integration/support/final';

/**
 * /admin/auditions?finale=dance (issue 41, docs/decisions/047-the-final.md): the results as the
 * database computes them, the rules published after a confirmation saying they freeze, the
 * results published after a confirmation naming the podium, then shown with their digest.
 */
const backend = testBackend();
const SLOW = { timeout: 8000 };

beforeAll(async () => {
  await backend.createUser('fv-chef@example.cm', 'chef-password-123', { admin: true });
  const ids = [
    await backend.createUser('fv-j1@example.cm', 'jury-password-123', { role: 'jury' }),
    await backend.createUser('fv-j2@example.cm', 'jury-password-123', { role: 'jury' }),
  ];
  const admin = await backend.signedInClient('fv-chef@example.cm', 'chef-password-123');
  const judges = [
    await backend.signedInClient('fv-j1@example.cm', 'jury-password-123'),
    await backend.signedInClient('fv-j2@example.cm', 'jury-password-123'),
  ];
  const { id, people } = await finalSession(backend, admin, ['Duo Alpha', 'Duo Beta'], ids);
  const s = await jurySession(judges[0], id);
  for (const j of judges) {
    await mark(j, s, people[0], card(8, 8, 8, 8));
    await mark(j, s, people[1], card(6, 6, 6, 6));
  }
  await admin.rpc('jury_lock_session', { session_id: id });
});

beforeEach(async () => {
  clearAdminSession();
  await signOutAdmin();
});

describe('/admin/auditions?finale=dance', () => {
  it('publishes the rules, then the results, each after saying what follows', async () => {
    const user = userEvent.setup();
    await signInAsAdmin('fv-chef@example.cm', 'chef-password-123');
    renderAdmin('/admin/auditions?finale=dance');
    const table = await screen.findByRole('table', { name: 'Résultats de la finale danse' }, SLOW);
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => within(r).getAllByRole('cell')[1].textContent),
    ).toEqual(['Duo Alpha', 'Duo Beta']);
    expect(screen.getByText(/Pas encore publiées\./)).toBeVisible();
    // Not offered before the rules are published.
    expect(screen.queryByRole('button', { name: 'Publier les résultats' })).toBeNull();
    expect(
      screen.getByText(/Les résultats se publient une fois les règles publiées/),
    ).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Publier les règles' }));
    const rulesDialog = screen.getByRole('alertdialog', { name: 'Publier les règles\u00a0?' });
    expect(rulesDialog).toHaveTextContent('demandera l’accord d’un second administrateur');
    await user.click(within(rulesDialog).getByRole('button', { name: 'Publier' }));
    expect(await screen.findByText(/Publiées le /, {}, SLOW)).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Publier les résultats' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Publier les résultats\u00a0?' });
    expect(dialog).toHaveTextContent(
      'Ce classement (1. Duo Alpha, 2. Duo Beta) devient le résultat officiel de la finale (danse), publié sur /resultats. Il ne pourra plus être modifié.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Publier' }));
    const shown = await screen.findByText(/^Publiés le /, {}, SLOW);
    const [{ inputs_digest }] = await backend.sql<{ inputs_digest: string }>(
      `select inputs_digest from final_result_snapshots where category = 'dance'`,
    );
    expect(shown).toHaveTextContent(`empreinte ${inputs_digest}.`);
    expect(screen.queryByRole('button', { name: 'Publier les résultats' })).toBeNull();
  });
});
