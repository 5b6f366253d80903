import { queryRoots } from '@/data/shared/query-roots';

/** The final's query keys: a category's state (rules and computed results). */
export const finalKeys = {
  all: queryRoots.final,
  state: (category: string) => [...queryRoots.final, 'state', category] as const,
};
