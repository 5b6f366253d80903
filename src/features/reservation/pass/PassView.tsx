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
 * The pass as its holder and the door see it: first name, then (unless cancelled) the QR code
 * holding the pass link and its door token, with the code printed under it for typing at the door, then the state,
 * date, times and venue with a map link.
 */
export function PassView({ pass }: { pass: Pass }) {
  const look = STATE_LOOK[pass.state];
  const qr = pass.state !== 'cancelled';
  return (
    <article
      aria-labelledby="pass-title"
      className="overflow-hidden rounded-2xl bg-white shadow-lg ring-1 ring-gray-200"
    >
      <header className="bg-linear-to-br from-gray-950 via-purple-950 to-blue-900 px-5 py-4 text-white">
        <div className="flex flex-wrap items-center justify-between gap-x-5 gap-y-2">
          <h2 id="pass-title">
            <Logo logo={NIGHT_PARTY_LOGO} alt="Booster Night Party" className="h-10 w-auto" />
          </h2>
          <p className="text-sm font-semibold tracking-wide text-yellow-400 uppercase">
            Pass · entrée gratuite
          </p>
        </div>
        <p className="mt-2 text-xl font-bold">
          {pass.firstName}{' '}
          <span className="text-sm font-normal text-gray-200">Téléphone {pass.maskedPhone}</span>
        </p>
      </header>
      <div className="space-y-5 px-5 py-5">
        {/* What the door scans comes first: in the first screen of a phone, with no scrolling
            (docs/decisions/046-the-pass-comes-first.md). */}
        {qr && (
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
        <p className={qr ? 'text-center' : undefined}>
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
            <dd className="wrap-anywhere first-letter:uppercase">
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
      </div>
      <div aria-hidden="true" className="crowd" />
    </article>
  );
}
