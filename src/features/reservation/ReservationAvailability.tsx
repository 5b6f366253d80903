import { formatEventDate, formatEventTime } from '@/lib/dates';
import { formatCount } from '@/lib/numbers';
import type { EditionInfo } from '@/data/edition/edition-info';

const when = (iso: string) => `${formatEventDate(iso)} à ${formatEventTime(iso)}`;

/** Why there is no form: not open yet, closed, or the concert is past (a clear page, no form). */
export function ReservationsClosed({ info }: { info: EditionInfo }) {
  const text = {
    not_open: {
      title: 'Les réservations ne sont pas encore ouvertes',
      body: `Elles ouvriront le ${when(info.reservationsOpenAt)}. Revenez à ce moment-là : l’entrée est gratuite mais la réservation est obligatoire.`,
    },
    closed: {
      title: 'Les réservations sont closes',
      body: `Elles ont fermé le ${when(info.reservationsCloseAt)}. Les personnes qui ont un pass le présentent à l’entrée.`,
    },
    past: {
      title: 'La Night Party a eu lieu',
      body: `Elle s’est tenue le ${when(info.concertStartsAt)}. Merci à toutes et à tous, et rendez-vous à la prochaine édition !`,
    },
    open: { title: '', body: '' },
  }[info.reservationState];
  return (
    <div role="status" className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-5">
      <p className="text-lg font-bold text-amber-950">{text.title}</p>
      <p className="mt-2 text-amber-950">{text.body}</p>
    </div>
  );
}

const placesText = (n: number) =>
  n === 1
    ? 'Dernière place disponible !'
    : n <= 50
      ? `Plus que ${n} places disponibles !`
      : `${formatCount(n)} places disponibles.`;

/** Places left, or the waitlist, above the form. */
export function PlacesLeft({ info }: { info: EditionInfo }) {
  if (info.waitlistOpen)
    return (
      <p className="mt-4 rounded-lg bg-amber-50 p-3 font-semibold text-amber-950 ring-1 ring-amber-300">
        Complet : en réservant maintenant, vous êtes inscrit(e) sur la liste d’attente. Chaque place
        libérée va à la personne suivante.
      </p>
    );
  return (
    <p className="mt-4 rounded-lg bg-green-50 p-3 font-semibold text-green-900 ring-1 ring-green-300">
      {placesText(info.placesLeft)}
    </p>
  );
}
