import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockEmailJs } from '../setup/emailjs-mock';
import { testBackend } from '../setup/test-backend';
import { renderAdmin, signInAsAdmin } from './admin-render';

// EmailJS as an organiser's .env may still set it, the old confirmation template included.
vi.stubEnv('VITE_EMAILJS_PUBLIC_KEY', 'pk_test_public');
vi.stubEnv('VITE_EMAILJS_SERVICE_ID', 'service_booster');
vi.stubEnv('VITE_EMAILJS_CONTACT_TEMPLATE_ID', 'template_contact');
vi.stubEnv('VITE_EMAILJS_CONFIRMATION_TEMPLATE_ID', 'template_confirmation');

/**
 * The registration confirmation goes only through the outbox (issue 38,
 * docs/decisions/038-no-visitor-links-and-outbox-only.md): the database queues it when the
 * registration is stored, and the participant's page sends nothing from the browser; it says
 * where the confirmation went and links to "Envois".
 */
const backend = testBackend();
const ID = 'c2000000-0000-4000-8000-000000000001';
/** EmailJS is mocked at the network boundary; everything else reaches the test backend. */
const emailjs = mockEmailJs();

beforeAll(async () => {
  await backend.createUser('chef@example.cm', 'chef-password-123', { admin: true });
  await backend.sql(`insert into participants (id, full_name, email, phone, city, region, category,
      participation_type, agree_to_terms)
    values ('${ID}', 'Paul Etoa', 'paul@example.cm', '690000002', 'Yaoundé', 'Centre', 'singing', 'solo', true)`);
  await signInAsAdmin('chef@example.cm', 'chef-password-123');
});

describe('confirmation e-mail', () => {
  it('is queued by the database, and the page says so without sending anything from the browser', async () => {
    const user = userEvent.setup();
    renderAdmin(`/admin/participants/${ID}`);
    const actions = within(await screen.findByRole('region', { name: 'Actions' }));
    expect(
      actions.getByText(/L’e-mail de confirmation part automatiquement à l’inscription/),
    ).toBeVisible();
    expect(actions.queryByRole('button', { name: /confirmation/ })).toBeNull();
    expect(await backend.sql('select recipient, template, channel from outbox')).toEqual([
      { recipient: 'paul@example.cm', template: 'registration_confirmation', channel: 'email' },
    ]);

    await user.click(actions.getByRole('link', { name: 'Voir les envois' }));
    expect(await screen.findByRole('heading', { level: 1, name: /Envois/ })).toBeVisible();
    expect(emailjs.requests).toEqual([]);
  });
});
