import { Navigate, Outlet } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { staffRoleQuery } from '@/data/staff/queries';
import { LoadingStatus } from '../ui/ListState';
import * as paths from '@/config/route-paths';

/**
 * The page of the address, once the role is known, except for a régie account, whose one page is
 * the public vote's control desk: any other admin address leads there (the database would refuse
 * it everything). A role that fails to load lets the page say what the database answers.
 */
export function PageForRole({ pathname }: { pathname: string }) {
  const role = useQuery(staffRoleQuery());
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (role.isPending) return <LoadingStatus>Chargement…</LoadingStatus>;
  if (role.data === 'regie' && path !== paths.adminRegie)
    return <Navigate to={paths.adminRegie} replace />;
  return <Outlet />;
}
