import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse, passthrough } from 'msw';
import App from '@/app/App';
import { resetProofOfWork } from '@/data/shared/public-write';
import { mockEmailJs } from '../setup/emailjs-mock';
import { testBackend } from '../setup/test-backend';
import { plain } from '../setup/french';
import { LINK_IN_NAME } from '@/lib/validation';

// EmailJS configured for this file (read by getEnv() on first use).
vi.stubEnv('VITE_EMAILJS_PUBLIC_KEY', 'pk_test_public');
vi.stubEnv('VITE_EMAILJS_SERVICE_ID', 'service_booster');
vi.stubEnv('VITE_EMAILJS_CONTACT_TEMPLATE_ID', 'template_contact');

const backend = testBackend();
/** The first submit loads supabase-js on demand: give it time on a busy machine. */
const SLOW = { timeout: 8000 };
const SUCCESS = 'Votre message a été envoyé avec succès !';
const FAILURE = "Une erreur est survenue lors de l'envoi du message. Veuillez réessayer.";

/** EmailJS is mocked at the network boundary; everything else reaches the test backend. */
const emailjs = mockEmailJs();

/**
 * Records the requests that could store a message, letting them through: the function every
 * message goes through (proof of work, rate limit, honeypot, checks), and the table itself.
 */
function recordStoreRequests() {
  const stored: string[] = [];
  const record = ({ request }: { request: Request }) => {
    stored.push(request.url);
    return passthrough();
  };
  emailjs.server.use(
    http.all(`${backend.url}/rest/v1/rpc/send_contact_message`, record),
    http.all(`${backend.url}/rest/v1/contact_messages`, record),
  );
  return stored;
}

/**
 * The failure shown next to the submit button. It must be the page's only alert: an error toast
 * (react-toastify's toasts are alerts too) would make getByRole throw.
 */
async function expectFailure(text: string | RegExp) {
  await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(text), SLOW);
  return screen.getByRole('alert');
}

/** Every request to the backend fails as if the network were down (fetch rejects). */
function backendDown() {
  emailjs.server.use(http.all(`${backend.url}/*`, () => HttpResponse.error()));
}

const messages = () =>
  backend.sql(
    'select name, email, subject, message from contact_messages order by created_at',
  ) as Promise<Record<string, string>[]>;

async function openContact() {
  window.history.replaceState(null, '', '/contact');
  render(<App />);
  await screen.findByRole('heading', { level: 1, name: 'Contactez-nous' });
  // The form is its own chunk, loaded when the page mounts.
  await screen.findByRole('button', { name: 'Envoyer le message' });
}

const field = (label: RegExp) => screen.getByLabelText(label);
const submit = () => screen.getByRole('button', { name: /Envoyer le message|Envoi en cours/ });

async function fill(user: UserEvent) {
  await user.type(field(/Nom complet/), 'Awa Ndongo');
  await user.type(field(/E-mail/), 'awa@example.cm');
  await user.type(field(/Sujet/), 'Auditions de Garoua');
  await user.type(field(/Message/), 'Bonjour, à quelle date ont lieu les auditions ?');
}

beforeEach(async () => {
  await backend.sql('delete from contact_messages');
});
afterEach(async () => {
  // The proof of work prepared ahead is module state: a test that cut the network must not hand
  // a failed one to the next test.
  resetProofOfWork();
  await backend.sql('update private.rate_limits set max_per_address = 100000');
});

describe('/contact', () => {
  it('shows each validation message, clears it when the field is edited, and sends nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const stored = recordStoreRequests();
    await openContact();
    expect(
      screen.getByText('Du lundi au vendredi : 8 h – 17 h', { selector: 'main li' }),
    ).toBeVisible();

    await user.type(field(/Nom complet/), '   ');
    await user.click(submit());
    expect(await screen.findByText('Le nom est obligatoire')).toBeVisible();
    expect(field(/Nom complet/)).toHaveFocus();
    expect(field(/Nom complet/)).toHaveAttribute('aria-invalid', 'true');
    expect(field(/E-mail/)).toHaveAccessibleDescription("L'email est obligatoire");
    expect(field(/Sujet/)).toHaveAccessibleDescription('Le sujet est obligatoire');
    expect(field(/Message/)).toHaveAccessibleDescription(/Le message est obligatoire/);

    await user.type(field(/E-mail/), 'awa@example');
    expect(screen.queryByText("L'email est obligatoire")).not.toBeInTheDocument(); // cleared on edit
    await user.type(field(/Message/), 'Trop court');
    await user.clear(field(/Message/));
    await user.type(field(/Message/), 'Court');
    await user.click(submit());
    expect(await screen.findByText('Adresse email invalide')).toBeVisible();
    expect(screen.getByText('Le message doit contenir au moins 10 caractères')).toBeVisible();
    await user.type(field(/Message/), ' !');
    expect(
      screen.queryByText('Le message doit contenir au moins 10 caractères'),
    ).not.toBeInTheDocument();

    expect(stored).toHaveLength(0);
    expect(emailjs.requests).toHaveLength(0);
    expect(await messages()).toHaveLength(0);
  });

  it('stores the message, sends the SPEC §7 EmailJS body, toasts and empties the form', async () => {
    const user = userEvent.setup({ delay: null });
    await openContact();
    await fill(user);
    const before = new Date();
    await user.click(submit());

    expect(await screen.findByText(SUCCESS, {}, SLOW)).toBeVisible();
    expect(await messages()).toEqual([
      {
        name: 'Awa Ndongo',
        email: 'awa@example.cm',
        subject: 'Auditions de Garoua',
        message: 'Bonjour, à quelle date ont lieu les auditions ?',
      },
    ]);
    expect(emailjs.sends).toHaveLength(1);
    const body = emailjs.sends[0];
    expect(body.lib_version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(body.user_id).toBe('pk_test_public');
    expect(body.service_id).toBe('service_booster');
    expect(body.template_id).toBe('template_contact');
    const params = body.template_params;
    expect(Object.keys(params).sort()).toEqual([
      'contact_date',
      'from_name',
      'message',
      'reply_to',
      'subject',
    ]);
    expect(params.from_name).toBe('Awa Ndongo');
    expect(params.reply_to).toBe('awa@example.cm');
    expect(params.subject).toBe('Auditions de Garoua');
    expect(params.message).toBe('Bonjour, à quelle date ont lieu les auditions ?');
    expect(params.contact_date).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    const [d, m, y] = params.contact_date.split(' ')[0].split('/').map(Number);
    expect(new Date(y, m - 1, d).toDateString()).toBe(before.toDateString());

    await waitFor(() => expect(field(/Nom complet/)).toHaveValue(''));
    expect(field(/Message/)).toHaveValue('');
  });

  it('keeps the message stored when EmailJS fails', async () => {
    const user = userEvent.setup({ delay: null });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    emailjs.failWith(503, 'Service unavailable');
    await openContact();
    await fill(user);
    await user.click(submit());

    // Stored, so the organisers have it: the visitor is told it was sent; the e-mail failure is logged.
    expect(await screen.findByText(SUCCESS, {}, SLOW)).toBeVisible();
    expect(emailjs.sends).toHaveLength(1);
    expect(await messages()).toHaveLength(1);
    expect(log).toHaveBeenCalledWith(expect.stringContaining('e-mail'), expect.anything());
    expect(screen.queryByText(FAILURE)).not.toBeInTheDocument();
  });

  it('backend unreachable: the failure shows next to the form, nothing e-mailed, everything typed is kept', async () => {
    const user = userEvent.setup({ delay: null });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    backendDown();
    await openContact();
    await fill(user);
    await user.click(submit());

    expect(await expectFailure(FAILURE)).toBeVisible();
    expect(log).toHaveBeenCalled();
    expect(emailjs.requests).toHaveLength(0);
    expect(field(/Nom complet/)).toHaveValue('Awa Ndongo');
    expect(field(/E-mail/)).toHaveValue('awa@example.cm');
    expect(field(/Sujet/)).toHaveValue('Auditions de Garoua');
    expect(field(/Message/)).toHaveValue('Bonjour, à quelle date ont lieu les auditions ?');
    expect(submit()).toBeEnabled();
    expect(await messages()).toHaveLength(0);
  });

  it('a name that looks like a link: the French message under the name, nothing stored or e-mailed (issue 38)', async () => {
    const user = userEvent.setup({ delay: null });
    const stored = recordStoreRequests();
    await openContact();
    await fill(user);
    await user.clear(field(/Nom complet/));
    await user.type(field(/Nom complet/), 'www.paiement-booster.example');
    await user.click(submit());

    const name = field(/Nom complet/);
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(name).toHaveAccessibleDescription(plain(LINK_IN_NAME.name));
    expect(stored).toHaveLength(0);
    expect(emailjs.requests).toHaveLength(0);
    expect(await messages()).toHaveLength(0);
  });

  it('a filled honeypot (a robot) stores nothing, and the robot sees the usual success', async () => {
    const user = userEvent.setup({ delay: null });
    await openContact();
    // Out of reach for people and assistive technology: only found when asking for hidden ones.
    expect(screen.queryByRole('textbox', { name: /Site web/ })).not.toBeInTheDocument();
    const honeypot = screen.getByRole('textbox', { name: /Site web/, hidden: true });
    expect(honeypot).not.toBeVisible();
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    await fill(user);
    await user.type(honeypot, 'https://spam.example');
    await user.click(submit());

    expect(await screen.findByText(SUCCESS, {}, SLOW)).toBeVisible();
    await waitFor(() => expect(field(/Nom complet/)).toHaveValue(''));
    expect(await backend.sql('select count(*)::int n from contact_messages')).toEqual([{ n: 0 }]);
  });

  it('too many messages from one connection: the French refusal next to the form, values kept', async () => {
    const user = userEvent.setup({ delay: null });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const stored = recordStoreRequests();
    // This connection already sent more than its share in the window.
    await backend.sql(`update private.rate_limits set max_per_address = 5 where action = 'contact';
      insert into private.rate_hits (action, address)
        select 'contact', '127.0.0.1'::inet from generate_series(1, 200)`);
    await openContact();
    await fill(user);
    await user.click(submit());

    const alert = await expectFailure(
      /^Trop de demandes depuis votre connexion\. Réessayez dans \d+ minutes?\.$/,
    );
    expect(alert).toBeVisible();
    expect(log).toHaveBeenCalled();
    expect(stored).toHaveLength(1); // it did reach the database, which refused it
    expect(emailjs.requests).toHaveLength(0);
    expect(field(/Nom complet/)).toHaveValue('Awa Ndongo');
    expect(field(/E-mail/)).toHaveValue('awa@example.cm');
    expect(field(/Sujet/)).toHaveValue('Auditions de Garoua');
    expect(field(/Message/)).toHaveValue('Bonjour, à quelle date ont lieu les auditions ?');
    expect(submit()).toBeEnabled();
    expect(await messages()).toHaveLength(0);
  });
});
