import type { ReactNode } from 'react';
import type { EditionInfo } from '@/data/edition/edition-info';
import { useSharedEditionInfo } from '@/components/contact/site-status';
import { copyrightYear, editionYear, nightPartyName } from '@/lib/edition-text';

/*
 * The edition's dates, places and year come from the settings only (edition_info): a prerendered
 * page holds none of them and shows them once the settings answer; if they cannot, they stay out
 * rather than show a guess (docs/decisions/024-one-edition-one-source.md). Whatever holds them
 * keeps its room from the start (a line's min-height, a year's four digits), so nothing moves.
 */

/** What `children` says of the settings once they answer; `fallback` (or nothing) before. */
export function EditionFact({
  children,
  fallback = null,
}: {
  children: (info: EditionInfo) => ReactNode;
  fallback?: ReactNode;
}) {
  const info = useSharedEditionInfo();
  return <>{(info && children(info)) || fallback}</>;
}

/**
 * The contest's year (the final's), the concert's or the footer's copyright (the edition's first),
 * in running text. The room of four digits is
 * kept while it is unknown (tabular digits are 1ch wide each), so a heading does not rewrap.
 */
export function EditionYear({ of }: { of: 'challenge' | 'concert' | 'copyright' }) {
  const info = useSharedEditionInfo();
  const year = !info
    ? ''
    : of === 'challenge'
      ? editionYear(info)
      : of === 'copyright'
        ? copyrightYear(info)
        : nightPartyName(info).replace(/^\D+/, '');
  return <span className="inline-block min-w-[4ch] tabular-nums">{year}</span>;
}
