/**
 * Cameroonian phone numbers as people write them, and found in free text (a contact message:
 * "appelez-moi au +237 6 77 12 34 56"), for a WhatsApp reply (whatsappUrl in ./phone.ts).
 */
import { normalisePhone } from '@/lib/phone';

/**
 * 9 digits from a Cameroonian number as written (+237, 00237, spaces, dots, dashes: the forms'
 * normalisePhone), when they are a mobile (6…) or landline (2…) number; else null.
 */
export function cameroonDigits(written: string): string | null {
  const digits = normalisePhone(written);
  return /^[26]\d{8}$/.test(digits) ? digits : null;
}

/**
 * The first Cameroonian phone number in `text` (9 digits), or null. Mobile numbers (6…), which
 * WhatsApp serves, win over landlines (2…) found in the same text.
 */
export function findCameroonPhone(text: string): string | null {
  // Runs of digits with the separators people type between groups, optionally after + or 00.
  const candidates = text.match(/(?:\+|00)?\d[\d .\-/]{7,18}\d/g) ?? [];
  const found: string[] = [];
  for (const candidate of candidates) {
    // A run may hold more than the number ("en 2025 677 12 34 56"): try its groups in order.
    const groups = candidate.split(/[ .\-/]+/);
    for (let i = 0; i < groups.length; i++) {
      for (let j = groups.length; j > i; j--) {
        const digits = cameroonDigits(groups.slice(i, j).join(''));
        if (digits) found.push(digits);
      }
    }
  }
  return found.find((d) => d.startsWith('6')) ?? found[0] ?? null;
}
