import type { AuditionCategory } from '@/data/auditions/types';
import type { FinalCategory } from '@/data/final/admin';
import * as paths from '@/config/route-paths';

/**
 * The auditions page's views, kept in the URL (a reload or a shared link shows the same): the
 * sessions, a session's results (`?session=`), a category's ranking across cities
 * (`?classement=`). docs/decisions/008-admin-data-layer.md: list state lives in the URL.
 */
export const resultsPath = (sessionId: string) =>
  `${paths.adminAuditions}?session=${encodeURIComponent(sessionId)}`;

export const rankingPath = (category: AuditionCategory) =>
  `${paths.adminAuditions}?classement=${category}`;

/** A category's final (`?finale=`, docs/decisions/047-the-final.md). */
export const finalPath = (category: FinalCategory) => `${paths.adminAuditions}?finale=${category}`;

export const sessionsPath = paths.adminAuditions;
