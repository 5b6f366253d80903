import { NIGHT_PARTY_LOGO, Logo } from '@/components/brand/Logo';
import { formatEventDate, formatEventTime } from '@/lib/dates';
import type { Pass } from '@/data/reservations/pass';
import { groupedCode, passQrText } from './pass-links';
import { QrCode } from '@/components/ui/QrCode';

const STATE_LOOK: Record<Pass['state'], { className: string; text: (p: Pass) => string }> = {
  confirmed: { className: 'bg-green-100 text-green-900', text: () => 'Place confirmée' },
  waitlisted: {
    className: 'bg-amber-100 text-amber-950',
    text: (p) => `Liste d’attente · n° ${p.position ?? '?'}`,
  },
  checked_in: {
    className: 'bg-blue-100 text-blue-950',
    text: (p) => `Entrée validée${p.checkedInAt ? ` à ${formatEventTime(p.checkedInAt)}` : ''}`,
  },
  cancelled: { className: 'bg-gray-200 text-gray-900', text: () => 'Annulée' },
};

/**
 * The pass as its holder and the door see it: first name, state, date, times, venue with a map
 * link, and (unless cancelled) the QR code holding the pass link and its door token, with the code printed under
 * it for typing at the door.
 */
export function PassView({ pass }: { pass: Pass }) {
  const look = STATE_LOOK[pass.state];
  return (
    <article
      aria-labelledby="pass-title"
      className="overflow-hidden rounded-2xl bg-white shadow-lg ring-1 ring-gray-200"
    >
      <header className="bg-linear-to-br from-gray-950 via-purple-950 to-blue-900 text-white">
        <div className="px-5 pt-6">
          <h2 id="pass-title">
            <Logo logo={NIGHT_PARTY_LOGO} alt="Booster Night Party" className="h-12 w-auto" />
          </h2>
          <p className="mt-4 text-sm font-semibold tracking-wide text-yellow-400 uppercase">
            Pass · entrée gratuite
          </p>
          <p className="mt-1 text-xl font-bold">{pass.firstName}</p>
          <p className="text-sm text-gray-200">Téléphone {pass.maskedPhone}</p>
        </div>
        <div aria-hidden="true" className="crowd mt-1" />
      </header>
      <div className="space-y-5 px-5 py-6">
        <p>
          <span
            id="pass-state"
            className={`inline-block max-w-full rounded-full px-3 py-1 font-semibold ${look.className}`}
          >
            {look.text(pass)}
          </span>
        </p>
        <dl className="grid gap-3 text-gray-900 sm:grid-cols-2">
          <div>
            <dt className="text-sm font-semibold text-gray-600">Date</dt>
            <dd className="first-letter:uppercase">
              <time dateTime={pass.concertStartsAt}>{formatEventDate(pass.concertStartsAt)}</time>
            </dd>
          </div>
          <div>
            <dt className="text-sm font-semibold text-gray-600">Heure</dt>
            <dd>
              Portes à {formatEventTime(pass.doorsOpenAt)}, début à{' '}
              {formatEventTime(pass.concertStartsAt)}
            </dd>
          </div>
          <div className="sm:col-span-2">
            <dt className="text-sm font-semibold text-gray-600">Lieu</dt>
            <dd>
              {pass.venueName}
              <span className="block text-gray-700">{pass.venueAddress}</span>
              <a
                href={pass.mapUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="font-medium text-blue-800 underline"
              >
                Voir sur la carte
                <span className="sr-only"> (nouvel onglet)</span>
              </a>
            </dd>
          </div>
        </dl>
        {pass.state !== 'cancelled' && (
          <figure className="mx-auto max-w-72 text-center">
            <QrCode
              text={passQrText(pass)}
              label={`QR code du pass ${groupedCode(pass.code)}`}
              className="mx-auto w-full max-w-64"
            />
            <figcaption className="mt-2">
              <span className="block text-sm text-gray-700">Code à présenter à l’entrée</span>
              <span className="font-mono text-2xl font-bold tracking-widest text-gray-950">
                {groupedCode(pass.code)}
              </span>
            </figcaption>
          </figure>
        )}
      </div>
    </article>
  );
}
