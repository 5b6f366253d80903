import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testBackend } from '../setup/test-backend';
import { renderAdmin, signInAsAdmin } from './admin-render';

/**
 * A participant's place in the contest on their page ("Concours"), against the real database:
 * status change, audition slot, convocation links, internal notes and the status history; a
 * reader sees it all and changes nothing.
 */
const backend = testBackend();
const PAUL = 'f2000000-0000-4000-8000-000000000001';

beforeAll(async () => {
  await backend.createUser('chef@example.cm', 'chef-password-123', { admin: true });
  await backend.createUser('lecteur@example.cm', 'lecteur-password-123', { role: 'lecteur' });
});

beforeEach(async () => {
  await backend.sql(`begin;
    delete from audit_log;
    delete from participants;
    insert into participants (id, full_name, email, phone, city, region, category,
      participation_type, agree_to_terms, notes)
    values ('${PAUL}', 'Paul Etoa', 'paul@example.cm', '690000002', 'Yaoundé', 'Centre',
            'singing', 'solo', true, 'Voix de ténor.');
    commit;`);
  await signInAsAdmin('chef@example.cm', 'chef-password-123');
});

const contest = () => screen.getByRole('region', { name: 'Concours' });

describe('contest section of a participant', () => {
  it('changes the status, gives a slot, and lists the history of statuses', async () => {
    const user = userEvent.setup();
    renderAdmin(`/admin/participants/${PAUL}`);
    await screen.findByRole('heading', { level: 1, name: 'Paul Etoa' });
    const section = within(contest());
    expect(section.getByText('Inscrit', { selector: 'span' })).toBeVisible();
    expect(section.getByText('Aucun créneau')).toBeVisible();
    expect(
      section.getByText(
        'Pas de créneau d’audition : attribuez-en un pour préparer la convocation.',
      ),
    ).toBeVisible();
    expect(
      await section.findByText('Aucun changement de statut depuis l’inscription.'),
    ).toBeVisible();

    const change = section.getByRole('button', { name: 'Changer le statut' });
    expect(change).toHaveAttribute('aria-disabled', 'true');
    await user.selectOptions(section.getByRole('combobox', { name: 'Statut' }), 'Présélectionné');
    await user.click(change);
    expect(await screen.findByText('Statut de Paul Etoa : Présélectionné')).toBeVisible();
    // Saved, the button is unavailable again (the status is the current one) but keeps the focus.
    await waitFor(() => expect(change).toHaveAttribute('aria-disabled', 'true'));
    expect(change).toHaveFocus();
    const history = await section.findByRole('list', { name: 'Historique des statuts' });
    expect(within(history).getAllByRole('listitem')).toHaveLength(1);
    expect(history).toHaveTextContent(/Inscrit → Présélectionné\s*par chef@example\.cm/);

    const slot = section.getByRole('form', { name: 'Créneau d’audition' });
    await user.selectOptions(within(slot).getByRole('combobox', { name: 'Ville' }), 'Bafoussam');
    fireEvent.change(within(slot).getByLabelText(/^Date de l’audition/), {
      target: { value: '2030-07-13' },
    });
    fireEvent.change(within(slot).getByLabelText(/^Heure \(Douala\)/), {
      target: { value: '09:00' },
    });
    await user.click(within(slot).getByRole('button', { name: 'Enregistrer le créneau' }));
    // The slot moves "Présélectionné" to "Convoqué": the toast names it (issue 27).
    expect(
      await screen.findByText(
        'Créneau de Paul Etoa enregistré ; statut : Convoqué (était Présélectionné)',
      ),
    ).toBeVisible();
    expect(await section.findByText(/^Bafoussam, \w+ 13\sjuillet à 9\sh$/)).toBeVisible();
    // The slot convokes: a second history row, and the convocation can be prepared.
    expect(await section.findByText(/Présélectionné → Convoqué/)).toBeVisible();
    const wa = section.getByRole('link', {
      name: 'Convoquer Paul Etoa sur WhatsApp (nouvel onglet)',
    });
    expect(wa.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/237690000002\?text=/);
    const mail = section.getByRole('link', { name: 'Convoquer Paul Etoa par e-mail' });
    expect(mail.getAttribute('href')).toMatch(/^mailto:paul@example\.cm\?subject=Convocation/);
    expect(section.getByText('Pas encore notifié')).toBeVisible();
  });

  it('saves the internal notes (one journal row with before and after)', async () => {
    const user = userEvent.setup();
    renderAdmin(`/admin/participants/${PAUL}`);
    const notes = await screen.findByRole('textbox', { name: /^Notes internes/ });
    expect(notes).toHaveValue('Voix de ténor.');
    const save = screen.getByRole('button', { name: 'Enregistrer les notes' });
    expect(save).toHaveAttribute('aria-disabled', 'true');
    await user.click(save); // nothing to save: nothing sent
    expect(await backend.sql(`select count(*)::int as n from audit_log`)).toEqual([{ n: 0 }]);
    await user.clear(notes);
    await user.type(notes, 'Très bonne présence scénique.');
    await user.click(save);
    expect(await screen.findByText('Notes enregistrées')).toBeVisible();
    await waitFor(() => expect(save).toHaveAttribute('aria-disabled', 'true'));
    expect(save).toHaveFocus();
    expect(await backend.sql(`select action, entity_id, before, after from audit_log`)).toEqual([
      {
        action: 'participant.notes',
        entity_id: PAUL,
        before: { notes: 'Voix de ténor.' },
        after: { notes: 'Très bonne présence scénique.' },
      },
    ]);
  });

  it('shows a reader (lecteur) the contest, read only', async () => {
    await signInAsAdmin('lecteur@example.cm', 'lecteur-password-123');
    renderAdmin(`/admin/participants/${PAUL}`);
    await screen.findByRole('heading', { level: 1, name: 'Paul Etoa' });
    const section = within(contest());
    expect(section.getByText('Inscrit')).toBeVisible();
    expect(section.getByText('Voix de ténor.')).toBeVisible();
    expect(section.queryByRole('textbox')).toBeNull();
    expect(section.queryByRole('combobox')).toBeNull();
    expect(section.queryByRole('button')).toBeNull();
  });
});
