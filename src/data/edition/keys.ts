import { queryRoots } from '@/data/shared/query-roots';

/** The edition's query keys: its settings and the surges of public writes. */
export const editionKeys = {
  settings: queryRoots.settings,
  surgeAlerts: queryRoots.surgeAlerts,
};
