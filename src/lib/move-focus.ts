/**
 * Keyboard focus after a route change or after an action that removed or disabled the focused
 * control (issue 15): it goes where the result is, never to <body> (the next Tab would restart at
 * the top of the page, and a screen reader would say nothing).
 */

/**
 * Focuses `element`, a heading or a message included: one that is not focusable gets
 * tabindex="-1" (reachable by script, skipped by Tab) and no outline, since it is where reading
 * resumes, not a control. Returns whether it now has the focus.
 */
export function focusElement(element: HTMLElement | null | undefined, preventScroll = false) {
  if (!element) return false;
  if (element.tabIndex < 0 && !element.hasAttribute('tabindex')) {
    element.setAttribute('tabindex', '-1');
    element.style.outline = 'none';
  }
  element.focus({ preventScroll });
  return document.activeElement === element;
}

/** The current page's heading: the first h1 of its <main> (each layout and page renders one). */
export const pageHeading = () => document.querySelector<HTMLElement>('main h1');

/** Focuses the page's h1 (a list after a deletion), or its <main> when it has none. */
export const focusPageHeading = (preventScroll = false) =>
  focusElement(pageHeading() ?? document.querySelector<HTMLElement>('main'), preventScroll);

/**
 * A modal's focus trap, for its keydown handler: Tab on its last control goes to its first,
 * Shift+Tab on its first to its last (the admin drawer, the confirmation dialog). `controls`
 * selects the modal's tabbable elements.
 */
export function keepTabInside(
  event: { key: string; shiftKey: boolean; currentTarget: HTMLElement; preventDefault(): void },
  controls = 'a[href], button',
) {
  if (event.key !== 'Tab') return;
  const items = event.currentTarget.querySelectorAll<HTMLElement>(controls);
  if (!items.length) return;
  const first = items[0];
  const last = items[items.length - 1];
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
