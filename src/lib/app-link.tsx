import { createContext, useContext, type AnchorHTMLAttributes, type MouseEvent } from 'react';

/**
 * How the public pages' shared parts (header, footer, the home page) follow a link: in the app,
 * through the router (src/app/RouterNavigation.tsx); on the home page's first load, hydrated
 * without the router, by starting the app at the link's address (src/main.tsx). They import no
 * router: the home page's first load does without it (docs/decisions/060-home-page-without-the-router.md).
 */
export type Navigation = {
  /** The current path. */
  pathname: string;
  /** Shows `to` (a path, with or without a query string) in this tab. */
  navigate: (to: string) => void;
};

export const NavigationContext = createContext<Navigation | null>(null);

/** A plain click in this tab (no modifier, no other target): the page follows it itself. */
function followedHere(event: MouseEvent<HTMLAnchorElement>): boolean {
  const target = event.currentTarget.getAttribute('target');
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) &&
    (!target || target === '_self')
  );
}

const trimmed = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** react-router's NavLink rule: `to` itself, or (without `end`) a path below it. */
export function isActivePath(pathname: string, to: string, end: boolean): boolean {
  const here = trimmed(pathname).toLowerCase();
  const there = trimmed(to.split(/[?#]/)[0]).toLowerCase();
  return here === there || (!end && there !== '/' && here.startsWith(`${there}/`));
}

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'className'> & {
  to: string;
  /** A menu's link: its class may depend on whether it is the current page (aria-current). */
  className?: string | ((state: { isActive: boolean }) => string);
  /** With a function className: active on `to` only, not on the paths below it. */
  end?: boolean;
};

/** A link within the site: a real <a href>, followed in the page when the page can. */
export function AppLink({ to, className, end = false, onClick, children, ...rest }: Props) {
  const navigation = useContext(NavigationContext);
  const menu = typeof className === 'function';
  const isActive = menu && navigation !== null && isActivePath(navigation.pathname, to, end);
  return (
    <a
      {...rest}
      href={to}
      className={menu ? className({ isActive }) : className}
      aria-current={isActive ? 'page' : undefined}
      onClick={(event) => {
        onClick?.(event);
        if (!navigation || !followedHere(event)) return;
        event.preventDefault();
        navigation.navigate(to);
      }}
    >
      {children}
    </a>
  );
}
