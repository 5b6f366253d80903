import { afterEach, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import App from '@/app/App';
import { resetProofOfWork } from '@/data/shared/public-write';
import { testBackend } from '../setup/test-backend';

/**
 * Reservations closed between the page's availability answer and the visitor's submission: the
 * form, whose element is made once (docs/decisions/026-form-ready-before-scripts.md), reaches the
 * page's refresh through a context, and the page then says why in place of the form.
 */
const backend = testBackend();
const SLOW = { timeout: 10_000 };

afterEach(async () => {
  window.history.replaceState(null, '', '/');
  resetProofOfWork();
  await backend.sql('update edition_settings set reservations_close_at = null');
});

it('a submission refused as closed replaces the form with the closed notice', async () => {
  window.history.replaceState(null, '', '/night-party');
  render(<App />);
  await screen.findByText(/places disponibles/, undefined, SLOW);
  await screen.findByRole('button', { name: 'Réserver ma place' }, SLOW);

  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/Nom complet/), 'Jean Mbarga');
  await user.type(screen.getByLabelText(/Téléphone/), '699112299');
  await user.type(screen.getByLabelText(/Ville/), 'Yaoundé');
  await user.click(screen.getByRole('radio', { name: 'Réseaux sociaux' }));
  await backend.sql(`update edition_settings
      set reservations_open_at = least(reservations_open_at, now() - interval '2 days'),
          reservations_close_at = now() - interval '1 minute'`);
  await user.click(screen.getByRole('button', { name: 'Réserver ma place' }));

  await screen.findByText('Les réservations sont closes', undefined, SLOW);
  expect(screen.queryByRole('button', { name: 'Réserver ma place' })).toBeNull();
  expect(await backend.sql('select 1 from reservations where phone = $1', ['699112299'])).toEqual(
    [],
  );
});
