import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testBackend } from '../setup/test-backend';
import { renderAdmin, signInAsAdmin } from './admin-render';

/**
 * "Envoyer le rappel" on "Envois", against the real database: the preview (the text as a pass
 * gets it, the recipients, the SMS parts and the estimated cost from the price in the settings)
 * before anything is queued; the confirmation queues one reminder per confirmed pass (one journal
 * row); sent again, it queues nothing twice and says so.
 */
const backend = testBackend();

beforeAll(async () => {
  await backend.createUser('chef@example.cm', 'chef-password-123', { admin: true });
});

beforeEach(async () => {
  await backend.sql(`begin;
    delete from audit_log;
    delete from outbox;
    delete from reservations;
    update message_settings set sms_price_per_segment = 30;
    commit;`);
  const passes = [
    ['Awa Nkomo', '677100001', 'confirmed'],
    ['Boris Essomba', '677100002', 'confirmed'],
    ['Chantal Mvondo', '677100003', 'confirmed'],
    ['Denis Atangana', '677100004', 'waitlisted'],
  ];
  for (const [i, [name, phone, state]] of passes.entries()) {
    await backend.sql(
      `insert into reservations (full_name, phone, ville, heard_from, attendance_barrier,
         follows_booster_page, consumes_booster_products, state, queue_number, created_at)
       values ($1, $2, 'Douala', 'social', 'none', 'yes', 'yes', $3,
               case when $3 = 'waitlisted' then 1 end, now() - ($4 || ' minutes')::interval)`,
      [name, phone, state, 10 - i],
    );
  }
  await signInAsAdmin('chef@example.cm', 'chef-password-123');
});

const dialog = () => screen.getByRole('dialog', { name: 'Envoyer le rappel du concert' });
const definition = (term: string) => {
  const dt = within(dialog()).getByText(term, { selector: 'dt' });
  return dt.nextElementSibling?.textContent;
};

describe('"Envoyer le rappel"', () => {
  it('previews the text, the recipients and the cost, then queues one reminder per confirmed pass', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/envois');
    await screen.findByText('Aucun message envoyé pour le moment');
    await user.click(screen.getByRole('button', { name: 'Envoyer le rappel' }));
    expect(within(dialog()).getByLabelText('Canal')).toHaveFocus();
    const [first] = await backend.sql<{ pass_code: string }>(
      `select pass_code from reservations where phone = '677100001'`,
    );
    // The text as the first confirmed pass gets it, with its own link.
    const body = await within(dialog()).findByText(
      new RegExp(`^Rappel : Booster Night Party .*/pass/${first.pass_code}$`),
    );
    expect(body).toBeVisible();
    const [{ segments }] = await backend.sql<{ segments: number }>(
      `select private.sms_segments($1) as segments`,
      [body.textContent],
    );
    expect(definition('Destinataires :')).toBe('3 pass confirmés');
    expect(definition('Segments SMS :')).toBe(`${segments} par message (GSM-7)`);
    expect(definition('Coût estimé :')).toBe(`${3 * segments * 30} FCFA (30 FCFA par segment)`);
    // Nothing is queued by the preview.
    expect(await backend.sql(`select 1 from outbox where template = 'reminder'`)).toHaveLength(0);

    // WhatsApp: no SMS parts, no SMS cost.
    await user.selectOptions(within(dialog()).getByLabelText('Canal'), 'whatsapp');
    await waitFor(() => expect(within(dialog()).queryByText('Segments SMS :')).toBeNull());
    expect(within(dialog()).queryByText('Coût estimé :')).toBeNull();
    await user.selectOptions(within(dialog()).getByLabelText('Canal'), 'sms');
    await within(dialog()).findByText('Segments SMS :');

    await user.click(within(dialog()).getByRole('button', { name: 'Envoyer à 3 pass confirmés' }));
    expect(
      await screen.findByText('Rappel mis en file d’envoi pour 3 pass confirmés (SMS)'),
    ).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    const queued = await backend.sql<{ recipient: string; channel: string; template: string }>(
      `select recipient, channel, template from outbox order by recipient`,
    );
    expect(queued).toEqual(
      ['677100001', '677100002', '677100003'].map((recipient) => ({
        recipient,
        channel: 'sms',
        template: 'reminder',
      })),
    );
    expect(await backend.sql('select action from audit_log')).toEqual([
      { action: 'messages.reminder' },
    ]);
    // The list shows them at once.
    expect(await screen.findByText('3 messages')).toBeVisible();
  });

  it('sent again, queues nothing twice and cannot be confirmed', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/envois');
    await screen.findByText('Aucun message envoyé pour le moment');
    await user.click(screen.getByRole('button', { name: 'Envoyer le rappel' }));
    await user.click(
      await within(dialog()).findByRole('button', { name: 'Envoyer à 3 pass confirmés' }),
    );
    await screen.findByText('Rappel mis en file d’envoi pour 3 pass confirmés (SMS)');
    // A new pass confirmed meanwhile (its waitlist offer queued too): the next reminder goes to
    // it alone.
    await backend.sql(`update reservations set state = 'confirmed', queue_number = null
                        where phone = '677100004'`);
    await user.click(screen.getByRole('button', { name: 'Envoyer le rappel' }));
    await waitFor(() =>
      expect(definition('Destinataires :')).toBe('1 pass confirmé (3 sur 4 l’ont déjà reçu)'),
    );
    await user.click(within(dialog()).getByRole('button', { name: 'Envoyer à 1 pass confirmé' }));
    await screen.findByText('Rappel mis en file d’envoi pour 1 pass confirmé (SMS)');
    expect(await backend.sql(`select 1 from outbox where template = 'reminder'`)).toHaveLength(4);

    await user.click(screen.getByRole('button', { name: 'Envoyer le rappel' }));
    expect(
      await within(dialog()).findByText(
        'Chaque pass confirmé a déjà reçu ce rappel : il n’y a rien de plus à envoyer.',
      ),
    ).toBeVisible();
    const confirm = within(dialog()).getByRole('button', { name: 'Envoyer le rappel' });
    expect(confirm).toHaveAttribute('aria-disabled', 'true');
    await user.click(confirm);
    await user.click(within(dialog()).getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await backend.sql(`select 1 from outbox where template = 'reminder'`)).toHaveLength(4);
  });
});
