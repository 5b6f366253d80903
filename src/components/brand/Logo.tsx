import type { CSSProperties } from 'react';

/**
 * The Booster logos (public/brand/, drawn by scripts/brand-assets.ts) as plain images: they cost
 * no JavaScript beyond this tag and are cached once for every page. Width and height are the
 * files' own, so the space is reserved before the file arrives (no layout shift); a class sets
 * the displayed height (`h-10 w-auto`). One constant per file, so a chunk carries only the
 * logos it shows.
 */
export type LogoFile = { src: string; width: number; height: number };

/** For blue, night and dark gray backgrounds: white and yellow. */
export const CHALLENGE_LOGO: LogoFile = {
  src: '/brand/booster-challenge.svg',
  width: 186,
  height: 48,
};
/** For white and light backgrounds: the blue badge and blue lettering. */
export const CHALLENGE_LOGO_LIGHT: LogoFile = {
  src: '/brand/booster-challenge-light.svg',
  width: 181,
  height: 48,
};
/** The concert's logo, for its dark purple and blue backgrounds: white and neon pink. */
export const NIGHT_PARTY_LOGO: LogoFile = { src: '/brand/night-party.svg', width: 194, height: 48 };
/** The concert's logo for white and light backgrounds. */
export const NIGHT_PARTY_LOGO_LIGHT: LogoFile = {
  src: '/brand/night-party-light.svg',
  width: 189,
  height: 48,
};

export function Logo({
  logo,
  alt,
  className,
  style,
}: {
  logo: LogoFile;
  /** What the logo says in its place ("" when the words are already next to it). */
  alt: string;
  className?: string;
  /** A size the stylesheet has no class for (the stage screen's, in viewport widths). */
  style?: CSSProperties;
}) {
  return <img {...logo} alt={alt} className={className} style={style} />;
}
