import { queryOptions } from '@tanstack/react-query';
import { getFinalState, type FinalCategory } from './admin';
import { finalKeys } from './keys';

/** A category's final: its rules and its results as computed now (admins and readers). */
export const finalStateQuery = (category: FinalCategory) =>
  queryOptions({ queryKey: finalKeys.state(category), queryFn: () => getFinalState(category) });

/** A category's certificates, once its results are published (admins). */
export const finalCertificatesQuery = (category: FinalCategory) =>
  queryOptions({
    queryKey: [...finalKeys.state(category), 'certificates'] as const,
    queryFn: () => import('./certificates').then((m) => m.getFinalCertificates(category)),
  });
