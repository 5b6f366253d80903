import { Outlet } from 'react-router';
import { RouterNavigation } from '../RouterNavigation';
import { PublicShell } from './PublicShell';

/**
 * The router's layout of the public pages: the shared header and footer around the page, their
 * links followed by the router (src/lib/app-link.tsx).
 */
export default function PublicLayout() {
  return (
    <RouterNavigation>
      <PublicShell>
        <Outlet />
      </PublicShell>
    </RouterNavigation>
  );
}
