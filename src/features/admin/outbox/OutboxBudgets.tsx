import { useQuery } from '@tanstack/react-query';
import { formatCount } from '@/lib/numbers';
import type { OutboxBudget } from '@/data/outbox/types';
import { outboxBudgetsQuery } from '@/data/outbox/queries';

const LABELS: Record<OutboxBudget['pool'], { name: string; what: string }> = {
  reserve: {
    name: 'Réserve prioritaire',
    what: 'places libérées, rappels, convocations',
  },
  recovery: { name: 'Pass perdus', what: '« Retrouver mon pass »' },
  public: { name: 'Budget public', what: 'confirmations d’inscription' },
};

/**
 * Today's budgets of the daily cap (docs/decisions/037-message-budgets.md): for each, the
 * messages handed to a provider out of its size, and those waiting for it. What the public
 * triggers cannot use up the reserve; past its budget it waits for the next Douala day.
 */
export function OutboxBudgets() {
  const budgets = useQuery(outboxBudgetsQuery());
  if (!budgets.data) return null;
  const { dailyCap, budgets: list, refusedRecoveries } = budgets.data;
  return (
    <section aria-labelledby="outbox-budgets" className="space-y-2">
      <h2 id="outbox-budgets" className="text-lg font-semibold text-gray-900">
        Budgets d’aujourd’hui (plafond : {formatCount(dailyCap)} messages)
      </h2>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {list.map((b) => (
          <li key={b.pool} className="rounded-lg border border-gray-200 bg-white p-3">
            <p className="font-semibold text-gray-900">{LABELS[b.pool].name}</p>
            <p className="text-sm text-gray-700">{LABELS[b.pool].what}</p>
            <p className="mt-1 text-gray-900 tabular-nums">
              {formatCount(b.used)} / {formatCount(b.size)} envoyés
              {b.queued > 0 && <> ; {formatCount(b.queued)} en attente</>}
            </p>
            <meter
              className="mt-1 w-full"
              min={0}
              max={Math.max(1, b.size)}
              value={b.used}
              aria-label={`${LABELS[b.pool].name} : ${formatCount(b.used)} sur ${formatCount(b.size)}`}
            />
          </li>
        ))}
      </ul>
      {refusedRecoveries > 0 && (
        <p className="text-sm text-gray-700">
          {refusedRecoveries > 1
            ? `${formatCount(refusedRecoveries)} demandes de pass perdu n’ont pas été envoyées aujourd’hui`
            : '1 demande de pass perdu n’a pas été envoyée aujourd’hui'}{' '}
           : le numéro avait déjà reçu sa part (la réponse au public reste la même).
        </p>
      )}
    </section>
  );
}
