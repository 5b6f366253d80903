import { queryOptions } from '@tanstack/react-query';
import { getMyStaffRole } from '@/data/shared/staff-role';
import { staffKeys } from './keys';

/** The signed-in user's role: it does not change during a session. */
export const staffRoleQuery = () =>
  queryOptions({
    queryKey: staffKeys.role,
    queryFn: getMyStaffRole,
    staleTime: Infinity,
  });
