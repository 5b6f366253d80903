import type { Ref } from 'react';

/**
 * The honeypot's field name. The public write functions store nothing when it is filled (and
 * answer success, so a robot learns nothing); a robot that fills every field of a form fills it.
 */
const HONEYPOT_NAME = 'website';

type HoneypotProps = {
  /** Read `ref.current.value` on submit and pass it to the data function. */
  ref: Ref<HTMLInputElement>;
};

/**
 * A field people never see and never reach. `hidden` (display: none from the browser's own style
 * sheet, so it stays hidden even if our CSS fails to load) takes it out of the page, of the
 * accessibility tree and of the tab order; `inert`, `aria-hidden` and tabIndex -1 keep it that
 * way should a style sheet ever display it. Nothing inside is focusable, so the aria-hidden
 * wrapper never hides a focusable element (axe's aria-hidden-focus rule). autoComplete off: the
 * browser's autofill must not fill it for a real visitor.
 *
 * Uncontrolled and outside react-hook-form: the form schemas and the saved registration draft
 * never see it.
 */
export function Honeypot({ ref }: HoneypotProps) {
  return (
    <div hidden inert aria-hidden="true">
      <label>
        Site web (laissez ce champ vide)
        <input
          ref={ref}
          type="text"
          name={HONEYPOT_NAME}
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </label>
    </div>
  );
}

/** The value to send as the honeypot argument of a public write ('' for every real visitor). */
export function honeypotValue(input: HTMLInputElement | null): string {
  return input?.value ?? '';
}
