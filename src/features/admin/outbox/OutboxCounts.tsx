import { formatCount } from '@/lib/numbers';
import { OUTBOX_STATES, type OutboxCount, type OutboxState } from '@/data/outbox/types';
import { DataTable } from '../ui/DataTable';
import { CardList, Fact, ListCard } from '../ui/ListCards';
import { useNarrowScreen } from '../ui/use-narrow-screen';
import { td } from '../ui/classes';
import { CHANNEL_LABELS, STATE_LABELS, TEMPLATE_LABELS } from './outbox-labels';

/** The counts by channel and message, each line's states side by side. */
function linesOf(counts: readonly OutboxCount[]) {
  const lines = new Map<string, OutboxCount[]>();
  for (const c of counts) {
    const key = `${c.channel}:${c.template}`;
    lines.set(key, [...(lines.get(key) ?? []), c]);
  }
  return [...lines.values()].map((cs) => ({
    channel: cs[0].channel,
    template: cs[0].template,
    by: (state: OutboxState) =>
      cs.filter((c) => c.state === state).reduce((sum, c) => sum + c.count, 0),
  }));
}

/**
 * Every message of the outbox counted by channel and message, in each state (whatever the
 * filters of the list below): what waits, what left, what failed.
 */
export function OutboxCounts({ counts }: { counts: readonly OutboxCount[] }) {
  const lines = linesOf(counts);
  const narrow = useNarrowScreen();
  if (lines.length === 0) return null;
  return (
    <section aria-labelledby="outbox-counts" className="space-y-2">
      <h2 id="outbox-counts" className="text-lg font-semibold text-gray-900">
        Par canal et par message
      </h2>
      {narrow ? (
        // On a phone, one card per line (issue 40: six columns ran off a 360 px screen).
        <CardList caption="Messages par canal et par message, selon leur état" columns={[]}>
          {lines.map((l) => (
            <ListCard
              key={`${l.channel}:${l.template}`}
              title={`${TEMPLATE_LABELS[l.template]} (${CHANNEL_LABELS[l.channel]})`}
            >
              {OUTBOX_STATES.map((s) => (
                <Fact key={s} term={STATE_LABELS[s]}>
                  {formatCount(l.by(s))}
                </Fact>
              ))}
            </ListCard>
          ))}
        </CardList>
      ) : (
        <DataTable
          caption="Messages par canal et par message, selon leur état"
          regionLabel="Tableau des envois par canal et par message"
          columns={['Canal', 'Message', ...OUTBOX_STATES.map((s) => STATE_LABELS[s])]}
        >
          {lines.map((l) => (
            <tr key={`${l.channel}:${l.template}`}>
              <td className={td}>{CHANNEL_LABELS[l.channel]}</td>
              <td className={td}>{TEMPLATE_LABELS[l.template]}</td>
              {OUTBOX_STATES.map((s) => (
                <td key={s} className={`${td} tabular-nums`}>
                  {formatCount(l.by(s))}
                </td>
              ))}
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
