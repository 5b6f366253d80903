import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { focusElement, pageHeading } from '@/lib/move-focus';
import { PageAnnouncer } from './PageAnnouncer';

/** How long a new page may take to show its h1 (its chunk, then its data) before <main> is used. */
const WAIT_FOR_HEADING_MS = 8000;
/** The title is read once the page's own effects have set it, after the focus has moved. */
const ANNOUNCE_DELAY_MS = 150;

/**
 * After a client-side route change, keyboard focus moves to the new page's h1 (or its <main> if it
 * has none) as soon as the page shows it, and its title ("FAQ – Booster Challenge") is said in a
 * polite live region, as a browser does on a full page load (issue 15). A link that was followed
 * leaves the focus on itself, or on <body> when it left the page with it: the next Tab must start
 * in the new page, not at "Aller au contenu".
 *
 * The first load moves nothing: a prerendered page is on screen before it is hydrated
 * (docs/decisions/011-prerendered-public-pages.md) and the visitor may already be in it. Only the
 * path counts: a filter in the query string or a #anchor keeps the focus where it is. If the
 * visitor moves the focus while the page loads, it stays where they put it.
 */
export function RouteFocus({ arrivedFrom }: { arrivedFrom?: string }) {
  const { pathname } = useLocation();
  // The app started by a link followed on the home page (src/app/start.tsx, takeOver): a
  // navigation like any other.
  const shownPath = useRef(arrivedFrom ?? pathname);
  const [announcement, setAnnouncement] = useState('');
  // Where each focus was given: the new page's own effects run before this component's (a form
  // that focuses its field as it appears, its chunk already loaded), and a focus given on the new
  // address is the page's or the visitor's, never the old page's to move away from.
  const lastFocus = useRef<{ element: EventTarget | null; path: string }>(null);
  useEffect(() => {
    const note = (event: FocusEvent) => {
      lastFocus.current = { element: event.target, path: window.location.pathname };
    };
    document.addEventListener('focusin', note);
    return () => document.removeEventListener('focusin', note);
  }, []);

  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    setAnnouncement('');
    const given = lastFocus.current;
    const left =
      given?.path === pathname &&
      given.element === document.activeElement &&
      // The page's own (a field in <main>), not the layout's (the drawer giving back "Menu").
      document.querySelector('main')?.contains(document.activeElement)
        ? null
        : document.activeElement;
    const untouched = () => {
      const active = document.activeElement;
      return !active || active === document.body || active === left;
    };
    const deadline = performance.now() + WAIT_FOR_HEADING_MS;
    let frame = 0;
    let timer = 0;
    // Polled once a frame: the page's chunk, then its data, may come after this effect.
    const land = () => {
      const heading = pageHeading();
      if (!heading && performance.now() < deadline) {
        frame = requestAnimationFrame(land);
        return;
      }
      if (!untouched()) return;
      // The page scrolled to the top already (ScrollToTop): no jump.
      focusElement(heading ?? document.querySelector<HTMLElement>('main'), true);
      timer = window.setTimeout(() => setAnnouncement(document.title), ANNOUNCE_DELAY_MS);
    };
    land();
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [pathname]);

  return <PageAnnouncer text={announcement} />;
}
