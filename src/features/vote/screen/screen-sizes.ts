/** The stage screen's type sizes, in viewport widths (docs/decisions/030-public-vote.md). */
// Sizes in viewport widths are inline styles: the /ecran chunk carries them, not the site's one
// stylesheet that every page loads (build/bundle-budget.ts).
export const hero = 'leading-none font-black tracking-tight';
export const heroSize = { fontSize: '5.5vw' };
export const title = 'leading-tight font-extrabold';
export const titleSize = { fontSize: '4vw' };
// Names, their second line and every figure are at least 2.5vw: 48 px on a 1920 px projector,
// read from the back of the hall; a name wraps, never cut (docs/decisions/044-stage-screen-from-the-back.md).
export const nameClass = 'block leading-tight font-bold wrap-anywhere';
export const nameSize = { fontSize: '2.7vw' };
export const lineSize = { fontSize: '2.5vw' };
export const figureSize = { fontSize: '2.8vw' };
