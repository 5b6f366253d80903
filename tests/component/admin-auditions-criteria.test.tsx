import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearAdminSession } from '@/lib/admin-session';
import { signOutAdmin } from '@/data/staff/admin-auth';
import { testBackend } from '../setup/test-backend';
import { fr, plain } from '../setup/french';
import { CRITERIA_HELP } from '@/features/admin/settings/CriteriaPanel';
import { renderAdmin, signInAsAdmin } from './admin-render';

/**
 * "Critères du jury" in /admin/parametres (issue 30), against the real local backend: the
 * defaults, the editor's rules (labels, whole weights, a total of 100) each said in French where
 * it applies and nothing stored, a valid change saved and journaled; a reader reads them.
 */
const backend = testBackend();
const SLOW = { timeout: 8000 };

beforeAll(async () => {
  await backend.createUser('chef@example.cm', 'chef-password-123', { admin: true });
  await backend.createUser('lecteur@example.cm', 'lecteur-password-123', { role: 'lecteur' });
});

beforeEach(async () => {
  clearAdminSession();
  await signOutAdmin();
});

const stored = (category: string) =>
  backend.sql<{ label: string; weight: number }>(
    'select label, weight from audition_criteria where category = $1 order by position',
    [category],
  );

/** The fields of criterion `index` (from 0) of a category's form. */
const criterion = (form: HTMLElement, index: number) =>
  within(within(form).getByRole('group', { name: `Critère ${index + 1}` }));

describe('the jury’s criteria in the settings', () => {
  it('refuses weights that do not sum to 100, then saves a valid change', async () => {
    const user = userEvent.setup({ delay: null });
    await signInAsAdmin('chef@example.cm', 'chef-password-123');
    renderAdmin('/admin/parametres');
    const dance = await screen.findByRole('form', { name: 'Danse' }, SLOW);
    expect(
      [0, 1, 2, 3].map((i) => [
        (criterion(dance, i).getByLabelText(/^Libellé/) as HTMLInputElement).value,
        (criterion(dance, i).getByLabelText(/^Poids/) as HTMLInputElement).value,
      ]),
    ).toEqual([
      ['Technique', '30'],
      ['Créativité', '25'],
      ['Présence scénique', '25'],
      ['Musicalité', '20'],
    ]);
    expect(within(dance).getByText(/^Total des poids/).textContent).toBe(
      fr('Total des poids : 100 / 100'),
    );
    // The help says when a session stops following these settings (the database's rule).
    expect(screen.getByText(plain(CRITERIA_HELP))).toBeVisible();
    expect(CRITERIA_HELP).toMatch(
      /puis les garde\u00a0: les changer ici ne modifie pas une session déjà notée\.$/,
    );

    // 35 instead of 30: the total says 105, and the form refuses it.
    const technique = criterion(dance, 0).getByLabelText(/^Poids/);
    await user.clear(technique);
    await user.type(technique, '35');
    expect(within(dance).getByText(/^Total des poids/).textContent).toBe(
      fr('Total des poids : 105 / 100'),
    );
    await user.click(
      within(dance).getByRole('button', { name: fr('Enregistrer les critères : Danse') }),
    );
    expect(await within(dance).findByText('Corrigez les champs signalés.')).toBeVisible();
    expect(
      within(dance).getByRole('group', { name: fr('Critères et poids : Danse') }),
    ).toHaveAccessibleDescription(
      fr('Total des poids : 105 / 100 Les poids totalisent 105 : ils doivent totaliser 100.'),
    );
    // A label too short, a weight that is not whole: each under its field.
    const label = criterion(dance, 3).getByLabelText(/^Libellé/);
    await user.clear(label);
    await user.type(label, 'M');
    const weight = criterion(dance, 3).getByLabelText(/^Poids/);
    await user.clear(weight);
    await user.type(weight, '12.5');
    await user.click(
      within(dance).getByRole('button', { name: fr('Enregistrer les critères : Danse') }),
    );
    expect(label).toHaveAccessibleDescription('Le libellé compte de 2 à 40 caractères.');
    expect(weight).toHaveAccessibleDescription('Le poids est un nombre entier de 1 à 100.');
    expect((await stored('dance')).map((c) => c.weight)).toEqual([30, 25, 25, 20]);

    // Fixed: Technique 35, Musicalité renamed and 15.
    await user.clear(label);
    await user.type(label, 'Musicalité et rythme');
    await user.clear(weight);
    await user.type(weight, '15');
    await user.click(
      within(dance).getByRole('button', { name: fr('Enregistrer les critères : Danse') }),
    );
    expect(await screen.findByText('Critères de la danse enregistrés', {}, SLOW)).toBeVisible();
    expect(await stored('dance')).toEqual([
      { label: 'Technique', weight: 35 },
      { label: 'Créativité', weight: 25 },
      { label: 'Présence scénique', weight: 25 },
      { label: 'Musicalité et rythme', weight: 15 },
    ]);
    expect(
      await backend.sql(`select 1 from audit_log where action = 'jury.criteria'`),
    ).toHaveLength(1);
    // Singing keeps its defaults.
    expect((await stored('singing')).map((c) => c.weight)).toEqual([30, 25, 25, 20]);
  }, 40_000);

  it('shows a reader the criteria as text, with no form', async () => {
    await signInAsAdmin('lecteur@example.cm', 'lecteur-password-123');
    renderAdmin('/admin/parametres');
    const section = await screen.findByRole('region', { name: 'Critères du jury' }, SLOW);
    expect(await within(section).findByText('Justesse', {}, SLOW)).toBeVisible();
    expect(within(section).queryByRole('form')).toBeNull();
    expect(within(section).queryByRole('button')).toBeNull();
  }, 30_000);
});
