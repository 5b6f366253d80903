/** A Cameroonian 9-digit number as people write it: 6 99 12 34 56 (anything else unchanged). */
export const formatPhone = (digits: string) =>
  /^\d{9}$/.test(digits)
    ? digits.replace(/(\d)(\d{2})(\d{2})(\d{2})(\d{2})/, '$1 $2 $3 $4 $5')
    : digits;
