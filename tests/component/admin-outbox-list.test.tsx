import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testBackend } from '../setup/test-backend';
import { currentUrl, renderAdmin, signInAsAdmin } from './admin-render';
import { fr } from '../setup/french';

/**
 * "Envois" (/admin/envois) against the real database: the outbox's messages newest first with
 * their state (a failure with its reason), the counts by channel and message, each message's text
 * as it was sent, the filters in the URL, "Renvoyer" on a failed message (queued again, one
 * journal row); a reader reads that the page is the admins'.
 */
const backend = testBackend();
const SENT = 'f1000000-0000-4000-8000-000000000001';
const FAILED = 'f1000000-0000-4000-8000-000000000002';
const QUEUED = 'f1000000-0000-4000-8000-000000000003';

beforeAll(async () => {
  await backend.createUser('chef@example.cm', 'chef-password-123', { admin: true });
  await backend.createUser('lecteur@example.cm', 'lecteur-password-123', { role: 'lecteur' });
});

beforeEach(async () => {
  await backend.sql(`begin;
    delete from audit_log;
    delete from outbox;
    insert into outbox (id, channel, recipient, template, body, segments, state, attempts,
                        provider, provider_id, last_error, dedupe_key, created_at, sent_at)
    values ('${SENT}', 'sms', '677000001', 'reminder',
              'Rappel : Booster Night Party samedi 16 h, Palais des sports. Votre pass : http://localhost:5173/pass/ABCDEFGHJK',
              1, 'sent', 1, 'local', 'local-1', null, 'test:sent', now() - interval '2 hours', now() - interval '2 hours'),
           ('${FAILED}', 'whatsapp', '677000002', 'waitlist_offer',
              'Bonne nouvelle : une place s''est libérée.', null, 'failed', 5, null, null,
              'Numéro inconnu de WhatsApp (131026)', 'test:failed', now() - interval '1 hour', null),
           ('${QUEUED}', 'email', 'awa@example.cm', 'registration_confirmation',
              'Bonjour Awa, nous avons bien reçu votre inscription.', null, 'queued', 0, null, null,
              null, 'test:queued', now(), null);
    commit;`);
});

const rows = () =>
  within(screen.getByRole('table', { name: /^Messages envoyés/ }))
    .getAllByRole('row')
    .slice(1);
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('the "Envois" page', () => {
  it('lists the messages newest first, with their state, a failure’s reason and the counts', async () => {
    await signInAsAdmin('chef@example.cm', 'chef-password-123');
    renderAdmin('/admin/envois');
    expect(await screen.findByText('3 messages')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Envois' })).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Administration' });
    expect(within(nav).getByRole('link', { name: 'Envois' })).toHaveAttribute(
      'href',
      '/admin/envois',
    );
    const [queued, failed, sent] = rows();
    expect(cells(queued).slice(1, 5)).toEqual([
      'awa@example.cm',
      'E-mail',
      'Confirmation d’inscription',
      'En file d’envoi',
    ]);
    expect(cells(failed).slice(1, 5)).toEqual([
      '6 77 00 00 02',
      'WhatsApp',
      'Place libérée (liste d’attente)',
      'ÉchecNuméro inconnu de WhatsApp (131026)',
    ]);
    expect(cells(sent).slice(1, 5)).toEqual([
      '6 77 00 00 01',
      'SMS',
      'Rappel du concert',
      'Envoyé',
    ]);
    // Only a failed message can be sent again.
    expect(within(failed).getByRole('button', { name: /^Renvoyer/ })).toBeVisible();
    expect(within(sent).queryByRole('button', { name: /^Renvoyer/ })).toBeNull();
    expect(within(queued).queryByRole('button', { name: /^Renvoyer/ })).toBeNull();

    const counts = screen.getByRole('table', { name: /^Messages par canal et par message/ });
    const countRows = within(counts).getAllByRole('row').slice(1).map(cells);
    expect(countRows).toContainEqual(['SMS', 'Rappel du concert', '0', '0', '1', '0']);
    expect(countRows).toContainEqual([
      'WhatsApp',
      'Place libérée (liste d’attente)',
      '0',
      '0',
      '0',
      '1',
    ]);
    expect(countRows).toContainEqual(['E-mail', 'Confirmation d’inscription', '1', '0', '0', '0']);
  });

  it('shows a message’s text as it was sent (the local sink’s record)', async () => {
    const user = userEvent.setup();
    await signInAsAdmin('chef@example.cm', 'chef-password-123');
    renderAdmin('/admin/envois');
    const open = await screen.findByRole('button', {
      name: fr('Voir le message « Rappel du concert » à 6 77 00 00 01'),
    });
    await user.click(open);
    expect(open).toHaveAttribute('aria-expanded', 'true');
    expect(
      screen.getByText(/Votre pass : http:\/\/localhost:5173\/pass\/ABCDEFGHJK$/),
    ).toBeVisible();
    expect(
      screen.getByText(/envoyé le .* \(simulation locale\) ; 1 essai ; 1 segment SMS$/),
    ).toBeVisible();
    await user.click(open);
    expect(screen.queryByText(/pass\/ABCDEFGHJK/)).toBeNull();
  });

  it('filters by state, channel and message, in the URL', async () => {
    const user = userEvent.setup();
    await signInAsAdmin('chef@example.cm', 'chef-password-123');
    renderAdmin('/admin/envois?channel=email');
    expect(await screen.findByText('1 message')).toBeVisible();
    expect(screen.getByLabelText('Canal')).toHaveValue('email');
    expect(cells(rows()[0])[1]).toBe('awa@example.cm');

    await user.click(screen.getByRole('button', { name: 'Réinitialiser les filtres' }));
    expect(await screen.findByText('3 messages')).toBeVisible();
    expect(currentUrl()).toBe('/admin/envois');

    await user.selectOptions(screen.getByLabelText('État'), 'failed');
    await waitFor(() => expect(currentUrl()).toBe('/admin/envois?state=failed'));
    expect(await screen.findByText('1 message')).toBeVisible();
    expect(cells(rows()[0])[1]).toBe('6 77 00 00 02');

    await user.selectOptions(screen.getByLabelText('Message'), 'reminder');
    await waitFor(() => expect(currentUrl()).toBe('/admin/envois?state=failed&template=reminder'));
    expect(await screen.findByText('Aucun envoi ne correspond à ces filtres')).toBeVisible();
    // An unknown value in the URL is "all".
    renderAdmin('/admin/envois?state=perdu');
    expect(await screen.findByText('3 messages')).toBeVisible();
  });

  it('"Renvoyer" puts a failed message back in the queue, with one journal row', async () => {
    const user = userEvent.setup();
    await signInAsAdmin('chef@example.cm', 'chef-password-123');
    renderAdmin('/admin/envois');
    await user.click(
      await screen.findByRole('button', {
        name: fr('Renvoyer le message « Place libérée (liste d’attente) » à 6 77 00 00 02'),
      }),
    );
    expect(await screen.findByText('Message à 6 77 00 00 02 remis en file d’envoi')).toBeVisible();
    await waitFor(() => expect(cells(rows()[1])[4]).toBe('En file d’envoi'));
    // The button left with the failed state: the focus is on the same message's "Voir".
    await waitFor(() =>
      expect(
        screen.getByRole('button', {
          name: fr('Voir le message « Place libérée (liste d’attente) » à 6 77 00 00 02'),
        }),
      ).toHaveFocus(),
    );
    const [row] = await backend.sql<{ state: string; attempts: number; last_error: string | null }>(
      `select state, attempts, last_error from outbox where id = '${FAILED}'`,
    );
    expect(row).toEqual({ state: 'queued', attempts: 0, last_error: null });
    const journal = await backend.sql<{ action: string }>('select action from audit_log');
    expect(journal).toEqual([{ action: 'messages.resend' }]);
  });

  it('is the admins’ alone: a reader reads so, and the sidebar does not offer it', async () => {
    await signInAsAdmin('lecteur@example.cm', 'lecteur-password-123');
    renderAdmin('/admin/envois');
    expect(
      await screen.findByText(/^La page des envois est réservée aux administrateurs\./),
    ).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Administration' });
    expect(within(nav).queryByRole('link', { name: 'Envois' })).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
