import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import App from '@/app/App';
import { SURVEY_QUESTIONS } from '@/config/reservation-survey';
import { resetProofOfWork } from '@/data/shared/public-write';
import { testBackend } from '../setup/test-backend';

/**
 * The Night Party form records which pre-filled answers the visitor changed, and sends it with
 * the reservation (docs/decisions/025-survey-defaults.md): what the request carries and what the
 * database stores.
 */
const backend = testBackend();
const SLOW = { timeout: 8000 };
const realFetch = globalThis.fetch;

/** The `payload` of every create_reservation request the page sends. */
function captureReservationPayloads() {
  const payloads: Record<string, unknown>[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.includes('/rest/v1/rpc/create_reservation')) {
      const body = input instanceof Request ? await input.clone().text() : String(init?.body);
      payloads.push((JSON.parse(body) as { payload: Record<string, unknown> }).payload);
    }
    return realFetch(input, init);
  });
  return payloads;
}

const stored = () =>
  backend.sql<{ follows_booster_page: string; survey_changed: string[] | null }>(
    'select follows_booster_page, survey_changed from reservations',
  );

const question = (q: keyof typeof SURVEY_QUESTIONS) =>
  screen.getByRole('radiogroup', { name: SURVEY_QUESTIONS[q] });

async function openAndFill(user: UserEvent) {
  window.history.replaceState(null, '', '/night-party');
  render(<App />);
  await screen.findByRole('button', { name: 'Réserver ma place' }, SLOW);
  await user.type(screen.getByLabelText(/Nom complet/), 'Jean Mbarga');
  await user.type(screen.getByLabelText(/Téléphone/), '699112244');
  await user.type(screen.getByLabelText(/Ville/), 'Yaoundé');
  // No default: the visitor must choose; not one of the pre-filled answers.
  await user.click(within(question('heardFrom')).getByRole('radio', { name: 'Réseaux sociaux' }));
}

async function submit(user: UserEvent) {
  await user.click(screen.getByRole('button', { name: 'Réserver ma place' }));
  expect(await screen.findByText('Réservation enregistrée avec succès !', {}, SLOW)).toBeVisible();
}

beforeEach(async () => {
  await backend.sql('delete from reservations');
});
afterEach(() => {
  window.history.replaceState(null, '', '/');
  resetProofOfWork();
});

describe('the Night Party form records the pre-filled answers the visitor changed', () => {
  it('sends and stores a changed answer, even one brought back to its default', async () => {
    const user = userEvent.setup({ delay: null });
    const payloads = captureReservationPayloads();
    await openAndFill(user);
    // Changed, then back to the pre-filled "Oui": the visitor read the question and chose.
    const follows = within(question('followsBoosterPage'));
    await user.click(follows.getByRole('radio', { name: 'Non' }));
    await user.click(follows.getByRole('radio', { name: 'Oui' }));
    // Changed with the keyboard: the arrow key moves the choice.
    await user.click(within(question('attendanceBarrier')).getByRole('radio', { name: 'Le lieu' }));
    await user.keyboard('{ArrowRight}');
    expect(
      within(question('attendanceBarrier')).getByRole('radio', {
        name: 'Le coût (transport, tenue…)',
      }),
    ).toBeChecked();
    // Clicked on the answer already chosen: nothing changed.
    await user.click(within(question('willAttend')).getByRole('radio', { name: 'Oui' }));
    await submit(user);

    expect(payloads).toHaveLength(1);
    expect(payloads[0]).toMatchObject({
      follows_booster_page: 'yes',
      attendance_barrier: 'cost',
      survey_changed: ['attendance_barrier', 'follows_booster_page'],
    });
    expect(await stored()).toEqual([
      {
        follows_booster_page: 'yes',
        survey_changed: ['attendance_barrier', 'follows_booster_page'],
      },
    ]);
  });

  it('sends an empty list when every pre-filled answer was left as it was', async () => {
    const user = userEvent.setup({ delay: null });
    const payloads = captureReservationPayloads();
    await openAndFill(user);
    await submit(user);

    expect(payloads[0]).toMatchObject({
      attendance_status: 'yes',
      will_attend: 'yes',
      attendance_barrier: 'none',
      follows_booster_page: 'yes',
      consumes_booster_products: 'yes',
      survey_changed: [],
    });
    expect(await stored()).toEqual([{ follows_booster_page: 'yes', survey_changed: [] }]);
  });
});
