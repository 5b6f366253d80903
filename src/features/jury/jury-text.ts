import { doualaInstant, formatEventDate, formatEventTime } from '@/lib/dates';
import type { DeviceCard } from './card-queue';

/** The judge's page's words and numbers (French typography: a no-break space before ':'). */

/** 7,5 — a value or a total, with a French decimal comma (two decimals at most). */
export const formatScore = (n: number) => String(Math.round(n * 100) / 100).replace('.', ',');

export const pendingText = (n: number) =>
  n > 1 ? `${n} notes en attente d’envoi` : '1 note en attente d’envoi';

export const pendingOnSignOut = (n: number) =>
  n > 1 ? `${n} notes ne sont pas encore envoyées` : '1 note n’est pas encore envoyée';

export const keptUntilNextSignIn = (n: number) =>
  n > 1
    ? 'Elles restent sur cet appareil et seront envoyées à votre prochaine connexion, dès que le réseau revient.'
    : 'Elle reste sur cet appareil et sera envoyée à votre prochaine connexion, dès que le réseau revient.';

export const sessionTitle = (s: { city: string; heldOn: string }) =>
  `${s.city} — ${formatEventDate(doualaInstant(s.heldOn))}`;

export const slotTime = (slot: string) => (slot ? formatEventTime(slot) : '');

/** What a card's state says beside a performer of the running order. */
export function cardStateText(card: DeviceCard | undefined): string {
  if (!card) return 'À noter';
  if (card.state === 'refused') return 'Refusée';
  const what = card.absent ? 'Absent' : 'Noté';
  return card.state === 'pending' ? `${what} (en attente d’envoi)` : what;
}

export const CRITERION_REQUIRED = 'Notez ce critère de 0 à 10, ou marquez le candidat absent.';
export const COMMENT_MAX = 280;
export const COMMENT_TOO_LONG = `Le commentaire fait ${COMMENT_MAX} caractères au plus.`;
