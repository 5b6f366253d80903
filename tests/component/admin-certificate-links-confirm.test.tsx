import { beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fr } from '../setup/french';
import { testBackend } from '../setup/test-backend';
import { renderAdmin, signInAsAdmin } from './admin-render';

/**
 * « Envoyer le lien à tous » past a handful (docs/decisions/057-participation-certificates-and-their-link.md,
 * 037-message-budgets.md): six published singing finalists; the database asks first with the
 * count, nothing is queued until the admin confirms, then each link once.
 */
const backend = testBackend();
const SLOW = { timeout: 10_000 };

beforeAll(async () => {
  await backend.createUser('clc-chef@example.cm', 'chef-password-123', { admin: true });
  await backend.sql(`begin;
    delete from outbox; delete from final_result_snapshots where category = 'singing';
    with p as (
      insert into participants (full_name, email, phone, city, region, category,
        participation_type, agree_to_terms, status)
      select 'Voix ' || n, 'voix' || n || '@example.cm', '69040000' || n, 'Douala', 'Littoral',
             'singing', 'solo', true, 'finaliste'
        from generate_series(1, 6) n
      returning id, full_name)
    insert into final_result_snapshots (category, results, inputs_digest, signature)
    select 'singing', jsonb_build_object('finalists', jsonb_agg(jsonb_build_object(
             'participant_id', p.id, 'rank', right(p.full_name, 1)::int, 'name', p.full_name))),
           repeat('a', 64), repeat('b', 64)
      from p;
    delete from outbox;
    commit;`);
});

describe('« Envoyer le lien à tous » past five messages', () => {
  it('asks with the count first, queues nothing until confirmed, then six links', async () => {
    const user = userEvent.setup();
    await signInAsAdmin('clc-chef@example.cm', 'chef-password-123');
    renderAdmin('/admin/auditions?finale=singing');
    await user.click(await screen.findByRole('button', { name: 'Envoyer le lien à tous' }, SLOW));
    const dialog = await screen.findByRole(
      'alertdialog',
      { name: fr('Envoyer 6 messages ?') },
      SLOW,
    );
    const count = async () =>
      Number(
        (
          await backend.sql<{ n: number }>(
            `select count(*)::int n from outbox where template = 'certificate_link'`,
          )
        )[0].n,
      );
    expect(await count()).toBe(0);
    await user.click(
      within(dialog).getByRole('button', { name: 'Confirmer et envoyer 6 messages' }),
    );
    expect(
      await screen.findByText('Lien du certificat mis en file d’envoi pour 6 personnes', {}, SLOW),
    ).toBeVisible();
    expect(await count()).toBe(6);
  });
});
