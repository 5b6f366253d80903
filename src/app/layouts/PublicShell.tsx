import { useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { CHALLENGE_LOGO, Logo } from '@/components/brand/Logo';
import { HomeContent } from '@/features/home/HomePage';
import { AppLink, NavigationContext } from '@/lib/app-link';
import { lazyHydrated } from '@/lib/lazy-page';
import { whenIdle } from '@/lib/when-idle';
import * as paths from '@/config/route-paths';
import type { MenuLink } from '@/config/route-manifest';

/** The header's links (desktop bar and mobile menu), the specification's first. */
const HEADER_MENU: MenuLink[] = [
  { to: paths.home, label: 'Accueil', end: true },
  { to: paths.registration, label: 'Inscription Challenge' },
  // The specification's header says "Pré-inscription Concert"; its footer names the concert.
  { to: paths.nightParty, label: 'Pré-inscription Concert' },
  { to: paths.faq, label: 'FAQ' },
  { to: paths.contact, label: 'Contact' },
];

/**
 * The footer's content (./PublicFooter.tsx: the site's words, useful links, the live contacts and
 * support hours) is hydrated after the rest of the page: its code is not in any page's first load
 * (docs/decisions/011-prerendered-public-pages.md, rule 10).
 */
export const Footer = lazyHydrated(() => import('./PublicFooter').then((m) => m.default));

/**
 * The header's "Mon pass" and "Voter" (./HeaderPassLinks.tsx), hydrated after the rest like the
 * footer: the code that reads this phone's pass and the settings is not in a page's first load;
 * the HTML shows "Retrouver mon pass" meanwhile.
 */
export const PassLinks = lazyHydrated(() => import('./HeaderPassLinks').then((m) => m.default));

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-11 items-center rounded-md px-3 font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white ${
    isActive ? 'bg-white/15 text-white' : 'text-blue-50 hover:bg-white/10 hover:text-white'
  }`;

/** The main navigation's links (desktop bar and mobile menu). */
function NavLinks({ className }: { className: string }) {
  return (
    <ul className={className}>
      {HEADER_MENU.map((item) => (
        <li key={item.to}>
          <AppLink to={item.to} end={item.end ?? false} className={navLinkClass}>
            {item.label}
          </AppLink>
        </li>
      ))}
    </ul>
  );
}

/** Moves keyboard focus to the page's <main> (every public page renders one). */
function skipToContent(event: React.MouseEvent<HTMLAnchorElement>) {
  const main = document.querySelector('main');
  if (!main) return;
  event.preventDefault();
  if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
  main.focus();
}

/**
 * The public pages' header, footer and skip link around `children`: the router's layout
 * (./PublicLayout.tsx) and the home page hydrated without the router (src/app/HomeIsland.tsx)
 * render it alike.
 */
export function PublicShell({ children }: { children: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const pathname = useContext(NavigationContext)?.pathname;
  const toggleRef = useRef<HTMLButtonElement>(null);

  // The mobile menu closes on every navigation.
  const [lastPath, setLastPath] = useState(pathname);
  if (lastPath !== pathname) {
    setLastPath(pathname);
    setMenuOpen(false);
  }

  // The home page's content is a chunk of its own (HomePage.tsx): fetched once the first page is
  // idle, a click on the logo or on "Accueil" shows it at once, not an empty page meanwhile.
  useEffect(() => whenIdle(() => void HomeContent.preload().catch(() => undefined)), []);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setMenuOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <div className="flex min-h-screen flex-col bg-gray-50 text-gray-900">
      <a
        href="#contenu"
        onClick={skipToContent}
        className="sr-only rounded-md bg-white px-4 py-2 font-semibold text-blue-900 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50"
      >
        Aller au contenu
      </a>
      <header className="bg-blue-900 text-white shadow">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
          <AppLink
            to={paths.home}
            className="flex min-w-0 rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            {/* Narrower than the screen with text at 200 %: the logo shrinks (reflow, WCAG 1.4.10). */}
            <Logo
              logo={CHALLENGE_LOGO}
              alt="Booster Challenge — accueil"
              className="h-11 w-auto max-w-full object-contain object-left"
            />
          </AppLink>
          <div className="flex items-center gap-1">
            {/* The specification's labels ("Inscription Challenge", "Pré-inscription Concert") need
                about 800 px on one line: the bar from 1024 px, the menu below (at 768 px they
                wrapped into two-line links). */}
            <nav aria-label="Navigation principale" className="hidden lg:block">
              <NavLinks className="flex items-center gap-1" />
            </nav>
            <PassLinks />
            <button
              ref={toggleRef}
              type="button"
              className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-md text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white lg:hidden"
              aria-expanded={menuOpen}
              aria-controls="menu-principal"
              onClick={() => setMenuOpen((open) => !open)}
            >
              <span className="sr-only">{menuOpen ? 'Fermer le menu' : 'Ouvrir le menu'}</span>
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                className="size-6"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              >
                {menuOpen ? (
                  <path d="M6 6l12 12M18 6L6 18" />
                ) : (
                  <path d="M4 7h16M4 12h16M4 17h16" />
                )}
              </svg>
            </button>
          </div>
        </div>
        {menuOpen && (
          <nav
            id="menu-principal"
            aria-label="Menu mobile"
            className="border-t border-white/10 lg:hidden"
          >
            <NavLinks className="mx-auto max-w-6xl space-y-1 px-4 py-3" />
          </nav>
        )}
      </header>

      <div className="flex-1">{children}</div>

      <footer className="bg-gray-900 text-gray-300">
        <Footer />
      </footer>
    </div>
  );
}
