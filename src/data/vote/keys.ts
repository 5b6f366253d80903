import { queryRoots } from '@/data/shared/query-roots';

/** The public vote's query keys: rounds, the stage screen's state, results, linkable people. */
export const voteKeys = {
  all: queryRoots.vote,
  rounds: () => [...queryRoots.vote, 'rounds'] as const,
  screen: () => [...queryRoots.vote, 'screen'] as const,
  results: (roundId: string) => [...queryRoots.vote, 'results', roundId] as const,
  participants: () => [...queryRoots.vote, 'participants'] as const,
};
