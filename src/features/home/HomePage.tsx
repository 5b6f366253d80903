import { lazyHydrated } from '@/lib/lazy-page';
import { usePageMeta } from '@/lib/use-page-meta';

/**
 * The home page's content (the hero, the sections, the live registration and concert facts) is in
 * ./HomeContent.tsx, a part hydrated after the rest: the prerendered HTML shows all of it, and its
 * code arrives after the home page's first load (docs/decisions/011-prerendered-public-pages.md,
 * rule 10; the 90 kB budget of build/bundle-budget.ts).
 */
export const HomeContent = lazyHydrated(() => import('./HomeContent').then((m) => m.default));

export default function HomePage() {
  usePageMeta(
    undefined,
    'Booster Challenge : inscrivez-vous au concours de danse et de chant au Cameroun, réservez votre place gratuite pour la Booster Night Party.',
  );
  return (
    <main id="contenu">
      <HomeContent />
    </main>
  );
}
