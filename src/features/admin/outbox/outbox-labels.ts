import type { OutboxState, OutboxTemplate } from '@/data/outbox/types';

export { CHANNEL_LABELS, STATE_LABELS } from '@/data/outbox/labels';

/** The outbox's words on the "Envois" page: each channel, message and state as organisers say it. */
export const TEMPLATE_LABELS: Record<OutboxTemplate, string> = {
  reminder: 'Rappel du concert',
  waitlist_offer: 'Place libérée (liste d’attente)',
  registration_confirmation: 'Confirmation d’inscription',
  convocation: 'Convocation aux auditions',
  pass_recovery: 'Pass retrouvé',
  certificate_link: 'Lien du certificat',
};

/** Each state's badge colours (text at AA contrast on its background). */
export const STATE_BADGES: Record<OutboxState, string> = {
  queued: 'bg-yellow-100 text-yellow-900',
  sending: 'bg-blue-100 text-blue-900',
  sent: 'bg-green-100 text-green-900',
  failed: 'bg-red-100 text-red-900',
};

/** An amount in FCFA as organisers read it ("1 250 FCFA"). */
export { formatFcfa } from '../ui/fcfa';
