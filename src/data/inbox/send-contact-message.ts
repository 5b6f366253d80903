import { toDataError } from '@/lib/errors';
import { formatDateTime } from '@/lib/dates';
import { isContactEmailConfigured, sendContactEmail } from '@/lib/emailjs';
import { toContactMessageRow } from './mappers';
import { callPublicWrite } from '@/data/shared/public-write';
import type { ContactMessage } from './types';

export const CONTACT_SEND_ERROR =
  "Une erreur est survenue lors de l'envoi du message. Veuillez réessayer.";

export type ContactSendResult = {
  /** 'sent': the organisers were notified by e-mail; 'not_configured': EmailJS is not set up;
   *  'failed': the e-mail failed (the message is stored all the same). */
  email: 'sent' | 'not_configured' | 'failed';
};

/** The EmailJS template parameters of a contact message (the organisers' template uses these names). */
export function contactTemplateParams(m: ContactMessage, now: Date = new Date()) {
  return {
    from_name: m.name.trim(),
    reply_to: m.email.trim(),
    subject: m.subject.trim(),
    message: m.message.trim(),
    contact_date: formatDateTime(now), // fr-FR dd/mm/yyyy HH:MM
  };
}

/**
 * Stores the message first (send_contact_message: proof of work, rate limit, every field; a
 * retry with the same id answers as stored), then notifies the organisers through
 * EmailJS when it is configured. Throws a DataError only when the message could not be stored:
 * once stored, the message is not lost, so an e-mail failure is reported in the result (and
 * logged) rather than thrown.
 */
export async function sendContactMessage(
  id: string,
  message: ContactMessage,
  honeypot = '',
): Promise<ContactSendResult> {
  try {
    const { error } = await callPublicWrite('send_contact_message', {
      ...toContactMessageRow(id, message),
      website: honeypot,
    });
    if (error) throw error;
  } catch (error) {
    throw toDataError(error, CONTACT_SEND_ERROR);
  }

  // A filled honeypot (a robot): the database stored nothing, so nobody is notified either.
  if (honeypot.trim() !== '') return { email: 'not_configured' };
  if (!isContactEmailConfigured()) return { email: 'not_configured' };
  try {
    await sendContactEmail(contactTemplateParams(message));
    return { email: 'sent' };
  } catch (error) {
    console.error("Message enregistré, mais l'e-mail de notification a échoué :", error);
    return { email: 'failed' };
  }
}
