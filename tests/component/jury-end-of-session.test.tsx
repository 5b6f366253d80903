/**
 * The judge's page after the last performer (issue 40, item 4): the end of the session is said,
 * with the performers still without a note of mine (each a way back to their card) and the notes
 * still on this device; "Toutes vos notes sont envoyées." only once there are notes and all are
 * sent.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  backend,
  cards,
  currentName,
  openJury,
  routeFetchThrough,
  scoreAll,
  signOutAfterEach,
  todaysSession,
  type Network,
} from './support/jury';

signOutAfterEach();
let network: Network = 'up';
routeFetchThrough(() => network);
afterEach(() => {
  network = 'up';
});

const form = () => screen.getByRole('form', { name: /^Notes de / });
const end = () => screen.findByRole('region', { name: 'Fin de la session' });

describe('the end of the session', () => {
  it('says the session is over once the last performer is scored, every note sent', async () => {
    const s = await todaysSession(['Awa Ngono', 'Bibi Eto']);
    const { user } = await openJury(s.judges[0]);
    expect(screen.queryByText('Toutes vos notes sont envoyées.')).toBeNull();
    await scoreAll(user, 6);
    await user.click(within(form()).getByRole('button', { name: 'Suivant' }));
    await waitFor(() => expect(currentName()).toBe('Bibi Eto'));
    await scoreAll(user, 7.5);
    await user.click(within(form()).getByRole('button', { name: 'Enregistrer' }));

    const summary = await end();
    expect(screen.getByRole('heading', { level: 2, name: 'Fin de la session' })).toHaveFocus();
    await waitFor(async () => expect(await cards(s.id)).toHaveLength(2));
    await waitFor(() =>
      expect(summary).toHaveTextContent(
        'Vous avez noté 2 candidats sur 2. Toutes vos notes sont envoyées.',
      ),
    );
    expect(screen.queryByRole('form', { name: /^Notes de / })).toBeNull();
  });

  it('lists the performers without a note and the notes not sent yet; each missing one opens its card', async () => {
    const s = await todaysSession(['Awa Ngono', 'Bibi Eto', 'Cyril Manga']);
    const { user } = await openJury(s.judges[0]);
    await scoreAll(user, 8);
    await user.click(within(form()).getByRole('button', { name: 'Suivant' }));
    await waitFor(() => expect(currentName()).toBe('Bibi Eto'));
    await waitFor(async () => expect(await cards(s.id)).toHaveLength(1));
    // Bibi skipped from the running order; Cyril scored with the network down.
    await user.click(screen.getByText(/^Ordre de passage/));
    await user.click(screen.getByRole('button', { name: /^3\. Cyril Manga/ }));
    network = 'down';
    await scoreAll(user, 5);
    await user.click(within(form()).getByRole('button', { name: 'Enregistrer' }));

    const summary = await end();
    expect(summary).toHaveTextContent('Vous avez noté 2 candidats sur 3.');
    expect(summary).not.toHaveTextContent('Toutes vos notes sont envoyées.');
    expect(summary).toHaveTextContent('En attente d’envoi (1)');
    expect(summary).toHaveTextContent('Cyril Manga');
    expect(screen.queryByText('Toutes vos notes sont envoyées.')).toBeNull();
    await user.click(within(summary).getByRole('button', { name: 'Noter Bibi Eto' }));
    await waitFor(() => expect(currentName()).toBe('Bibi Eto'));
    expect(screen.getByRole('heading', { level: 2, name: 'Bibi Eto' })).toHaveFocus();
  });

  it('calls a team an « Équipe », as the rest of the site does', async () => {
    const s = await todaysSession(['Awa Ngono']);
    // One transaction: a team has 2 to 10 people (a deferred check).
    await backend.sql(
      `with m as (insert into team_members (participant_id, position, full_name, phone)
                  values ($1, 1, 'Bella Eto', '690000777') returning participant_id)
       update participants set participation_type = 'team', team_name = 'Les Lions'
        where id = (select participant_id from m)`,
      [s.people[0]],
    );
    await openJury(s.judges[0]);
    expect(await screen.findByText(/·\sÉquipe\s·/)).toBeVisible();
    expect(document.body).not.toHaveTextContent('Groupe');
  });
});
