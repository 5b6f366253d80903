import { getSupabase } from './supabase';
import { startProofOfWork, type PowAction, type ProofOfWork } from '@/lib/proof-of-work';

/**
 * The public writes (register_participant, create_reservation, send_contact_message, recover_pass) go
 * through database functions that want a proof-of-work solution in `payload.pow` (see
 * docs/decisions/007-abuse-resistance.md). One solution is prepared ahead: a form calls
 * `prepareProofOfWork()` when it is shown, so the work is done while the visitor types; each
 * write takes it and the next one starts at once (a solution is used once).
 */
let prepared: ProofOfWork | undefined;

/** Starts solving now, if no solution is already on its way. */
function prepareProofOfWork(): void {
  prepared ??= startProofOfWork();
}

/**
 * Starts the proof of work at the visitor's first interaction with the page (a tap, a key, a
 * focus), not while the page loads: on a cheap phone the solving would compete with the first
 * paint. Filling a form takes far longer than solving, so the answer is still ready at submit.
 * Returns the clean-up, for an effect.
 */
export function prepareProofOfWorkOnInteraction(): () => void {
  const events = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const;
  const stop = () => events.forEach((name) => window.removeEventListener(name, start, true));
  function start() {
    stop();
    prepareProofOfWork();
  }
  events.forEach((name) => window.addEventListener(name, start, { capture: true, passive: true }));
  return stop;
}

/**
 * The prepared solution, or a new one when another write already took it (writes at once each
 * need their own); a fresh one is then prepared for the next write. `fresh`: a new challenge for
 * `action` whatever was prepared (the database refused the last one as stale).
 */
async function takeSolution(action: PowAction, fresh: boolean): Promise<string> {
  const pow = (!fresh && prepared) || startProofOfWork(action);
  if (pow === prepared) prepared = undefined;
  try {
    // A solution prepared while the visitor was offline has failed already: ask once more (the
    // proof of work then fetches a new challenge) before reporting a network failure.
    return await pow.solution().catch(() => pow.solution());
  } finally {
    pow.dispose();
    prepareProofOfWork();
  }
}

/**
 * The refusals of a proof of work the database saw as stale: worth one more, fresh, try
 * ('pow_outdated': prepared before a surge raised the difficulty, see
 * docs/decisions/016-trusted-address-and-proof-of-work.md).
 */
const STALE_PROOF = new Set(['pow_expired', 'pow_reused', 'pow_invalid', 'pow_outdated']);

export type PublicWrite =
  'register_participant' | 'create_reservation' | 'send_contact_message' | 'recover_pass';

const ACTION: Record<PublicWrite, PowAction> = {
  register_participant: 'register',
  create_reservation: 'reserve',
  send_contact_message: 'contact',
  recover_pass: 'recover',
};

/**
 * Calls `fn` with `payload` and a proof-of-work solution; when the database answers that the
 * solution expired or was already used (a page left open for an hour, a retry), once more with
 * a new one. Returns supabase-js's `{ data, error }`.
 */
export async function callPublicWrite<F extends PublicWrite>(
  fn: F,
  payload: Record<string, unknown>,
) {
  const supabase = await getSupabase();
  for (let attempt = 0; ; attempt++) {
    const pow = await takeSolution(ACTION[fn], attempt > 0);
    const result = await supabase.rpc(fn, { payload: { ...payload, pow } });
    if (attempt === 0 && result.error?.hint && STALE_PROOF.has(result.error.hint)) continue;
    return result;
  }
}

/** For tests: forget the prepared solution (e.g. after changing the backend). */
export function resetProofOfWork(): void {
  prepared?.dispose();
  prepared = undefined;
}
