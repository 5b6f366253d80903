import type { Outcome } from './use-check-in';
import type { Cue } from './verdict-feedback';

/**
 * The cue of a verdict (./verdict-feedback.ts): admitted, already entered, or anything that must
 * not enter (unknown, waitlisted, cancelled, an impossible code, the door's own refusals). A scan
 * kept for the network has no verdict yet, so no cue.
 */
export function cueOf(outcome: Outcome): Cue | null {
  if (outcome.kind === 'queued') return null;
  if (outcome.kind !== 'answer') return 'refused';
  if (outcome.answer.verdict === 'validated') return 'admitted';
  if (outcome.answer.verdict === 'already') return 'already';
  return 'refused';
}
