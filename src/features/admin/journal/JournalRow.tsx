import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/Button';
import { formatEventDateTime } from '@/lib/dates';
import type { AuditEntry } from '@/data/journal/audit';
import { linkClass, td } from '../ui/classes';
import { EmailText } from '../ui/EmailText';
import { Fact, ListCard } from '../ui/ListCards';
import { actionLabel } from './action-labels';
import { ChangesTable } from './ChangesTable';
import { participantPath } from '@/config/route-paths';

const hasValues = (e: AuditEntry) => e.before !== null || e.after !== null;

const author = (e: AuditEntry) => (e.actorEmail ? <EmailText email={e.actorEmail} /> : 'Système');

/** The summary, and the participant's page when the entry is about one (not one binned). */
function Summary({ entry: e }: { entry: AuditEntry }) {
  return (
    <>
      {e.summary}
      {e.entity === 'participant' && e.entityId && e.action !== 'participant.delete' && (
        <Link
          to={participantPath(e.entityId)}
          className={`${linkClass} block text-xs`}
          aria-label={`Voir le participant : ${e.summary}`}
        >
          Voir le participant
        </Link>
      )}
    </>
  );
}

/** "Avant / après", which opens the entry's changes (detailId) below. */
function ChangesButton({
  entry: e,
  open,
  detailId,
  onToggle,
}: {
  entry: AuditEntry;
  open: boolean;
  detailId: string;
  onToggle: () => void;
}) {
  if (!hasValues(e)) return null;
  return (
    <Button
      variant="secondary"
      className="whitespace-nowrap"
      aria-expanded={open}
      aria-controls={open ? detailId : undefined}
      aria-label={`${open ? 'Masquer' : 'Voir'} avant / après : ${e.summary}`}
      onClick={onToggle}
    >
      {open ? 'Masquer' : 'Avant / après'}
    </Button>
  );
}

/**
 * One entry of the journal: when (Douala's time, wherever the organiser reads it), who, what,
 * the summary; before/after opens below.
 */
export function JournalRow({ entry: e }: { entry: AuditEntry }) {
  const [open, setOpen] = useState(false);
  const detailId = useId();
  return (
    <>
      <tr>
        <td className={`${td} whitespace-nowrap`}>{formatEventDateTime(e.at)}</td>
        <td className={`${td} min-w-40 break-words`}>{author(e)}</td>
        <td className={td}>{actionLabel(e.action)}</td>
        <td className={td}>
          <Summary entry={e} />
        </td>
        <td className={td}>
          <ChangesButton
            entry={e}
            open={open}
            detailId={detailId}
            onToggle={() => setOpen((o) => !o)}
          />
        </td>
      </tr>
      {open && (
        <tr id={detailId}>
          <td colSpan={5} className="bg-gray-50 px-4 py-3">
            <ChangesTable before={e.before} after={e.after} entity={e.entity} />
          </td>
        </tr>
      )}
    </>
  );
}

/** The same entry as a card, on a phone (ListPage's cards). */
export function JournalCard({ entry: e }: { entry: AuditEntry }) {
  const [open, setOpen] = useState(false);
  const detailId = useId();
  return (
    <ListCard
      title={actionLabel(e.action)}
      rowId={e.id}
      footer={
        hasValues(e) && (
          <div className="mt-3 space-y-2">
            <ChangesButton
              entry={e}
              open={open}
              detailId={detailId}
              onToggle={() => setOpen((o) => !o)}
            />
            {open && (
              <div id={detailId} className="rounded-lg bg-gray-50 p-3">
                <ChangesTable before={e.before} after={e.after} entity={e.entity} />
              </div>
            )}
          </div>
        )
      }
    >
      <Fact term="Quand">{formatEventDateTime(e.at)}</Fact>
      <Fact term="Qui">{author(e)}</Fact>
      <Fact term="Résumé">
        <Summary entry={e} />
      </Fact>
    </ListCard>
  );
}
