import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import ReservationSuccessPage from '@/features/reservation/ReservationSuccessPage';
import { resetPublicQueries } from '@/lib/public-query';
import { testBackend } from '../setup/test-backend';

/**
 * The reservation's success page promises the reminder "sent a few days before" only when the
 * organisers set one up (message_settings.reminder_days_before, read through edition_info's
 * reminder_configured): a promise nothing keeps is not made.
 */
const backend = testBackend();
const REMINDER = 'Un message de confirmation vous sera envoyé quelques jours avant l’événement.';

afterEach(async () => {
  resetPublicQueries();
  await backend.sql('update message_settings set reminder_days_before = 3');
});

describe('the success page’s reminder', () => {
  it('is promised when a reminder is scheduled', async () => {
    await backend.sql('update message_settings set reminder_days_before = 3');
    render(<ReservationSuccessPage />, { wrapper: MemoryRouter });
    expect(await screen.findByText(REMINDER)).toBeVisible();
  });

  it('is not promised when none is', async () => {
    await backend.sql('update message_settings set reminder_days_before = null');
    render(<ReservationSuccessPage />, { wrapper: MemoryRouter });
    // The concert's line comes from the same answer: once it is there, the reminder is decided.
    expect(await screen.findByText(/Palais|Yaoundé|Douala/)).toBeVisible();
    expect(screen.queryByText(REMINDER)).toBeNull();
  });
});
