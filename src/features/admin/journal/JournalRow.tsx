import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/Button';
import { formatDateTime } from '@/lib/dates';
import type { AuditEntry } from '@/data/journal/audit';
import { linkClass, td } from '../ui/classes';
import { actionLabel } from './action-labels';
import { ChangesTable } from './ChangesTable';
import { participantPath } from '@/config/route-paths';

const hasValues = (e: AuditEntry) => e.before !== null || e.after !== null;

/** One entry of the journal: when, who, what, the summary; before/after opens below. */
export function JournalRow({ entry: e }: { entry: AuditEntry }) {
  const [open, setOpen] = useState(false);
  const detailId = useId();
  return (
    <>
      <tr>
        <td className={`${td} whitespace-nowrap`}>{formatDateTime(e.at)}</td>
        <td className={`${td} break-all`}>{e.actorEmail ?? 'Système'}</td>
        <td className={td}>{actionLabel(e.action)}</td>
        <td className={td}>
          {e.summary}
          {/* A single participant (not one moved to the bin): their page. */}
          {e.entity === 'participant' && e.entityId && e.action !== 'participant.delete' && (
            <Link
              to={participantPath(e.entityId)}
              className={`${linkClass} block text-xs`}
              aria-label={`Voir le participant : ${e.summary}`}
            >
              Voir le participant
            </Link>
          )}
        </td>
        <td className={td}>
          {hasValues(e) && (
            <Button
              variant="secondary"
              className="whitespace-nowrap"
              aria-expanded={open}
              aria-controls={open ? detailId : undefined}
              aria-label={`${open ? 'Masquer' : 'Voir'} avant / après : ${e.summary}`}
              onClick={() => setOpen((o) => !o)}
            >
              {open ? 'Masquer' : 'Avant / après'}
            </Button>
          )}
        </td>
      </tr>
      {open && (
        <tr id={detailId}>
          <td colSpan={5} className="bg-gray-50 px-4 py-3">
            <ChangesTable before={e.before} after={e.after} />
          </td>
        </tr>
      )}
    </>
  );
}
