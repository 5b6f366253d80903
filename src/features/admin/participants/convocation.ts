import { auditionVenue } from '@/config/auditions';
import { EDITION } from '@/config/edition';
import { formatEventDate, formatEventTime } from '@/lib/dates';
import { mailtoUrl, whatsappUrl } from '@/lib/links';
import { cameroonDigits } from '@/lib/whatsapp';
import type { Participant } from '@/data/participants/types';

/** A participant with an audition slot (city and time). */
export type Convocable = Pick<
  Participant,
  'fullName' | 'participationType' | 'teamName' | 'phone'
> & {
  auditionCity?: string | null;
  auditionAt?: string | null;
  email?: string;
};

export const hasSlot = (
  p: Convocable,
): p is Convocable & { auditionCity: string; auditionAt: string } =>
  Boolean(p.auditionCity && p.auditionAt);

/**
 * The French convocation (WhatsApp or e-mail): who, the city, the day and the time in Douala, the
 * address. No edition year: the slot's own date says when, and the year is the settings'
 * (docs/decisions/024-one-edition-one-source.md); a second date could only disagree with it.
 * Null without a slot.
 */
export function convocationText(p: Convocable): string | null {
  if (!hasSlot(p)) return null;
  const who = p.participationType === 'team' && p.teamName ? ` (équipe ${p.teamName})` : '';
  const venue = auditionVenue(p.auditionCity);
  return [
    `Bonjour ${p.fullName}${who},`,
    `Vous êtes convoqué(e) aux auditions du ${EDITION.name} à ${p.auditionCity}, le ${formatEventDate(p.auditionAt)} à ${formatEventTime(p.auditionAt)} (heure de Douala).`,
    venue ? `Adresse : ${venue}.` : '',
    'Présentez-vous 30 minutes en avance avec une pièce d’identité. Merci de confirmer votre présence en répondant à ce message.',
    `L’équipe ${EDITION.name}`,
  ]
    .filter(Boolean)
    .join('\n');
}

/** wa.me to the participant's number with the convocation; null without a slot or a valid number. */
export function convocationWhatsappUrl(p: Convocable): string | null {
  const text = convocationText(p);
  const digits = cameroonDigits(p.phone);
  return text && digits ? whatsappUrl(digits, text) : null;
}

const CONVOCATION_SUBJECT = `Convocation aux auditions du ${EDITION.name}`;

/** mailto: with the convocation; null without a slot or an e-mail. */
export function convocationMailto(p: Convocable): string | null {
  const text = convocationText(p);
  if (!text || !p.email) return null;
  return mailtoUrl(p.email, { subject: CONVOCATION_SUBJECT, body: text });
}
