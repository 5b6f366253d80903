import { sentText } from './DoorStatus';
import type { SentScan } from './use-check-in';

const count = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

/**
 * What the database answered for the scans queued during a network cut, said once they are sent
 * (issue 31, item 7): how many were sent, and an alert naming each pass refused afterwards (a
 * double entry, a pass cancelled meanwhile). The status stays in the page, empty, so a screen
 * reader hears its text when it arrives; an alert is announced as it appears.
 */
export function SentAnnouncement({ sent }: { sent: SentScan[] }) {
  const refused = sent.filter((s) => s.answer?.verdict !== 'validated');
  const summary =
    sent.length === 0
      ? ''
      : `${count(sent.length, 'contrôle envoyé', 'contrôles envoyés')} après la coupure, ${count(
          sent.length - refused.length,
          'entrée validée',
          'entrées validées',
        )}.`;
  return (
    <>
      <p role="status" className="sr-only">
        {summary}
      </p>
      {refused.length > 0 && (
        <div role="alert" className="px-4 pt-4 sm:px-0">
          <div className="rounded-xl border-2 border-red-800 bg-white p-4 text-red-800">
            <p className="font-bold">
              {count(refused.length, 'contrôle refusé', 'contrôles refusés')} après la coupure
            </p>
            <ul className="mt-1 list-disc pl-5">
              {refused.map((s) => (
                <li key={s.scan.scanId}>{sentText(s)}</li>
              ))}
            </ul>
          </div>
        </div>
      )}
    </>
  );
}
