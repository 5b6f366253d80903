import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * After a refused submission, focus the first field in error, in page order (for a group of
 * choices, its first choice), in the same commit that puts the errors on screen (a layout effect:
 * no frame where the message shows and the focus has not moved yet). Returns the function that
 * asks for it.
 */
export function useFocusFirstError(formRef: RefObject<HTMLFormElement | null>) {
  const focusPending = useRef(false);
  useLayoutEffect(() => {
    if (!focusPending.current) return;
    const target = formRef.current?.querySelector<HTMLElement>(
      '[aria-invalid="true"], [data-error-focus]',
    );
    if (!target) return;
    focusPending.current = false;
    const focusable = target.matches('input, select, textarea, [tabindex]')
      ? target
      : target.querySelector<HTMLElement>('input, select, textarea');
    focusable?.focus();
  });
  return () => {
    focusPending.current = true;
  };
}
