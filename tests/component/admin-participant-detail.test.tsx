import { beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testBackend } from '../setup/test-backend';
import { captureDownloads, renderAdmin, signInAsAdmin } from './admin-render';

const backend = testBackend();
const TEAM = 'c1000000-0000-4000-8000-000000000001';
const SOLO = 'c1000000-0000-4000-8000-000000000002';
const GONE = 'c1000000-0000-4000-8000-000000000003';

const members = () =>
  backend.sql(
    `select position, full_name, phone from team_members where participant_id = $1 order by position`,
    [TEAM],
  );

beforeAll(async () => {
  await backend.createUser('chef@example.cm', 'chef-password-123', { admin: true });
  await backend.sql(`begin;
    insert into participants (id, full_name, email, phone, city, region, category,
      participation_type, team_name, link_to_work, description, agree_to_terms)
    values ('${TEAM}', 'Awa Ngono', 'awa@example.cm', '690000001', 'Douala', 'Littoral', 'dance',
              'team', 'Les Lions', 'https://youtu.be/lions', 'Crew de Bonabéri.', true),
           ('${SOLO}', 'Paul Etoa', 'paul@example.cm', '690000002', 'Yaoundé', 'Centre', 'singing',
              'solo', null, null, null, true),
           ('${GONE}', 'Nadège Fotso', 'nadege@example.cm', '690000003', 'Bafoussam', 'Ouest', 'singing',
              'solo', null, null, null, true);
    insert into team_members (participant_id, position, full_name, phone)
    values ('${TEAM}', 1, 'Jean Mbarga', '691000001'), ('${TEAM}', 2, 'Boris Kamga', '691000002');
    commit;`);
  await signInAsAdmin('chef@example.cm', 'chef-password-123');
});

describe('participant detail', () => {
  it('shows the sections, the numbered members and the registration details', async () => {
    renderAdmin(`/admin/participants/${TEAM}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Awa Ngono' })).toBeVisible();
    const team = screen.getByRole('region', { name: 'Informations de l’équipe' });
    expect(within(team).getByText('Les Lions')).toBeVisible();
    expect(within(team).getByText('Membre 1 : Jean Mbarga')).toBeVisible();
    expect(within(team).getByText('Membre 2 : Boris Kamga')).toBeVisible();
    expect(screen.getByRole('link', { name: 'https://youtu.be/lions' })).toBeVisible();
    const details = screen.getByRole('region', { name: 'Détails de l’inscription' });
    expect(details).toHaveTextContent(TEAM);
    expect(details).toHaveTextContent('Conditions acceptéesOui');
    expect(screen.getByRole('link', { name: '← Retour à la liste' })).toHaveAttribute(
      'href',
      '/admin/participants',
    );
  });

  it('says when there is no additional information, and where the confirmation e-mail goes', async () => {
    renderAdmin(`/admin/participants/${SOLO}`);
    expect(await screen.findByText('Aucune information complémentaire fournie')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Informations de l’équipe' })).toBeNull();
    // Sent by the outbox, never from the browser (issue 38): a sentence, no button.
    expect(
      await screen.findByText(/L’e-mail de confirmation part automatiquement à l’inscription/),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: /confirmation/ })).toBeNull();
  });

  it('exports the participant as participant_{id}.json', async () => {
    const downloads = captureDownloads();
    const user = userEvent.setup();
    renderAdmin(`/admin/participants/${TEAM}`);
    await user.click(await screen.findByRole('button', { name: 'Exporter en JSON' }));
    expect(downloads[0].name).toBe(`participant_${TEAM}.json`);
    const json = JSON.parse(await downloads[0].text());
    expect(json).toMatchObject({ id: TEAM, fullName: 'Awa Ngono', teamName: 'Les Lions' });
    expect(json.teamMembers).toHaveLength(2);
    expect(await screen.findByText('Données exportées avec succès')).toBeVisible();
  });

  it('Annuler restores the saved values', async () => {
    const user = userEvent.setup();
    renderAdmin(`/admin/participants/${TEAM}`);
    await user.click(await screen.findByRole('button', { name: 'Modifier' }));
    const name = screen.getByLabelText(/^Nom complet \*/);
    await user.clear(name);
    await user.type(name, 'Quelqu’un d’autre');
    await user.click(await screen.findByRole('button', { name: 'Annuler' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Awa Ngono' })).toBeVisible();
    await user.click(await screen.findByRole('button', { name: 'Modifier' }));
    expect(screen.getByLabelText(/^Nom complet \*/)).toHaveValue('Awa Ngono');
  });

  it('refuses an invalid member phone under the field and saves nothing', async () => {
    const user = userEvent.setup();
    const before = await members();
    renderAdmin(`/admin/participants/${TEAM}`);
    await user.click(await screen.findByRole('button', { name: 'Modifier' }));
    const phone = screen.getByLabelText(/^Téléphone du membre 2/);
    await user.clear(phone);
    await user.type(phone, '69 10');
    await user.click(await screen.findByRole('button', { name: 'Enregistrer' }));
    expect(
      await screen.findByText("Numéro de téléphone invalide (9 chiffres requis, Pas d'espace)"),
    ).toBeVisible();
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveFocus();
    expect(await members()).toEqual(before);
  });

  it('edits the members (add, remove) and saves them in one go', async () => {
    const user = userEvent.setup();
    renderAdmin(`/admin/participants/${TEAM}`);
    await user.click(await screen.findByRole('button', { name: 'Modifier' }));
    await user.click(await screen.findByRole('button', { name: 'Retirer le membre 1' }));
    expect(screen.getByText(/L’équipe compte/)).toHaveTextContent(
      '2 personnes, responsable compris',
    );
    await user.click(await screen.findByRole('button', { name: '+ Ajouter un membre' }));
    await user.type(screen.getByLabelText(/^Nom complet du membre 2/), 'Grace Abena');
    await user.type(screen.getByLabelText(/^Téléphone du membre 2/), '691000009');
    await user.click(await screen.findByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Participant mis à jour avec succès')).toBeVisible();
    expect(await screen.findByText('Membre 2 : Grace Abena')).toBeVisible();
    expect(screen.getByText('Membre 1 : Boris Kamga')).toBeVisible();
    expect(await members()).toEqual([
      { position: 1, full_name: 'Boris Kamga', phone: '691000002' },
      { position: 2, full_name: 'Grace Abena', phone: '691000009' },
    ]);
  });

  it('allows at most 9 members besides the registrant', async () => {
    const user = userEvent.setup();
    renderAdmin(`/admin/participants/${TEAM}`);
    await user.click(await screen.findByRole('button', { name: 'Modifier' }));
    const add = screen.getByRole('button', { name: '+ Ajouter un membre' });
    for (let i = 0; i < 7; i++) await user.click(add);
    expect(screen.getByLabelText(/^Nom complet du membre 9/)).toBeVisible();
    expect(add).toBeDisabled();
  });

  it('deletes after a confirmation naming the person and goes back to the list', async () => {
    const user = userEvent.setup();
    renderAdmin(`/admin/participants/${GONE}`);
    await user.click(await screen.findByRole('button', { name: 'Supprimer le participant' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Supprimer Nadège Fotso' });
    // The specification's question, then the bin's sentence in place of its "Cette action est
    // irréversible." (the participant goes to the bin).
    expect(dialog).toHaveAccessibleDescription(
      'Êtes-vous sûr de vouloir supprimer ce participant ? L’inscription ira dans la corbeille, d’où elle pourra être restaurée pendant 30 jours.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Participant supprimé avec succès')).toBeVisible();
    expect(await screen.findByRole('heading', { level: 1, name: 'Participants' })).toBeVisible();
    // Moved to the bin, restorable for 30 days.
    expect(
      await backend.sql(`select id from participants where id = $1 and deleted_at is not null`, [
        GONE,
      ]),
    ).toEqual([{ id: GONE }]);
  });

  it("answers an unknown id with 'Participant non trouvé' and the list", async () => {
    renderAdmin('/admin/participants/c1000000-0000-4000-8000-0000000000ff');
    expect(await screen.findByText('Participant non trouvé')).toBeVisible();
    expect(await screen.findByRole('heading', { level: 1, name: 'Participants' })).toBeVisible();
  });
});
