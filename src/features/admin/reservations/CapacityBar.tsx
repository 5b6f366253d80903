import type { NightPartyStats } from '@/data/reservations/night-party-admin';
import { card } from '../ui/classes';
import { formatCount } from '@/lib/numbers';

const n = formatCount;

/** A share of the bar's scale, in percent (two decimals: thin segments stay visible). */
const share = (part: number, scale: number) =>
  `${scale > 0 ? Math.round((Math.max(0, part) / scale) * 10_000) / 100 : 0}%`;

/**
 * A figure: its term, its value and detail as shown, and `spoken`, the same as one sentence for a
 * screen reader (issue 27: "54 / 1 6501 596 places libres" was read; now "54 confirmées sur
 * 1 650 places confirmables, 1 596 places libres.").
 */
type Figure = { label: string; value: string; swatch: string; detail?: string; spoken?: string };

const places = (k: number, word = 'place') => `${n(k)} ${word}${k > 1 ? 's' : ''}`;

/**
 * The Night Party's places (night_party_stats): entered and confirmed places against the limit
 * (capacity plus overbooking), then the waitlist beyond it. The figures are a list of terms and
 * values; the bar only draws them (aria-hidden).
 */
export function CapacityBar({ stats }: { stats: NightPartyStats }) {
  const { limit, confirmed, waitlisted, checkedIn, cancelled, capacity } = stats;
  const scale = Math.max(limit, confirmed + waitlisted);
  const left = Math.max(0, limit - confirmed);
  const free = left > 0 ? `${places(left)} libre${left > 1 ? 's' : ''}` : 'Complet';
  const figures: Figure[] = [
    {
      label: 'Confirmées',
      value: `${n(confirmed)} / ${n(limit)}`,
      swatch: 'bg-green-600',
      detail: free,
      spoken: `${n(confirmed)} sur ${places(limit)} confirmable${limit > 1 ? 's' : ''}, ${left > 0 ? free : 'complet'}.`,
    },
    { label: 'Entrées', value: n(checkedIn), swatch: 'bg-green-900' },
    { label: 'Liste d’attente', value: n(waitlisted), swatch: 'bg-amber-400' },
    { label: 'Annulées', value: n(cancelled), swatch: 'bg-gray-400' },
  ];
  return (
    <section className={`${card} @container`} aria-labelledby="capacity-title">
      <h2 id="capacity-title" className="text-lg font-semibold text-gray-900">
        Places de la Night Party
      </h2>
      <p className="mt-1 text-sm text-gray-700">
        Capacité {n(capacity)} places ; {n(limit)} confirmables avec le surbooking. Au-delà, les
        réservations vont en liste d’attente.
      </p>
      <div aria-hidden="true" className="relative mt-4">
        <div className="flex h-5 w-full overflow-hidden rounded-full bg-gray-200">
          <div className="bg-green-900" style={{ width: share(checkedIn, scale) }} />
          <div className="bg-green-600" style={{ width: share(confirmed - checkedIn, scale) }} />
          <div className="bg-amber-400" style={{ width: share(waitlisted, scale) }} />
        </div>
        {scale > limit && (
          <div
            className="absolute -top-1 -bottom-1 w-0.5 bg-gray-900"
            style={{ left: share(limit, scale) }}
            title="Limite des places confirmées"
          />
        )}
      </div>
      <dl className="mt-4 grid grid-cols-1 gap-3 @md:grid-cols-2 @3xl:grid-cols-4">
        {figures.map((f) => (
          <div key={f.label} className="rounded-lg bg-gray-50 px-3 py-2">
            <dt className="flex items-center gap-2 text-sm text-gray-700 wrap-anywhere">
              <span aria-hidden="true" className={`inline-block size-3 rounded-sm ${f.swatch}`} />
              {f.label}
            </dt>
            <dd className="text-xl font-bold text-gray-900">
              <span aria-hidden={f.spoken ? true : undefined}>
                {f.value}
                {f.detail && (
                  <span className="ml-2 text-sm font-medium text-gray-700">{f.detail}</span>
                )}
              </span>
              {f.spoken && <span className="sr-only">{f.spoken}</span>}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
