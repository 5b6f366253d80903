import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearAdminSession } from '@/lib/admin-session';
import { signOutAdmin } from '@/data/staff/admin-auth';
import { testBackend } from '../setup/test-backend';
import { fr } from '../setup/french';
import { renderAdmin, signInAsAdmin } from './admin-render';
import { jurySession, performers, saveSession, score } from '../integration/support/jury';

/**
 * /admin/auditions, a ranking read half-done (issue 38,
 * docs/decisions/040-ranking-floor-and-complete-first.md): an open session in Garoua where the
 * second judge has not scored "Solo Tchoupo" yet (the lead's 9, the best raw mark). The
 * performer is marked "Incomplet (1 juré sur 2)" and ranked last, with the raw rank beside the
 * normalised one; preselection and finalists are unavailable and say which session they wait
 * for, on the ranking across cities and on the session's results.
 */
const backend = testBackend();
const SLOW = { timeout: 8000 };
const DAY = '2026-12-19';
const WAITING = fr(
  'Présélection et finalistes impossibles tant qu’une session est ouverte ou incomplète : Session Garoua du 19/12/2026 encore ouverte. Verrouillez chaque session une fois toutes ses notes données.',
);
let sessionId: string;

beforeAll(async () => {
  await backend.createUser('rk-chef@example.cm', 'chef-password-123', { admin: true });
  await backend.createUser('rk-lecteur@example.cm', 'lecteur-password-123', { role: 'lecteur' });
  const lead = await backend.createUser('rk-lead@example.cm', 'jury-password-123', {
    role: 'jury',
  });
  const other = await backend.createUser('rk-other@example.cm', 'jury-password-123', {
    role: 'jury',
  });
  const admin = await backend.signedInClient('rk-chef@example.cm', 'chef-password-123');
  const j1 = await backend.signedInClient('rk-lead@example.cm', 'jury-password-123');
  const j2 = await backend.signedInClient('rk-other@example.cm', 'jury-password-123');
  const [kana, mba, solo] = await performers(backend, ['Awa Kana', 'Paul Mba', 'Solo Tchoupo'], {
    day: DAY,
    city: 'Garoua',
  });
  ({ id: sessionId } = await saveSession(admin, {
    city: 'Garoua',
    held_on: DAY,
    category: 'dance',
    venue: 'Alliance française de Garoua',
    judges: [lead, other],
    lead,
  }));
  const s = await jurySession(j1, sessionId);
  for (const [p, v] of [
    [kana, 7],
    [mba, 5],
    [solo, 9],
  ] as const)
    await score(j1, s, p, v);
  await score(j2, s, kana, 7);
  await score(j2, s, mba, 5);
});

beforeEach(async () => {
  clearAdminSession();
  await signOutAdmin();
});

/** Each body row's cells: rank, performer, city, normalised, raw, raw rank (ranking page). */
const cells = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .filter((_, i) => i !== 2 && i < 6)
        .map((c) => c.textContent),
    );

describe('/admin/auditions, a ranking not finished', () => {
  it('ranks an incomplete performer last, beside the raw rank, and waits for the session across cities', async () => {
    const user = userEvent.setup({ delay: null });
    await signInAsAdmin('rk-chef@example.cm', 'chef-password-123');
    renderAdmin('/admin/auditions?classement=dance');
    const table = await screen.findByRole('table', { name: 'Classement entre villes Danse' }, SLOW);
    expect(within(table).getAllByRole('columnheader')[5]).toHaveTextContent('Rang brut');
    expect(cells(table)).toEqual([
      ['1', 'Awa Kana', '+0,500', '7,00', '1'],
      ['2', 'Paul Mba', '−1,112', '5,00', '2'],
      ['3', 'Solo TchoupoIncomplet (1 juré sur 2)', '+1,225', '9,00', '3'],
    ]);
    for (const name of [
      'Présélectionner les N premiers en Danse',
      'Désigner les finalistes en Danse',
    ]) {
      const button = await screen.findByRole('button', { name }, SLOW);
      expect(button).toHaveAttribute('aria-disabled', 'true');
      expect(button).toHaveAccessibleDescription(WAITING);
      await user.click(button);
    }
    expect(screen.queryByRole('dialog')).toBeNull();
  }, 30_000);

  it('waits for the lock on the session’s results too', async () => {
    await signInAsAdmin('rk-chef@example.cm', 'chef-password-123');
    renderAdmin(`/admin/auditions?session=${sessionId}`);
    const table = await screen.findByRole('table', { name: 'Classement Danse' }, SLOW);
    expect(within(table).getAllByRole('row')[3]).toHaveTextContent('Incomplet (1 juré sur 2)');
    const button = screen.getByRole('button', { name: 'Désigner les finalistes en Danse' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAccessibleDescription(WAITING);
  }, 30_000);

  it('shows a reader no score of the open session', async () => {
    await signInAsAdmin('rk-lecteur@example.cm', 'lecteur-password-123');
    renderAdmin('/admin/auditions');
    expect(
      await screen.findByText('Résultats lisibles une fois la session verrouillée.', {}, SLOW),
    ).toBeVisible();
    expect(screen.queryByRole('link', { name: /^Voir les résultats/ })).toBeNull();
  }, 30_000);
});
