import { EditionYear } from '@/components/edition/EditionFact';
import { AppLink } from '@/lib/app-link';
import { EDITION } from '@/config/edition';
import { CHALLENGE_LOGO, Logo } from '@/components/brand/Logo';
import { ContactLinks } from '@/components/contact/ContactLinks';
import * as paths from '@/config/route-paths';
import type { MenuLink } from '@/config/route-manifest';

/*
 * The public footer's content, inside PublicLayout's <footer>. A part hydrated after the rest of
 * the page: its code is not in a page's first load (docs/decisions/011-prerendered-public-pages.md,
 * rule 10).
 */

/** The useful links (the administration's is apart: 'Espace Administration'). */
const FOOTER_MENU: MenuLink[] = [
  { to: paths.home, label: 'Accueil' },
  { to: paths.registration, label: 'S’inscrire au challenge' },
  { to: paths.nightParty, label: 'Night Party' },
  { to: paths.faq, label: 'FAQ' },
  { to: paths.rules, label: 'Règlement du concours' },
  { to: paths.results, label: 'Résultats de la finale' },
  { to: paths.contact, label: 'Contact' },
];

/** Footer links are 44 px tall, like every touch target of the site. */
const footerLinkClass =
  'inline-flex min-h-11 min-w-11 items-center hover:text-white hover:underline focus-visible:outline-2 focus-visible:outline-white';

export default function PublicFooter() {
  return (
    <>
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p>
            <Logo logo={CHALLENGE_LOGO} alt="Booster Challenge" className="h-12 w-auto" />
          </p>
          <p className="mt-2 text-sm">
            Le concours de danse et de chant qui révèle les talents du Cameroun. Inscription
            gratuite, auditions dans {EDITION.auditionCities.length} villes et une grande finale.
          </p>
        </div>
        <nav aria-label="Liens utiles">
          <h2 className="font-semibold text-white">Liens utiles</h2>
          <ul className="mt-1 text-sm">
            {FOOTER_MENU.map((item) => (
              <li key={item.to}>
                <AppLink to={item.to} className={footerLinkClass}>
                  {item.label}
                </AppLink>
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
            <AppLink to={paths.adminLogin} className={`${footerLinkClass} underline`}>
              Espace Administration
            </AppLink>
          </p>
        </div>
      </div>
      {/* The settings' year (docs/decisions/024-one-edition-one-source.md): the edition's first,
          never after the Night Party's (docs/decisions/046-the-pass-comes-first.md). */}
      <p className="border-t border-white/10 px-4 py-4 text-center text-xs text-gray-400">
        © <EditionYear of="copyright" /> Booster Challenge. Tous droits réservés.
      </p>
    </>
  );
}
