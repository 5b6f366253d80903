import { beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { testBackend } from '../setup/test-backend';
import { fr } from '../setup/french';
import { renderAdmin, signInAsAdmin } from './admin-render';

/**
 * /admin/stats beyond the registrations (issue 40), for a reader, against the real backend: the
 * contest's pipeline by category, the audition cities and the Night Party (reservations, entries
 * per hour, the vote's participation) from edition_stats(); the specification's cards stay.
 */
const backend = testBackend();
const SLOW = { timeout: 8000 };

beforeAll(async () => {
  await backend.createUser('lecteur@example.cm', 'lecteur-password-123', { role: 'lecteur' });
  await backend.setEdition({ capacity: 10, overbooking_percent: 20 });
  await backend.sql(`begin;
    delete from participants; delete from reservations; delete from vote_rounds;
    insert into participants (full_name, email, phone, city, region, category,
      participation_type, agree_to_terms, status, audition_city, audition_at)
    select 'Artiste ' || g, 'es' || g || '@example.cm', '6800000' || lpad(g::text, 2, '0'),
           'Douala', 'Littoral', case when g <= 3 then 'dance' else 'singing' end, 'solo', true,
           case when g <= 2 then 'convoque' when g = 3 then 'finaliste' else 'inscrit' end,
           case when g <= 3 then 'Douala' end,
           case when g <= 3 then now() + interval '2 days' end
      from generate_series(1, 5) g;
    insert into reservations (full_name, phone, ville, heard_from, state, checked_in_at,
      checked_in_door)
    select 'Spectateur ' || g, '65000000' || g, 'Douala', 'flyer', 'confirmed',
           case when g <= 2 then ('2026-12-20 20:1' || g)::timestamp at time zone 'Africa/Douala' end,
           case when g <= 2 then 'Porte 1' end
      from generate_series(1, 4) g;
    commit;`);
});

/** A table's row by its cells, as a screen reader names it ("Convoqué 2 0 2"). */
const row = (table: HTMLElement, cells: string) => within(table).getByRole('row', { name: cells });

describe('/admin/stats, the edition', () => {
  it('shows the pipeline by category, the audition cities and the Night Party', async () => {
    await signInAsAdmin('lecteur@example.cm', 'lecteur-password-123');
    renderAdmin('/admin/stats');
    // The specification's cards, as they were.
    expect(await screen.findByText('Total des inscriptions', {}, SLOW)).toBeVisible();
    expect(screen.getByText('Régions représentées')).toBeVisible();

    const pipeline = await screen.findByRole(
      'table',
      { name: fr('Participants par statut et par catégorie') },
      SLOW,
    );
    expect(row(pipeline, 'Convoqué 2 0 2')).toBeVisible();
    expect(row(pipeline, 'Finaliste 1 0 1')).toBeVisible();
    expect(row(pipeline, 'Inscrit 0 2 2')).toBeVisible();
    const cities = screen.getByRole('table', {
      name: fr('Participants par ville d’audition et par catégorie'),
    });
    expect(row(cities, 'Douala 3 0 3')).toBeVisible();
    expect(row(cities, fr('Sans ville d’audition 0 2 2'))).toBeVisible();

    const party = screen.getByRole('region', { name: 'Booster Night Party' });
    const terms = within(party).getAllByRole('term');
    const figures = within(party).getAllByRole('definition');
    expect(terms.map((t) => t.textContent)).toEqual([
      'Réservations',
      'Confirmées',
      fr('Liste d’attente'),
      'Entrées',
    ]);
    expect(figures[0]).toHaveTextContent(/^4\s*\(12 places\)$/);
    expect(figures[1]).toHaveTextContent(/^4$/);
    expect(figures[2]).toHaveTextContent(/^0$/);
    expect(figures[3]).toHaveTextContent(/^2\s*\(50\s% des confirmées\)$/);
    const hours = within(party).getByRole('region', { name: 'Entrées par heure' });
    expect(within(hours).getByText('20 h')).toBeVisible();
    expect(within(party).getByText(fr('Aucune manche ouverte pour le moment'))).toBeVisible();
  }, 30_000);
});
