/**
 * The concert's link in the navigations. The header (and its mobile menu) says what the
 * specification's public layout says, "Pré-inscription Concert"; the footer's useful links name
 * the concert itself, "Night Party", as the specification's footer does. Its own module: the
 * footer (./PublicFooter.tsx, a part hydrated later) must not import the layout that loads it (a
 * cycle would make the bundler split React out of the entry).
 */
export const CONCERT_NAV_LABEL = 'Pré-inscription Concert';
export const CONCERT_FOOTER_LABEL = 'Night Party';
