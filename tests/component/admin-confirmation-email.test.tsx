import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockEmailJs } from '../setup/emailjs-mock';
import { testBackend } from '../setup/test-backend';
import { renderAdmin, signInAsAdmin } from './admin-render';

// EmailJS configured for this file (read by getEnv() on first use).
vi.stubEnv('VITE_EMAILJS_PUBLIC_KEY', 'pk_test_public');
vi.stubEnv('VITE_EMAILJS_SERVICE_ID', 'service_booster');
vi.stubEnv('VITE_EMAILJS_CONFIRMATION_TEMPLATE_ID', 'template_confirmation');

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
  it('is sent through EmailJS to the participant when configured', async () => {
    const user = userEvent.setup();
    renderAdmin(`/admin/participants/${ID}`);
    await user.click(
      await screen.findByRole('button', { name: 'Envoyer l’e-mail de confirmation' }),
    );
    expect(await screen.findByText('Email de confirmation envoyé')).toBeVisible();
    expect(emailjs.sends).toHaveLength(1);
    expect(emailjs.sends[0]).toMatchObject({
      user_id: 'pk_test_public',
      service_id: 'service_booster',
      template_id: 'template_confirmation',
      template_params: {
        to_name: 'Paul Etoa',
        to_email: 'paul@example.cm',
        category: 'Chant',
        participation_type: 'Solo',
        participant_id: ID,
      },
    });
  });

  it('says so when EmailJS refuses, without claiming success', async () => {
    emailjs.failWith(400, 'The template ID is invalid');
    const user = userEvent.setup();
    renderAdmin(`/admin/participants/${ID}`);
    await user.click(
      await screen.findByRole('button', { name: 'Envoyer l’e-mail de confirmation' }),
    );
    expect(
      await screen.findByText("Échec de l'envoi de l'email de confirmation. Veuillez réessayer."),
    ).toBeVisible();
    expect(screen.queryByText('Email de confirmation envoyé')).toBeNull();
    expect(emailjs.sends).toHaveLength(1);
  });
});
