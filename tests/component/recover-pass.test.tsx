import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import App from '@/app/App';
import { resetProofOfWork } from '@/data/shared/public-write';
import { testBackend } from '../setup/test-backend';
import { fr } from '../setup/french';

/**
 * "Retrouver mon pass" on /night-party, against the real database: a phone typed as people write
 * it is sent as its 9 digits (proof of work, as every public write); the answer is the database's
 * one neutral sentence, the same for a phone with or without a reservation; the pass's code or
 * link never reaches the page; a message is queued for the known phone only. A wrong phone gets
 * its French message and sends nothing.
 */
const backend = testBackend();
const SLOW = { timeout: 8000 };
const NEUTRAL =
  'Si ce numéro a une réservation, le lien de son pass lui est envoyé par message dans quelques minutes.';
const realFetch = globalThis.fetch;
const urlOf = (input: string | URL | Request) =>
  String(input instanceof Request ? input.url : input);

let passCode = '';

beforeEach(async () => {
  await backend.sql('delete from outbox; delete from reservations;');
  const [row] = await backend.sql<{ pass_code: string }>(
    `insert into reservations (full_name, phone, ville, heard_from, attendance_barrier,
       follows_booster_page, consumes_booster_products, state)
     values ('Awa Nkomo', '677200001', 'Douala', 'social', 'none', 'yes', 'yes', 'confirmed')
     returning pass_code`,
  );
  passCode = row.pass_code;
});
afterEach(() => {
  window.history.replaceState(null, '', '/');
  resetProofOfWork();
});

/** The requests to recover_pass, and their bodies. */
function recoverCalls() {
  const bodies: unknown[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    if (urlOf(input).includes('/rest/v1/rpc/recover_pass'))
      bodies.push(JSON.parse(String(init?.body ?? '{}')));
    return realFetch(input, init);
  });
  return bodies;
}

async function openRecoverForm() {
  const user = userEvent.setup({ delay: null });
  window.history.replaceState(null, '', '/night-party');
  render(<App />);
  const section = await screen.findByRole('region', { name: fr('Pass perdu ?') });
  await user.click(within(section).getByRole('button', { name: 'Retrouver mon pass' }));
  const phone = await within(section).findByLabelText(/^Téléphone de la réservation/, {}, SLOW);
  expect(phone).toHaveFocus();
  return { user, section, phone };
}

const outbox = () =>
  backend.sql<{ recipient: string; template: string; body: string }>(
    'select recipient, template, body from outbox',
  );

describe('"Retrouver mon pass"', () => {
  it('sends the pass to a reserved phone and shows only the neutral sentence', async () => {
    const calls = recoverCalls();
    const { user, section, phone } = await openRecoverForm();
    await user.type(phone, '+237 6 77 20 00 01');
    await user.click(within(section).getByRole('button', { name: 'Recevoir le lien de mon pass' }));
    await waitFor(
      () => expect(within(section).getByRole('status')).toHaveTextContent(NEUTRAL),
      SLOW,
    );
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ payload: { phone: '677200001' } });
    // The link goes to the phone, never to the page.
    expect(document.body.textContent).not.toContain(passCode);
    const links = screen.getAllByRole('link').map((a) => a.getAttribute('href') ?? '');
    expect(links.filter((href) => href.includes(passCode))).toEqual([]);
    const queued = await outbox();
    expect(queued).toHaveLength(1);
    expect(queued[0].recipient).toBe('677200001');
    expect(queued[0].template).toBe('pass_recovery');
    expect(queued[0].body).toContain(`/pass/${passCode}`);
  });

  it('answers the same for a phone without a reservation, and queues nothing', async () => {
    const { user, section, phone } = await openRecoverForm();
    await user.type(phone, '699 99 99 99');
    await user.click(within(section).getByRole('button', { name: 'Recevoir le lien de mon pass' }));
    await waitFor(
      () => expect(within(section).getByRole('status')).toHaveTextContent(NEUTRAL),
      SLOW,
    );
    expect(await outbox()).toHaveLength(0);
  });

  it('says what is wrong with the phone and sends nothing', async () => {
    const calls = recoverCalls();
    const { user, section, phone } = await openRecoverForm();
    const send = within(section).getByRole('button', { name: 'Recevoir le lien de mon pass' });
    await user.click(send);
    expect(phone).toHaveAccessibleDescription(/Le numéro de téléphone est obligatoire/);
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    await user.type(phone, '677 20 00');
    await user.click(send);
    await waitFor(() =>
      expect(phone).toHaveAccessibleDescription(
        /Numéro de téléphone invalide \(9 chiffres requis, Pas d'espace\)/,
      ),
    );
    expect(phone).toHaveFocus();
    expect(within(section).getByRole('status')).toHaveTextContent('');
    expect(calls).toHaveLength(0);
    expect(await outbox()).toHaveLength(0);
  });
});
