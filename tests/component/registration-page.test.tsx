/**
 * The registration page against the real local backend: its rules' messages, the category and
 * mode from a link, a solo and a team registered. Failures and refusals:
 * registration-page-refusals.test.tsx.
 */
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DRAFT_KEY } from '@/features/registration/registration-draft';
import { MESSAGES } from '@/features/registration/registration-schema';
import { PHONE_INVALID, PHONE_REQUIRED } from '@/lib/validation';
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

describe('registration page', () => {
  it('shows its header at once and a status line while it checks the opening, then the form', async () => {
    renderPage();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Inscription au Booster Challenge' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/^Inscription gratuite, en danse ou en chant, en solo ou en équipe/),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      "Vérification de l'ouverture des inscriptions…",
    );
    expect(screen.queryByRole('form')).not.toBeInTheDocument();

    await findForm();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('shows every rule’s message under its field and focuses the first error', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    await findForm();
    await user.click(submit());

    for (const message of [
      MESSAGES.category,
      MESSAGES.participationType,
      MESSAGES.fullNameRequired,
      MESSAGES.emailRequired,
      PHONE_REQUIRED,
      MESSAGES.cityRequired,
      MESSAGES.region,
      MESSAGES.terms,
    ])
      expect(await screen.findByText(plain(message))).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Danse/ })).toHaveFocus();
    expect(screen.getByLabelText('Nom complet *')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Nom complet *')).toHaveAccessibleDescription(
      MESSAGES.fullNameRequired,
    );

    await fill(user, 'Nom complet *', 'A');
    await fill(user, 'E-mail *', 'awa@example');
    await fill(user, 'Téléphone *', '690 000 01');
    await fill(user, 'Ville *', 'D');
    await fill(user, /^Lien vers une vidéo/, 'ma vidéo');
    await fill(user, /^Présentez-vous/, 'd'.repeat(1001));
    await user.click(submit());
    expect(await screen.findByText(plain(MESSAGES.fullNameMin))).toBeInTheDocument();
    expect(screen.getByText(plain(MESSAGES.emailInvalid))).toBeInTheDocument();
    expect(screen.getByText(plain(PHONE_INVALID))).toBeInTheDocument();
    expect(screen.getByText(plain(MESSAGES.cityMin))).toBeInTheDocument();
    expect(screen.getByText(plain(MESSAGES.linkInvalid))).toBeInTheDocument();
    expect(screen.getByText(plain(MESSAGES.descriptionMax))).toBeInTheDocument();
    expect(screen.getByText('1001/1000 caractères')).toBeInTheDocument();
    expect(await rows('select id from participants')).toEqual([]);
  });

  it('preselects the category and mode from the home page links', async () => {
    renderPage('/inscription?category=singing&type=team');
    await findForm();
    expect(screen.getByRole('radio', { name: /Chant/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Équipe/ })).toBeChecked();
    expect(screen.getByRole('heading', { name: 'Membre 1' })).toBeInTheDocument();
  });

  it('registers a solo, clears the saved draft and goes to /success', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage('/inscription?category=dance');
    await findForm();
    await fillSolo(user);
    await fill(user, /^Lien vers une vidéo/, 'https://youtu.be/abc');
    await user.click(submit());

    expect(
      await screen.findByRole('heading', { name: 'Inscription réussie ! (/success)' }),
    ).toBeInTheDocument();
    expect(sessionStorage.getItem(DRAFT_KEY)).toBeNull();
    expect(
      await rows('select full_name, email, participation_type, link_to_work from participants'),
    ).toEqual([
      {
        full_name: 'Awa Ngono 1',
        email: 'awa1@example.cm',
        participation_type: 'solo',
        link_to_work: 'https://youtu.be/abc',
      },
    ]);
  });

  it('builds a team of 2 to 10 people with numbered, removable members, and stores it', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    await findForm();
    await fillSolo(user, 2);
    await user.click(screen.getByRole('radio', { name: /Équipe/ }));
    await fill(user, 'Nom de l’équipe *', 'Les Lions');

    // A team of 1 person cannot be submitted.
    await user.click(screen.getByRole('button', { name: 'Retirer le membre 1' }));
    expect(screen.getByText(/Votre équipe compte/)).toHaveTextContent('1 personne, vous compris');
    await user.click(submit());
    expect(await screen.findByText(plain(MESSAGES.teamTooSmall))).toHaveFocus();

    // Up to 9 other members: the 10th person is the last one that can be added.
    const add = screen.getByRole('button', { name: '+ Ajouter un membre' });
    for (let i = 0; i < 9; i++) await user.click(add);
    expect(screen.getByRole('heading', { name: 'Membre 9' })).toBeInTheDocument();
    expect(add).toBeDisabled();
    expect(screen.getByText(/maximum de 10 personnes/)).toBeInTheDocument();

    for (let i = 9; i > 3; i--)
      await user.click(screen.getByRole('button', { name: `Retirer le membre ${i}` }));
    expect(add).toBeEnabled();
    expect(screen.queryByRole('heading', { name: 'Membre 4' })).not.toBeInTheDocument();

    await fillMember(user, 1, 'Paul Eto', '670000001', 'paul@example.cm');
    await fillMember(user, 2, 'Marie Bella', '670000002');
    await fillMember(user, 3, 'Jean Mbappé', '12');
    await user.click(submit());
    expect(await screen.findByText(plain(PHONE_INVALID))).toBeInTheDocument();
    expect(screen.getByLabelText('Téléphone du membre 3 *')).toHaveFocus();
    await fill(user, 'Téléphone du membre 3 *', '670000003');
    await user.click(submit());

    expect(await screen.findByRole('heading', { name: /Inscription réussie/ })).toBeInTheDocument();
    const [participant] = await rows(`select id, team_name, participation_type from participants`);
    expect(participant).toMatchObject({ team_name: 'Les Lions', participation_type: 'team' });
    expect(
      await rows(
        'select position, full_name, phone, email from team_members where participant_id = $1 order by position',
        [(participant as { id: string }).id],
      ),
    ).toEqual([
      { position: 1, full_name: 'Paul Eto', phone: '670000001', email: 'paul@example.cm' },
      { position: 2, full_name: 'Marie Bella', phone: '670000002', email: null },
      { position: 3, full_name: 'Jean Mbappé', phone: '670000003', email: null },
    ]);
  });
});
