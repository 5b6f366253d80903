import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockEmailJs } from '../setup/emailjs-mock';
import { testBackend } from '../setup/test-backend';
import { renderAdmin, signInAsAdmin } from './admin-render';

// EmailJS configured with a convocation template for this file (read by getEnv() on first use).
vi.stubEnv('VITE_EMAILJS_PUBLIC_KEY', 'pk_test_public');
vi.stubEnv('VITE_EMAILJS_SERVICE_ID', 'service_booster');
vi.stubEnv('VITE_EMAILJS_CONVOCATION_TEMPLATE_ID', 'template_convocation');

/**
 * The audition convocation sent by e-mail through EmailJS when its template is configured
 * (issue 13): the French text goes to the participant, and "notifié le …" is recorded only once
 * EmailJS has accepted it.
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
    delete from participants;
    insert into participants (id, full_name, email, phone, city, region, category,
      participation_type, agree_to_terms, status, audition_city, audition_at)
    values ('${PAUL}', 'Paul Etoa', 'paul@example.cm', '690000002', 'Yaoundé', 'Centre',
            'singing', 'solo', true, 'convoque', 'Yaoundé', '2025-07-12 10:30+01');
    commit;`);
  await signInAsAdmin('chef@example.cm', 'chef-password-123');
});

const notified = () =>
  backend.sql<{ notified: boolean }>(
    `select notified_at is not null as notified from participants where id = '${PAUL}'`,
  );

describe('convocation by e-mail', () => {
  it('is sent through EmailJS with the French convocation, then recorded', async () => {
    const user = userEvent.setup();
    renderAdmin(`/admin/participants/${PAUL}`);
    const contest = within(await screen.findByRole('region', { name: 'Concours' }));
    expect(contest.queryByRole('link', { name: 'Convoquer Paul Etoa par e-mail' })).toBeNull();
    await user.click(
      await contest.findByRole('button', {
        name: 'Envoyer la convocation de Paul Etoa par e-mail',
      }),
    );
    expect(await screen.findByText('Convocation envoyée par e-mail à Paul Etoa')).toBeVisible();
    expect(emailjs.sends).toHaveLength(1);
    const { template_id, template_params } = emailjs.sends[0];
    expect(template_id).toBe('template_convocation');
    expect(template_params).toMatchObject({
      to_name: 'Paul Etoa',
      to_email: 'paul@example.cm',
      subject: 'Convocation aux auditions du Booster Challenge',
    });
    expect(template_params.message).toContain('à Yaoundé, le samedi 12 juillet 2025 à 10:30');
    expect(await notified()).toEqual([{ notified: true }]);
    const journal = await backend.sql<{ action: string }>('select action from audit_log');
    expect(journal).toEqual([{ action: 'participant.notified' }]);
    expect(await contest.findByText(/^Notifié le /)).toBeVisible();
  });

  it('records nothing when EmailJS refuses, and says so', async () => {
    emailjs.failWith(400, 'The template ID is invalid');
    const user = userEvent.setup();
    renderAdmin(`/admin/participants/${PAUL}`);
    await user.click(
      await screen.findByRole('button', {
        name: 'Envoyer la convocation de Paul Etoa par e-mail',
      }),
    );
    expect(
      await screen.findByText(
        'Échec de l’envoi de la convocation à Paul Etoa. Veuillez réessayer.',
      ),
    ).toBeVisible();
    expect(emailjs.sends).toHaveLength(1);
    expect(await notified()).toEqual([{ notified: false }]);
    expect(await backend.sql('select 1 from audit_log')).toEqual([]);
    expect(screen.getByText('Pas encore notifié')).toBeVisible();
  });
});
