import type { RegieAction } from '@/data/vote/rounds';
import type { VoteRound } from '@/data/vote/types';

/** The one action the régie may take on a round now, or none (revealed). */
export function nextAction(round: VoteRound): RegieAction | null {
  if (round.state === 'draft') return 'open';
  if (round.state === 'open') return 'close';
  if (round.state === 'closed') return 'reveal';
  return null;
}

/** Each action's button and confirmation, in the régie's words. */
export const ACTIONS: Record<
  RegieAction,
  {
    button: string;
    title: string;
    message: (r: VoteRound) => string;
    confirm: string;
    busy: string;
    done: string;
  }
> = {
  open: {
    button: 'Ouvrir',
    title: 'Ouvrir le vote ?',
    message: (r) =>
      `« ${r.title} » s’ouvre pour ${r.durationSeconds} secondes : l’écran de scène et les pass affichent les candidats, le vote se clôt seul à la fin du compte à rebours.`,
    confirm: 'Ouvrir le vote',
    busy: 'Ouverture…',
    done: 'Vote ouvert',
  },
  close: {
    button: 'Clore',
    title: 'Clore le vote maintenant ?',
    message: (r) =>
      `Les votes pour « ${r.title} » s’arrêtent maintenant, avant la fin du compte à rebours.`,
    confirm: 'Clore le vote',
    busy: 'Clôture…',
    done: 'Vote clos',
  },
  reveal: {
    button: 'Révéler',
    title: 'Révéler les résultats ?',
    message: (r) => `L’écran de scène montre les votes de « ${r.title} » et nomme le vainqueur.`,
    confirm: 'Révéler les résultats',
    busy: 'Révélation…',
    done: 'Résultats révélés',
  },
};
