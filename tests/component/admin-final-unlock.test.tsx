import { beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearAdminSession } from '@/lib/admin-session';
import { signOutAdmin } from '@/data/staff/admin-auth';
import { testBackend } from '../setup/test-backend';
import { renderAdmin, signInAsAdmin } from './admin-render';
import { card, finalSession, jurySession, mark } from '../integration/support/final';

/**
 * An admin unlocks a final's locked card from /admin/auditions?finale=dance (issue 41, item 2;
 * docs/decisions/049-results-and-certificates.md), with a reason, journaled, as the lead judge
 * does on /jury.
 */
const backend = testBackend();
const SLOW = { timeout: 10_000 };

beforeAll(async () => {
  clearAdminSession();
  await signOutAdmin();
  await backend.createUser('fu-chef@example.cm', 'chef-password-123', { admin: true });
  const ids = [
    await backend.createUser('fu-j1@example.cm', 'jury-password-123', { role: 'jury' }),
    await backend.createUser('fu-j2@example.cm', 'jury-password-123', { role: 'jury' }),
  ];
  const admin = await backend.signedInClient('fu-chef@example.cm', 'chef-password-123');
  const judge = await backend.signedInClient('fu-j2@example.cm', 'jury-password-123');
  const { id, people } = await finalSession(backend, admin, ['Kevin Ateba'], ids);
  await mark(judge, await jurySession(judge, id), people[0], card(7, 7, 7, 7));
  await backend.sql(`update audition_scorecards set locks_at = now() - interval '1 minute'`);
});

describe('an open final in the admin’s final view', () => {
  it('lets an admin unlock a locked card with a reason, journaled', async () => {
    const user = userEvent.setup();
    await signInAsAdmin('fu-chef@example.cm', 'chef-password-123');
    renderAdmin('/admin/auditions?finale=dance');
    const panel = await screen.findByRole('region', { name: 'Fiches verrouillées' }, SLOW);
    await user.click(
      within(panel).getByRole('button', {
        name: 'Déverrouiller la fiche de Juré 2 pour Kevin Ateba…',
      }),
    );
    await user.type(within(panel).getByLabelText(/^Raison du déverrouillage/), 'Note inversée');
    await user.click(within(panel).getByRole('button', { name: 'Déverrouiller 5 minutes' }));
    expect(
      await within(panel).findByText(
        /^Fiche de Juré 2 pour Kevin Ateba déverrouillée jusqu’à /,
        {},
        SLOW,
      ),
    ).toBeVisible();
    const [row] = await backend.sql<{ actor_email: string; after: { reason: string } }>(
      `select actor_email, after from audit_log where action = 'jury.card_unlock'`,
    );
    expect(row).toMatchObject({
      actor_email: 'fu-chef@example.cm',
      after: expect.objectContaining({ reason: 'Note inversée' }),
    });
  });
});
