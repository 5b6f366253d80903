/**
 * The concert has one name in every navigation, the header's and the footer's: "Night Party" (the
 * specification's header label, "Pré-inscription Concert", named it a third way beside the page's
 * own title). Its own module: the footer (./PublicFooter.tsx, a part hydrated later) must not
 * import the layout that loads it (a cycle would make the bundler split React out of the entry).
 */
export const CONCERT_NAV_LABEL = 'Night Party';
