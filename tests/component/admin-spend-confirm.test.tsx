import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testBackend } from '../setup/test-backend';
import { renderAdmin, signInAsAdmin } from './admin-render';
import { fr } from '../setup/french';

/**
 * Changes that spend money ask first, and the budgets of "Envois"
 * (docs/decisions/037-message-budgets.md), against the real database: moving the concert to in
 * two hours on "Paramètres" shows the reminders it would send and their cost in a confirmation,
 * "Ne rien envoyer" saves and queues nothing, confirming saves and queues them once; "Envois"
 * shows each budget of the day, used out of its size.
 */
const backend = testBackend();

beforeAll(async () => {
  await backend.createUser('chef@example.cm', 'chef-password-123', { admin: true });
});

beforeEach(async () => {
  await backend.sql(`delete from outbox; delete from reservations; delete from private.outbox_refusals;
    update message_settings set reminder_days_before = 3, reminder_queued_for = null,
      sms_price_per_segment = 25, daily_cap = 1000, public_daily_cap = 300, recovery_daily_cap = 100`);
  await backend.setEdition({
    concert_starts_at: '2030-05-18 16:00+01',
    doors_open_at: '2030-05-18 14:00+01',
    reservations_open_at: '2020-03-01 00:00+01',
    reservations_close_at: null,
  });
  await signInAsAdmin('chef@example.cm', 'chef-password-123');
});

/** A Douala date-time field's value (UTC+1, no summer time), `hours` from now. */
const doualaIn = (hours: number) =>
  new Date(Date.now() + (hours + 1) * 3600_000).toISOString().slice(0, 16);

const queued = async () =>
  (await backend.sql<{ n: number }>(`select count(*)::int n from outbox`))[0].n;

describe('changes that spend money ask first', () => {
  it('saving the concert in two hours shows the reminders and their cost, and queues them only once confirmed', async () => {
    await backend.sql(`insert into reservations (full_name, phone, ville, heard_from)
      select 'Personne ' || i, '67700030' || i, 'Douala', 'social' from generate_series(1, 8) i`);
    const user = userEvent.setup();
    renderAdmin('/admin/parametres');
    await screen.findByLabelText(/^Début du concert/);
    const change = () => {
      fireEvent.change(screen.getByLabelText(/^Début du concert/), {
        target: { value: doualaIn(2) },
      });
      fireEvent.change(screen.getByLabelText(/^Ouverture des portes/), {
        target: { value: doualaIn(1) },
      });
    };
    change();
    await user.click(screen.getByRole('button', { name: 'Enregistrer les paramètres' }));
    const dialog = await screen.findByRole('alertdialog', { name: fr('Envoyer 8 messages ?') });
    expect(dialog).toHaveTextContent(/Messages\s:\s8/);
    // Each reminder is one SMS part at 25 FCFA.
    expect(dialog).toHaveTextContent(/Coût estimé\s:\s200\sFCFA/);
    await user.click(within(dialog).getByRole('button', { name: 'Ne rien envoyer' }));
    expect(await screen.findByText('Rien n’a été enregistré ni envoyé')).toBeVisible();
    expect(await queued()).toBe(0);
    const [{ concert }] = await backend.sql<{ concert: string }>(
      `select to_char(concert_starts_at at time zone 'Africa/Douala', 'YYYY-MM-DD HH24:MI') concert from edition_settings`,
    );
    expect(concert).toBe('2030-05-18 16:00');

    await user.click(screen.getByRole('button', { name: 'Enregistrer les paramètres' }));
    const again = await screen.findByRole('alertdialog', { name: fr('Envoyer 8 messages ?') });
    await user.click(
      within(again).getByRole('button', { name: 'Confirmer et envoyer 8 messages' }),
    );
    expect(await screen.findByText('Paramètres enregistrés')).toBeVisible();
    expect(await backend.sql(`select template, count(*)::int n from outbox group by 1`)).toEqual([
      { template: 'reminder', n: 8 },
    ]);
  });
});

describe('the budgets on "Envois"', () => {
  it('shows each budget of the day, used out of its size, and the lost passes refused', async () => {
    await backend.sql(`update message_settings set daily_cap = 500, public_daily_cap = 200,
        recovery_daily_cap = 50;
      insert into outbox (channel, recipient, template, body, state, attempts, dedupe_key,
                          claimed_at, sent_at, provider)
      select 'email', 'inscrit' || i || '@example.cm', 'registration_confirmation', 'Bonjour,',
             'sent', 1, 'test:b' || i, now(), now(), 'local' from generate_series(1, 7) i;
      insert into outbox (channel, recipient, template, body, state, dedupe_key)
      values ('sms', '677000401', 'pass_recovery', 'Votre pass', 'queued', 'test:r1');
      insert into private.outbox_refusals (day, reason, refused)
      values ((now() at time zone 'Africa/Douala')::date, 'recovery_phone_day', 4)`);
    renderAdmin('/admin/envois');
    const section = await screen.findByRole('region', {
      name: fr('Budgets d’aujourd’hui (plafond : 500 messages)'),
    });
    const items = within(section).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringMatching(/^Réserve prioritaire.*0 \/ 250 envoyés$/),
      expect.stringMatching(/^Pass perdus.*0 \/ 50 envoyés\s; 1 en attente$/),
      expect.stringMatching(/^Budget public.*7 \/ 200 envoyés$/),
    ]);
    expect(
      within(items[2]).getByRole('meter', { name: fr('Budget public : 7 sur 200') }),
    ).toHaveAttribute('value', '7');
    expect(section).toHaveTextContent(
      /4 demandes de pass perdu n’ont pas été envoyées aujourd’hui/,
    );
  });

  it('are settings: a budget leaving no reserve is refused under its field, a sane one saved', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/parametres');
    const budget = await screen.findByLabelText(/^Budget public par jour/);
    expect(budget).toHaveValue('300');
    expect(screen.getByLabelText(/^Budget des pass perdus par jour/)).toHaveValue('100');
    expect(screen.getByLabelText(/^Pass perdus par numéro et par jour/)).toHaveValue('3');
    expect(screen.getByLabelText(/^Pass perdus par numéro et par heure/)).toHaveValue('2');
    await user.clear(budget);
    await user.type(budget, '900');
    const saveButton = screen.getByRole('button', {
      name: 'Enregistrer les paramètres des messages',
    });
    await user.click(saveButton);
    expect(
      await screen.findByText(
        'Le budget public et celui des pass perdus doivent laisser une réserve dans le plafond quotidien.',
      ),
    ).toBeVisible();
    expect(budget).toHaveAccessibleDescription(/doivent laisser une réserve/);
    await user.clear(budget);
    await user.type(budget, '250');
    await user.click(saveButton);
    expect(await screen.findByText('Paramètres des messages enregistrés')).toBeVisible();
    expect(
      await backend.sql(`select public_daily_cap, recovery_daily_cap from message_settings`),
    ).toEqual([{ public_daily_cap: 250, recovery_daily_cap: 100 }]);
  });
});
