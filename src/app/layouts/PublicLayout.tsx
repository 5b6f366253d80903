import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { EDITION } from '@/config/edition';
import { CHALLENGE_LOGO, Logo } from '@/components/brand/Logo';
import { ContactLinks } from '@/components/contact/ContactLinks';

/**
 * The concert has one name in every navigation: the footer's "Night Party" (the specification's
 * header label, "Pré-inscription Concert", named it a third way beside the page's own title).
 */
const CONCERT_NAV_LABEL = 'Night Party';

const NAV = [
  { to: '/', label: 'Accueil', end: true },
  { to: '/inscription', label: 'Inscription Challenge', end: false },
  { to: '/night-party', label: CONCERT_NAV_LABEL, end: false },
  { to: '/faq', label: 'FAQ', end: false },
  { to: '/contact', label: 'Contact', end: false },
] as const;

const FOOTER_LINKS = [
  { to: '/', label: 'Accueil' },
  { to: '/inscription', label: "S'inscrire au challenge" },
  { to: '/night-party', label: CONCERT_NAV_LABEL },
  { to: '/faq', label: 'FAQ' },
  { to: '/reglement', label: 'Règlement du concours' },
  { to: '/contact', label: 'Contact' },
] as const;

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-11 items-center rounded-md px-3 font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white ${
    isActive ? 'bg-white/15 text-white' : 'text-blue-50 hover:bg-white/10 hover:text-white'
  }`;

/** Footer links are 44 px tall, like every touch target of the site. */
const footerLinkClass =
  'inline-flex min-h-11 min-w-11 items-center hover:text-white hover:underline focus-visible:outline-2 focus-visible:outline-white';

/** The main navigation's links (desktop bar and mobile menu). */
function NavLinks({ className }: { className: string }) {
  return (
    <ul className={className}>
      {NAV.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} end={item.end} className={navLinkClass}>
            {item.label}
          </NavLink>
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

export default function PublicLayout() {
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  const toggleRef = useRef<HTMLButtonElement>(null);

  // The mobile menu closes on every navigation.
  const [lastPath, setLastPath] = useState(pathname);
  if (lastPath !== pathname) {
    setLastPath(pathname);
    setMenuOpen(false);
  }

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
          <Link
            to="/"
            className="flex shrink-0 rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            <Logo logo={CHALLENGE_LOGO} alt="Booster Challenge — accueil" className="h-11 w-auto" />
          </Link>
          <button
            ref={toggleRef}
            type="button"
            className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-md text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white md:hidden"
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
              {menuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
            </svg>
          </button>
          <nav aria-label="Navigation principale" className="hidden md:block">
            <NavLinks className="flex items-center gap-1" />
          </nav>
        </div>
        {menuOpen && (
          <nav
            id="menu-principal"
            aria-label="Menu mobile"
            className="border-t border-white/10 md:hidden"
          >
            <NavLinks className="mx-auto max-w-6xl space-y-1 px-4 py-3" />
          </nav>
        )}
      </header>

      <div className="flex-1">
        <Outlet />
      </div>

      <footer className="bg-gray-900 text-gray-300">
        <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
          <div>
            <p>
              <Logo logo={CHALLENGE_LOGO} alt="Booster Challenge" className="h-12 w-auto" />
            </p>
            <p className="mt-2 text-sm">
              Le concours de danse et de chant qui révèle les talents du Cameroun. Inscription
              gratuite, auditions dans {EDITION.auditionCities.length} villes et une grande finale à{' '}
              {EDITION.final.city}.
            </p>
          </div>
          <nav aria-label="Liens utiles">
            <h2 className="font-semibold text-white">Liens utiles</h2>
            <ul className="mt-1 text-sm">
              {FOOTER_LINKS.map((item) => (
                <li key={item.to}>
                  <Link to={item.to} className={footerLinkClass}>
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div>
            <h2 className="font-semibold text-white">Contact</h2>
            <address className="mt-2 text-sm not-italic">
              <ContactLinks tone="dark" />
              <p className="mt-1">{EDITION.contact.address}</p>
            </address>
          </div>
          <div>
            <h2 className="font-semibold text-white">Horaires du support</h2>
            <ul className="mt-2 space-y-1 text-sm">
              {EDITION.contact.supportHours.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            <p className="mt-3 text-sm">
              <Link to="/admin/login" className={`${footerLinkClass} underline`}>
                Espace Administration
              </Link>
            </p>
          </div>
        </div>
        <p className="border-t border-white/10 px-4 py-4 text-center text-xs text-gray-400">
          © {EDITION.year} Booster Challenge. Tous droits réservés.
        </p>
      </footer>
    </div>
  );
}
