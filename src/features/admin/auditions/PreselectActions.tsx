import { useId } from 'react';
import { Button } from '@/components/ui/Button';
import type {
  AdminAuditionSession,
  AuditionCategory,
  PreselectStatus,
  ResultCategory,
  AuditionSession,
} from '@/data/auditions/types';
import { categoryLabel } from './audition-labels';
import { PRESELECT_ACTIONS } from './PreselectDialog';

/**
 * Preselection waits for a finished ranking (docs/decisions/040-ranking-floor-and-complete-first.md):
 * the sessions it would be taken from that are still open or incomplete, named as the database
 * names them when it refuses (admin_preselect_top, which stays the rule: this only explains).
 */
const day = (heldOn: string) => heldOn.split('-').reverse().join('/');
const name = (s: Pick<AuditionSession, 'city' | 'heldOn'>, what: string) =>
  `Session ${s.city} du ${day(s.heldOn)} ${what}`;
const plural = (n: number) => `${n} participant${n > 1 ? 's' : ''} sans toutes leurs notes`;

/** Across cities: every session of the category open, or with a performer missing a card. */
export function unreadySessions(
  sessions: readonly AdminAuditionSession[],
  category: AuditionCategory,
): string[] {
  return sessions
    .filter((s) => s.category === category || s.category === 'both')
    .filter((s) => s.state !== 'locked' || s.scoredCount < s.performersCount)
    .sort((a, b) => a.heldOn.localeCompare(b.heldOn) || a.city.localeCompare(b.city))
    .map((s) =>
      name(
        s,
        s.state !== 'locked'
          ? 'encore ouverte'
          : `incomplète (${plural(s.performersCount - s.scoredCount)})`,
      ),
    );
}

/** One session's category: open, or a performer of its running order scored by too few judges. */
export function unreadySession(session: AuditionSession, results: ResultCategory): string[] {
  if (session.state !== 'locked') return [name(session, 'encore ouverte')];
  const missing = results.rows.filter((r) => r.position !== null && !r.absent && r.incomplete);
  return missing.length ? [name(session, `incomplète (${plural(missing.length)})`)] : [];
}

/**
 * "Présélectionner les N premiers" and "Désigner les finalistes": unavailable (focusable,
 * announced, explained beside them) while `blockers` names a session.
 */
export function PreselectActions({
  category,
  blockers,
  onPick,
}: {
  category: AuditionCategory;
  blockers: readonly string[];
  onPick: (status: PreselectStatus) => void;
}) {
  const why = useId();
  const blocked = blockers.length > 0;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {(['preselectionne', 'finaliste'] as const).map((status) => (
        <Button
          key={status}
          variant="secondary"
          disabled={blocked}
          aria-describedby={blocked ? why : undefined}
          onClick={() => onPick(status)}
        >
          {PRESELECT_ACTIONS[status]} <span className="sr-only">en {categoryLabel(category)}</span>
        </Button>
      ))}
      {blocked && (
        <p id={why} className="w-full text-sm text-gray-800">
          {`Présélection et finalistes impossibles tant qu’une session est ouverte ou incomplète : ${blockers.join(' ; ')}. Verrouillez chaque session une fois toutes ses notes données.`}
        </p>
      )}
    </div>
  );
}
