import { beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { testBackend } from '../setup/test-backend';
import { renderAdmin, signInAsAdmin } from './admin-render';

/**
 * A surge of reservations (all addresses together past the ceiling) writes one alert row, which
 * the dashboard shows (docs/decisions/016-trusted-address-and-proof-of-work.md).
 */
const backend = testBackend();

beforeAll(async () => {
  await backend.createUser('chef@example.cm', 'chef-password-123', { admin: true });
  // 3,400 reservations counted in the last 10 minutes, from 3,400 addresses, past the migration's
  // ceiling of 1,000 (relaxed for other files by tests/setup/backend.ts).
  await backend.restoreAbuseSettings();
  await backend.sql(`
    insert into private.rate_hits (action, address, at)
    select 'reserve', ('10.2.' || (i / 250) || '.' || (i % 250))::inet,
           now() - interval '5 minutes' + i * interval '50 milliseconds'
      from generate_series(1, 3400) i`);
  // The next visitor's challenge notices the surge and writes the alert.
  const res = await fetch(`${backend.url}/rest/v1/rpc/pow_challenge`, {
    method: 'POST',
    headers: { apikey: backend.anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ action: 'reserve' }),
  });
  expect(res.status).toBe(200);
  await signInAsAdmin('chef@example.cm', 'chef-password-123');
});

describe('dashboard surge alert', () => {
  it('shows the surge with its French count', async () => {
    expect(await backend.sql('select action, peak_hits, peak_level from surge_alerts')).toEqual([
      { action: 'reserve', peak_hits: 3400, peak_level: 2 },
    ]);
    renderAdmin('/admin');
    const region = await screen.findByRole('region', { name: 'Alertes d’affluence' });
    // A narrow no-break space between thousands, as the rest of the site writes counts.
    expect(within(region).getByText(/^Afflux inhabituel/).textContent).toBe(
      'Afflux inhabituel\u00a0: 3\u202f400 réservations en 10 minutes',
    );
    expect(region).toHaveTextContent(/vérification anti-robot a été durcie \(niveau 2\)/);
  });

  it('shows the wrong pass codes’ alert (ADR 039)', async () => {
    await backend.sql(`insert into surge_alerts (action, window_seconds, peak_hits, peak_level)
      values ('wrong_code', 600, 62, 1)`);
    renderAdmin('/admin');
    const region = await screen.findByRole('region', { name: 'Alertes d’affluence' });
    expect(within(region).getByText(/^Codes de pass inconnus/).textContent).toBe(
      'Codes de pass inconnus\u00a0: 62 essais en 10 minutes',
    );
    expect(region).toHaveTextContent(
      /les codes inconnus d’une connexion au-delà de sa limite sont refusés/,
    );
  });
});
