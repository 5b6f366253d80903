import { CAMEROON_CODE } from '@/lib/phone';

/**
 * Every link that opens another application (mail, phone, WhatsApp), built in one place so that
 * each part is encoded: an address, a subject or a message taken from the database cannot add
 * a recipient, a header (Bcc) or replace the body (docs/decisions/019-visible-text-and-safe-links.md).
 */

const isCameroonian = (digits: string) => /^\d{9}$/.test(digits);

/**
 * One part of a mailto: address (RFC 6068): everything percent-encoded but '@', which separates
 * the local part from the domain. '?', '&', '%', '#', ',' and ';' are then data, not syntax.
 */
const encodeAddress = (address: string) => encodeURIComponent(address).replaceAll('%40', '@');

/** A header's value holds one line: line breaks and other controls become spaces. */
// Control characters are exactly what this removes.
// eslint-disable-next-line no-control-regex
const oneLine = (value: string) => value.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ');

/**
 * mailto: one recipient, with an optional subject and body. A stored address the e-mail rule
 * would refuse (an older row) still opens one recipient: its '?', '&' or '%' are encoded. Line
 * breaks of the body are CRLF, as RFC 6068 asks.
 */
export function mailtoUrl(address: string, fields: { subject?: string; body?: string } = {}) {
  const query: string[] = [];
  if (fields.subject) query.push(`subject=${encodeURIComponent(oneLine(fields.subject))}`);
  if (fields.body)
    query.push(`body=${encodeURIComponent(fields.body.replace(/\r\n|\r|\n/g, '\r\n'))}`);
  const to = encodeAddress(address.trim());
  return query.length ? `mailto:${to}?${query.join('&')}` : `mailto:${to}`;
}

/** tel:+237699123456 for a 9-digit number (null for anything else: no link). */
export const telUrl = (digits: string): string | null =>
  isCameroonian(digits) ? `tel:+${CAMEROON_CODE}${digits}` : null;

/**
 * https://wa.me/237699123456 for a 9-digit number, with an optional pre-written message
 * (`?text=`); null for anything else. wa.me wants the international number, digits only.
 */
export function whatsappUrl(digits: string, text?: string): string | null {
  if (!isCameroonian(digits)) return null;
  const url = `https://wa.me/${CAMEROON_CODE}${digits}`;
  return text ? `${url}?text=${encodeURIComponent(text)}` : url;
}

/** WhatsApp share links (wa.me): open the app, or WhatsApp Web, with a pre-written message. */
export function whatsappShareUrl(text: string, link?: string): string {
  const message = link ? `${text} ${link}` : text;
  return `https://wa.me/?text=${encodeURIComponent(message)}`;
}
