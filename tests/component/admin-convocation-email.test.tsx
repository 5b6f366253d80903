import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockEmailJs } from '../setup/emailjs-mock';
import { testBackend } from '../setup/test-backend';
import { renderAdmin, signInAsAdmin } from './admin-render';

// EmailJS as an organiser's .env may still set it, the old convocation template included.
vi.stubEnv('VITE_EMAILJS_PUBLIC_KEY', 'pk_test_public');
vi.stubEnv('VITE_EMAILJS_SERVICE_ID', 'service_booster');
vi.stubEnv('VITE_EMAILJS_CONTACT_TEMPLATE_ID', 'template_contact');
vi.stubEnv('VITE_EMAILJS_CONVOCATION_TEMPLATE_ID', 'template_convocation');

/**
 * A participant's convocation from their page (issue 38,
 * docs/decisions/038-no-visitor-links-and-outbox-only.md): the site sends it only through the
 * outbox (admin_send_convocations, by SMS or WhatsApp), never through EmailJS from the browser;
 * the organiser's own mail app (mailto:) stays, since it sends from their own account.
 */
const backend = testBackend();
const emailjs = mockEmailJs();
const PAUL = 'e4000000-0000-4000-8000-000000000001';

beforeAll(async () => {
  await backend.createUser('chef@example.cm', 'chef-password-123', { admin: true });
});

beforeEach(async () => {
  await backend.sql(`begin;
    delete from audit_log;
    delete from outbox;
    delete from participants;
    insert into participants (id, full_name, email, phone, city, region, category,
      participation_type, agree_to_terms, status, audition_city, audition_at)
    values ('${PAUL}', 'Paul Etoa', 'paul@example.cm', '690000002', 'Yaoundé', 'Centre',
            'singing', 'solo', true, 'convoque', 'Yaoundé', '2025-07-12 10:30+01');
    delete from outbox;
    commit;`);
  await signInAsAdmin('chef@example.cm', 'chef-password-123');
});

describe('convocation from a participant’s page', () => {
  it('is queued in the outbox, not sent through EmailJS, and shown as queued', async () => {
    const user = userEvent.setup();
    renderAdmin(`/admin/participants/${PAUL}`);
    const contest = within(await screen.findByRole('region', { name: 'Concours' }));
    expect(contest.queryByRole('button', { name: /par e-mail/ })).toBeNull();
    const form = within(
      contest.getByRole('form', {
        name: 'Envoyer la convocation de Paul Etoa par la file d’envoi',
      }),
    );
    await user.selectOptions(form.getByLabelText('Convocation par'), 'sms');
    await user.click(form.getByRole('button', { name: 'Envoyer la convocation' }));

    expect(
      await screen.findByText(/Convocation mise en file d’envoi pour 1 participant/),
    ).toBeVisible();
    expect(await contest.findByText('Convocation en file d’envoi')).toBeVisible();
    expect(await backend.sql('select recipient, template, channel, state from outbox')).toEqual([
      { recipient: '690000002', template: 'convocation', channel: 'sms', state: 'queued' },
    ]);
    const journal = await backend.sql<{ action: string }>('select action from audit_log');
    expect(journal).toEqual([{ action: 'messages.convocation' }]);
    expect(emailjs.requests).toEqual([]);
  });

  it('still offers the organiser’s own mail app (mailto:) where EmailJS used to send', async () => {
    renderAdmin(`/admin/participants/${PAUL}`);
    const contest = within(await screen.findByRole('region', { name: 'Concours' }));
    const mail = await contest.findByRole('link', { name: 'Convoquer Paul Etoa par e-mail' });
    expect(mail.getAttribute('href')).toMatch(/^mailto:paul@example\.cm\?subject=Convocation/);
    expect(emailjs.requests).toEqual([]);
  });
});
