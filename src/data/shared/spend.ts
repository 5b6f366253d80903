import { DataError } from '@/lib/errors';

/**
 * An admin action that would queue more than a handful of messages is refused by the database
 * until it comes back with their count (docs/decisions/037-message-budgets.md): hint
 * 'confirm_messages', DETAIL { count, sms_parts, cost } as JSON. The page shows the count and the
 * cost, and sends the action again with `confirm_messages` = count once the admin confirms.
 */
export type SpendAsk = {
  /** Messages the action would queue. */
  count: number;
  /** Their SMS parts (0 when none goes by SMS). */
  smsParts: number;
  /** SMS parts × the price of a part (message_settings), in FCFA. */
  cost: number;
};

export class SpendConfirmationError extends DataError {
  readonly ask: SpendAsk;
  constructor(message: string, ask: SpendAsk) {
    super('invalid', message, { code: 'P0001', reason: 'confirm_messages', details: ask });
    this.name = 'SpendConfirmationError';
    this.ask = ask;
  }
}

type RpcError = { hint?: string | null; details?: string | null; message: string };

/** The database's request for a confirmation, or null for any other error. */
export function spendConfirmation(error: RpcError): SpendConfirmationError | null {
  if (error.hint !== 'confirm_messages') return null;
  let j: Record<string, unknown> = {};
  try {
    j = JSON.parse(error.details ?? '{}') as Record<string, unknown>;
  } catch {
    // The sentence alone still says what to confirm; the figures stay at 0.
  }
  return new SpendConfirmationError(error.message, {
    count: Number(j.count ?? 0),
    smsParts: Number(j.sms_parts ?? 0),
    cost: Number(j.cost ?? 0),
  });
}
