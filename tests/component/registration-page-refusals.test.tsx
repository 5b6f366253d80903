/**
 * The registration page against the real local backend when it cannot store: the backend
 * unreachable, a person already registered, a robot, too many registrations from one connection.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetProofOfWork } from '@/data/shared/public-write';
import {
  DUPLICATE_EMAIL,
  duplicateMemberPhone,
  REGISTRATION_NETWORK_ERROR,
} from '@/data/participants/register-participant';
import { plain } from '../setup/french';
import {
  backend,
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
  it('keeps everything typed when the backend is unreachable, and a retry stores one registration', async () => {
    const user = userEvent.setup({ delay: null });
    const view = renderPage();
    await findForm();
    await fillSolo(user, 3);
    await user.click(screen.getByRole('radio', { name: /Équipe/ }));
    await fill(user, 'Nom de l’équipe *', 'Les Voix');
    await user.click(screen.getByRole('button', { name: '+ Ajouter un membre' }));
    await fillMember(user, 1, 'Paul Eto', '670000001');
    await fillMember(user, 2, 'Marie Bella', '670000002');

    // The request reaches the database but the answer is lost on the way back.
    const realFetch = globalThis.fetch;
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (...args) => {
      await realFetch(...args);
      throw new TypeError('Failed to fetch');
    });
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(plain(REGISTRATION_NETWORK_ERROR));
    expect(submit()).toBeEnabled();
    fetchSpy.mockRestore();

    // A reload keeps every value, member rows included. (A reload also starts the modules afresh,
    // the proof of work prepared while the network was failing included.)
    view.unmount();
    resetProofOfWork();
    renderPage();
    await findForm();
    expect(screen.getByRole('radio', { name: /Danse/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Équipe/ })).toBeChecked();
    expect(screen.getByLabelText('Nom complet *')).toHaveValue('Awa Ngono 3');
    expect(screen.getByLabelText('E-mail *')).toHaveValue('awa3@example.cm');
    expect(screen.getByLabelText('Région *')).toHaveValue('Littoral');
    expect(screen.getByLabelText('Nom de l’équipe *')).toHaveValue('Les Voix');
    expect(screen.getByLabelText('Nom complet du membre 2 *')).toHaveValue('Marie Bella');
    expect(screen.getByLabelText('Téléphone du membre 1 *')).toHaveValue('670000001');
    expect(screen.getByRole('checkbox', { name: /J'accepte le règlement/ })).toBeChecked();

    await user.click(submit());
    expect(await screen.findByRole('heading', { name: /Inscription réussie/ })).toBeInTheDocument();
    expect(await rows('select team_name from participants')).toEqual([{ team_name: 'Les Voix' }]);
    expect(await rows('select full_name from team_members order by position')).toEqual([
      { full_name: 'Paul Eto' },
      { full_name: 'Marie Bella' },
    ]);
  });

  it('says the person is already registered, under the e-mail, and keeps the form', async () => {
    await backend.sql(`insert into participants (full_name, email, phone, city, region, category,
      participation_type, agree_to_terms) values ('Awa', 'awa4@example.cm', '699999999', 'Douala', 'Littoral',
      'dance', 'solo', true)`);
    const user = userEvent.setup({ delay: null });
    renderPage();
    await findForm();
    await fillSolo(user, 4);
    await user.click(submit());

    const email = screen.getByLabelText('E-mail *');
    await waitFor(() => expect(email).toHaveAccessibleDescription(DUPLICATE_EMAIL));
    expect(email).toHaveFocus();
    // Shown once, under the field it concerns (not again above the submit button).
    expect(within(screen.getByRole('form')).getAllByText(plain(DUPLICATE_EMAIL))).toHaveLength(1);
    expect(screen.getByLabelText('Nom complet *')).toHaveValue('Awa Ngono 4');
    expect(await rows('select email from participants')).toEqual([{ email: 'awa4@example.cm' }]);
  });
  it('says which team member is already registered, under that member’s phone', async () => {
    await backend.sql(`insert into participants (full_name, email, phone, city, region, category,
      participation_type, agree_to_terms) values ('Paul', 'paul@example.cm', '677001122', 'Douala',
      'Littoral', 'singing', 'solo', true)`);
    const user = userEvent.setup({ delay: null });
    renderPage();
    await findForm();
    await fillSolo(user, 5);
    await user.click(screen.getByRole('radio', { name: /Équipe/ }));
    await fill(user, 'Nom de l’équipe *', 'Les Lions');
    await fillMember(user, 1, 'Marie Bella', '670000001');
    await user.click(screen.getByRole('button', { name: '+ Ajouter un membre' }));
    await fillMember(user, 2, 'Paul Eto', '677001122');
    await user.click(submit());

    const memberPhone = screen.getByLabelText('Téléphone du membre 2 *');
    await waitFor(() => expect(memberPhone).toHaveAccessibleDescription(duplicateMemberPhone(2)));
    expect(memberPhone).toHaveFocus();
    expect(memberPhone).toHaveValue('677001122');
    expect(await rows('select count(*)::int as n from participants')).toEqual([{ n: 1 }]);
  });

  it('a filled honeypot (a robot) stores nothing, and the robot sees the usual success', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    await findForm();
    // Out of reach for people and assistive technology: only found when asking for hidden ones.
    expect(screen.queryByRole('textbox', { name: /Site web/ })).not.toBeInTheDocument();
    const honeypot = screen.getByRole('textbox', { name: /Site web/, hidden: true });
    expect(honeypot).not.toBeVisible();
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    await fillSolo(user, 6);
    await user.type(honeypot, 'https://spam.example');
    await user.click(submit());

    expect(
      await screen.findByRole('heading', { name: 'Inscription réussie ! (/success)' }),
    ).toBeInTheDocument();
    expect(await rows('select count(*)::int n from participants')).toEqual([{ n: 0 }]);
  });

  it('too many registrations from one connection: the French refusal above the button, values kept', async () => {
    // This connection already registered more than its share in the window.
    await backend.sql(`update private.rate_limits set max_per_address = 5 where action = 'register';
      insert into private.rate_hits (action, address)
        select 'register', '127.0.0.1'::inet from generate_series(1, 200)`);
    const user = userEvent.setup({ delay: null });
    renderPage();
    await findForm();
    await fillSolo(user, 7);
    await user.click(submit());

    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        /^Trop de demandes depuis votre connexion\. Réessayez dans \d+ minutes?\.$/,
      ),
    );
    expect(screen.getByRole('alert')).toBeVisible();
    // Not a refused field: neither the e-mail nor the phone is marked in error.
    expect(screen.getByLabelText('E-mail *')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Téléphone *')).not.toHaveAttribute('aria-invalid');
    await waitFor(() => expect(submit()).toBeEnabled());
    expect(screen.getByRole('radio', { name: /Danse/ })).toBeChecked();
    expect(screen.getByLabelText('Nom complet *')).toHaveValue('Awa Ngono 7');
    expect(screen.getByLabelText('E-mail *')).toHaveValue('awa7@example.cm');
    expect(screen.getByLabelText('Téléphone *')).toHaveValue('690000007');
    expect(screen.getByLabelText('Région *')).toHaveValue('Littoral');
    expect(screen.getByRole('checkbox', { name: /J'accepte le règlement/ })).toBeChecked();
    expect(await rows('select count(*)::int n from participants')).toEqual([{ n: 0 }]);
  });
});
