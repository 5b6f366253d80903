import { useId } from 'react';
import { formatEventTime } from '@/lib/dates';
import { formatCount } from '@/lib/numbers';
import { DataTable } from './DataTable';
import { td } from './classes';

/** One pass admitted at two doors while they were offline (docs/decisions/032-offline-door.md). */
export type DoubleEntryRow = {
  id: string | number;
  fullName: string;
  /** null: the first entry was recorded by hand in the administration. */
  firstDoor: string | null;
  firstAt: string;
  secondDoor: string;
  secondAt: string;
};

const where = (door: string | null, at: string) =>
  `${door ?? 'À la main (administration)'}, ${formatEventTime(at)}`;

/**
 * The double entries and their count (issue 31): each pass admitted offline at a second door
 * after its entry was recorded, with both doors and times. The reservations and attendance pages
 * show it; nothing when there is none but the count.
 */
export function DoubleEntries({ rows }: { rows: DoubleEntryRow[] }) {
  const id = useId();
  const n = rows.length;
  return (
    <section aria-labelledby={id} className="space-y-2">
      <h2 id={id} className="text-lg font-semibold text-gray-900">
        Doubles entrées
      </h2>
      <p className="text-sm text-gray-700">
        {n === 0
          ? 'Aucune double entrée enregistrée.'
          : `${formatCount(n)} ${n > 1 ? 'doubles entrées enregistrées' : 'double entrée enregistrée'} : un pass admis hors ligne à une deuxième porte après son entrée. Compté une seule fois.`}
      </p>
      {n > 0 && (
        <DataTable
          caption="Doubles entrées"
          regionLabel="Tableau des doubles entrées"
          columns={['Titulaire', 'Première entrée', 'Deuxième passage (hors ligne)']}
        >
          {rows.map((r) => (
            <tr key={r.id}>
              <th scope="row" className={`${td} text-left font-medium text-gray-900`}>
                {r.fullName}
              </th>
              <td className={td}>{where(r.firstDoor, r.firstAt)}</td>
              <td className={td}>{where(r.secondDoor, r.secondAt)}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
