/**
 * Issue 38 on the registration page: a name that looks like a link (the registrant's, the team's,
 * a member's) gets its French message under its field, and nothing reaches the database
 * (docs/decisions/038-no-visitor-links-and-outbox-only.md).
 */
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LINK_IN_NAME } from '@/lib/validation';
import { plain } from '../setup/french';
import {
  renderPage,
  findForm,
  submit,
  fill,
  fillSolo,
  fillMember,
  rows,
  openRegistrationAndClearParticipants,
} from './support/registration-page';

openRegistrationAndClearParticipants();

describe('registration page: names that look like links', () => {
  it('shows the message under each name field and stores nothing; a real name then registers', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    await findForm();
    await fillSolo(user);
    await fill(user, 'Nom complet *', 'https://paiement-booster.example/payer Dupont');
    await user.click(screen.getByRole('radio', { name: /Équipe/ }));
    await fill(user, 'Nom de l’équipe *', 'www.lions');
    await user.click(screen.getByRole('button', { name: '+ Ajouter un membre' }));
    await fillMember(user, 1, 'paul@eto', '670000001');
    await fillMember(user, 2, 'Marie Bella', '670000002');
    await user.click(submit());

    for (const [label, message] of [
      ['Nom complet *', LINK_IN_NAME.name],
      ['Nom de l’équipe *', LINK_IN_NAME.teamName],
      ['Nom complet du membre 1 *', LINK_IN_NAME.memberName],
    ] as const) {
      const field = await screen.findByLabelText(label);
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(plain(message));
    }
    expect(await rows('select id from participants')).toEqual([]);

    await fill(user, 'Nom complet *', 'J. Dupont');
    await fill(user, 'Nom de l’équipe *', 'Les Lions');
    await fill(user, 'Nom complet du membre 1 *', 'Paul Eto');
    await user.click(submit());
    expect(await screen.findByRole('heading', { name: /Inscription réussie/ })).toBeVisible();
    expect(await rows('select full_name, team_name from participants')).toEqual([
      { full_name: 'J. Dupont', team_name: 'Les Lions' },
    ]);
  }, 30_000);
});
