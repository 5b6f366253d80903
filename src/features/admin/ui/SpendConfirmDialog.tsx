import { formatCount } from '@/lib/numbers';
import type { SpendAsk } from '@/data/shared/spend';
import { ConfirmDialog } from './ConfirmDialog';
import { formatFcfa } from './fcfa';

const messages = (n: number) => (n > 1 ? `${formatCount(n)} messages` : `${n} message`);

/**
 * What an action that queues more than a handful of messages costs, before it does
 * (docs/decisions/037-message-budgets.md): the database refused it with the count and the cost
 * (SpendConfirmationError); confirming sends it again with that count, cancelling queues nothing.
 * The cost is computed as "Envoyer le rappel" shows it: SMS parts × the price of a part.
 */
export function SpendConfirmDialog({
  ask,
  what,
  busy,
  onConfirm,
  onCancel,
}: {
  ask: SpendAsk | null;
  /** What the action is, e.g. "Cet enregistrement". */
  what: string;
  busy?: boolean;
  onConfirm: (count: number) => void;
  onCancel: () => void;
}) {
  const n = ask?.count ?? 0;
  return (
    <ConfirmDialog
      open={ask !== null}
      title={`Envoyer ${messages(n)} ?`}
      message={`${what} met ${messages(n)} en file d’envoi, envoyés dans la minute. Rien n’est enregistré ni envoyé sans votre confirmation.`}
      confirmLabel={`Confirmer et envoyer ${messages(n)}`}
      cancelLabel="Ne rien envoyer"
      busy={busy}
      busyLabel="Mise en file…"
      onConfirm={() => ask && onConfirm(ask.count)}
      onCancel={onCancel}
    >
      {ask && (
        <dl className="mt-4 grid grid-cols-1 gap-y-1 text-sm text-gray-800">
          <div>
            <dt className="inline font-semibold">Messages : </dt>
            <dd className="inline">{formatCount(ask.count)}</dd>
          </div>
          {ask.smsParts > 0 && (
            <div>
              <dt className="inline font-semibold">Segments SMS : </dt>
              <dd className="inline">{formatCount(ask.smsParts)}</dd>
            </div>
          )}
          <div>
            <dt className="inline font-semibold">Coût estimé : </dt>
            <dd className="inline">{formatFcfa(ask.cost)}</dd>
          </div>
        </dl>
      )}
    </ConfirmDialog>
  );
}
