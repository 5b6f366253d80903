import { queryRoots } from '@/data/shared/query-roots';

/** The staff's query keys: the signed-in user's role. */
export const staffKeys = {
  role: queryRoots.staffRole,
};
