import { getEnv } from '@/config/env';

/**
 * E-mail through EmailJS (https://www.emailjs.com), used by the contact form and by the admin
 * "confirmation e-mail" action and
 * the audition convocations. @emailjs/browser is loaded on first use only. Its request is
 * POST https://api.emailjs.com/api/v1.0/email/send with the JSON body
 * { lib_version, user_id (public key), service_id, template_id, template_params }.
 */

export type EmailTemplate = 'contact' | 'confirmation' | 'convocation';

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

/** The template id of `template`, or null when EmailJS or that template is not configured. */
export function emailTemplateId(template: EmailTemplate): string | null {
  const cfg = getEnv().emailjs;
  if (!cfg) return null;
  if (template === 'contact') return cfg.contactTemplateId;
  return template === 'confirmation' ? cfg.confirmationTemplateId : cfg.convocationTemplateId;
}

/** True when EmailJS is configured (public key and service), and the template if one is named. */
export function isEmailConfigured(template?: EmailTemplate): boolean {
  if (!getEnv().emailjs) return false;
  return template === undefined || emailTemplateId(template) !== null;
}

type EmailJsResponse = { status?: number; text?: string };

/**
 * Sends one e-mail with `templateId` and its parameters. Throws EmailNotConfiguredError when the
 * public key, the service id or the template id is missing, EmailSendError when EmailJS refuses.
 * Success is status 200 or the response text "OK".
 */
export async function sendEmail(
  templateId: string | null | undefined,
  params: Record<string, string>,
): Promise<void> {
  const cfg = getEnv().emailjs;
  if (!cfg) throw new EmailNotConfiguredError('VITE_EMAILJS_PUBLIC_KEY / VITE_EMAILJS_SERVICE_ID');
  if (!templateId) throw new EmailNotConfiguredError('l’identifiant du modèle EmailJS');
  const { send } = await import('@emailjs/browser');
  let response: EmailJsResponse;
  try {
    response = await send(cfg.serviceId, templateId, params, { publicKey: cfg.publicKey });
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
