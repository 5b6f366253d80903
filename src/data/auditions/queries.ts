import { queryOptions } from '@tanstack/react-query';
import {
  getAuditionCriteria,
  getAuditionRanking,
  getAuditionResults,
  listAuditionSessions,
  listJuryAccounts,
} from './admin';
import { auditionKeys } from './keys';
import type { AuditionCategory } from './types';

/** Every session with its judges and progress (admins and readers). */
export const auditionSessionsQuery = () =>
  queryOptions({ queryKey: auditionKeys.sessions(), queryFn: listAuditionSessions });

/** The accounts an admin may name as judges. */
export const juryAccountsQuery = () =>
  queryOptions({ queryKey: auditionKeys.accounts(), queryFn: listJuryAccounts });

/** The settings' criteria per category. */
export const auditionCriteriaQuery = () =>
  queryOptions({ queryKey: auditionKeys.criteria(), queryFn: getAuditionCriteria });

/** A session's results (admins and readers). */
export const auditionResultsQuery = (sessionId: string) =>
  queryOptions({
    queryKey: auditionKeys.results(sessionId),
    queryFn: () => getAuditionResults(sessionId),
  });

/** A category's ranking across cities. */
export const auditionRankingQuery = (category: AuditionCategory) =>
  queryOptions({
    queryKey: auditionKeys.ranking(category),
    queryFn: () => getAuditionRanking(category),
  });
