import { queryOptions } from '@tanstack/react-query';
import { editionKeys } from './keys';
import { getEditionSettings } from './settings';
import { listSurgeAlerts } from './surge-alerts';

export const settingsQuery = () =>
  queryOptions({
    queryKey: editionKeys.settings,
    queryFn: getEditionSettings,
  });

/** The latest surges of public writes; refreshed every minute while the dashboard is open. */
export const surgeAlertsQuery = () =>
  queryOptions({
    queryKey: editionKeys.surgeAlerts,
    queryFn: () => listSurgeAlerts(),
    refetchInterval: 60_000,
    meta: { errorMessage: 'Erreur lors du chargement des alertes' },
  });
