/** The polite live region that says a new page's title (./RouteFocus.tsx). */
export function PageAnnouncer({ text }: { text: string }) {
  return (
    <div id="annonce-de-page" aria-live="polite" aria-atomic="true" className="sr-only">
      {text}
    </div>
  );
}
