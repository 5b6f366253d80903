import type { OutboxChannel, OutboxState } from './types';

/**
 * The outbox's channels and states as organisers say them, shared by "Envois" and the journal
 * (docs/decisions/003-feature-folders-and-data-module.md).
 */
export const CHANNEL_LABELS: Record<OutboxChannel, string> = {
  sms: 'SMS',
  whatsapp: 'WhatsApp',
  email: 'E-mail',
};

export const STATE_LABELS: Record<OutboxState, string> = {
  queued: 'En file d’envoi',
  sending: 'En cours d’envoi',
  sent: 'Envoyé',
  failed: 'Échec',
};
