import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testBackend } from '../setup/test-backend';
import { renderAdmin, signInAsAdmin } from './admin-render';

/**
 * The pipeline's bulk convocation through the outbox, against the real database: the ticked
 * participants with an audition slot get their convocation queued by SMS or WhatsApp (one journal
 * row), each shown "en file d'envoi" and recorded as notified only once the provider accepted it
 * (outbox_record, as the sender does); a participant without a slot gets none.
 */
const backend = testBackend();
const AWA = 'f2000000-0000-4000-8000-000000000001';
const PAUL = 'f2000000-0000-4000-8000-000000000002';

beforeAll(async () => {
  await backend.createUser('chef@example.cm', 'chef-password-123', { admin: true });
});

beforeEach(async () => {
  await backend.sql(`begin;
    delete from audit_log;
    delete from outbox;
    delete from participants;
    insert into participants (id, full_name, email, phone, city, region, category,
      participation_type, agree_to_terms, created_at, status, audition_city, audition_at)
    values ('${AWA}', 'Awa Ngono', 'awa@example.cm', '690100001', 'Douala', 'Littoral', 'dance',
              'solo', true, now() - interval '2 hours', 'convoque', 'Douala', '2030-07-10 10:00+01'),
           ('${PAUL}', 'Paul Etoa', 'paul@example.cm', '690100002', 'Yaoundé', 'Centre', 'singing',
              'solo', true, now() - interval '1 hour', 'inscrit', null, null);
    delete from outbox;
    commit;`);
  await signInAsAdmin('chef@example.cm', 'chef-password-123');
});

const toolbar = () => screen.getByRole('region', { name: 'Actions sur la sélection' });
const convocations = () =>
  backend.sql<{ recipient: string; channel: string; state: string }>(
    `select recipient, channel, state from outbox where template = 'convocation'`,
  );

describe('bulk convocations through the outbox', () => {
  it('queues the convocation of the ticked participants with a slot, "en file d’envoi" until accepted', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/participants');
    await user.click(await screen.findByRole('checkbox', { name: 'Sélectionner Awa Ngono' }));
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner Paul Etoa' }));
    const form = within(toolbar()).getByRole('form', {
      name: 'Envoyer les convocations de la sélection',
    });
    expect(within(form).getByLabelText('Convocation par')).toHaveAccessibleDescription(
      /1 participant sans créneau d’audition\s: pas de convocation\./,
    );
    await user.selectOptions(within(form).getByLabelText('Convocation par'), 'sms');
    await user.click(within(form).getByRole('button', { name: 'Envoyer les convocations' }));
    expect(
      await screen.findByText('Convocation mise en file d’envoi pour 1 participant (SMS)'),
    ).toBeVisible();
    expect(await convocations()).toEqual([
      { recipient: '690100001', channel: 'sms', state: 'queued' },
    ]);
    expect(await backend.sql('select action from audit_log')).toEqual([
      { action: 'messages.convocation' },
    ]);
    // Not notified yet: the list says the convocation waits in the queue.
    const list = within(toolbar()).getByRole('list', { name: 'Convocations' });
    expect(within(list).getByText('Convocation en file d’envoi')).toBeVisible();
    const [{ notified_at }] = await backend.sql<{ notified_at: string | null }>(
      `select notified_at from participants where id = '${AWA}'`,
    );
    expect(notified_at).toBeNull();

    // The provider accepts it (the sender's claim and record): now notified.
    await backend.sql(`select public.outbox_record((c ->> 'id')::uuid, true, 'local', 'local-1')
                         from jsonb_array_elements(public.outbox_claim(10)) c`);
    const [after] = await backend.sql<{ notified_at: string | null }>(
      `select notified_at from participants where id = '${AWA}'`,
    );
    expect(after.notified_at).not.toBeNull();

    // Sent again: nothing twice.
    await user.click(within(form).getByRole('button', { name: 'Envoyer les convocations' }));
    await waitFor(() =>
      expect(
        screen.getByText(
          'Convocation mise en file d’envoi pour 0 participant (SMS) ; 1 participant déjà convoqué(s) à ce créneau ou sans créneau',
        ),
      ).toBeVisible(),
    );
    expect(await convocations()).toHaveLength(1);
  });
});
