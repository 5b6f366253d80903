import { getSupabase } from '@/lib/supabase';
import { toDataError } from '@/lib/errors';
import { formatDateTime } from '@/lib/dates';
import { emailTemplateId, sendEmail } from '@/lib/emailjs';
import { toContactMessageRow } from './mappers';
import type { ContactMessage } from './types';

export const CONTACT_SEND_ERROR =
  "Une erreur est survenue lors de l'envoi du message. Veuillez réessayer.";

export type ContactSendResult = {
  /** 'sent': the organisers were notified by e-mail; 'not_configured': EmailJS is not set up;
   *  'failed': the e-mail failed (the message is stored all the same). */
  email: 'sent' | 'not_configured' | 'failed';
};

/** The EmailJS template parameters of a contact message (SPEC §3, §7). */
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
 * Stores the message in contact_messages first (client id, return=minimal; a retry with the same
 * id that finds its row already stored counts as stored), then notifies the organisers through
 * EmailJS when it is configured. Throws a DataError only when the message could not be stored:
 * once stored, the message is not lost, so an e-mail failure is reported in the result (and
 * logged) rather than thrown.
 */
export async function sendContactMessage(
  id: string,
  message: ContactMessage,
): Promise<ContactSendResult> {
  try {
    const supabase = await getSupabase();
    const { error } = await supabase
      .from('contact_messages')
      .insert(toContactMessageRow(id, message));
    const alreadyStored = error?.code === '23505' && /contact_messages_pkey/.test(error.message);
    if (error && !alreadyStored) throw error;
  } catch (error) {
    throw toDataError(error, CONTACT_SEND_ERROR);
  }

  const templateId = emailTemplateId('contact');
  if (!templateId) return { email: 'not_configured' };
  try {
    await sendEmail(templateId, contactTemplateParams(message));
    return { email: 'sent' };
  } catch (error) {
    console.error("Message enregistré, mais l'e-mail de notification a échoué :", error);
    return { email: 'failed' };
  }
}
