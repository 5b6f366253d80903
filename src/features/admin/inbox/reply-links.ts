import { EDITION } from '@/config/edition';
import { mailtoUrl, whatsappUrl } from '@/lib/links';
import { findCameroonPhone } from '@/lib/whatsapp';
import type { InboxMessage } from '@/data/inbox/types';

/** "Re: <subject>" (not doubled when the subject is already a reply). */
const replySubject = (subject: string) =>
  /^re\s*:/i.test(subject.trim()) ? subject.trim() : `Re: ${subject.trim()}`;

/** A reply by e-mail: mailto: with "Re: subject" and a greeting. */
export function replyMailto(m: Pick<InboxMessage, 'email' | 'subject' | 'name'>): string {
  const body = `Bonjour ${m.name},\n\n\n\nL’équipe ${EDITION.name}`;
  return mailtoUrl(m.email, { subject: replySubject(m.subject), body });
}

/**
 * A reply on WhatsApp when the message gives a Cameroonian phone number (wa.me/237…), with a
 * greeting that recalls the subject; null when it gives none.
 */
export function replyWhatsapp(m: Pick<InboxMessage, 'message' | 'subject' | 'name'>): {
  url: string;
  phone: string;
} | null {
  const phone = findCameroonPhone(m.message);
  if (!phone) return null;
  const text = `Bonjour ${m.name}, l’équipe ${EDITION.name} vous répond au sujet de « ${m.subject.trim()} ».`;
  const url = whatsappUrl(phone, text);
  return url ? { url, phone } : null;
}
