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

export type PerDoor = { door: string; entered: number; lastTenMinutes: number };

/**
 * Entered / expected and the entries of the last 10 minutes, big enough to read at arm's length,
 * then the same per door.
 */
export function DoorCountPanel({ count, stale, perDoor }: CountProps & { perDoor: PerDoor[] }) {
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
      {perDoor.length > 0 && (
        <table className="mt-3 w-full text-left text-gray-900">
          <caption className="text-left text-sm font-semibold text-gray-700">Par porte</caption>
          <thead>
            <tr className="text-sm text-gray-700">
              <th scope="col" className="py-1 font-normal">
                Porte
              </th>
              <th scope="col" className="py-1 text-right font-normal">
                Entrés
              </th>
              <th scope="col" className="py-1 text-right font-normal">
                10 min
              </th>
            </tr>
          </thead>
          <tbody>
            {perDoor.map((d) => (
              <tr key={d.door} className="border-t border-gray-200">
                <th scope="row" className="py-1 font-semibold break-words">
                  {d.door}
                </th>
                <td className="py-1 text-right font-bold">{d.entered}</td>
                <td className="py-1 text-right font-bold">{d.lastTenMinutes}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

type QueueProps = {
  pending: number;
  sent: SentScan[];
  /** When the door list was last downloaded (ISO), and how many passes it holds. */
  list: { syncedAt: string; passes: number } | null;
};

const pendingText = (n: number) =>
  n === 0
    ? ''
    : `${n} contrôle${n > 1 ? 's' : ''} en attente de réseau — ${n > 1 ? 'seront envoyés' : 'sera envoyé'}`;

/** A sent scan's result in words: a double entry says so. */
export function sentText({ scan, answer, doubleEntry, message }: SentScan): string {
  const result = answer ? verdictTitle(answer) : message;
  return `${scanLabel(scan)} : ${doubleEntry ? `double entrée — ${result}` : result}`;
}

/**
 * The door list's freshness, the scans waiting for the network (announced as the number
 * changes) and those sent since.
 */
export function DoorQueuePanel({ pending, sent, list }: QueueProps) {
  return (
    <>
      <p className="rounded-xl bg-white p-4 text-gray-900 shadow-sm">
        {list
          ? `Liste des pass à jour à ${formatEventTime(list.syncedAt)} (${list.passes} pass) : les contrôles sont jugés même sans réseau.`
          : 'Liste des pass pas encore téléchargée : sans réseau, les contrôles seront mis en attente.'}
      </p>
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
            {sent.map((item) => (
              <li
                key={item.scan.scanId}
                className={`py-2 ${item.answer?.verdict === 'validated' ? 'text-gray-900' : 'font-bold text-red-800'}`}
              >
                {sentText(item)}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
