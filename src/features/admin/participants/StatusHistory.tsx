import { useQuery } from '@tanstack/react-query';
import { formatEventDateTime } from '@/lib/dates';
import { QueryStatus } from '../ui/ListState';
import { statusHistoryQuery } from '@/data/participants/queries';
import { STATUS_LABELS } from './status-labels';

/** A participant's status changes, oldest first: when, from, to, by whom. */
export function StatusHistory({ participantId }: { participantId: string }) {
  const history = useQuery(statusHistoryQuery(participantId));
  return (
    <div>
      <h3 className="mb-2 font-semibold text-gray-900">Historique des statuts</h3>
      <QueryStatus query={history} loadingText="Chargement de l’historique…" />
      {history.data?.length === 0 && (
        <p className="text-gray-700">Aucun changement de statut depuis l’inscription.</p>
      )}
      {history.data && history.data.length > 0 && (
        <ol aria-label="Historique des statuts" className="space-y-2">
          {history.data.map((h, i) => (
            <li key={i} className="rounded-lg bg-gray-50 p-3 text-sm text-gray-800">
              <span className="font-medium text-gray-900">{formatEventDateTime(h.at)}</span> :{' '}
              {h.from ? `${STATUS_LABELS[h.from]} → ` : ''}
              {STATUS_LABELS[h.to]}
              {h.actorEmail && <span className="block text-gray-600">par {h.actorEmail}</span>}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
