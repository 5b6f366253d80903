import { useEffect } from 'react';

const SITE = 'Booster Challenge';

/** "FAQ – Booster Challenge"; the home page passes no page name. */
export const pageTitle = (page?: string) =>
  page ? `${page} – ${SITE}` : `${SITE} – Concours de danse et de chant au Cameroun`;

/** Sets document.title and the meta description of the current page. */
export function usePageMeta(page: string | undefined, description: string) {
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
