import { queryOptions } from '@tanstack/react-query';
import { queryRoots } from '@/data/shared/query-roots';
import { getEditionStats } from './edition-stats';

/** Under the statistics' root: whatever refreshes the registrations' figures refreshes these. */
export const editionStatsQuery = () =>
  queryOptions({
    queryKey: [...queryRoots.stats, 'edition'],
    queryFn: getEditionStats,
    meta: { errorMessage: 'Erreur lors du chargement des statistiques' },
  });
