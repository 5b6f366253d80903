import { getEnv } from '@/config/env';

/**
 * E-mail through EmailJS (https://www.emailjs.com) from the browser: the contact form's
 * notification to the organisers, and only it. Confirmations and convocations go through the
 * database's outbox, sent with the provider's private key, never from here
 * (docs/decisions/038-no-visitor-links-and-outbox-only.md): the browser knows no other template.
 * @emailjs/browser is loaded on first use only. Its request is
 * POST https://api.emailjs.com/api/v1.0/email/send with the JSON body
 * { lib_version, user_id (public key), service_id, template_id, template_params }.
 */

export class EmailNotConfiguredError extends Error {
  constructor(what: string) {
    super(`L’envoi d’e-mails n’est pas configuré : ${what} manquant (voir .env.example).`);
    this.name = 'EmailNotConfiguredError';
  }
}

export class EmailSendError extends Error {
  readonly status: number | undefined;
  constructor(status: number | undefined, text: string) {
    super(`Échec de l’envoi de l’e-mail${status ? ` (HTTP ${status})` : ''} : ${text}`);
    this.name = 'EmailSendError';
    this.status = status;
  }
}

/** True when the contact notification is configured (public key, service and its template). */
export function isContactEmailConfigured(): boolean {
  return getEnv().emailjs !== null;
}

type EmailJsResponse = { status?: number; text?: string };

/**
 * Sends the contact notification with its parameters (the organisers' template: its recipient is
 * theirs, written in EmailJS, not a parameter). Throws EmailNotConfiguredError when the public
 * key, the service id or the contact template id is missing, EmailSendError when EmailJS refuses.
 * Success is status 200 or the response text "OK".
 */
export async function sendContactEmail(params: Record<string, string>): Promise<void> {
  const cfg = getEnv().emailjs;
  if (!cfg)
    throw new EmailNotConfiguredError(
      'VITE_EMAILJS_PUBLIC_KEY / VITE_EMAILJS_SERVICE_ID / VITE_EMAILJS_CONTACT_TEMPLATE_ID',
    );
  const { send } = await import('@emailjs/browser');
  let response: EmailJsResponse;
  try {
    response = await send(cfg.serviceId, cfg.contactTemplateId, params, {
      publicKey: cfg.publicKey,
    });
  } catch (error) {
    // @emailjs/browser rejects with { status, text } on an HTTP error, with an Error otherwise.
    if (error instanceof Error) throw new EmailSendError(undefined, error.message);
    const e = error as EmailJsResponse;
    throw new EmailSendError(e?.status, e?.text ?? String(error));
  }
  if (response.status !== 200 && response.text !== 'OK') {
    throw new EmailSendError(response.status, response.text ?? '');
  }
}
