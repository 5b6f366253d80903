import { useId } from 'react';
import type { LaneAlert } from '@/data/door/lane-alerts';
import { formatEventTime } from '@/lib/dates';
import { formatCount } from '@/lib/numbers';
import { DataTable } from '../ui/DataTable';
import { td } from '../ui/classes';

/**
 * The doors' lane alerts (docs/decisions/036-door-admits-what-it-scanned.md): a door account that
 * sent more scans than one lane does (a stolen phone or a script, most likely), and how many the
 * database refused; or whose phone let someone in offline on a code no pass has, which the list's
 * 24-bit check took for a pass's (docs/decisions/042-a-door-list-without-codes.md). Nothing when
 * there is none.
 */
export function LaneAlerts({ rows }: { rows: LaneAlert[] }) {
  const id = useId();
  if (rows.length === 0) return null;
  const withAccount = rows.some((r) => r.account !== null);
  return (
    <section
      aria-labelledby={id}
      className="space-y-2 rounded-md border border-red-300 bg-red-50 p-3"
    >
      <h2 id={id} className="text-lg font-semibold text-red-900">
        Alertes des portes : un compte de contrôle à vérifier
      </h2>
      <p className="text-sm text-gray-800">
        Une file fait 5 à 8 contrôles par minute. Au-delà de 20 par minute ou 100 en 10 minutes, la
        base refuse les contrôles de ce compte : vérifiez qui l’utilise et, au besoin, retirez-lui
        le rôle de contrôle. Une entrée hors ligne refusée : sans réseau, la porte a laissé entrer
        sur un code qu’aucun pass n’a (il ressemblait à celui d’un pass de la liste) ; la base ne
        l’a pas enregistrée.
      </p>
      <DataTable
        caption="Alertes des portes"
        regionLabel="Tableau des alertes des portes"
        columns={[
          'Porte',
          ...(withAccount ? ['Compte'] : []),
          'Première alerte',
          'Dernière alerte',
          'Contrôles refusés',
          'Entrées hors ligne refusées',
        ]}
      >
        {rows.map((r) => (
          <tr key={r.id}>
            <th scope="row" className={`${td} text-left font-medium text-gray-900`}>
              {r.door}
            </th>
            {withAccount && <td className={td}>{r.account ?? '—'}</td>}
            <td className={td}>{formatEventTime(r.firstAt)}</td>
            <td className={td}>{formatEventTime(r.lastAt)}</td>
            <td className={td}>{formatCount(r.refused)}</td>
            <td className={td}>{formatCount(r.admittedUnknown)}</td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}
