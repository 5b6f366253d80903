import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateEditionSettings, type SettingsPatch } from '@/data/night-party-admin';
import { queryKeys } from '../shared/query-keys';

/**
 * Saves settings. The answer is every setting as stored: it becomes the cache at once. The
 * reservations branch is invalidated too: a higher capacity promotes the waitlist in the same
 * transaction, which changes the lists, the capacity bar and the attendance figures.
 */
export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: SettingsPatch) => updateEditionSettings(patch),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.settings, saved);
      return queryClient.invalidateQueries({ queryKey: queryKeys.reservations.all });
    },
  });
}
