/** A Cameroonian 9-digit number as people write it: 6 99 12 34 56 (anything else unchanged). */
export const formatPhone = (digits: string) =>
  /^\d{9}$/.test(digits)
    ? digits.replace(/(\d)(\d{2})(\d{2})(\d{2})(\d{2})/, '$1 $2 $3 $4 $5')
    : digits;

/** Cameroon's country code, before the 9 digits in international form. */
export const CAMEROON_CODE = '237';

const isCameroonian = (digits: string) => /^\d{9}$/.test(digits);

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
