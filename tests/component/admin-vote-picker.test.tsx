import { beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testBackend } from '../setup/test-backend';
import { renderAdmin, signInAsAdmin } from './admin-render';

/**
 * The vote round's candidate picker (issue 40): among every registrant, the finalists (and
 * laureates) come first, then the others, each group sorted by the name the picker shows (a
 * team's name for a team), accents and case aside.
 */
const backend = testBackend();
const SLOW = { timeout: 8000 };

beforeAll(async () => {
  await backend.createUser('chef@example.cm', 'chef-password-123', { admin: true });
  // [full name, team name, status]: the person's name would sort the teams elsewhere.
  const rows = [
    ['Zacharie Mvondo', 'Les Lions', 'finaliste'],
    ['Paul Abena', null, 'inscrit'],
    ['Élodie Kamga', null, 'laureat'],
    ['awa Ndiaye', null, 'inscrit'],
    ['Bruno Etoa', null, 'finaliste'],
    ['Aline Fouda', 'Zénith Crew', 'refuse'],
    ['Carine Bella', null, 'preselectionne'],
  ] as const;
  for (const [i, [name, team, status]] of rows.entries())
    await backend.sql(
      `with p as (
         insert into participants (full_name, email, phone, city, region, category,
           participation_type, team_name, agree_to_terms, status)
         values ($1, 'picker' || $4 || '@example.cm', '69900000' || $4, 'Douala', 'Littoral',
                 'dance', case when $2::text is null then 'solo' else 'team' end, $2, true, $3)
         returning id, participation_type)
       insert into team_members (participant_id, position, full_name, email, phone)
       select id, 1, 'Membre ' || $4, 'membre' || $4 || '@example.cm', '29900000' || $4
         from p where participation_type = 'team'`,
      [name, team, status, String(i)],
    );
});

describe('/admin/vote, linking a candidate to a participant', () => {
  it('offers the finalists first, then everyone else, each sorted by the name shown', async () => {
    const user = userEvent.setup({ delay: null });
    await signInAsAdmin('chef@example.cm', 'chef-password-123');
    renderAdmin('/admin/vote');
    expect(await screen.findByText('Aucune manche pour le moment', {}, SLOW)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Nouvelle manche' }));
    const first = within(await screen.findByRole('group', { name: 'Candidat 1' }, SLOW));
    const picker = first.getByRole('combobox', { name: 'Participant du concours (facultatif)' });
    await within(picker).findByRole('option', { name: 'Les Lions (danse)' }, SLOW);
    const groups = within(picker).getAllByRole('group');
    expect(groups.map((g) => g.getAttribute('label'))).toEqual([
      'Finalistes',
      'Autres participants',
    ]);
    const names = (group: HTMLElement) =>
      within(group)
        .getAllByRole('option')
        .map((o) => o.textContent);
    expect(names(groups[0])).toEqual([
      'Bruno Etoa (danse)',
      'Élodie Kamga (danse)',
      'Les Lions (danse)',
    ]);
    expect(names(groups[1])).toEqual([
      'awa Ndiaye (danse)',
      'Carine Bella (danse)',
      'Paul Abena (danse)',
      'Zénith Crew (danse)',
    ]);
    // Linking a finalist names the candidate after them.
    await user.selectOptions(picker, 'Les Lions (danse)');
    expect(picker).toHaveDisplayValue('Les Lions (danse)');
  }, 30_000);
});
