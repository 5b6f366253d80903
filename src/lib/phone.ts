/** A Cameroonian 9-digit number as people write it: 6 99 12 34 56 (anything else unchanged). */
export const formatPhone = (digits: string) =>
  /^\d{9}$/.test(digits)
    ? digits.replace(/(\d)(\d{2})(\d{2})(\d{2})(\d{2})/, '$1 $2 $3 $4 $5')
    : digits;

/** Cameroon's country code, before the 9 digits in international form. */
export const CAMEROON_CODE = '237';

/**
 * What people put between the groups of a number: spaces of any width (a pasted number often
 * holds no-break ones), dots, and dashes of any kind.
 */
const SEPARATORS = /[\s\u200b.\-\u2010-\u2015\u2212]/g;

/** The country code written before the 9 digits: +237, 00237, 237, or one of them in brackets. */
const INTERNATIONAL = /^\(?(?:\+|00)?237\)?(\d{9})$/;

/**
 * The 9 digits of a Cameroonian number as people write it ("+237 6 77 12 34 56", "00237677123456",
 * "677.12.34.56", "677-12-34-56"), for every form that takes a phone: the rule and its message then
 * apply to the 9 digits, which are what is stored. A text that cannot be such a number (letters,
 * 8 or 10 digits, 237 before anything but 9 digits) comes back only trimmed, so the form's rule
 * refuses it with its own message.
 */
export function normalisePhone(written: string): string {
  const compact = written.replace(SEPARATORS, '');
  const international = INTERNATIONAL.exec(compact);
  if (international) return international[1];
  return /^\d{9}$/.test(compact) ? compact : written.trim();
}

/** The phone fields' hint: what normalisePhone accepts, the example number kept on one line. */
export const PHONE_HINT =
  '9 chiffres, par ex. 6\u00a077\u00a012\u00a034\u00a056\u00a0; espaces et +237 acceptés';
