import { queryRoots } from '@/data/shared/query-roots';

/** The auditions' query keys: sessions, a judge's session, criteria, results, rankings. */
export const auditionKeys = {
  all: queryRoots.auditions,
  sessions: () => [...queryRoots.auditions, 'sessions'] as const,
  jurySessions: () => [...queryRoots.auditions, 'jury-sessions'] as const,
  jurySession: (id: string) => [...queryRoots.auditions, 'jury-session', id] as const,
  accounts: () => [...queryRoots.auditions, 'accounts'] as const,
  criteria: () => [...queryRoots.auditions, 'criteria'] as const,
  results: (sessionId: string) => [...queryRoots.auditions, 'results', sessionId] as const,
  ranking: (category: string) => [...queryRoots.auditions, 'ranking', category] as const,
};
