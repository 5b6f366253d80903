import { beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { testBackend } from '../setup/test-backend';
import { definitionOf, renderAdmin, signInAsAdmin } from './admin-render';

/** The dashboard shows the Night Party's figures (night_party_stats) beside the contest's. */
const backend = testBackend();

beforeAll(async () => {
  await backend.createUser('chef@example.cm', 'chef-password-123', { admin: true });
  await backend.setEdition({ capacity: 8, overbooking_percent: 50 });
  await backend.sql(`
    insert into reservations (full_name, phone, ville, heard_from, attendance_barrier,
      follows_booster_page, consumes_booster_products, state, queue_number, cancelled_at,
      checked_in_at, checked_in_door)
    select 'Invité ' || g, '68' || lpad(g::text, 7, '0'), 'Douala', 'social', 'none', 'yes', 'yes',
           case when g <= 12 then 'confirmed' when g <= 15 then 'waitlisted' else 'cancelled' end,
           case when g between 13 and 15 then g end,
           case when g > 15 then now() end,
           case when g <= 4 then now() end, case when g <= 4 then 'Porte 1' end
      from generate_series(1, 17) g`);
  await signInAsAdmin('chef@example.cm', 'chef-password-123');
});

describe('dashboard', () => {
  it('shows confirmed places against the limit, the waitlist and the entries', async () => {
    renderAdmin('/admin');
    const party = await screen.findByRole('region', { name: 'Night Party' });
    const [sql] = await backend.sql<Record<string, number>>(`
      select count(*) filter (where state = 'confirmed')::int confirmed,
             count(*) filter (where state = 'waitlisted')::int waitlisted,
             count(*) filter (where checked_in_at is not null)::int entered
        from reservations`);
    expect(sql).toEqual({ confirmed: 12, waitlisted: 3, entered: 4 });
    const places = definitionOf('Places confirmées', party);
    expect(within(places).getByText('12')).toHaveAttribute('aria-hidden', 'true');
    expect(places).toHaveTextContent(/^12\s*\/ 12/);
    // Read as a sentence (issue 27), not "12/ 12".
    expect(within(places).getByText('12 sur 12 places confirmables.')).toHaveClass('sr-only');
    expect(definitionOf('Liste d’attente', party)).toHaveTextContent('3');
    expect(definitionOf('Entrées', party)).toHaveTextContent('4');
    expect(within(party).getByRole('link', { name: 'Voir les réservations' })).toHaveAttribute(
      'href',
      '/admin/reservations',
    );
    const contest = screen.getByRole('region', { name: 'Concours' });
    expect(definitionOf('Total des inscriptions', contest)).toHaveTextContent('0');
  });
});
