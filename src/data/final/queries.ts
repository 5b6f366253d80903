import { queryOptions } from '@tanstack/react-query';
import { getFinalState, type FinalCategory } from './admin';
import { finalKeys } from './keys';

/** A category's final: its rules and its results as computed now (admins and readers). */
export const finalStateQuery = (category: FinalCategory) =>
  queryOptions({ queryKey: finalKeys.state(category), queryFn: () => getFinalState(category) });
