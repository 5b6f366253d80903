import { useQuery } from '@tanstack/react-query';
import { staffRoleQuery } from '@/data/staff/queries';

/**
 * The signed-in user's staff role (my_staff_role), asked once per session. Undefined while it
 * loads: write actions stay hidden until the role is known.
 */
export function useStaffRole() {
  return useQuery(staffRoleQuery()).data;
}

/** Admins write and export; a reader (`lecteur`) reads lists and statistics only. */
export function useCanWrite(): boolean {
  return useStaffRole() === 'admin';
}
