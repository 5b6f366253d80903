import type { DoorCount, DoorWindow } from '@/data/door/check-in';
import { formatEventDate, formatEventTime } from '@/lib/dates';
import type { SentScan } from './use-check-in';
import { scanLabel, verdictTitle } from './verdict-text';

type CountProps = { count: DoorCount | null; stale: boolean };

/**
 * The door takes check-ins only around the concert (docs/decisions/017-roles-and-door-window.md):
 * outside that window the page says when it opens, or since when it is closed, before anyone scans.
 */
function doorWindowText(w: DoorWindow, now = Date.now()): string | null {
  if (w.open) return null;
  const at = (t: string) => `${formatEventDate(t)} à ${formatEventTime(t)}`;
  return now < Date.parse(w.opensAt)
    ? `Contrôle fermé : il ouvre le ${at(w.opensAt)}. D’ici là, les contrôles sont refusés.`
    : `Contrôle fermé depuis le ${at(w.closesAt)} : les contrôles sont refusés.`;
}

export function DoorWindowNotice({ count }: { count: DoorCount | null }) {
  const text = count?.window ? doorWindowText(count.window) : null;
  if (!text) return null;
  return <p className="rounded-xl bg-gray-900 p-4 text-lg font-bold text-white">{text}</p>;
}

/** Entered / expected and the entries of the last 10 minutes, big enough to read at arm's length. */
export function DoorCountPanel({ count, stale }: CountProps) {
  return (
    <section aria-labelledby="door-count-title" className="rounded-xl bg-white p-4 shadow-sm">
      <h2 id="door-count-title" className="text-sm font-semibold text-gray-700">
        Entrées {stale && <span className="font-normal">(hors ligne : dernier chiffre connu)</span>}
      </h2>
      <dl className="mt-1 grid grid-cols-2 gap-3">
        <div>
          <dt className="text-sm text-gray-700">Entrés / attendus</dt>
          <dd className="text-3xl font-black text-gray-950">
            {count ? `${count.entered} / ${count.expected}` : '–'}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-gray-700">Ces 10 dernières minutes</dt>
          <dd className="text-3xl font-black text-gray-950">
            {count ? count.lastTenMinutes : '–'}
          </dd>
        </div>
      </dl>
    </section>
  );
}

type QueueProps = { pending: number; sent: SentScan[] };

const pendingText = (n: number) =>
  n === 0
    ? ''
    : `${n} contrôle${n > 1 ? 's' : ''} en attente de réseau — ${n > 1 ? 'seront envoyés' : 'sera envoyé'}`;

/** The scans waiting for the network (announced as the number changes) and those sent since. */
export function DoorQueuePanel({ pending, sent }: QueueProps) {
  return (
    <>
      <p
        role="status"
        className={pending ? 'rounded-xl bg-blue-800 p-4 text-lg font-bold text-white' : 'sr-only'}
      >
        {pendingText(pending)}
      </p>
      {sent.length > 0 && (
        <section aria-labelledby="door-sent-title" className="rounded-xl bg-white p-4 shadow-sm">
          <h2 id="door-sent-title" className="text-base font-bold text-gray-900">
            Envoyés après la coupure
          </h2>
          <ul className="mt-2 divide-y divide-gray-200">
            {sent.map(({ scan, answer, message }) => (
              <li key={scan.scanId} className="py-2 text-gray-900">
                <span className="font-semibold">{scanLabel(scan)}</span> :{' '}
                {answer ? verdictTitle(answer) : message}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
