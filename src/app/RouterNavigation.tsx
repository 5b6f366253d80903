import { useMemo, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { NavigationContext } from '@/lib/app-link';

/** The router as the public pages' links see it (src/lib/app-link.tsx). */
export function RouterNavigation({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const value = useMemo(
    () => ({ pathname, navigate: (to: string) => void navigate(to) }),
    [pathname, navigate],
  );
  return <NavigationContext value={value}>{children}</NavigationContext>;
}
