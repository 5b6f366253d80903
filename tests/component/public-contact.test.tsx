import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse, passthrough } from 'msw';
import App from '@/app/App';
import { mockEmailJs } from '../setup/emailjs-mock';
import { testBackend } from '../setup/test-backend';

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

/** Records the requests that reach the contact_messages endpoint, letting them through. */
function recordStoreRequests() {
  const stored: string[] = [];
  emailjs.server.use(
    http.all(`${backend.url}/rest/v1/contact_messages`, ({ request }) => {
      stored.push(request.url);
      return passthrough();
    }),
  );
  return stored;
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
  await user.type(field(/Email/), 'awa@example.cm');
  await user.type(field(/Sujet/), 'Auditions de Garoua');
  await user.type(field(/Message/), 'Bonjour, à quelle date ont lieu les auditions ?');
}

beforeEach(async () => {
  await backend.sql('delete from contact_messages');
});

describe('/contact', () => {
  it('shows each validation message, clears it when the field is edited, and sends nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const stored = recordStoreRequests();
    await openContact();
    expect(screen.getByText('Lundi - Vendredi : 8h - 17h', { selector: 'main li' })).toBeVisible();

    await user.type(field(/Nom complet/), '   ');
    await user.click(submit());
    expect(await screen.findByText('Le nom est obligatoire')).toBeVisible();
    expect(field(/Nom complet/)).toHaveFocus();
    expect(field(/Nom complet/)).toHaveAttribute('aria-invalid', 'true');
    expect(field(/Email/)).toHaveAccessibleDescription("L'email est obligatoire");
    expect(field(/Sujet/)).toHaveAccessibleDescription('Le sujet est obligatoire');
    expect(field(/Message/)).toHaveAccessibleDescription(/Le message est obligatoire/);

    await user.type(field(/Email/), 'awa@example');
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

  it('backend unreachable: failure toast, nothing e-mailed, everything typed is kept', async () => {
    const user = userEvent.setup({ delay: null });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    backendDown();
    await openContact();
    await fill(user);
    await user.click(submit());

    expect(await screen.findByText(FAILURE, {}, SLOW)).toBeVisible();
    expect(log).toHaveBeenCalled();
    expect(emailjs.requests).toHaveLength(0);
    expect(field(/Nom complet/)).toHaveValue('Awa Ndongo');
    expect(field(/Email/)).toHaveValue('awa@example.cm');
    expect(field(/Sujet/)).toHaveValue('Auditions de Garoua');
    expect(field(/Message/)).toHaveValue('Bonjour, à quelle date ont lieu les auditions ?');
    expect(submit()).toBeEnabled();
    expect(await messages()).toHaveLength(0);
  });
});
