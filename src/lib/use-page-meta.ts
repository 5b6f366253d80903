import { createContext, useContext, useEffect } from 'react';

const SITE = 'Booster Challenge';
const ADMINISTRATION = `Administration ${SITE}`;

/** "FAQ – Booster Challenge"; the home page passes no page name. */
export const pageTitle = (page?: string) =>
  page ? `${page} – ${SITE}` : `${SITE} – Concours de danse et de chant au Cameroun`;

export type PageMeta = { title: string; description: string };

/**
 * Given by the prerender (src/prerender/entry.tsx) only: it receives the page's title and
 * description during the render, to write them into the page's static HTML. In the browser there
 * is no provider and the effect below sets them.
 */
export const PageMetaCollector = createContext<((meta: PageMeta) => void) | null>(null);

/** Sets document.title and the meta description of the current page. */
export function usePageMeta(page: string | undefined, description: string) {
  useContext(PageMetaCollector)?.({ title: pageTitle(page), description });
  useEffect(() => {
    document.title = pageTitle(page);
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    meta.content = description;
  }, [page, description]);
}

/** "Participants — Administration Booster Challenge": the administration's pages (issue 15). */
export const adminPageTitle = (page: string) => `${page} — ${ADMINISTRATION}`;

/**
 * Sets document.title only, for the pages that are never prerendered nor indexed (the
 * administration, the door): a page still loading its name passes undefined and keeps the title.
 */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
