import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testBackend } from '../setup/test-backend';
import { renderAdmin, signInAsAdmin } from './admin-render';

/**
 * The messages' settings on "Paramètres" (admins), against the real database: the reminder's
 * days before the concert (or none), its channel, the price of an SMS segment, the daily cap and
 * the site's address for the links. A wrong value gets its French message under its field and
 * nothing is stored; a right one is saved (only the changed ones) and the public facts say a
 * reminder is configured only while it is.
 */
const backend = testBackend();

type Stored = {
  reminder_days_before: number | null;
  reminder_channel: string;
  sms_price_per_segment: string;
  daily_cap: number;
  site_url: string;
};
const stored = async () =>
  (
    await backend.sql<Stored>(
      `select reminder_days_before, reminder_channel, sms_price_per_segment::text, daily_cap, site_url
         from message_settings`,
    )
  )[0];

beforeAll(async () => {
  await backend.createUser('chef@example.cm', 'chef-password-123', { admin: true });
  await backend.createUser('lecteur@example.cm', 'lecteur-password-123', { role: 'lecteur' });
});

beforeEach(async () => {
  await backend.sql('delete from audit_log');
  await backend.sql(`update message_settings set reminder_days_before = 3, reminder_channel = 'sms',
    sms_price_per_segment = 25, daily_cap = 1000, site_url = 'http://localhost:5173'`);
});

const form = () => screen.getByRole('form', { name: 'Paramètres des messages' });
const field = (label: RegExp) => within(form()).getByLabelText(label);
const save = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(
    within(form()).getByRole('button', { name: 'Enregistrer les paramètres des messages' }),
  );

describe('the messages’ settings', () => {
  it('shows the stored values and saves the changed ones', async () => {
    const user = userEvent.setup();
    await signInAsAdmin('chef@example.cm', 'chef-password-123');
    renderAdmin('/admin/parametres');
    await screen.findByRole('form', { name: 'Paramètres des messages' });
    expect(field(/^Rappel automatique/)).toHaveValue('3');
    expect(field(/^Canal du rappel/)).toHaveValue('sms');
    expect(field(/^Prix d’un segment SMS/)).toHaveValue('25');
    expect(field(/^Plafond d’envois par jour/)).toHaveValue('1000');
    expect(field(/^Adresse du site/)).toHaveValue('http://localhost:5173');

    await user.clear(field(/^Rappel automatique/));
    await user.selectOptions(field(/^Canal du rappel/), 'whatsapp');
    await user.clear(field(/^Prix d’un segment SMS/));
    await user.type(field(/^Prix d’un segment SMS/), '27,5');
    await user.clear(field(/^Adresse du site/));
    await user.type(field(/^Adresse du site/), 'https://booster-challenge.cm/');
    await save(user);
    expect(await screen.findByText('Paramètres des messages enregistrés')).toBeVisible();
    expect(await stored()).toEqual({
      reminder_days_before: null,
      reminder_channel: 'whatsapp',
      sms_price_per_segment: '27.50',
      daily_cap: 1000,
      site_url: 'https://booster-challenge.cm',
    });
    // No scheduled reminder: the success page will not promise one.
    const [{ info }] = await backend.sql<{ info: { reminder_configured: boolean } }>(
      'select to_jsonb(edition_info()) as info',
    );
    expect(info.reminder_configured).toBe(false);
    expect(field(/^Prix d’un segment SMS/)).toHaveValue('27,5');
  });

  it('says what is wrong under each field and stores nothing', async () => {
    const user = userEvent.setup();
    await signInAsAdmin('chef@example.cm', 'chef-password-123');
    renderAdmin('/admin/parametres');
    await screen.findByRole('form', { name: 'Paramètres des messages' });
    const before = await stored();
    const typeInto = async (label: RegExp, value: string) => {
      await user.clear(field(label));
      await user.type(field(label), value);
    };
    await typeInto(/^Rappel automatique/, '45');
    await typeInto(/^Prix d’un segment SMS/, 'gratuit');
    await typeInto(/^Plafond d’envois par jour/, '0');
    await typeInto(/^Adresse du site/, 'booster-challenge.cm');
    await save(user);
    await waitFor(() =>
      expect(field(/^Rappel automatique/)).toHaveAccessibleDescription(
        /Le rappel se programme de 1 à 30 jours avant le concert\.$/,
      ),
    );
    expect(field(/^Rappel automatique/)).toHaveAttribute('aria-invalid', 'true');
    expect(field(/^Rappel automatique/)).toHaveFocus();
    expect(field(/^Prix d’un segment SMS/)).toHaveAccessibleDescription(
      /Prix par SMS invalide \(en FCFA, de 0 à 999\s999\)\.$/,
    );
    expect(field(/^Plafond d’envois par jour/)).toHaveAccessibleDescription(
      /Le plafond quotidien va de 1 à 100\s000 messages\.$/,
    );
    expect(field(/^Adresse du site/)).toHaveAccessibleDescription(
      /Adresse du site invalide \(https:\/\/…\)\.$/,
    );
    expect(await stored()).toEqual(before);
    expect(
      await backend.sql(`select 1 from audit_log where action = 'settings.update'`),
    ).toHaveLength(0);
  });

  it('is not offered to a reader', async () => {
    await signInAsAdmin('lecteur@example.cm', 'lecteur-password-123');
    renderAdmin('/admin/parametres');
    await screen.findByText(/^Lecture seule/);
    expect(screen.queryByRole('form', { name: 'Paramètres des messages' })).toBeNull();
  });
});
