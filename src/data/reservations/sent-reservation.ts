import type { CheckedValues, Database } from '../../../supabase/database.types';

/**
 * What create_reservation answers, the same whether the phone was free (a new pass) or already
 * held a live pass (nothing new; that pass's link is sent again): where the pass's link was sent,
 * never a code (docs/decisions/039-one-answer-and-votes-that-cannot-be-bought.md). A file of its
 * own, free of supabase-js: the reservation sent before the app (reserve-early.ts) reads it too.
 */
export type SentReservation = {
  /** The phone as typed, masked: "6•• •• •• 12". */
  sentTo: string;
  /** How the message goes: the organisers' channel (message_settings.reminder_channel). */
  channel: (typeof CheckedValues.message_settings.reminder_channel)[number];
};

/** What create_reservation answers (supabase/schemas/05_answer_types.sql), renamed. */
export function toSentReservation(
  a: Database['public']['CompositeTypes']['reservation_sent'] | null,
): SentReservation {
  return { sentTo: a?.sent_to ?? '', channel: a?.channel === 'whatsapp' ? 'whatsapp' : 'sms' };
}

export const RESERVATION_ERROR =
  'Une erreur est survenue lors de la réservation. Veuillez réessayer.';
