import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryRoots } from '@/data/shared/query-roots';
import { editionKeys } from './keys';
import { updateEditionSettings, type SettingsPatch } from './settings';

/**
 * Saves settings. The answer is every setting as stored: it becomes the cache at once. The
 * reservations branch is invalidated too: a higher capacity promotes the waitlist in the same
 * transaction, which changes the lists, the capacity bar and the attendance figures.
 */
export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ patch, confirm }: { patch: SettingsPatch; confirm?: number }) =>
      updateEditionSettings(patch, confirm),
    onSuccess: (saved) => {
      queryClient.setQueryData(editionKeys.settings, saved);
      return queryClient.invalidateQueries({ queryKey: queryRoots.reservations });
    },
  });
}
