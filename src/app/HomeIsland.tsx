import { Suspense } from 'react';
import HomePage from '@/features/home/HomePage';
import { NavigationContext, type Navigation } from '@/lib/app-link';
import { PublicShell } from './layouts/PublicShell';
import { PageAnnouncer } from './PageAnnouncer';

/**
 * The home page as its first load hydrates it: what the app renders at `/` (./router.tsx), node for
 * node, without the router. A link followed here starts the app at its address (`navigation`,
 * src/main.tsx), docs/decisions/060-home-page-without-the-router.md.
 */
export function HomeIsland({ navigation }: { navigation: Navigation }) {
  return (
    <NavigationContext value={navigation}>
      <PublicShell>
        <Suspense fallback={null}>
          <HomePage />
        </Suspense>
      </PublicShell>
      <PageAnnouncer text="" />
    </NavigationContext>
  );
}
