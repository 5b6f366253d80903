import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { $ZodType } from 'zod/v4/core';

/**
 * An administration form checked by its zod schema whose errors an ErrorSummary lists: the
 * summary takes the focus, not the first field, and the messages stay until the next attempt.
 */
export function useSummaryForm<T extends FieldValues>(
  schema: $ZodType<T, T>,
  defaultValues: DefaultValues<T>,
) {
  return useForm<T>({
    resolver: zodResolver(schema),
    defaultValues,
    shouldFocusError: false,
    reValidateMode: 'onSubmit',
  });
}
