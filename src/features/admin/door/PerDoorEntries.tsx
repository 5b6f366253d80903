import { useId } from 'react';
import type { DoorEntries } from '@/data/door/check-in';
import { formatCount } from '@/lib/numbers';
import { DataTable } from '../ui/DataTable';
import { td } from '../ui/classes';

/**
 * Entries per door (issue 31, item 5): how many each door let in, and in the last 10 minutes
 * (where the queue is now). Entries recorded by hand in the administration have no door.
 */
export function PerDoorEntries({ doors }: { doors: DoorEntries[] }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-2">
      <h2 id={id} className="text-lg font-semibold text-gray-900">
        Entrées par porte
      </h2>
      {doors.length === 0 ? (
        <p className="text-sm text-gray-700">Aucune entrée validée à une porte pour le moment.</p>
      ) : (
        <DataTable
          caption="Entrées par porte"
          regionLabel="Tableau des entrées par porte"
          columns={['Porte', 'Entrés', 'Ces 10 dernières minutes']}
        >
          {doors.map((d) => (
            <tr key={d.door}>
              <th scope="row" className={`${td} text-left font-medium text-gray-900`}>
                {d.door}
              </th>
              <td className={td}>{formatCount(d.entered)}</td>
              <td className={td}>{formatCount(d.lastTenMinutes)}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
