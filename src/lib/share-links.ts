import { useSyncExternalStore } from 'react';

/** Absolute URL of a path of this site (for links shared outside it). */
export function siteUrl(path: string, origin: string = window.location.origin): string {
  return new URL(path, origin).href;
}

/** The deployed origin when the build was told it (VITE_SITE_URL), else none. */
const BUILD_ORIGIN = String(import.meta.env.VITE_SITE_URL ?? '').replace(/\/+$/, '');
const noSubscription = () => () => undefined;

/**
 * siteUrl() for a component. A prerendered page (docs/decisions/011-prerendered-public-pages.md)
 * is rendered at build time, where the address is unknown: the server and the browser's first
 * render use the build's origin (the bare path without one), then the browser's own origin.
 */
export function useSiteUrl(path: string): string {
  const origin = useSyncExternalStore(
    noSubscription,
    () => window.location.origin,
    () => BUILD_ORIGIN,
  );
  return origin ? siteUrl(path, origin) : path;
}
